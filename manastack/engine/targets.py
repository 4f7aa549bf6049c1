"""Targets (CR 115): what may be chosen, and whether a chosen target is still legal."""

from __future__ import annotations

from ..compiler.abilities import TargetSpec
from ..ir.refs import TargetSpec as IRTargetSpec
from .characteristics import card_types


def _object_matches(g, o, spec: TargetSpec, controller: int, item=None) -> bool:
    if o.zone != spec.zone:
        return False
    # CR 613.1d: a permanent's or spell's types after type-changing effects (a crewed
    # Vehicle; a bestowed Aura spell, CR 702.103b).
    types = o.defn.types if o.zone not in ("battlefield", "stack") else card_types(g, o)
    k = spec.kind
    if k == "any":
        # CR 115.4: "any target" is a creature, player, planeswalker or battle.
        ok = "Creature" in types or "Planeswalker" in types or "Battle" in types
    elif k == "creature":
        ok = "Creature" in types
    elif k in ("permanent", "card"):
        ok = True
    elif k == "spell":
        # CR 115.5: a spell or ability on the stack is an illegal target for itself.
        ok = (any(s.oid == o.oid and s.is_spell for s in g.stack)
              and not (item is not None and item.source == o.oid))
    else:
        ok = False
    if not ok:
        return False
    if spec.types and not all(t in types for t in spec.types):
        return False
    # CR 702.73a / 205.3: a changeling has every creature type ("target Goblin").
    if spec.subtypes:
        from .characteristics import has_subtype
        if not all(has_subtype(o, t, g) for t in spec.subtypes):
            return False
    # CR 202.3e: a spell's mana value counts the X chosen for it.
    from .characteristics import mana_value
    if spec.max_mana_value is not None and mana_value(g, o) > spec.max_mana_value:
        return False
    if spec.no_counters and o.counters and any(o.counters.values()):
        return False
    if spec.quals:
        # CR 115.1: further qualities a target must have ("nonland", "tapped").
        from .effects_more import has_qualities
        if not has_qualities(g, o, spec.quals, controller):
            return False
    if spec.other and item is not None and o.card == item.source_card and o.card >= 0:
        return False
    owner_or_controller = o.controller if spec.zone == "battlefield" else o.owner
    if spec.controller == "you" and owner_or_controller != controller:
        return False
    if spec.controller == "opponent" and owner_or_controller == controller:
        return False
    return _can_be_targeted(g, o, controller, item)


def _can_be_targeted(g, o, controller: int, item) -> bool:
    """Whether a permanent may be the target of the source's spell or ability."""
    if o.zone != "battlefield":
        return True
    from .characteristics import has_keyword
    # CR 702.18a: shroud - can't be the target of spells or abilities.
    if has_keyword(g, o, "shroud"):
        return False
    # CR 702.11b: hexproof - can't be the target of opponents' spells or abilities.
    if o.controller != controller and has_keyword(g, o, "hexproof"):
        return False
    # CR 702.16b: protection - not the target of spells or abilities from a source
    # with the stated quality.
    if item is not None and item.source_card is not None and item.source_card != -1:
        from .characteristics import protections
        prot = protections(g, o)
        if prot and any(c in prot for c in g.card_definition(item.source_card).colors):
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


def _zone_objects(g, spec: TargetSpec):
    if spec.zone == "battlefield":
        return g.battlefield
    if spec.zone == "graveyard":
        return g.players[0].graveyard + g.players[1].graveyard
    if spec.zone == "stack":
        return [s.oid for s in g.stack if s.is_spell]
    return []


def _context(g, controller: int, item):
    from .evaluate import Context
    if item is None:
        return Context(controller)
    return Context(controller, item.source, item.source_card, (), item.info, item.x)


def _ir_object_ok(g, spec, o, controller: int, item) -> bool:
    """CR 115.1, 115.5, 702.11b, 702.16b, 702.18a: ``o`` matches the spec's filter and
    may be targeted by the source."""
    from .evaluate import matches
    if not matches(g, _context(g, controller, item), spec.objects, o):
        return False
    if o.zone == "stack" and item is not None and item.source == o.oid:
        return False   # CR 115.5: a spell can't target itself
    return _can_be_targeted(g, o, controller, item)


def _ir_candidates(g, spec, controller: int, item=None) -> list[int]:
    from .evaluate import players, zone_objects
    ctx = _context(g, controller, item)
    out = []
    if spec.players is not None:
        out = [p for p in players(g, ctx, spec.players) if not g.players[p].lost]
    if spec.objects is not None:
        for oid in zone_objects(g, spec.objects):
            o = g.objects.get(oid)
            if o is not None and _ir_object_ok(g, spec, o, controller, item):
                out.append(oid)
    return out


def candidates(g, spec: TargetSpec, controller: int, item=None) -> list[int]:
    """CR 601.2c / 603.3d: every legal choice for one target (players are 0 and 1)."""
    if isinstance(spec, IRTargetSpec):
        return _ir_candidates(g, spec, controller, item)
    out = [p for p in (0, 1) if _player_matches(spec, p, controller)]
    for oid in _zone_objects(g, spec):
        o = g.objects.get(oid)
        if o is not None and _object_matches(g, o, spec, controller, item):
            out.append(oid)
    return out


def target_is_legal(g, item, spec: TargetSpec, t: int) -> bool:
    """CR 608.2b: is the target still legal as the spell or ability resolves?"""
    if isinstance(spec, IRTargetSpec):
        if t in (0, 1):
            from .evaluate import players
            return (spec.players is not None and not g.players[t].lost
                    and t in players(g, _context(g, item.controller, item), spec.players))
        o = g.objects.get(t)
        return (o is not None and spec.objects is not None
                and _ir_object_ok(g, spec, o, item.controller, item))
    if t in (0, 1):
        return _player_matches(spec, t, item.controller) and not g.players[t].lost
    o = g.objects.get(t)
    return o is not None and _object_matches(g, o, spec, item.controller, item)


def target_groups(item, specs) -> list[tuple]:
    """The chosen targets of each target spec, in order (CR 601.2c)."""
    sizes = item.info.get("groups")
    if sizes is None:
        sizes = [1] * len(specs)
    out, i = [], 0
    for n in sizes:
        out.append(tuple(item.targets[i:i + n]))
        i += n
    while len(out) < len(specs):
        out.append(())
    return out
