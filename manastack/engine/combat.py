"""Combat (CR 506-511): declaring attackers and blockers, assigning and dealing damage,
with flying, reach, first strike, double strike, trample, deathtouch, lifelink,
vigilance, haste and defender (CR 702)."""

from __future__ import annotations

from itertools import combinations_with_replacement

from .areas import type_changes as _tc
from .characteristics import (card_types, colors, has_keyword, has_static, is_creature, power,
                              toughness)
from .resolution import deal_damage
from .areas import trigger_text


# ---------------------------------------------------------------- attackers (CR 508)

def restricted(g, o, kind: str) -> bool:
    from .effects_more import restricted as r
    return r(g, o, kind)


def can_attack(g, o) -> bool:
    """CR 508.1a: an untapped creature of the active player, under their control since
    the turn began (CR 302.6) unless it has haste (702.10b), without defender (702.3b)."""
    if not is_creature(o, g) or o.tapped or o.controller != g.active:
        return False
    if o.sick and not has_keyword(g, o, "haste"):
        return False
    if has_keyword(g, o, "defender") or has_static(o, "cant_attack"):
        return False
    # CR 508.1c: "... gets +1/+1 and can't attack" static pumps (engine/areas/type_changes)
    if _tc.static_restricted(g, o, "cant_attack"):
        return False
    # CR 508.1c: "can't attack this turn" from a resolved spell or ability.
    if g.effects and restricted(g, o, "cant_attack"):
        return False
    # CR 508.1c: "can't attack unless [condition]", "enchanted creature can't attack".
    if trigger_text.attack_restricted(g, o):
        return False
    return True


def attack_candidates(g) -> list[int]:
    return [oid for oid in g.battlefield if can_attack(g, g.objects[oid])]


def attack_requirements(g, candidates) -> list[int]:
    """CR 508.1d: the creatures that attack each combat if able ("~ attacks each combat
    if able"); each is able when it is a candidate (no restriction or unpaid cost stops
    it), so a legal declaration obeys every one of them."""
    from .areas.designations import goaded   # CR 701.15b
    return [oid for oid in candidates if has_static(g.objects[oid], "attacks_each_combat")
            or goaded(g, oid)]


def begin_declare_attackers(g) -> None:
    """CR 508.1: the active player declares attackers (a turn-based action); CR 508.1b:
    with ``planeswalkers``, which player or planeswalker each one attacks."""
    from .flow import ask
    from .areas.planeswalkers import attackable
    data = {"candidates": attack_candidates(g)}
    walkers = attackable(g, g.active)
    if walkers:
        data["planeswalkers"] = walkers
    ask(g, g.active, "attackers", data)


def declare_attackers(g, declaration) -> None:
    """CR 508.1f: attacking creatures without vigilance become tapped; 508.1: they attack
    the defending player, or (508.1b) the planeswalker the declaration names; the
    defending player is then that planeswalker's controller (CR 506.2)."""
    from .areas.planeswalkers import split_declaration
    from .triggers import fire_attacks
    from .zones import tap
    c = g.combat
    attackers, attacked = split_declaration(declaration)
    defender = 1 - g.active
    for oid in attackers:
        o = g.objects[oid]
        if not has_keyword(g, o, "vigilance"):
            tap(g, o)
        c.attackers[oid] = defender
        if oid in attacked:
            c.attacked[oid] = attacked[oid]
            g.event("508.1b", f"{g.oname(oid)} attacks {g.oname(attacked[oid])}")
    # CR 508.3a: abilities that trigger on attacking trigger now.
    for oid in attackers:
        fire_attacks(g, g.objects[oid])
    if len(attackers) == 1:
        # CR 702.83a-b: a creature attacks alone; exalted abilities of its controller's
        # permanents trigger ("that creature" is the attacker).
        from .triggers import fire_self
        for oid in list(g.battlefield):
            o = g.objects[oid]
            if o.controller == g.active and o.defn.triggered:
                fire_self(g, "creature_you_control_attacks_alone", o,
                          {"creature": attackers[0]})
    if attackers:
        from .areas.trigger_text_turn import record_attack
        record_attack(g, g.active)   # CR 508.1: raid; "whenever you attack"
        g.event("508.1", f"{g.pname(g.active)} attacks with "
                + ", ".join(g.oname(a) for a in attackers))
    else:
        g.event("508.8", f"{g.pname(g.active)} declares no attackers")
    g.pending = None
    g.priority = g.active


# ---------------------------------------------------------------- blockers (CR 509)

_LANDWALK = {"plainswalk": "Plains", "islandwalk": "Island", "swampwalk": "Swamp",
             "mountainwalk": "Mountain", "forestwalk": "Forest"}


def can_block(g, blocker, attacker) -> bool:
    """CR 509.1a-b: whether ``blocker`` may block ``attacker`` as far as the evasion
    abilities of the two allow (restrictions on one pair of creatures)."""
    # CR 702.9b: flying can be blocked only by creatures with flying or reach.
    if has_keyword(g, attacker, "flying") and not (
            has_keyword(g, blocker, "flying") or has_keyword(g, blocker, "reach")):
        return False
    # CR 509.1b: "can't be blocked" is a restriction on the attacker.
    if has_static(attacker, "unblockable") or _tc.static_restricted(g, attacker, "unblockable"):
        return False
    # CR 509.1b: "can't be blocked this turn", "by creatures with power N or greater".
    if trigger_text.blocker_restricted(g, blocker, attacker):
        return False
    # CR 509.1b + 725.1: "can't be blocked by creatures the monarch controls".
    if g.designations:
        from .areas.designations import unblockable_by_monarch
        if unblockable_by_monarch(g, blocker, attacker):
            return False
    # CR 509.1b: "can't be blocked by creatures with power N or less".
    for s in attacker.defn.static:
        if s.kind == "unblockable_by_power_or_less" and power(g, blocker) <= s.power:
            return False
    # CR 509.1b: "can block only creatures with flying" restricts the blocker.
    if has_static(blocker, "block_only_flying") and not has_keyword(g, attacker, "flying"):
        return False
    # CR 702.28b: shadow blocks and is blocked only by shadow.
    if has_keyword(g, attacker, "shadow") != has_keyword(g, blocker, "shadow"):
        return False
    # CR 702.31b: horsemanship can be blocked only by horsemanship.
    if has_keyword(g, attacker, "horsemanship") and not has_keyword(g, blocker, "horsemanship"):
        return False
    artifact_blocker = "Artifact" in card_types(g, blocker)
    # CR 702.36b: fear - only artifact creatures and/or black creatures block it.
    if has_keyword(g, attacker, "fear") and not (artifact_blocker
                                                 or "B" in colors(g, blocker)):
        return False
    # CR 702.13b: intimidate - only artifact creatures and/or creatures sharing a color.
    if has_keyword(g, attacker, "intimidate") and not (
            artifact_blocker or set(colors(g, blocker)) & set(colors(g, attacker))):
        return False
    # CR 702.118b: skulk - not by creatures with greater power.
    if has_keyword(g, attacker, "skulk") and power(g, blocker) > power(g, attacker):
        return False
    # CR 702.14c: landwalk - unblockable while the defending player controls such a land.
    for kw, sub in _LANDWALK.items():
        if has_keyword(g, attacker, kw) and any(
                g.objects[oid].controller == blocker.controller
                and "Land" in g.objects[oid].defn.types
                and sub in g.objects[oid].defn.subtypes for oid in g.battlefield):
            return False
    return True


def blocks_legal(g, pairs) -> bool:
    """CR 509.1b: restrictions on the declaration as a whole: a creature with menace
    (702.111b) can't be blocked except by two or more creatures; "can't be blocked except
    by N or more creatures", "by more than one creature"."""
    count: dict[int, int] = {}
    for _, a in pairs:
        count[a] = count.get(a, 0) + 1
    for a, n in count.items():
        o = g.objects[a]
        if n == 1 and has_keyword(g, o, "menace"):
            return False
        if o.defn.static:
            lo, hi = trigger_text.blocker_limits(o)
            if n < lo or (hi is not None and n > hi):
                return False
    # CR 506.5: "can't block alone".
    return trigger_text.block_alone_legal(g, pairs)


def has_block_restrictions(g) -> bool:
    """Whether some attacker has a restriction that depends on the other blockers
    (menace, CR 702.111b)."""
    return any(a in g.objects and (has_keyword(g, g.objects[a], "menace")
                                   or trigger_text.has_count_limits(g.objects[a]))
               for a in g.combat.attackers) or trigger_text.has_block_alone(g)


def block_options(g) -> tuple[list[int], list[list[int]]]:
    """Each untapped creature of the defending player and the attackers it may block."""
    c = g.combat
    defender = 1 - g.active
    blockers, options = [], []
    attackers = [a for a in c.attackers if a in g.objects]
    for oid in g.battlefield:
        o = g.objects[oid]
        if o.controller != defender or not is_creature(o, g) or o.tapped:
            continue
        if has_static(o, "cant_block") or _tc.static_restricted(g, o, "cant_block"):
            continue
        # CR 509.1b: "can't block this turn" from a resolved spell or ability.
        if g.effects and restricted(g, o, "cant_block"):
            continue
        # CR 509.1b: "enchanted creature can't block".
        if trigger_text.aura_restricted(g, o, "cant_block"):
            continue
        opts = [a for a in attackers if can_block(g, o, g.objects[a])]
        if opts:
            blockers.append(oid)
            options.append(opts)
    return blockers, options


def block_requirements(g, blockers) -> list[tuple[int, int]]:
    """CR 509.1c: the (blocker, attacker) pairs some effect requires ("blocks it this
    turn if able"), for creatures able to block that attacker."""
    c = g.combat
    out = []
    for e in g.effects:
        if e.layer == "requirement" and e.affected in blockers and e.data in c.attackers:
            b = g.objects[e.affected]
            if can_block(g, b, g.objects[e.data]):
                out.append((e.affected, e.data))
    # CR 509.1c: "All creatures able to block ~ do so."
    out.extend(trigger_text.lure_requirements(g, blockers, list(c.attackers)))
    return out


def begin_declare_blockers(g) -> None:
    """CR 509.1: the defending player declares blockers (a turn-based action)."""
    from .flow import ask
    blockers, options = block_options(g)
    ask(g, 1 - g.active, "blockers", {"blockers": blockers, "options": options})


def declare_blockers(g, pairs) -> None:
    """CR 509.1g-h: each chosen creature blocks; an attacker with blockers is blocked."""
    c = g.combat
    for b, a in pairs:
        c.blockers.setdefault(b, []).append(a)
        c.blocked.setdefault(a, []).append(b)
    # CR 509.3a / 509.3c: "whenever ~ blocks" and "whenever ~ becomes blocked" trigger
    # once each combat for each creature.
    if pairs:
        from .triggers import fire_self
        for b in dict.fromkeys(b for b, _ in pairs):
            fire_self(g, "blocks", g.objects[b])
        for a in dict.fromkeys(a for _, a in pairs):
            fire_self(g, "becomes_blocked", g.objects[a])
        # CR 509.3b / 509.3d: once for each creature blocked / blocking.
        trigger_text.fire_block_pairs(g, pairs)
    if pairs:
        g.event("509.1", f"{g.pname(1 - g.active)} blocks: "
                + ", ".join(f"{g.oname(b)} blocks {g.oname(a)}" for b, a in pairs))
    else:
        g.event("509.1", f"{g.pname(1 - g.active)} declares no blockers")
    g.pending = None
    g.priority = g.active


# ---------------------------------------------------------------- damage (CR 510)

def _strikes_first(g, o) -> bool:
    return has_keyword(g, o, "first strike") or has_keyword(g, o, "double strike")


def _in_combat(g):
    c = g.combat
    ids = [a for a in c.attackers if a in g.objects]
    ids += [b for b in c.blockers if b in g.objects]
    return ids


def dealers(g) -> list[int]:
    """CR 510.4: who deals damage in this combat damage step."""
    c = g.combat
    out = []
    for oid in _in_combat(g):
        o = g.objects[oid]
        if c.damage_kind == "first":
            if _strikes_first(g, o):
                out.append(oid)
        elif oid not in c.first_strike_dealt or has_keyword(g, o, "double strike"):
            out.append(oid)
    return out


def begin_combat_damage(g) -> None:
    """CR 510.4: a first-strike combat damage step comes first when any attacking or
    blocking creature has first strike or double strike."""
    c = g.combat
    if c.damage_kind is None:
        first = any(_strikes_first(g, g.objects[o]) for o in _in_combat(g))
        c.damage_kind = "first" if first else "regular"
    else:
        c.damage_kind = "regular"
    c.assignments = {}
    c.queue = [a for a in dealers(g) if a in c.attackers and len(division_recipients(g, a)[0]) > 1]
    continue_combat_damage(g)


def division_recipients(g, attacker: int) -> tuple[list[int], bool]:
    """The creatures (and, with trample, the player) an attacker may divide damage among."""
    c = g.combat
    blockers = [b for b in c.blocked.get(attacker, []) if b in g.objects
                and g.objects[b].zone == "battlefield"]
    trample = has_keyword(g, g.objects[attacker], "trample")
    rec = list(blockers)
    if trample and blockers:
        from .areas.planeswalkers import attack_recipient
        beyond = attack_recipient(g, attacker)   # CR 702.19c: the player or planeswalker
        if beyond is not None:
            rec.append(beyond)
    return rec, trample


def lethal_damage(g, source, o) -> int:
    """CR 702.19b / 702.2c: lethal damage, counting damage already marked; any amount
    from a deathtouch source is lethal."""
    if has_keyword(g, source, "deathtouch"):
        return 1 if toughness(g, o) - o.damage > 0 else 0
    return max(0, toughness(g, o) - o.damage)


def legal_divisions(g, attacker: int) -> list[dict]:
    """CR 510.1c / 702.19b: every legal way to divide an attacker's damage."""
    rec, trample = division_recipients(g, attacker)
    amount = max(0, power(g, g.objects[attacker]))
    out = []
    player = rec[-1] if trample and rec and rec[-1] in (0, 1) else None
    src = g.objects[attacker]
    for combo in combinations_with_replacement(range(len(rec)), amount):
        d: dict[int, int] = {}
        for i in combo:
            d[rec[i]] = d.get(rec[i], 0) + 1
        if player is not None and d.get(player, 0):
            # CR 702.19b: the player may get damage only once every blocker has lethal.
            if any(d.get(b, 0) < lethal_damage(g, src, g.objects[b]) for b in rec if b != player):
                continue
        out.append(d)
    return out


def continue_combat_damage(g) -> None:
    """CR 510.1: ask each division in turn, then deal all combat damage at once."""
    from .flow import ask
    c = g.combat
    while c.queue:
        a = c.queue[0]
        if a not in g.objects:
            c.queue.pop(0)
            continue
        ask(g, g.objects[a].controller, "assign_damage", {"creature": a})
        return
    deal_combat_damage(g)


def record_division(g, division: dict) -> None:
    c = g.combat
    a = c.queue.pop(0)
    c.assignments[a] = dict(division)
    g.pending = None
    continue_combat_damage(g)


def deal_combat_damage(g) -> None:
    """CR 510.2: all combat damage is dealt simultaneously."""
    from .areas.planeswalkers import attack_recipient
    c = g.combat
    hits: list[tuple[int, int, int]] = []
    who = dealers(g)
    for oid in who:
        o = g.objects[oid]
        amount = power(g, o)
        if amount <= 0:
            continue   # CR 510.1a
        if oid in c.attackers:
            if oid not in c.blocked:
                to = attack_recipient(g, oid)
                if to is not None:
                    hits.append((oid, to, amount))   # CR 510.1b (506.4c: None, no damage)
                continue
            rec, trample = division_recipients(g, oid)
            if oid in c.assignments:
                hits.extend((oid, r, n) for r, n in c.assignments[oid].items() if n)
            elif len(rec) == 1:
                hits.append((oid, rec[0], amount))              # CR 510.1c
            elif not rec and trample and attack_recipient(g, oid) is not None:
                hits.append((oid, attack_recipient(g, oid), amount))   # CR 702.19d
        else:
            blocked = [a for a in c.blockers[oid] if a in g.objects]
            if blocked:
                hits.append((oid, blocked[0], amount))          # CR 510.1d
    if c.damage_kind == "first":
        c.first_strike_dealt = list(who)
    from .triggers import fire_self
    from .areas import damage_text as damage_area
    damage_area.begin_batch()   # CR 510.2: dealt at once
    for src, rec, n in hits:
        dealt = deal_damage(g, src, rec, n, source_obj=g.objects[src], combat=True)
        if dealt and rec in (0, 1) and src in g.objects:
            toxic = sum(st.power for st in g.objects[src].defn.static if st.kind == "toxic")
            if toxic:
                # CR 702.164c / 120.3g: combat damage to a player by a creature with toxic
                # gives that player poison counters equal to its total toxic value.
                g.players[rec].poison += toxic
                g.event("702.164c", f"{g.pname(rec)} gets {toxic} poison counter(s) (toxic)")
            # CR 603.2 / 608.2h: the event remembers the player and "that much" damage
            fire_self(g, "combat_damage_to_player", g.objects[src],
                      {"player": rec, "amount": dealt})
            if g.designations:
                from .areas.designations import fire_combat_damage_to_player
                fire_combat_damage_to_player(g, src, rec)   # CR 725.2
    damage_area.end_batch(g)
    g.pending = None
    g.priority = g.active
