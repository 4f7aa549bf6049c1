"""What one player may see (CR 400.2: hidden zones; 402.3: own hand)."""

from __future__ import annotations

from ..mana import format_pool
from .characteristics import is_creature, power, toughness
from .state import PLAYER_COUNTER_KINDS
from .areas.casting_keywords import face_down_in_exile


def describe(g, oid: int) -> dict:
    o = g.objects[oid]
    d = {"id": oid, "name": o.defn.name, "owner": o.owner, "controller": o.controller}
    if o.zone == "battlefield":
        d["tapped"] = o.tapped
        if is_creature(o, g):
            d["power"] = power(g, o)
            d["toughness"] = toughness(g, o)
            d["damage"] = o.damage
            d["sick"] = o.sick
        if o.counters:
            d["counters"] = dict(o.counters)
        if o.attached_to is not None:
            d["attached_to"] = o.attached_to
    return d


def view(g, player: int) -> dict:
    """The game as ``player`` sees it: the opponent's hand and both libraries are
    counts only (CR 400.2)."""
    players = []
    for p in g.players:
        mine = p.index == player
        players.append({
            "life": p.life,
            "hand": [describe(g, o) for o in p.hand] if mine else None,
            "hand_count": len(p.hand),
            "library_count": len(p.library),
            "graveyard": [describe(g, o) for o in p.graveyard],
            # CR 702.143a / 406.3: a foretold card is exiled face down; only its owner
            # may look at it
            "exile": [describe(g, o) if mine or not face_down_in_exile(g, o)
                      else {"id": o, "face_down": True} for o in p.exile],
            "mana_pool": format_pool(p.pool),
            "lost": p.lost,
            # CR 122.1: a player's counters are public (poison, energy, experience...)
            "counters": {k: p.counter(k) for k in PLAYER_COUNTER_KINDS if p.counter(k)},
        })
    return {
        "player": player, "turn": g.turn, "active": g.active, "step": g.step,
        "players": players,
        "battlefield": [describe(g, o) for o in g.battlefield],
        "stack": [{"id": s.oid, "source": s.source, "controller": s.controller,
                   "name": g.objects[s.source].defn.name if s.source in g.objects else None,
                   "spell": s.ability is None, "targets": list(s.targets)} for s in g.stack],
        "decision": ({"player": g.pending.player, "kind": g.pending.kind}
                     if g.pending else None),
        "over": g.over, "winner": g.winner,
    }
