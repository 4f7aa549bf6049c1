"""What happened this turn, for conditions of the `trigger_text` area: the creatures that
died this turn (morbid, CR 700.4), and whether each player attacked this turn (raid, CR
508.1). (Cards drawn this turn are ``Player.drawn``.)

Kept in ``Game.turn_facts`` as ``{"turn": N, "died": n, "attacked": [x, y]}``; facts
recorded in an earlier turn read as none (no reset needed
when a turn begins)."""

from __future__ import annotations


def _current(g) -> dict:
    f = g.turn_facts
    if f.get("turn") != g.turn:
        f = {"turn": g.turn, "died": 0, "attacked": [False, False]}
        g.turn_facts = f
    return f


def creatures_died(g) -> int:
    f = g.turn_facts
    return f["died"] if f.get("turn") == g.turn else 0


def attacked(g, player: int) -> bool:
    f = g.turn_facts
    return bool(f["attacked"][player]) if f.get("turn") == g.turn else False


def copy(f: dict) -> dict:
    """A copy sharing nothing mutable (``Game.clone``)."""
    if not f:
        return {}
    return {"turn": f["turn"], "died": f["died"], "attacked": list(f["attacked"])}


def to_json(f: dict) -> dict:
    return copy(f)


def from_json(d) -> dict:
    return copy(d or {})


def record_death(g, o) -> None:
    """CR 700.4: a creature died (morbid counts creatures that died this turn)."""
    _current(g)["died"] += 1


def record_attack(g, player: int) -> None:
    """CR 508.1: the player attacked with one or more creatures this turn (raid); CR
    508.3a / 603.2: "whenever you attack" abilities of their permanents trigger."""
    _current(g)["attacked"][player] = True
    from ..triggers import fire_self
    for oid in list(g.battlefield):
        o = g.objects[oid]
        if o.controller == player and o.defn.triggered:
            fire_self(g, "you_attack", o)
