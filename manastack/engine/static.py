"""Static abilities that change costs (CR 601.2f, 118.7) and where abilities function
(CR 113.6)."""

from __future__ import annotations


def cost_reduction(g, o) -> int:
    """CR 601.2f / 118.7: generic mana by which ``o``'s own static abilities reduce the
    cost to cast it ("This spell costs {X} less to cast, where X is the total mana value
    of noncreature artifacts you control")."""
    total = 0
    for s in o.defn.static:
        if s.kind == "costs_less_mana_value":
            player = o.controller
            for oid in g.battlefield:
                a = g.objects[oid]
                if a.controller != player:
                    continue
                d = a.defn
                if all(t in d.types for t in s.filter.types) and not any(
                        t in d.types for t in s.exclude_types):
                    total += d.mana_value
        elif s.kind == "costs_less":
            total += s.power
    return total
