"""Instructions about the stack and about destruction (CR 701.6, 701.14, 701.19)."""

from __future__ import annotations

from ...ir import effects as I
from . import handles


@handles(I.CounterObject)
def counter(step, instr: I.CounterObject) -> bool:
    """CR 701.6a: counter each spell: it leaves the stack for its owner's graveyard."""
    from ..effects import _counter
    g = step.g
    for oid in step.objects(instr.objects):
        item = next((s for s in g.stack if s.oid == oid or (s.is_spell and s.source == oid)),
                    None)
        if item is not None and item is not step.item:
            _counter(g, item)
    return True


@handles(I.Regenerate)
def regenerate(step, instr: I.Regenerate) -> bool:
    """CR 701.19a: a regeneration shield until the next time it would be destroyed this
    turn."""
    from .continuous import add_effect
    from ..areas.replacement_order import shield_data
    g = step.g
    for o in step.present(instr.objects):
        # the shield's source and ability, for CR 616.1
        add_effect(g, layer="shield", affected=o.oid, until="end_of_turn",
                   data=shield_data(step.item))
        g.event("701.19a", f"{g.oname(o.oid)} gains a regeneration shield")
    return True


@handles(I.Fight)
def fight(step, instr: I.Fight) -> bool:
    """CR 701.14a: each deals damage equal to its power to the other (701.14b: if either
    has left the battlefield or isn't a creature, no damage is dealt)."""
    from ..characteristics import is_creature, power
    from ..effects import deal_damage
    g = step.g
    a = step.present(instr.first)
    b = step.present(instr.second)
    if not a or not b or not is_creature(a[0], g) or not is_creature(b[0], g):
        return True
    x, y = a[0], b[0]
    px, py = power(g, x), power(g, y)
    deal_damage(g, x.oid, y.oid, px, x)
    deal_damage(g, y.oid, x.oid, py, y)
    return True
