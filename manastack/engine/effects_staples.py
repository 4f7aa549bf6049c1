"""Effects of the staple templates (``compiler/staples.py``), registered into
``effects._EFFECTS``: effect class -> function(g, item, eff, legal) returning "ask" when
it waits for a decision.

Putting cards from a hand on top of a library (CR 401.4), exiling a graveyard
(CR 406.1), damage that depends on what its controller controls (CR 207.2c, 120.3).
"""

from __future__ import annotations

from ..compiler import abilities as A
from . import zones
from .effects_more import group_targets


def _put_from_hand_on_top(g, item, eff, legal):
    """CR 401.4: the player chooses ``count`` cards from their hand (all of them if they
    have fewer) and puts them on top of their library in the order they choose; one
    decision lists the chosen cards in their final order, top first."""
    from .effects import choose_from_hand
    chosen = choose_from_hand(g, item, eff.count, "401.4", "library_top", ordered=True)
    if chosen == "ask":
        return "ask"
    chosen = [oid for oid in chosen if oid in g.objects]
    # Moving each to the top in reverse order leaves the first chosen on top.
    for oid in reversed(chosen):
        zones.move(g, g.objects[oid], "library", top=True)
    g.event("401.4", f"{g.pname(item.controller)} puts {len(chosen)} card(s) from their hand "
            "on top of their library")
    return None


def _exile_graveyard(g, item, eff, legal):
    """CR 406.1 / 400.7: every card in each target player's graveyard is exiled (a player
    who is no longer a legal target is unaffected, CR 608.2b)."""
    for p in group_targets(item, eff.target, legal):
        if p not in (0, 1):
            continue
        gy = g.players[p].graveyard
        for oid in list(gy):
            o = g.objects.get(oid)
            if o is not None:
                zones.move(g, o, "exile")
        g.event("406.1", f"{g.pname(p)}'s graveyard is exiled")


def _deal_damage_if_controls(g, item, eff, legal):
    """CR 207.2c (metalcraft) / 120.3: the amount is chosen as the effect resolves, from
    what the controller controls then (CR 608.2h)."""
    from .effects import deal_damage, first_target
    t = first_target(item, eff.target)
    if t is None or t not in legal:
        return None
    me = item.controller
    count = sum(1 for oid in g.battlefield
                if g.objects[oid].controller == me
                and all(ty in g.objects[oid].defn.types for ty in eff.types))
    amount = eff.instead if count >= eff.at_least else eff.amount
    deal_damage(g, item.source, t, amount, g.objects.get(item.source),
                source_card=item.source_card)
    return None


def _count(g, spec, controller: int, supertype: str | None) -> int:
    from .effects_more import each_matching
    return sum(1 for oid in each_matching(g, spec, controller)
               if supertype is None or supertype in g.objects[oid].defn.supertypes)


def _damage_by_count(g, item, eff, legal):
    """CR 120.3 / 608.2h: the amount is counted as the effect resolves."""
    from .effects import deal_damage, first_target
    t = first_target(item, eff.target)
    if t is None or t not in legal:
        return None
    amount = eff.multiplier * _count(g, eff.spec, item.controller, eff.supertype)
    deal_damage(g, item.source, t, amount, g.objects.get(item.source),
                source_card=item.source_card)
    return None


def _pump_by_count(g, item, eff, legal):
    """CR 613.4c (layer 7c); CR 608.2h: X is fixed as the effect begins."""
    from .effects import _add_effect, first_target
    t = first_target(item, eff.target)
    if t is None or t not in legal:
        return None
    n = _count(g, eff.spec, item.controller, None)
    p, q = eff.power * n, eff.toughness * n
    _add_effect(g, layer="7c", affected=t, power=p, toughness=q, until=eff.until)
    g.event("613.4c", f"{g.oname(t)} gets {p:+d}/{q:+d} until end of turn")
    return None


def _target_controller_loses_life(g, item, eff, legal):
    """CR 119.3: the target's controller loses life (read before the target moves in the
    same resolution, CR 608.2h)."""
    from .effects import first_target
    t = first_target(item, eff.target)
    if t is None or t not in legal or t not in g.objects:
        return None
    p = g.objects[t].controller
    g.players[p].life -= eff.amount
    g.event("119.3", f"{g.pname(p)} loses {eff.amount} life")
    return None


def _draw_per_named(g, item, eff, legal):
    """CR 121.1 / 201.2: count the cards with this name in your graveyard, then draw."""
    from .effects import item_source_name
    name = item_source_name(g, item)
    me = item.controller
    n = sum(1 for oid in g.players[me].graveyard if g.objects[oid].defn.name == name)
    zones.draw(g, me, n)
    return None


def _may_discard_to_draw(g, item, eff, legal):
    """CR 608.2d: "you may" is chosen as the effect resolves; CR 701.9a: the player
    chooses the card; "if you do" draws only after a discard actually happened."""
    from .effects import discard
    from .flow import ask
    player = item.controller
    hand = g.players[player].hand
    info = item.info
    if info.get("may") is None:
        if not hand:
            return None
        info["may"] = "ask"
        ask(g, player, "yes_no", {"rule": "608.2d", "resolving": True})
        if g.pending is not None:
            return "ask"
    if info.get("may") == "ask":
        if not info.pop("answer", False):
            info["may"] = "no"
            return None
        info["may"] = "discard"
        ask(g, player, "choose_cards", {"cards": list(hand), "count": 1, "resolving": True,
                                        "rule": "701.9a", "purpose": "discard"})
        if g.pending is not None:
            return "ask"
    if info.get("may") == "discard":
        chosen = [oid for oid in info.pop("answer", ()) if oid in hand]
        info["may"] = "done"
        for oid in chosen:
            discard(g, player, oid)
        if chosen:
            zones.draw(g, player, eff.draw)
    return None


def _shuffle_self_into_library(g, item, eff, legal):
    """CR 400.7 / 603.6c: a leaves-the-battlefield ability finds the card in the public
    zone it went to; if it has left that graveyard, nothing happens. CR 701.24a."""
    for p in (0, 1):
        for oid in list(g.players[p].graveyard):
            o = g.objects.get(oid)
            if o is not None and o.card == item.source_card:
                zones.move(g, o, "library")
                zones.shuffle_library(g, o.owner)
                g.event("701.24a", f"{g.pname(o.owner)} shuffles {o.defn.name} into their "
                        "library")
                return None
    return None


def _if_target_was(g, item, eff, legal):
    """CR 608.2h: "If that land was a snow land, ...": the target's qualities are read
    (``check``) before the spell's first effect changes it -- its last known information --
    and the later part does its effects only if they held."""
    from .effects import execute
    from .effects_more import permanent_matches
    if eff.check:
        ts = group_targets(item, eff.target, legal)
        o = g.objects.get(ts[0]) if ts else None
        item.info["target_was"] = bool(o is not None and o.zone == "battlefield"
                                       and permanent_matches(g, o, eff.spec, item.controller))
        return None
    if item.info.get("target_was"):
        for e in eff.effects:
            if execute(g, item, e, legal) == "ask":
                return "ask"
    return None


EFFECTS: dict = {
    A.IfTargetWas: _if_target_was,
    A.PutFromHandOnTop: _put_from_hand_on_top,
    A.ExileGraveyard: _exile_graveyard,
    A.DealDamageIfControls: _deal_damage_if_controls,
    A.DamageByCount: _damage_by_count,
    A.PumpByCount: _pump_by_count,
    A.TargetControllerLosesLife: _target_controller_loses_life,
    A.DrawPerNamedInGraveyard: _draw_per_named,
    A.MayDiscardToDraw: _may_discard_to_draw,
    A.ShuffleSelfIntoLibrary: _shuffle_self_into_library,
}
