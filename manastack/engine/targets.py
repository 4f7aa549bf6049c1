"""Targets (CR 115): what may be chosen, and whether a chosen target is still legal."""

from __future__ import annotations

from ..compiler.abilities import TargetSpec


def _object_matches(g, o, spec: TargetSpec, controller: int) -> bool:
    if o.zone != "battlefield":
        return False
    types = o.defn.types
    k = spec.kind
    if k == "any":
        # CR 115.4: "any target" is a creature, player, planeswalker or battle.
        ok = "Creature" in types or "Planeswalker" in types or "Battle" in types
    elif k == "creature":
        ok = "Creature" in types
    elif k == "permanent":
        ok = True
    else:
        ok = False
    if not ok:
        return False
    if spec.types and not all(t in types for t in spec.types):
        return False
    if spec.controller == "you" and o.controller != controller:
        return False
    kws = o.defn.keywords
    if kws or any(a.attached_to == o.oid for a in (g.objects[x] for x in g.battlefield)):
        from .characteristics import has_keyword
        # CR 702.18a: shroud - can't be the target of spells or abilities.
        if has_keyword(g, o, "shroud"):
            return False
        # CR 702.11b: hexproof - can't be the target of opponents' spells or abilities.
        if o.controller != controller and has_keyword(g, o, "hexproof"):
            return False
    if spec.controller == "opponent" and o.controller == controller:
        return False
    return True


def _player_matches(spec: TargetSpec, p: int, controller: int) -> bool:
    if spec.kind not in ("any", "player"):
        return False
    if spec.controller == "opponent" and p == controller:
        return False
    if spec.controller == "you" and p != controller:
        return False
    return True


def candidates(g, spec: TargetSpec, controller: int) -> list[int]:
    """CR 601.2c: every legal choice for one target (players are 0 and 1)."""
    out = [p for p in (0, 1) if _player_matches(spec, p, controller)]
    for oid in g.battlefield:
        if _object_matches(g, g.objects[oid], spec, controller):
            out.append(oid)
    return out


def target_is_legal(g, item, spec: TargetSpec, t: int) -> bool:
    """CR 608.2b: is the target still legal as the spell or ability resolves?"""
    if t in (0, 1):
        return _player_matches(spec, t, item.controller) and not g.players[t].lost
    o = g.objects.get(t)
    return o is not None and _object_matches(g, o, spec, item.controller)
