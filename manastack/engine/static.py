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
        elif s.kind == "affinity":
            total += affinity_reduction(g, o, s)
    from .areas.casting_options import cost_change
    return total + cost_change(g, o)


def cant_be_countered(g, item) -> bool:
    """CR 113.6g: "This spell can't be countered" functions on the stack."""
    if not item.is_spell:
        return False
    d = g.card_definition(item.source_card)
    return any(s.kind == "cant_be_countered" for s in d.static)


def affinity_reduction(g, o, s) -> int:
    """CR 702.41a: "Affinity for [text]" - the spell costs {1} less for each [text] its
    controller controls."""
    f = s.filter
    total = 0
    for oid in g.battlefield:
        a = g.objects[oid]
        if a.controller == o.controller and all(t in a.defn.types for t in f.types) \
                and all(t in a.defn.subtypes for t in f.subtypes):
            total += 1
    return total


def untaps_during_untap_step(g, o) -> bool:
    """CR 502.3: whether ``o`` untaps during its controller's untap step: not if it
    "doesn't untap during your untap step", nor if an Aura attached to it says "Enchanted
    creature doesn't untap during its controller's untap step" (CR 303.4b)."""
    if any(s.kind == "doesnt_untap" for s in o.defn.static):
        return False
    for oid in g.battlefield:
        a = g.objects[oid]
        if a.attached_to == o.oid and "Aura" in a.defn.subtypes and any(
                s.kind == "enchanted_doesnt_untap" for s in a.defn.static):
            return False
    return True
