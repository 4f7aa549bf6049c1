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
    from .flow import ask
    player = item.controller
    hand = g.players[player].hand
    n = min(eff.count, len(hand))
    if n == 0:
        return None
    if "answer" not in item.info:
        ask(g, player, "choose_cards", {"cards": list(hand), "count": n, "ordered": True,
                                        "resolving": True, "rule": "401.4",
                                        "purpose": "library_top"})
        if g.pending is not None:
            return "ask"
    chosen = [oid for oid in item.info.pop("answer") if oid in g.objects]
    # Moving each to the top in reverse order leaves the first chosen on top.
    for oid in reversed(chosen):
        zones.move(g, g.objects[oid], "library", top=True)
    g.event("401.4", f"{g.pname(player)} puts {len(chosen)} card(s) from their hand on top "
            "of their library")
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


EFFECTS: dict = {
    A.PutFromHandOnTop: _put_from_hand_on_top,
    A.ExileGraveyard: _exile_graveyard,
    A.DealDamageIfControls: _deal_damage_if_controls,
}
