"""Engine area `damage_text`: effect class -> function(g, item, eff, legal), registered into
``effects._EFFECTS`` (see ``areas/__init__.py``).

Damage prevention (CR 615), "exile it instead" replacements of dying after damage
(CR 614.1a), damage equal to a creature's power (CR 120.3, 208.3), and "whenever ...
deals damage" triggers (CR 603.2).

Prevention effects from resolved spells and abilities are ``ContinuousEffect`` records
of layer ``prevention`` (``affected`` -1, ``data`` a dict: ``n`` the damage a shield
still prevents or None for "all", ``combat``, ``to`` a list of recipients or a word,
``by`` a list of sources or a word, ``p`` the controller). "Exile it instead if it would
die this turn" is layer ``exile_if_dies`` on the permanent; ``dealt_damage_by`` (affected:
the source, data: the creature) remembers damage for "whenever a creature dealt damage by
~ this turn dies". All are in the game's JSON (docs/json.md) and end in the cleanup step
(CR 514.2).
"""

from __future__ import annotations

from ...compiler.areas.damage_text import (DamageThenExile, DamageToController, DividedDamage,
                                           ExcessDamage, GainThatMuchLife, PayToCopy,
                                           ThenDamageController, DamageEachTarget,
                                           AttachedPowerDamageToYou, DestroyAttached,
                                           ThatMuchDamage, DestroyThatCreature,
                                           DamageForEach, GainLifePerAttacker,
                                           DamageThenGain,
                                           PowerDamage, PreventDamage, SpendOnlyOnX)
from ..state import ContinuousEffect

# Damage being dealt simultaneously (CR 510.2 combat damage): recipients that already had
# damage prevented by a "remove a counter" ability, and the damage each source dealt, so
# "whenever ~ deals damage" triggers once with the total (CR 603.2). Only set during one
# call (never across a decision): not game state.
_BATCH: dict | None = None
# The recipients dealt damage while a DamageThenExile effect runs (CR 614.1a "this way").
_RECORD: list | None = None


def begin_batch() -> None:
    """Start damage dealt simultaneously (CR 510.2)."""
    global _BATCH
    _BATCH = {"countered": set(), "dealt": {}, "taken": {}}


def end_batch(g) -> None:
    """End simultaneous damage: the "deals damage" triggers of each source (CR 603.2)."""
    global _BATCH
    b, _BATCH = _BATCH, None
    if b:
        for src, amount in b["dealt"].items():
            o = g.objects.get(src)
            if o is not None:
                _fire_dealt(g, o, amount)
        from ..triggers import fire_self
        for rec, amount in b["taken"].items():
            o = g.objects.get(rec)
            if o is not None:
                fire_self(g, "dealt_damage", o, {"amount": amount})


# ---------------------------------------------------------------- prevention (CR 615)


def _source_defn(g, src, source_card):
    if src is not None:
        return src.defn
    if source_card is not None and source_card != -1:
        return g.card_definition(source_card)
    return None


def _is_creature_source(g, src, defn) -> bool:
    if src is not None and src.zone != "battlefield":
        return False
    return defn is not None and "Creature" in defn.types


def _applies(g, e: ContinuousEffect, source_id: int, src, defn, recipient: int,
             combat: bool) -> bool:
    d = e.data
    c = d.get("combat")
    if c == "combat" and not combat or c == "noncombat" and combat:
        return False
    to = d.get("to")
    if to is not None:
        if isinstance(to, list):
            if recipient not in to:
                return False
        elif to == "players":
            if recipient not in (0, 1):
                return False
        elif to == "your_creatures":
            o = g.objects.get(recipient)
            if o is None or o.controller != d["p"] or "Creature" not in o.defn.types:
                return False
    by = d.get("by")
    if by is not None:
        if isinstance(by, list):
            if source_id not in by:
                return False
        elif by.startswith("color:"):
            # CR 105.2: a source of that color (its current colors, or last known).
            if defn is None or by[6:] not in defn.colors:
                return False
        elif by == "creatures":
            if not _is_creature_source(g, src, defn):
                return False
        elif by == "opponents_creatures":
            if not _is_creature_source(g, src, defn) or src is None or \
                    src.controller == d["p"]:
                return False
        elif by == "attacking_creatures":
            if src is None or g.combat is None or source_id not in g.combat.attackers:
                return False
    return True


def _static_applies(g, st, owner, source_id, src, recipient, combat: bool) -> bool:
    """Whether static ability ``st`` (kind ``prevent_damage``) of ``owner`` prevents this
    damage (CR 615.1a)."""
    words = st.mana
    if "combat" in words and not combat:
        return False
    tos = [w for w in words if w.startswith("to:")]
    if tos and not any(
            w == "to:self" and recipient == owner.oid
            or w == "to:enchanted" and recipient == owner.attached_to
            or w == "to:you" and recipient == owner.controller
            or w == "to:your_creatures" and recipient in g.objects
            and g.objects[recipient].controller == owner.controller
            and "Creature" in g.objects[recipient].defn.types for w in tos):
        return False
    if "by:enchanted" in words and source_id != owner.attached_to:
        return False
    if "by:opponent" in words and (src is None or src.controller == owner.controller):
        return False
    if st.filter is not None:
        if src is None or src.zone != "battlefield":
            return False
        from ..effects_more import permanent_matches
        if not permanent_matches(g, src, st.filter, owner.controller):
            return False
    return True


def prevent(g, source_id: int, src, recipient: int, amount: int, combat: bool,
            source_card) -> int:
    """CR 615.1a / 615.7: apply the prevention effects to damage about to be dealt; the
    damage left (0: all prevented). Called by ``effects.deal_damage``."""
    left = amount
    defn = None
    if g.effects:
        for e in list(g.effects):
            if e.layer != "prevention" or left <= 0:
                continue
            if defn is None:
                defn = _source_defn(g, src, source_card)
            if not _applies(g, e, source_id, src, defn, recipient, combat):
                continue
            n = e.data.get("n")
            if n is None:
                g.event("615.1a", f"{left} damage to {g.oname(recipient)} is prevented")
                left = 0
                break
            # CR 615.7: a shield prevents the next N damage, then is used up.
            k = min(n, left)
            left -= k
            i = g.effects.index(e)
            if k == n:
                g.effects = g.effects[:i] + g.effects[i + 1:]
            else:
                g.effects = g.effects[:i] + [ContinuousEffect(
                    e.timestamp, e.layer, e.affected, until=e.until,
                    data=dict(e.data, n=n - k))] + g.effects[i + 1:]
            g.event("615.7", f"{k} damage to {g.oname(recipient)} is prevented")
    if left <= 0:
        return 0
    # Static prevention abilities: of the recipient, of Auras attached to the recipient
    # or to the source.
    holders = []
    r = g.objects.get(recipient) if recipient not in (0, 1) else None
    if r is not None and r.zone == "battlefield" and r.defn.static:
        holders.append(r)
    for oid in g.battlefield:
        a = g.objects[oid]
        if a is r or not a.defn.static:
            continue
        if a.attached_to is not None and a.attached_to in (recipient, source_id) \
                or any(st.kind == "prevent_damage" and st.mana[0] in ("to:you",)
                       for st in a.defn.static):
            holders.append(a)
    for h in holders:
        for st in h.defn.static:
            if st.kind != "prevent_damage":
                continue
            if not _static_applies(g, st, h, source_id, src, recipient, combat):
                continue
            if st.counter and "to:self" in st.mana:
                from ..characteristics import protected_from
                if src is not None and protected_from(g, h, src):
                    # Ruling (Phantom Centaur): protection may be applied first; then no
                    # counter is removed.
                    continue
            if st.power:
                # "prevent N of that damage"
                k = min(st.power, left)
                g.event("615.1a", f"{k} damage to {g.oname(recipient)} is prevented "
                        f"({h.defn.name})")
                left -= k
                if left <= 0:
                    break
                continue
            g.event("615.1a", f"{left} damage to {g.oname(recipient)} is prevented "
                    f"({h.defn.name})")
            left = 0
            if st.counter:
                _remove_counter(g, h, st.counter)
            break
        if left <= 0:
            break
    return left


def _remove_counter(g, o, kind: str) -> None:
    """The "Remove a +1/+1 counter from ~" that follows the prevention: once for damage
    dealt at the same time (ruling), even with no counter left to remove."""
    if _BATCH is not None:
        if o.oid in _BATCH["countered"]:
            return
        _BATCH["countered"].add(o.oid)
    if o.counters and o.counters.get(kind, 0) > 0:
        o.counters = dict(o.counters)
        o.counters[kind] -= 1
        if not o.counters[kind]:
            del o.counters[kind]
        g.event("122.1", f"a {kind} counter is removed from {g.oname(o.oid)}")


def wither(g, src, source_card) -> bool:
    """CR 702.80a-c: whether the source has wither (its last known information if it
    has left, 702.80b; from any zone, 702.80c)."""
    if src is not None:
        from ..characteristics import has_keyword
        return has_keyword(g, src, "wither")
    return source_card is not None and source_card != -1 and \
        "wither" in g.card_definition(source_card).keywords


# ---------------------------------------------------------------- after damage is dealt


def after_damage(g, source_id: int, src, recipient: int, amount: int, source_card,
                 combat: bool = False) -> None:
    """What follows damage dealt (``amount`` > 0): "exile it instead" for a permanent
    dealt damage by a source with that ability (CR 614.1a), the recipients recorded for
    "dealt damage this way", and "whenever ~ deals damage" triggers (CR 603.2)."""
    if _RECORD is not None:
        _RECORD.append((recipient, amount))
    defn = _source_defn(g, src, source_card)
    if recipient not in (0, 1) and defn is not None and defn.static:
        for st in defn.static:
            if st.kind == "damaged_exile_if_dies":
                o = g.objects.get(recipient)
                if o is not None and (st.filter.kind != "creature"
                                      or "Creature" in o.defn.types):
                    # A permanent's static ability works only while it is on the
                    # battlefield (CR 113.6); a spell's applies after it resolves.
                    perm = src is not None and src.zone == "battlefield"
                    add_exile_if_dies(g, recipient, source_id if perm else None)
    if recipient not in (0, 1):
        o = g.objects.get(recipient)
        if o is not None and o.defn.triggered:
            # CR 603.2: "whenever ~ is dealt damage" (once for damage dealt at once).
            if _BATCH is not None:
                _BATCH["taken"][recipient] = _BATCH["taken"].get(recipient, 0) + amount
            else:
                from ..triggers import fire_self
                fire_self(g, "dealt_damage", o, {"amount": amount})
        if o is not None and g.attachments_exist():
            fire_enchanted(g, o, "enchanted_dealt_damage", {"amount": amount})
    if src is None or src.zone != "battlefield":
        return
    if recipient not in (0, 1) and src.defn.triggered:
        o = g.objects.get(recipient)
        if o is not None and "Creature" in o.defn.types:
            evs = {ev for t in src.defn.triggered for ev in t.events}
            if combat and "combat_damage_to_creature" in evs:
                from ..triggers import fire_self
                fire_self(g, "combat_damage_to_creature", src, {"creature": recipient})
            if "damaged_creature_dies" in evs and not any(
                    e.layer == "dealt_damage_by" and e.affected == source_id
                    and e.data == recipient for e in g.effects):
                # Remembered for "whenever a creature dealt damage by ~ this turn dies".
                g.timestamp += 1
                g.effects = g.effects + [ContinuousEffect(g.timestamp, "dealt_damage_by",
                                                          source_id, data=recipient)]
    if _BATCH is not None:
        _BATCH["dealt"][source_id] = _BATCH["dealt"].get(source_id, 0) + amount
        return
    _fire_dealt(g, src, amount)


def fire_enchanted(g, o, event: str, info: dict | None = None) -> None:
    """CR 603.2 / 303.4: the Auras attached to ``o`` whose abilities trigger on ``event``
    ("when enchanted creature becomes tapped / is dealt damage")."""
    from ..triggers import fire_self
    for oid in list(g.battlefield):
        a = g.objects[oid]
        if a.attached_to == o.oid and a.defn.triggered:
            fire_self(g, event, a, info)


def _fire_dealt(g, src, amount: int) -> None:
    from ..triggers import fire_self
    if src.defn.triggered:
        fire_self(g, "deals_damage", src, {"amount": amount})
    if g.attachments_exist():
        for oid in list(g.battlefield):
            a = g.objects[oid]
            if a.attached_to == src.oid and a.defn.triggered:
                fire_self(g, "enchanted_deals_damage", a, {"amount": amount})


def fire_damaged_dies(g, o) -> None:
    """CR 603.2 / 603.10a: "Whenever a creature dealt damage by ~ this turn dies" -- each
    source still on the battlefield that dealt damage to ``o`` this turn triggers."""
    from ..triggers import fire_self
    for e in g.effects:
        if e.layer == "dealt_damage_by" and e.data == o.oid:
            src = g.objects.get(e.affected)
            if src is not None and src.zone == "battlefield":
                fire_self(g, "damaged_creature_dies", src, {"died": o.oid})


# ---------------------------------------------------------------- exile instead (CR 614.1a)


def add_exile_if_dies(g, oid: int, source: int | None = None) -> None:
    """CR 614.1a: "If [it] would die this turn, exile it instead." (ends at cleanup);
    with ``source``, only while that permanent is on the battlefield."""
    if any(e.layer == "exile_if_dies" and e.affected == oid and e.data == source
           for e in g.effects):
        return
    g.timestamp += 1
    g.effects = g.effects + [ContinuousEffect(g.timestamp, "exile_if_dies", oid, data=source)]


def dies_destination(g, o, zone: str) -> str:
    """CR 614.1a / 700.4: where a permanent going from the battlefield to a graveyard goes
    instead ("exile it instead")."""
    if zone == "graveyard" and o.zone == "battlefield" and g.effects and any(
            e.layer == "exile_if_dies" and e.affected == o.oid and (
                e.data is None or e.data in g.objects and g.objects[e.data].zone == "battlefield")
            for e in g.effects):
        g.event("614.1a", f"{g.oname(o.oid)} would die: it is exiled instead")
        return "exile"
    return zone


# ---------------------------------------------------------------- effects


def _prevent_damage(g, item, eff, legal):
    """CR 615.1a / 615.7: create the prevention effect (until end of turn)."""
    from ..effects import first_target
    to = eff.to
    by = eff.by
    if to == "target":
        t = first_target(item, eff.target)
        if t not in legal:
            return None
        to = [t]
    elif to == "you":
        to = [item.controller]
    elif to == "self":
        to = [item.source]
    if by == "self":
        by = [item.source]
    if by == "target":
        t = first_target(item, eff.target)
        if t not in legal:
            return None
        by = [t]
    elif by == "chosen_color":
        # CR 608.2d: the color is chosen as the spell resolves.
        if "answer" not in item.info:
            from ..flow import ask
            ask(g, item.controller, "color",
                {"choices": ["white", "blue", "black", "red", "green"], "resolving": True,
                 "rule": "615.1a"})
            if g.pending is not None:
                return "ask"
        color = item.info.pop("answer")
        by = "color:" + {"white": "W", "blue": "U", "black": "B", "red": "R",
                         "green": "G"}[color]
        g.event("608.2d", f"{g.pname(item.controller)} chooses {color}")
    g.timestamp += 1
    g.effects = g.effects + [ContinuousEffect(
        g.timestamp, "prevention", -1,
        data={"n": eff.amount, "combat": eff.combat, "to": to, "by": by,
              "p": item.controller})]
    g.event("615.1a" if eff.amount is None else "615.7", "a prevention effect is created")
    return None


def _recorded(g, item, effect, legal):
    """Carry out ``effect`` and return ``(result, [(recipient, amount), ...])``: the
    damage it dealt (CR 120.3: damage prevented isn't dealt), also recorded for an
    enclosing recording."""
    global _RECORD
    from ..effects import execute
    outer = _RECORD
    _RECORD = []
    try:
        r = execute(g, item, effect, legal)
        hit = _RECORD
    finally:
        _RECORD = outer
    if outer is not None:
        outer.extend(hit)
    return r, hit


def _damage_then_exile(g, item, eff, legal):
    """CR 614.1a: the damage, then "exile it instead if it would die this turn"."""
    from ..effects import first_target
    r, hit = _recorded(g, item, eff.effect, legal)
    if eff.this_way:
        for oid, _ in hit:
            o = g.objects.get(oid)
            if o is not None and o.zone == "battlefield" and "Creature" in o.defn.types:
                add_exile_if_dies(g, oid)
    else:
        t = first_target(item, eff.target)
        if t in legal and t in g.objects:
            add_exile_if_dies(g, t)
    return r


def _damage_then_gain(g, item, eff, legal):
    """CR 120.3 / 119.3: the damage, then "You gain life equal to the damage dealt this
    way" (damage prevented isn't dealt, CR 615.1a)."""
    r, hit = _recorded(g, item, eff.effect, legal)
    n = sum(a for _, a in hit)
    if n > 0:
        from ..triggers import fire_gain_life
        g.players[item.controller].life += n
        g.event("119.3", f"{g.pname(item.controller)} gains {n} life")
        fire_gain_life(g, item.controller, n)
    return r


def _power_damage(g, item, eff, legal):
    """CR 120.3 / 208.3: a creature deals damage equal to its power (none if either
    target is no longer legal, CR 608.2b)."""
    from ..characteristics import power
    from ..effects import deal_damage, first_target
    a = first_target(item, eff.source)
    if a not in legal or a not in g.objects:
        return None
    x = g.objects[a]
    if eff.recipient < 0:
        rec = item.controller
    else:
        rec = first_target(item, eff.recipient)
        if rec not in legal:
            return None
    amount = power(g, x)
    if eff.excess == "trample":
        from ..characteristics import has_keyword
        if has_keyword(g, x, "trample"):
            deal_with_excess(g, x.oid, x, rec, amount, None)
            return None
    deal_damage(g, x.oid, rec, amount, x)
    return None


def deal_with_excess(g, source_id: int, src, rec: int, amount: int, source_card) -> None:
    """CR 120.4a: damage to creature ``rec`` beyond lethal damage (counting damage already
    marked; any nonzero amount from a deathtouch source, 702.2c) is dealt to its controller
    instead."""
    from ..characteristics import has_keyword, is_creature, toughness
    from ..effects import deal_damage
    o = g.objects.get(rec)
    if o is None or not is_creature(o):
        deal_damage(g, source_id, rec, amount, src, source_card=source_card)
        return
    if src is not None and has_keyword(g, src, "deathtouch"):
        lethal = 1 if toughness(g, o) - o.damage > 0 else 0
    else:
        lethal = max(0, toughness(g, o) - o.damage)
    first = min(amount, lethal)
    controller = o.controller
    if first:
        deal_damage(g, source_id, rec, first, src, source_card=source_card)
    if amount - first > 0:
        g.event("120.4a", f"{amount - first} excess damage is dealt to {g.pname(controller)}")
        deal_damage(g, source_id, controller, amount - first, src, source_card=source_card)


def _excess_damage(g, item, eff, legal):
    """CR 120.4a: the damage, its excess dealt to the creature's controller instead."""
    from ..effects import first_target
    t = first_target(item, eff.target)
    if t not in legal:
        return None
    deal_with_excess(g, item.source, g.objects.get(item.source), t, eff.amount,
                     item.source_card)
    return None


def _gain_that_much(g, item, eff, legal):
    """CR 119.3 / 603.2: gain the amount of damage the trigger event dealt."""
    n = item.info.get("amount", 0)
    if n > 0:
        from ..triggers import fire_gain_life
        g.players[item.controller].life += n
        g.event("119.3", f"{g.pname(item.controller)} gains {n} life")
        fire_gain_life(g, item.controller, n)
    return None


def _pay_to_copy(g, item, eff, legal):
    """CR 707.10 / 707.10c / 118.12a: the effect on the target; then the target player (or
    the target permanent's controller, as it last existed) may pay; if they do, they may
    copy the spell and choose a new target for the copy, which is put on the stack."""
    from ..casting import can_afford
    from ..effects import _ask_unless, begin_payment, execute, first_target
    from ..flow import ask
    info = item.info
    st = info.get("chain")
    if st is None:
        t = first_target(item, 0)
        payer = t if t in (0, 1) else (g.objects[t].controller if t in g.objects else None)
        info["chain"] = st = "effect"
        info["chain_payer"] = payer
    if st == "effect":
        if execute(g, item, eff.effect, legal) == "ask":
            return "ask"
        info.pop("answer", None)
        info["chain"] = st = "offer"
    payer = info.get("chain_payer")
    if payer is None:
        return None
    if st == "offer":
        if eff.mana is None:
            info["chain"] = st = "copy"
        else:
            possible = can_afford(g, payer, eff.mana.generic, eff.mana.colored, generous=False)
            if _ask_unless(g, info, payer, possible, "118.12a") == "ask":
                return "ask"
            if info.pop("answer", False):
                info["unless"] = None
                info["chain"] = "paying"
                return begin_payment(g, item, payer, eff.mana.generic, eff.mana.colored)
            info["unless"] = None
            info["chain"] = "done"
            return None
    if st == "paying":
        if not info.pop("answer", False):
            info["chain"] = "done"
            return None
        g.event("118.12a", f"{g.pname(payer)} pays")
        info["chain"] = st = "copy"
    if st == "copy":
        info["chain"] = "copy_asked"
        ask(g, payer, "yes_no", {"rule": "707.10", "resolving": True})
        if g.pending is not None:
            return "ask"
        st = "copy_asked"
    if st == "copy_asked":
        if not info.pop("answer", False):
            info["chain"] = "done"
            return None
        from ..resolution import ability_of
        from ..targets import candidates
        if not candidates(g, ability_of(g, item).targets[0], payer, None):
            st = "choosing"   # no other legal target: the copy keeps its target
        else:
            info["chain"] = "retarget"
            ask(g, payer, "yes_no", {"rule": "707.10c", "resolving": True})
            if g.pending is not None:
                return "ask"
            st = "retarget"
    target = first_target(item, 0)
    if st == "retarget":
        if info.pop("answer", False):
            from ..resolution import ability_of
            from ..targets import candidates
            spec = ability_of(g, item).targets[0]
            cands = candidates(g, spec, payer, None)
            info["chain"] = "choosing"
            ask(g, payer, "targets", {"candidates": cands,
                                      "min": 1, "max": 1, "resolving": True, "rule": "707.10c"})
            if g.pending is not None:
                return "ask"
        st = "choosing"
    if st == "choosing":
        ch = info.pop("answer", None)
        if ch:
            target = ch[0]
    info["chain"] = "done"
    _put_copy(g, item, payer, target)
    return None


def _put_copy(g, item, controller: int, target) -> None:
    """CR 707.10: put a copy of the spell on the stack under ``controller``'s control (a
    copy is owned by that player; it is not cast, so "whenever you cast" doesn't
    trigger), with the new ``target``; CR 707.10c: once its targets are chosen, the copy
    is put onto the stack above the spell that is still resolving, so it resolves next."""
    from .casting_keywords import put_spell_copy
    put_spell_copy(g, item.source_card, controller, (target,), {})


def x_in_color(ab, x: int, generic: int, colored):
    """CR 601.2f: "Spend only black mana on X" -- the X part of the locked-in cost is that
    many mana of the color. Returns ``(generic, colored)``."""
    if not ab.effects or not isinstance(ab.effects[0], SpendOnlyOnX) or not x:
        return generic, colored
    from ...mana import TYPE_INDEX
    n = x * ab.cost.mana.x
    colored = list(colored)
    colored[TYPE_INDEX[ab.effects[0].color]] += n
    return generic - n, colored


# ---------------------------------------------------------------- mana abilities


# ---------------------------------------------------------------- divided damage (CR 601.2d)


def ask_division(g, ctx, item, ab) -> bool:
    """CR 601.2d: as the targets are chosen, the controller divides the damage among them
    (each at least 1); asked as ``assign_damage`` with ``divide`` set. True while the
    decision is pending (or was taken and the cast went on)."""
    eff = next((e for e in ab.effects if isinstance(e, DividedDamage)), None)
    if eff is None or "division" in item.info:
        return False
    from ..effects_more import group_targets
    ts = group_targets(item, eff.target, set(item.targets))
    amount = item.x if eff.x else eff.amount
    if len(ts) > amount or not ts:
        # CR 601.2d: each target must be dealt at least 1 damage; the announcement can't
        # be completed and is reversed (CR 733.1).
        from ..casting import reverse_cast
        reverse_cast(g, "601.2d: each target must be dealt at least 1 damage")
        return True
    if len(ts) <= 1:
        item.info["division"] = [[t, amount] for t in ts]
        return False
    from ..flow import ask
    ask(g, ctx.player, "assign_damage", {"divide": amount, "targets": ts, "rule": "601.2d"})
    return True


def division_actions(d) -> list:
    """CR 601.2d: every division of the damage among the chosen targets, each at least 1."""
    from itertools import combinations
    from ..actions import Action
    ts, n = d.data["targets"], d.data["divide"]
    k = len(ts)
    out = []
    for cuts in combinations(range(1, n), k - 1):
        parts = [b - a for a, b in zip((0,) + cuts, cuts + (n,))]
        out.append(Action("choose", choice=dict(zip(ts, parts))))
    return out


def record_division(g, d, choice) -> None:
    """The division is part of the spell on the stack (CR 601.2d); the cast goes on."""
    from ..casting import continue_cast
    item = g.stack[-1]
    item.info["division"] = [[t, n] for t, n in choice.items()]
    g.event("601.2d", "damage divided: " + ", ".join(f"{n} to {g.oname(t)}"
                                                      for t, n in choice.items()))
    continue_cast(g)


def _divided_damage(g, item, eff, legal):
    """CR 601.2d / 608.2b: each still-legal target is dealt the damage divided to it."""
    from ..effects import deal_damage
    src = g.objects.get(item.source)
    for t, n in item.info.get("division", ()):
        if t in legal:
            deal_damage(g, item.source, t, n, src, source_card=item.source_card)
    return None


def _damage_to_controller(g, item, eff, legal):
    """CR 120.3: damage to the target's controller (none if the target is illegal)."""
    from ..effects import deal_damage, first_target
    t = first_target(item, eff.target)
    o = g.objects.get(t) if t in legal else None
    if o is None:
        return None
    deal_damage(g, item.source, o.controller, eff.amount, g.objects.get(item.source),
                source_card=item.source_card)
    return None


def _then_damage_controller(g, item, eff, legal):
    """CR 608.2h: the effect, then damage to the target's controller as it last existed
    (none if the target was illegal)."""
    from ..effects import deal_damage, execute, first_target
    if "lki_controller" not in item.info:
        t = first_target(item, 0)
        o = g.objects.get(t) if t in legal else None
        item.info["lki_controller"] = o.controller if o is not None else -1
    if execute(g, item, eff.effect, legal) == "ask":
        return "ask"
    p = item.info.pop("lki_controller")
    if p >= 0:
        deal_damage(g, item.source, p, eff.amount, g.objects.get(item.source),
                    source_card=item.source_card)
    return None


def _damage_each_target(g, item, eff, legal):
    """CR 120.3 / 608.2b: each still-legal target of the group is dealt the damage."""
    from ..effects import deal_damage
    from ..effects_more import group_targets
    src = g.objects.get(item.source)
    for t in group_targets(item, eff.target, legal):
        deal_damage(g, item.source, t, eff.amount, src, source_card=item.source_card)
    return None


def _attached_power_damage(g, item, eff, legal):
    """CR 120.3: the enchanted creature deals damage equal to its power to the Aura's
    controller."""
    from ..characteristics import power
    from ..effects import deal_damage
    a = g.objects.get(item.source)
    if a is None or a.zone != "battlefield" or a.attached_to not in g.objects:
        return None
    c = g.objects[a.attached_to]
    deal_damage(g, c.oid, item.controller, power(g, c), c)
    return None


def _destroy_attached(g, item, eff, legal):
    """CR 701.8a: destroy the creature the Aura enchants (if it still does)."""
    from ..zones import destroy
    a = g.objects.get(item.source)
    if a is None or a.zone != "battlefield" or a.attached_to not in g.objects:
        return None
    destroy(g, g.objects[a.attached_to])
    return None


def _that_much_damage(g, item, eff, legal):
    """CR 120.3 / 603.2: the trigger's source deals the event's amount of damage."""
    from ..effects import deal_damage, first_target
    n = item.info.get("amount", 0)
    if eff.target < 0:
        rec = item.controller
    else:
        rec = first_target(item, eff.target)
        if rec not in legal:
            return None
    src = g.objects.get(item.source)
    deal_damage(g, item.source, rec, n, src, source_card=item.source_card)
    return None


def _destroy_that_creature(g, item, eff, legal):
    """CR 701.8a: destroy the creature the trigger remembers (if still on the
    battlefield as the same object, CR 400.7)."""
    from ..zones import destroy
    o = g.objects.get(item.info.get("creature"))
    if o is not None and o.zone == "battlefield":
        destroy(g, o)
    return None


def _damage_for_each(g, item, eff, legal):
    """CR 120.3 / 608.2h: the amount is counted as the effect resolves."""
    from ..effects import deal_damage, first_target
    spec = eff.spec
    me = item.controller
    if spec.zone == "graveyard":
        n = sum(1 for oid in g.players[me].graveyard
                if all(t in g.objects[oid].defn.types for t in spec.types))
    else:
        from ..effects_more import each_matching
        n = len(each_matching(g, spec, me, item.source))
    if eff.target == -1:
        recs = [me]
    elif eff.target == -2:
        recs = [1 - me]
    else:
        t = first_target(item, eff.target)
        recs = [t] if t in legal else []
    src = g.objects.get(item.source)
    for r in recs:
        deal_damage(g, item.source, r, eff.per * n, src, source_card=item.source_card)
    return None


def _gain_life_per_attacker(g, item, eff, legal):
    """CR 119.3 / 506.4: life for each creature attacking as the effect resolves."""
    n = eff.per * (len([a for a in g.combat.attackers if a in g.objects])
                   if g.combat is not None else 0)
    if n > 0:
        from ..triggers import fire_gain_life
        g.players[item.controller].life += n
        g.event("119.3", f"{g.pname(item.controller)} gains {n} life")
        fire_gain_life(g, item.controller, n)
    return None


EFFECTS: dict = {
    DamageThenGain: _damage_then_gain,
    GainLifePerAttacker: _gain_life_per_attacker,
    DamageForEach: _damage_for_each,
    DestroyThatCreature: _destroy_that_creature,
    ThatMuchDamage: _that_much_damage,
    AttachedPowerDamageToYou: _attached_power_damage,
    DestroyAttached: _destroy_attached,
    DamageEachTarget: _damage_each_target,
    ThenDamageController: _then_damage_controller,
    ExcessDamage: _excess_damage,
    DamageToController: _damage_to_controller,
    DividedDamage: _divided_damage,
    SpendOnlyOnX: lambda g, item, eff, legal: None,
    PayToCopy: _pay_to_copy,
    PreventDamage: _prevent_damage,
    DamageThenExile: _damage_then_exile,
    PowerDamage: _power_damage,
    GainThatMuchLife: _gain_that_much,
}
