"""Engine area `trigger_text`: effect class -> function(g, item, eff, legal), registered into
``effects._EFFECTS`` (see ``areas/__init__.py``); and the rules the compiled abilities of
this area need: conditions of lands that enter tapped (CR 614.1d), combat restrictions
and requirements (CR 508.1c, 509.1b-c), and more trigger events (CR 603.2, 509.3)."""

from __future__ import annotations

from ...compiler.areas import trigger_text as T


# ---------------------------------------------------------------- conditions


def _count(g, spec, controller: int) -> int:
    from ..effects_more import permanent_matches
    return sum(1 for oid in g.battlefield
               if permanent_matches(g, g.objects[oid], spec, controller))


def condition_met(g, s, controller: int) -> bool:
    """Whether the condition of a ``ConditionalStatic`` holds now for a permanent
    controlled by ``controller`` (CR 614.1d: checked as the permanent would enter)."""
    c = s.condition
    if c == "life_at_most":
        return any(p.life <= s.count for p in g.players)
    if c == "opponents_at_least":
        return len(g.players) - 1 >= s.count
    if c in ("control_at_least", "opponents_control_at_least"):
        return _count(g, s.filter, controller) >= s.count
    if c == "control_at_most":
        return _count(g, s.filter, controller) <= s.count
    raise ValueError(f"unknown condition {c}")


def enters_with(g, n, s) -> bool:
    """CR 614.1c: "enters with a +1/+1 counter on it if [condition]" (raid, morbid): the
    condition is checked as the permanent would enter."""
    return condition_now(g, s.condition, n.controller, n.oid, n.card)


def enters_tapped(g, n, s) -> bool:
    """CR 614.1d: "This land enters tapped unless [condition]": whether it enters tapped
    (the condition is false as it would enter; the land itself isn't on the battlefield
    yet, so "other lands" are counted without it)."""
    return not condition_met(g, s, n.controller)


# ---------------------------------------------------------------- combat (CR 508-509)


def aura_restricted(g, o, kind: str) -> bool:
    """CR 508.1c / 509.1b: an Aura attached to ``o`` says "enchanted creature can't
    attack" (``cant_attack``), "can't block" (``cant_block``), "can't be blocked"."""
    for oid in g.battlefield:
        a = g.objects[oid]
        if a.attached_to == o.oid and any(s.kind == "enchanted_restricted" and kind in s.keywords
                                          for s in a.defn.static):
            return True
    return False


def attack_restricted(g, o) -> bool:
    """CR 508.1c: "~ can't attack unless defending player controls an Island"; an Aura's
    "enchanted creature can't attack"."""
    if aura_restricted(g, o, "cant_attack"):
        return True
    for s in o.defn.static:
        if s.kind == "attack_unless" and s.condition == "defender_controls":
            from ..effects_more import permanent_matches
            defender = 1 - o.controller
            if not any(g.objects[oid].controller == defender and permanent_matches(
                    g, g.objects[oid], s.filter, o.controller) for oid in g.battlefield):
                return True
    return False


def blocker_restricted(g, blocker, attacker) -> bool:
    """CR 509.1b: restrictions on one blocker and one attacker from this area: "can't be
    blocked this turn" (an effect, CR 611.2a) and "can't be blocked by creatures with
    power N or greater"."""
    if g.effects:
        from ..effects_more import restricted
        if restricted(g, attacker, "cant_be_blocked"):
            return True
    if aura_restricted(g, attacker, "cant_be_blocked"):
        return True
    for s in attacker.defn.static:
        if s.kind == "unblockable_by_power_or_greater":
            from ..characteristics import power
            if power(g, blocker) >= s.power:
                return True
        elif s.kind == "unblockable_by":
            from ..effects_more import permanent_matches
            if permanent_matches(g, blocker, s.filter, attacker.controller):
                return True
        elif s.kind == "blockable_only_by":
            from ..characteristics import has_keyword
            if not any(has_keyword(g, blocker, k) for k in s.keywords):
                return True
    if g.effects:
        # CR 611.2a: "can't be blocked this turn except by creatures with haste".
        from ..characteristics import has_keyword
        for e in g.effects:
            if e.layer == "restriction" and e.affected == attacker.oid and isinstance(
                    e.data, str) and e.data.startswith("cant_be_blocked_except_by_") \
                    and not has_keyword(g, blocker, e.data[len("cant_be_blocked_except_by_"):]):
                return True
    return False


def blocker_limits(o) -> tuple[int, int | None]:
    """CR 509.1b: the fewest (other than none) and most creatures that may block ``o``:
    "can't be blocked except by N or more creatures", "can't be blocked by more than one
    creature"."""
    lo, hi = 1, None
    for s in o.defn.static:
        if s.kind == "min_blockers":
            lo = max(lo, s.power)
        elif s.kind == "max_blockers":
            hi = s.power if hi is None else min(hi, s.power)
    return lo, hi


def attacks_alone_restricted(g, cands) -> bool:
    """Whether a candidate attacker "can't attack alone" (CR 506.5, 508.1c)."""
    return any(any(s.kind == "cant_attack_alone" for s in g.objects[c].defn.static)
               for c in cands)


def attack_legal(g, attackers) -> bool:
    """CR 506.5 / 508.1c: a creature that can't attack alone isn't the only attacker."""
    if len(attackers) != 1:
        return True
    return not any(s.kind == "cant_attack_alone" for s in g.objects[attackers[0]].defn.static)


def has_block_alone(g) -> bool:
    """Whether a creature of the defending player "can't block alone" (CR 506.5)."""
    defender = 1 - g.active
    return any(g.objects[oid].controller == defender and any(
        s.kind == "cant_block_alone" for s in g.objects[oid].defn.static)
        for oid in g.battlefield)


def block_alone_legal(g, pairs) -> bool:
    """CR 506.5 / 509.1b: a creature that can't block alone isn't the only blocker."""
    blockers = {b for b, _ in pairs}
    if len(blockers) != 1:
        return True
    b = next(iter(blockers))
    return not any(s.kind == "cant_block_alone" for s in g.objects[b].defn.static)


def has_count_limits(o) -> bool:
    return any(s.kind in ("min_blockers", "max_blockers") for s in o.defn.static)


def lure_requirements(g, blockers, attackers) -> list[tuple[int, int]]:
    """CR 509.1c: "All creatures able to block ~ do so": a requirement on each creature
    able to block it."""
    from ..combat import can_block
    from ..effects_more import restricted
    out = []
    for a in attackers:
        o = g.objects.get(a)
        if o is None or not (any(s.kind == "lure" for s in o.defn.static)
                             or (g.effects and restricted(g, o, "lure"))):
            continue
        for b in blockers:
            if can_block(g, g.objects[b], o):
                out.append((b, a))
    return out


# ---------------------------------------------------------------- trigger events


def fire_step_begins(g, step: str) -> None:
    """CR 507.2 / 505.1 / 603.2: "at the beginning of combat on your turn", "at the
    beginning of each combat", "at the beginning of your precombat (postcombat) main
    phase" abilities trigger as the step begins (events ``begin_combat_yours``,
    ``begin_combat_each``, ``begin_main1_yours``, ``begin_main2_yours``)."""
    from ..triggers import fire_self
    for oid in list(g.battlefield):
        o = g.objects[oid]
        if not o.defn.triggered:
            continue
        if o.controller == g.active:
            fire_self(g, f"begin_{step}_yours", o)
        if step == "combat":
            fire_self(g, "begin_combat_each", o)


def fire_leaves(g, o, zone: str = "") -> None:
    """CR 603.6c / 603.10a: leaves-the-battlefield abilities look back in time: the
    permanent's own "when ~ leaves the battlefield" triggers, whatever zone it goes to."""
    from ..triggers import _dies_matches, fire_self, fire_watchers
    if o.defn.triggered:
        fire_self(g, "leaves_battlefield", o)
    # "whenever another creature you control leaves the battlefield" (``leaves|QUALS|WHO|
    # other``): the permanents on the battlefield, and the one leaving, look back.
    for w in [g.objects[x] for x in g.battlefield] + [o]:
        if w.defn.triggered:
            fire_watchers(g, w, "leaves|", lambda ev, w=w: _dies_matches(ev, w, o))
    if zone == "graveyard" and "Creature" in o.defn.types:
        # CR 603.10a: "when enchanted creature dies" / "whenever equipped creature dies":
        # the Aura or Equipment attached to it as it died looks back.
        for x in g.battlefield:
            a = g.objects[x]
            if a.attached_to == o.oid and a.defn.triggered:
                fire_self(g, "attached_creature_dies", a, {"creature": o.oid})


def fire_becomes_target(g, o, item) -> None:
    """CR 603.2: "when ~ becomes the target of a spell or ability"; CR 601.2i: heroic,
    "whenever you cast a spell that targets ~" (the spell's targets are chosen as it is
    cast, 601.2c; the trigger waits until the casting is over, 603.3)."""
    from ..triggers import fire_self
    fire_self(g, "becomes_target", o, {"spell": item.oid})
    if item.is_spell and item.controller == o.controller and item.trigger is None:
        fire_self(g, "you_cast_spell_targeting", o, {"spell": item.oid})


def fire_block_pairs(g, pairs) -> None:
    """CR 509.3b: "whenever ~ blocks a creature" triggers once for each attacker it blocks
    (``blocks_creature|QUALS``: the attacker has those qualities, 509.3f); CR 509.3d:
    "whenever ~ becomes blocked by a creature" once for each creature blocking it. "That
    creature" is the other creature (CR 603.2)."""
    from ..effects_more import has_qualities
    from ..triggers import fire_watchers
    for b, a in pairs:
        bo, ao = g.objects[b], g.objects[a]
        if bo.defn.triggered:
            fire_watchers(g, bo, "blocks_creature",
                          lambda ev, ao=ao, bo=bo: ev == "blocks_creature" or (
                              ev.startswith("blocks_creature|") and has_qualities(
                                  g, ao, tuple(ev.split("|")[1].split(";")), bo.controller)),
                          {"creature": a})
        if ao.defn.triggered:
            fire_watchers(g, ao, "becomes_blocked_by_creature",
                          lambda ev: ev == "becomes_blocked_by_creature", {"creature": b})


# ---------------------------------------------------------------- effects


def _untap_up_to(g, item, eff, legal):
    """CR 701.26b: untap up to N permanents chosen as it resolves (not targeted; any
    player's, Snap ruling); only tapped ones are offered (untapping an untapped one
    does nothing)."""
    from ..effects_more import permanent_matches
    from ..flow import ask
    cands = [oid for oid in g.battlefield if g.objects[oid].tapped
             and permanent_matches(g, g.objects[oid], eff.spec, item.controller)]
    if not cands:
        return None
    if "answer" not in item.info:
        ask(g, item.controller, "choose_cards", {"cards": cands, "up_to": eff.count,
                                                 "resolving": True, "rule": "701.26b"})
        if g.pending is not None:
            return "ask"
    for oid in item.info.pop("answer"):
        o = g.objects.get(oid)
        if o is not None and o.tapped:
            o.tapped = False
            g.event("701.26b", f"{g.oname(oid)} untaps")
    return None


def _tap_or_untap(g, item, eff, legal):
    """CR 701.26: "tap or untap target creature": the controller chooses as it resolves
    (yes: tap it; no: untap it)."""
    from ..effects import _target
    from ..flow import ask
    from ..zones import tap
    t = _target(item, eff, legal)
    if t is None:
        return None
    if "answer" not in item.info:
        ask(g, item.controller, "yes_no", {"resolving": True, "rule": "701.26",
                                           "question": "tap (yes) or untap (no)"})
        if g.pending is not None:
            return "ask"
    o = g.objects[t]
    if item.info.pop("answer"):
        if not o.tapped:
            tap(g, o)
            g.event("701.26a", f"{g.oname(t)} becomes tapped")
    elif o.tapped:
        o.tapped = False
        g.event("701.26b", f"{g.oname(t)} untaps")
    return None


def _damage_subject(g, item, eff, legal):
    """CR 120.3 / 603.2: the source deals damage to "that creature" (the one the trigger
    remembers), if it is still on the battlefield."""
    from ..effects import deal_damage
    t = item.info.get(eff.subject)
    o = g.objects.get(t)
    if o is None or o.zone != "battlefield":
        return None
    deal_damage(g, item.source, t, eff.amount, g.objects.get(item.source),
                source_card=item.source_card)
    return None


def condition_now(g, name: str, controller: int, source_oid: int | None, source_card) -> bool:
    """Whether an ``IfCondition`` condition holds now (CR 603.4, 608.2c)."""
    from . import trigger_text_turn as turn
    if name == "creature_died":
        # CR 700.4: "a creature died this turn" (morbid).
        return turn.creatures_died(g) > 0
    if name == "you_attacked":
        # CR 508.1: "you attacked this turn" (raid).
        return turn.attacked(g, controller)
    if name == "no_creatures":
        from ..characteristics import is_creature
        return not any(is_creature(g.objects[oid]) for oid in g.battlefield)
    if name == "another_named":
        # CR 201.2: objects with the same name as the source, other than the source.
        from ..characteristics import is_creature
        nm = g.card_definition(source_card).name
        return any(oid != source_oid and g.objects[oid].controller == controller
                   and is_creature(g.objects[oid]) and g.objects[oid].defn.name == nm
                   for oid in g.battlefield)
    raise ValueError(f"unknown condition {name}")


def trigger_condition(g, name: str, o, info) -> bool:
    """CR 603.4: the intervening "if" checked as the trigger event happens (``tt:NAME``);
    ``tt:entered_untapped``: CR 603.6a, the permanent entered untapped (the event itself)."""
    if name == "tt:entered_untapped":
        return not o.tapped
    return condition_now(g, name[3:], o.controller, o.oid, o.card)


def _if_condition(g, item, eff, legal):
    """CR 603.4 / 608.2c: the condition is checked once, as the effect begins; the chosen
    branch's effects run in order, resuming at a decision."""
    from ..effects import execute
    info = item.info
    step = info.get("step", 0)
    key = f"cond{step}"
    if key not in info:
        info[key] = condition_now(g, eff.condition, item.controller, item.source,
                                  item.source_card)
        if item.trigger is not None and not info[key]:
            g.event("603.4", "the condition is no longer true: the ability does nothing")
    effects = eff.effects if info[key] else eff.otherwise
    pos = f"condi{step}"
    i = info.get(pos, 0)
    while i < len(effects):
        info[pos] = i
        if execute(g, item, effects[i], legal) == "ask":
            return "ask"
        info.pop("answer", None)
        i += 1
    info[pos] = i
    return None


def count_quality(g, o, q: str, controller: int) -> bool:
    """``mv_at_most_count:SUBTYPE``: a mana value of at most the number of permanents of that
    subtype ``controller`` controls (Spellstutter Sprite: "with mana value X or less,
    where X is the number of Faeries you control"; checked on targeting and again on
    resolution, CR 608.2b)."""
    from ..characteristics import has_subtype
    sub = q.split(":", 1)[1]
    n = sum(1 for oid in g.battlefield if g.objects[oid].controller == controller
            and has_subtype(g.objects[oid], sub))
    return o.defn.mana_value <= n


def _return_source_to_hand(g, item, eff, legal):
    """CR 400.7: the source returns to its owner's hand if it is still on the battlefield
    (a new object elsewhere is not "~")."""
    from .. import zones
    o = g.objects.get(item.source)
    if o is None or o.zone != "battlefield":
        return None
    n = zones.move(g, o, "hand")
    g.event("400.6", f"{n.defn.name} returns to its owner's hand")
    return None


def _sacrifice_unless_return(g, item, eff, legal):
    """CR 118.12 / 701.21a: the controller may return a matching permanent they control
    to its owner's hand; if they don't, they sacrifice the source (Glint Hawk ruling: they
    may choose to sacrifice it even with an artifact)."""
    from .. import zones
    from ..effects import _ask_unless
    from ..effects_more import permanent_matches
    from ..flow import ask
    player = item.controller
    src = g.objects.get(item.source)
    cands = [oid for oid in g.battlefield
             if permanent_matches(g, g.objects[oid], eff.spec, player)]
    info = item.info
    if _ask_unless(g, info, player, bool(cands), "118.12") == "ask":
        return "ask"
    if info.get("unless") == "ask":
        if info.pop("answer", False):
            info["unless"] = "choose"
            ask(g, player, "return", {"count": 1, "candidates": cands, "resolving": True,
                                      "rule": "118.12"})
            if g.pending is not None:
                return "ask"
        else:
            if src is not None and src.zone == "battlefield" and src.controller == player:
                g.event("701.21a", f"{g.pname(player)} sacrifices {src.defn.name}")
                zones.move(g, src, "graveyard")
            return None
    for oid in info.pop("answer", ()):
        o = g.objects.get(oid)
        if o is not None and o.zone == "battlefield":
            n = zones.move(g, o, "hand")
            g.event("400.6", f"{n.defn.name} returns to its owner's hand")
    return None


def _modify_each_of_player(g, item, eff, legal):
    """CR 611.2c: the creatures the target player controls as the effect begins get
    +N/+N until end of turn."""
    from ..effects import _add_effect, first_target
    from ..effects_more import each_matching
    from ...compiler.abilities import TargetSpec
    t = first_target(item, eff.target)
    if t not in legal or t not in (0, 1):
        return None
    for oid in each_matching(g, TargetSpec("creature", controller="you"), t):
        _add_effect(g, layer="7c", affected=oid, power=eff.power, toughness=eff.toughness,
                    until="end_of_turn")
    g.event("611.2c", f"creatures {g.pname(t)} controls get {eff.power:+d}/{eff.toughness:+d}"
            " until end of turn")
    return None


def _gain_life_per_hand(g, item, eff, legal):
    """CR 119.3 / 608.2h: the number of cards in hand is counted as the effect happens."""
    from ..effects import _gain_life
    from ...compiler.abilities import GainLife
    n = len(g.players[item.controller].hand)
    if n > 0:
        _gain_life(g, item, GainLife(n), legal)
    return None


def _return_died_card(g, item, eff, legal):
    """CR 603.6c / 400.7: the card the ability's source became in the graveyard returns,
    if it hasn't changed zones since (an object that left and came back is newer than
    this ability on the stack)."""
    from .. import zones
    for p in g.players:
        for oid in p.graveyard:
            o = g.objects[oid]
            if o.card == item.source_card and oid < item.oid:
                n = zones.move(g, o, eff.to)
                g.event("400.6", f"{n.defn.name} returns to its owner's {eff.to}")
                return None
    return None


def _pump_per_blocker(g, item, eff, legal):
    """CR 509.3c / 613.4c: +N/+N for each creature blocking the source as it resolves."""
    from ..effects import _add_effect
    o = g.objects.get(item.source)
    c = g.combat
    if o is None or o.zone != "battlefield" or c is None:
        return None
    n = len([b for b in c.blocked.get(o.oid, ()) if b in g.objects])
    if n:
        _add_effect(g, layer="7c", affected=o.oid, power=eff.power * n,
                    toughness=eff.toughness * n, until="end_of_turn")
        g.event("613.4c", f"{g.oname(o.oid)} gets +{eff.power * n}/+{eff.toughness * n} "
                "until end of turn")
    return None


EFFECTS: dict = {T.ReturnDiedCard: _return_died_card, T.PumpPerBlocker: _pump_per_blocker,
                 T.ModifyEachOfPlayer: _modify_each_of_player,
                 T.GainLifePerHand: _gain_life_per_hand, T.SacrificeUnlessReturn: _sacrifice_unless_return, T.ReturnSourceToHand: _return_source_to_hand, T.IfCondition: _if_condition, T.UntapUpTo: _untap_up_to, T.TapOrUntap: _tap_or_untap,
                 T.DamageSubject: _damage_subject}
