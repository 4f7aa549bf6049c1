"""Continuous effects from resolving spells and abilities (CR 611.2, 613): power and
toughness changes (layer 7c), abilities gained (layer 6) and control (layer 2). The
objects affected are fixed as the effect begins (CR 611.2c)."""

from __future__ import annotations

from ...ir import effects as I
from ..durations import expiry
from ..state import ContinuousEffect
from . import handles



def until(step, duration) -> str:
    """CR 611.2: the engine's expiry word for an IR duration of this step's effect."""
    return expiry(duration, step.item.source, step.item.controller)


def add_effect(g, **kw) -> None:
    g.timestamp += 1
    g.effects.append(ContinuousEffect(g.timestamp, **kw))


@handles(I.ModifyPT)
def modify_pt(step, instr: I.ModifyPT) -> bool:
    """CR 613.4c: +N/+N in layer 7c, from now until the duration ends."""
    g = step.g
    p, t = step.signed(instr.power), step.signed(instr.toughness)
    for o in step.present(instr.objects):
        add_effect(g, layer="7c", affected=o.oid, power=p, toughness=t,
                   until=until(step, instr.duration))
        g.event("613.4c", f"{g.oname(o.oid)} gets {p:+d}/{t:+d} {instr.duration.value}".rstrip())
    return True


@handles(I.GainAbilities)
def gain_abilities(step, instr: I.GainAbilities) -> bool:
    """CR 613.1f: abilities gained in layer 6."""
    g = step.g
    for o in step.present(instr.objects):
        for kw in instr.keywords:
            add_effect(g, layer="6", affected=o.oid, until=until(step, instr.duration), keyword=kw)
        g.event("613.1f", f"{g.oname(o.oid)} gains {', '.join(instr.keywords)} "
                f"{instr.duration.value}".rstrip())
    return True


@handles(I.GainControl)
def gain_control(step, instr: I.GainControl) -> bool:
    """CR 613.1b (layer 2): control changes; CR 302.6: it is "summoning sick" for its new
    controller."""
    g = step.g
    who = step.players(instr.player)
    if not who:
        return True
    p = who[0]
    for o in step.present(instr.objects):
        add_effect(g, layer="2", affected=o.oid, until=until(step, instr.duration), controller=p,
                   previous=o.controller)
        if o.controller != p:
            o.controller = p
            o.sick = True
        g.event("613.1b", f"{g.pname(p)} gains control of {g.oname(o.oid)}")
    return True
