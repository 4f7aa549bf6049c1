"""State-based actions (CR 704) and the end of the game (CR 104)."""

from __future__ import annotations

from .characteristics import has_keyword, is_creature, toughness
from .areas import type_changes as _tc
from . import zones
from .durations import check_durations
from .areas.legend_rule import legend_rule


def check_state_based_actions(g) -> bool:
    """CR 704.3: perform all applicable state-based actions at once, repeating until
    none apply. Returns whether any was performed."""
    any_done = False
    for _ in range(1000):
        done = _one_pass(g)
        if not done:
            return any_done
        any_done = True
        if g.over or g.pending is not None:
            return True   # the game ended, or a player chooses (CR 704.5j)
    # CR 104.4b: a loop of mandatory actions that cannot stop is a draw.
    end_game(g, None, "104.4b", "state-based actions loop forever: the game is a draw")
    return True


def _one_pass(g) -> bool:
    # CR 611.2b: "for as long as" effects whose condition stopped holding have ended
    # (not a state-based action, but it changes what the checks below see).
    ended = check_durations(g) if g.effects else False
    losers = []
    for p in g.players:
        if p.lost:
            continue
        # CR 704.5a: a player with 0 or less life loses.
        if p.life <= 0:
            losers.append((p.index, "704.5a", f"{g.pname(p.index)} has {p.life} life and loses"))
        # CR 704.5b: a player who drew from an empty library loses.
        elif p.drew_from_empty:
            losers.append((p.index, "704.5b", f"{g.pname(p.index)} drew from an empty library and loses"))
        # CR 704.5c: a player with ten or more poison counters loses.
        elif p.poison >= 10:
            losers.append((p.index, "704.5c", f"{g.pname(p.index)} has {p.poison} poison "
                           "counters and loses"))
    to_graveyard = []
    to_destroy = []
    # CR 704.5i: a planeswalker with loyalty 0 -> owner's graveyard.
    from .areas.planeswalkers import zero_loyalty
    to_graveyard.extend(zero_loyalty(g))
    for oid in g.battlefield:
        o = g.objects[oid]
        if not is_creature(o, g):
            continue
        t = toughness(g, o)
        # CR 704.5f: toughness 0 or less -> owner's graveyard.
        if t <= 0:
            to_graveyard.append((o, "704.5f", "has toughness 0 or less"))
        # CR 702.12b: an indestructible permanent isn't destroyed (704.5g-h don't apply).
        elif (o.damage >= t and o.damage > 0 or o.deathtouched) and has_keyword(
                g, o, "indestructible"):
            continue
        # CR 704.5g: lethal damage -> destroyed.
        elif o.damage >= t and o.damage > 0:
            to_destroy.append((o, "704.5g", "has lethal damage"))
        # CR 704.5h: damage from a source with deathtouch -> destroyed.
        elif o.deathtouched:
            to_destroy.append((o, "704.5h", "was dealt damage by a deathtouch source"))
    # CR 704.5d: a token in a zone other than the battlefield ceases to exist; CR 704.5e:
    # so does a copy of a spell in a zone other than the stack.
    gone = copies = 0
    for p in g.players:
        for zone in (p.graveyard, p.hand, p.exile):
            for oid in [x for x in zone if g.objects[x].card <= -2]:
                if g.token_spec(g.objects[oid].card).get("spell_copy"):
                    copies += 1
                else:
                    gone += 1
                zone.remove(oid)
                del g.objects[oid]
    if gone:
        g.event("704.5d", f"{gone} token(s) outside the battlefield cease to exist")
    if copies:
        g.event("704.5e", f"{copies} copy(ies) of a spell outside the stack cease to exist")
    # CR 704.5m: an Aura attached to an illegal object, or to nothing, goes to the graveyard.
    for oid in list(g.battlefield):
        o = g.objects[oid]
        if "Aura" in o.defn.subtypes:
            host = g.objects.get(o.attached_to) if o.attached_to is not None else None
            if host is None or host.zone != "battlefield" or not _enchant_ok(g, o, host):
                to_graveyard.append((o, "704.5m", "is an Aura attached to nothing legal"))
    # CR 704.5n: an Equipment attached to an illegal permanent becomes unattached.
    unattach = []
    for oid in g.battlefield:
        o = g.objects[oid]
        if o.attached_to is not None and "Equipment" in o.defn.subtypes:
            host = g.objects.get(o.attached_to)
            if host is None or host.zone != "battlefield" or not is_creature(host, g):
                unattach.append(o)
            else:
                from .characteristics import protected_from
                # CR 702.16d: an Equipment with a quality the creature has protection
                # from becomes unattached.
                if protected_from(g, host, o):
                    unattach.append(o)
    for o in unattach:
        o.attached_to = None
        g.event("704.5n", f"{g.oname(o.oid)} becomes unattached")
    # CR 702.103f: a bestowed Aura attached to an illegal object becomes unattached.
    unattach += _tc.bestow_unattach(g)
    # CR 704.5t: a completed dungeon leaves the game.
    dungeon = bool(g.designations) and _dungeon_sba(g)
    from .areas.faces_saga import saga_sba
    saga = saga_sba(g)   # CR 704.5s / 714.4: a finished Saga is sacrificed
    # CR 611.3a: the effects of Auras' and Equipment's static abilities follow attachment.
    synced = _tc.sync_attached(g)
    # CR 704.5q: +1/+1 and -1/-1 counters on one permanent annihilate in pairs.
    annihilated = _annihilate_counters(g)
    # CR 704.5j: the legend rule (its controller chooses, in APNAP order).
    legends, asked = legend_rule(g)
    if asked:
        return True
    to_graveyard += legends
    # CR 616.1: the controller of a permanent about to be destroyed chooses which of
    # several replacement effects applies first (before anything is performed, 704.3).
    if to_destroy:
        from .areas.replacement_order import ask_destruction_order
        if ask_destruction_order(g, [o for o, _, _ in to_destroy]):
            return True
    if not losers and not to_graveyard and not to_destroy:
        return (bool(unattach) or bool(gone) or dungeon or synced or saga or ended
                or annihilated)
    from .triggers import begin_together, end_together
    begin_together()   # CR 704.3: these state-based actions happen at once (603.10a)
    for o, rule, why in to_graveyard + to_destroy:
        if o.oid in g.objects and o.zone == "battlefield":
            # CR 701.19a: only destruction (704.5g-h) is replaced by regeneration.
            if rule in ("704.5g", "704.5h") and zones.regenerated(g, o):
                continue
            g.event(rule, f"{g.oname(o.oid)} {why} and is put into its owner's graveyard")
            zones.move(g, o, "graveyard")
    end_together()
    for idx, rule, text in losers:
        g.players[idx].lost = True
        g.event(rule, text)
    if losers:
        alive = [p.index for p in g.players if not p.lost]
        # CR 104.2a: a player wins when all opponents have left; 104.4a: all lose -> draw.
        end_game(g, alive[0] if len(alive) == 1 else None, "104.2a" if alive else "104.4a",
                 f"{g.pname(alive[0])} wins" if alive else "both players lose: a draw")
    return True


def _annihilate_counters(g) -> bool:
    """CR 704.5q: a permanent with both +1/+1 and -1/-1 counters on it loses N of each,
    N being the smaller number. Returns whether any were removed."""
    done = False
    for oid in g.battlefield:
        o = g.objects[oid]
        c = o.counters
        if not c or "+1/+1" not in c or "-1/-1" not in c:
            continue
        n = min(c["+1/+1"], c["-1/-1"])
        for kind in ("+1/+1", "-1/-1"):
            c[kind] -= n
            if not c[kind]:
                del c[kind]
        if not c:
            o.counters = None
        g.event("704.5q", f"{n} +1/+1 and {n} -1/-1 counter(s) are removed from "
                f"{g.oname(oid)}")
        done = True
    return done


def _dungeon_sba(g) -> bool:
    from .areas.designations import dungeon_sba
    return dungeon_sba(g)


def _enchant_ok(g, aura, host) -> bool:
    """CR 303.4d / 702.5: the enchanted object still fits the Aura's enchant ability."""
    from .casting import _filter_matches
    for s in aura.defn.static:
        if s.kind == "enchant" and s.filter is not None:
            spec = s.filter
            d = host.defn
            if spec.types and not all(t in d.types for t in spec.types):
                return False
            if spec.subtypes and not all(t in d.subtypes for t in spec.subtypes):
                return False
            # CR 303.4c: "Enchant creature you control" - the Aura's controller must
            # control the enchanted creature.
            if spec.controller == "you" and host.controller != aura.controller:
                return False
    _ = _filter_matches
    from .characteristics import protected_from
    return not protected_from(g, host, aura)


def end_game(g, winner: int | None, rule: str, text: str, by=None) -> None:
    """CR 104.1: the game ends immediately (``by`` an options limit, else the rules)."""
    from .game import EndedBy, Ending
    g.ending = Ending(by or EndedBy.RULES, rule, text)
    g.over = True
    g.winner = winner
    g.pending = None
    g.priority = None
    g.event(rule, text)
