"""Engine area `casting_options`: cost changes (CR 601.2f, 118.7), conditional alternative
costs (CR 118.9), "can't be regenerated" (CR 701.19c); keyword abilities about casting in
``casting_keywords``. ``EFFECTS``: effect class -> function(g, item, eff, legal),
registered into ``effects._EFFECTS`` (see ``areas/__init__.py``)."""

from __future__ import annotations

from ...compiler.areas.casting_options import ConditionalAltCost, CostChange, NoRegeneration

# CR 700.8: a party is up to one each of Cleric, Rogue, Warrior and Wizard.
PARTY_TYPES = ("Cleric", "Rogue", "Warrior", "Wizard")
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


# ---------------------------------------------------------------- cost changes (CR 601.2f)

def _spell_item(g, o):
    for it in g.stack:
        if it.source == o.oid and it.is_spell:
            return it
    return None


def _permanents(g, spec, player: int):
    from ..effects_more import permanent_matches
    for oid in g.battlefield:
        a = g.objects[oid]
        if spec.controller == "you" and a.controller != player:
            continue
        if spec.controller == "opponent" and a.controller == player:
            continue
        if permanent_matches(g, a, spec, player):
            yield a


def party_size(g, player: int) -> int:
    """CR 700.8: the number of creatures in a player's party: up to one each of Cleric,
    Rogue, Warrior and Wizard among the creatures they control (the largest such set)."""
    from ..characteristics import has_subtype, is_creature
    roles = [[t for t in PARTY_TYPES if has_subtype(g.objects[oid], t)]
             for oid in g.battlefield
             if g.objects[oid].controller == player and is_creature(g.objects[oid])]
    roles = [r for r in roles if r]
    best = 0

    def go(i, used):
        nonlocal best
        best = max(best, len(used))
        if i == len(roles) or best == 4:
            return
        for t in roles[i]:
            if t not in used:
                go(i + 1, used | {t})
        go(i + 1, used)
    go(0, frozenset())
    return best


def _count(g, ch: CostChange, o, player: int) -> int:
    """How many times ``ch`` applies ("for each ...")."""
    if ch.per == "graveyard":
        from ..effects_more import card_quality
        n = 0
        for oid in g.players[player].graveyard:
            d = g.objects[oid].defn
            if ch.spec.types and not all(t in d.types for t in ch.spec.types):
                continue
            if all(card_quality(d, q) is not False for q in ch.spec.quals):
                n += 1
        return n
    if ch.per == "drawn":
        return g.players[player].drawn
    if ch.per == "party":
        return party_size(g, player)
    if ch.per == "domain":
        # CR 305.6 / 207.2c: basic land types among lands you control.
        from ..characteristics import has_subtype
        lands = [g.objects[oid] for oid in g.battlefield if g.objects[oid].controller == player
                 and "Land" in g.objects[oid].defn.types]
        return sum(1 for t in BASIC_LAND_TYPES if any(has_subtype(a, t) for a in lands))
    if ch.per == "count":
        return sum(1 for _ in _permanents(g, ch.spec, player))
    return 1


def _condition_holds(g, ch: CostChange, o, player: int) -> bool:
    c = ch.condition
    if not c:
        return True
    if c == "control":
        return next(_permanents(g, ch.spec, player), None) is not None
    if c == "human_and_nonhuman":
        from ..characteristics import has_subtype, is_creature
        mine = [g.objects[oid] for oid in g.battlefield
                if g.objects[oid].controller == player and is_creature(g.objects[oid])]
        return (any(has_subtype(a, "Human") for a in mine)
                and any(not has_subtype(a, "Human") for a in mine))
    if c == "drawn_n":
        return g.players[player].drawn >= ch.count   # CR 121.1
    if c == "creature_died":
        from .trigger_text_turn import creatures_died
        return creatures_died(g) > 0   # CR 700.4
    if c == "attacked":
        from .trigger_text_turn import attacked
        return attacked(g, player)
    if c == "life_at_most":
        return g.players[player].life <= ch.count
    if c == "control_n":
        return sum(1 for _ in _permanents(g, ch.spec, player)) >= ch.count
    if c == "graveyard_n":
        return _count(g, CostChange(per="graveyard", spec=ch.spec), o, player) >= ch.count
    if c == "bargained":
        # CR 702.166b / 601.2f: the bargain cost is chosen (601.2b) before the total cost
        # is determined; before that (could it be cast?), it could be.
        item = _spell_item(g, o)
        if item is None or "cost_choice" not in item.info:
            return True
        return "bargain" in item.info["cost_choice"].get("additional", ())
    if c == "cast_another":
        # CR 601.2i: the spell being cast isn't cast yet, so any spell counted is another.
        return g.players[player].spells_cast > 0
    if c == "targets":
        from ..targets import candidates
        item = _spell_item(g, o)
        if item is not None and "groups" in item.info:
            targets = item.targets
        else:
            # Before the targets are chosen (is the spell castable at all?): it could
            # target such an object if one is a legal target of the spell.
            spell = o.defn.spell
            targets = [t for spec in (spell.targets if spell else ())
                       for t in candidates(g, spec, player)]
        from ..effects_more import permanent_matches
        return any(t not in (0, 1) and t in g.objects
                   and g.objects[t].zone == "battlefield"
                   and permanent_matches(g, g.objects[t], ch.spec, player) for t in targets)
    return False


def _spell_matches(g, spec, o) -> bool:
    from ..characteristics import has_subtype
    from ..effects_more import card_quality
    d = o.defn
    if spec.types and not all(t in d.types for t in spec.types):
        return False
    if spec.subtypes and not all(has_subtype(o, t) for t in spec.subtypes):
        return False
    if spec.colors and not all(c in d.colors for c in spec.colors):
        return False
    return all(card_quality(d, q) is not False for q in spec.quals)


def cost_change(g, o, player: int | None = None) -> int:
    """CR 601.2f / 118.7: the net generic reduction (negative: increase) of the total cost
    to cast ``o`` by ``player`` (its controller on the stack; its owner before): its own
    cost changes, and those of permanents on the battlefield. Increases and reductions are
    summed; the total cost never goes below {0} generic (the caller applies it)."""
    if player is None:
        player = o.controller if o.zone == "stack" else o.owner
    total = 0
    for s in o.defn.static:
        if s.kind == "cost_change" and s.scope == "self" and _condition_holds(g, s, o, player):
            n = s.amount * _count(g, s, o, player)
            total += -n if s.more else n
    for oid in g.battlefield:
        a = g.objects[oid]
        st = a.defn.static
        if not st:
            continue
        for s in st:
            if s.kind != "cost_change" or s.scope != "spells":
                continue
            if s.who == "you" and a.controller != player:
                continue
            if s.who == "opponents" and a.controller == player:
                continue
            if not _spell_matches(g, s.filter, o):
                continue
            total += -s.amount if s.more else s.amount
    return total


def reduce_activation_cost(g, o, number: int, generic: int, colored):
    """CR 601.2f / 602.2b: an activated ability's own cost reduction ("This ability costs
    {4}{B} less to activate if you've drawn three or more cards this turn"): generic mana
    and mana of each type, never below zero."""
    for s in o.defn.static:
        if s.kind == "cost_change" and s.scope == "ability" and s.ability == number:
            player = o.controller if o.zone == "battlefield" else o.owner
            if _condition_holds(g, s, o, player):
                generic = max(0, generic - s.amount)
                colored = [max(0, c - r) for c, r in zip(colored, s.colored or (0,) * 6)]
    return generic, list(colored)


# ---------------------------------------------------------------- alternative costs


def alternative_permitted(g, player: int, o, choice: dict | None) -> bool:
    """CR 118.9: an alternative cost with a condition ("If you control a Swamp") may be
    chosen only while the condition holds."""
    name = (choice or {}).get("alternative")
    d = o.defn
    if (g.step == "declare_blockers" and g.active == player and "Instant" not in d.types
            and "flash" not in d.keywords and name != "sneak"
            and any(a.name == "sneak" for a in d.alternatives)):
        # CR 702.190a: in the declare blockers step, a spell without flash is cast only
        # for its sneak cost ("any time you could cast an instant").
        return False
    if name is None:
        return True
    if name == "sneak":
        return g.step == "declare_blockers" and g.active == player   # CR 702.190a
    if name == "mayhem":
        # CR 702.187b: "as long as you discarded this card this turn"
        if o.zone == "graveyard":
            return any(p[0] == o.oid and p[1] == "mayhem" and p[2] == g.turn
                       for p in g.cast_permits)
        item = _spell_item(g, o)
        return item is not None and bool(item.info.get("discarded_this_turn"))
    for a in o.defn.alternatives:
        if a.name == name and isinstance(a, ConditionalAltCost) and a.condition is not None:
            if a.condition == "not_your_turn":
                return g.active != player
            if a.condition == "cast_another":
                # CR 702.117a: surge - you've cast another spell this turn (601.2i: the
                # spell being cast isn't counted yet).
                return g.players[player].spells_cast > 0
            if isinstance(a.condition, str) and a.condition.startswith("exile_top:"):
                from .casting_keywords import top_cards_of_color
                _, n, color = a.condition.split(":")
                return len(top_cards_of_color(g, player, color, int(n), o.oid)) >= int(n)
            return next(_permanents(g, a.condition, player), None) is not None
    return True


# ---------------------------------------------------------------- regeneration (CR 701.19c)


def _no_regeneration(g, item, eff, legal):
    """CR 701.19c: the permanents this effect destroys can't be regenerated: while its
    effects happen, a marker (layer ``no_regen``) tells ``zones.regenerated`` to ignore
    regeneration shields; it ends with them."""
    from ..effects import _add_effect, run_effects
    key = f"noregen{item.info.get('step', 0)}"
    if item.info.get(key, 0) == 0 and not any(e.layer == "no_regen" and e.data == item.oid
                                              for e in g.effects):
        _add_effect(g, layer="no_regen", affected=-1, until="end_of_turn", data=item.oid)
    if run_effects(g, item, eff.effects, legal, key) == "ask":
        return "ask"
    g.effects = [e for e in g.effects if not (e.layer == "no_regen" and e.data == item.oid)]
    return None


def cant_be_regenerated(g, o) -> bool:
    """CR 701.19c: whether an effect now destroying permanents says they can't be
    regenerated."""
    return any(e.layer == "no_regen" for e in g.effects)


EFFECTS: dict = {NoRegeneration: _no_regeneration}

from . import casting_keywords as _kw  # noqa: E402

EFFECTS.update(_kw.EFFECTS)
