"""Characteristics as the layers make them (CR 613): power, toughness, abilities.

Values are computed from the printed card, counters and the continuous effects in force
each time they are read (never patched in place).
"""

from __future__ import annotations

from .state import Obj


def power(g, o: Obj) -> int:
    """CR 613.4: base power (7a/7b), then modifications and counters (7c)."""
    p = o.defn.power or 0
    c = o.counters
    if c:
        p += c.get("+1/+1", 0) - c.get("-1/-1", 0)
    for e in g.effects:
        if e.affected == o.oid and e.layer == "7c":
            p += e.power
    return p


def toughness(g, o: Obj) -> int:
    """CR 613.4: base toughness (7a/7b), then modifications and counters (7c)."""
    t = o.defn.toughness or 0
    c = o.counters
    if c:
        t += c.get("+1/+1", 0) - c.get("-1/-1", 0)
    for e in g.effects:
        if e.affected == o.oid and e.layer == "7c":
            t += e.toughness
    return t


def has_keyword(g, o: Obj, keyword: str) -> bool:
    """CR 613.1f (layer 6): whether the object has a keyword ability."""
    return keyword in o.defn.keywords


def has_static(o: Obj, kind: str) -> bool:
    return any(s.kind == kind for s in o.defn.static)


def is_creature(o: Obj) -> bool:
    return "Creature" in o.defn.types


def is_land(o: Obj) -> bool:
    return "Land" in o.defn.types
