"""Life (CR 119): gaining and losing life."""

from __future__ import annotations

from ...ir import effects as I
from . import handles


@handles(I.GainLife)
def gain_life(step, instr: I.GainLife) -> bool:
    """CR 119.3: gaining life adds to the total; 119.9: "whenever you gain life" triggers."""
    from ..triggers import fire_gain_life
    g = step.g
    n = step.amount(instr.amount)
    for p in step.players(instr.players):
        if n <= 0:
            continue
        g.players[p].life += n
        g.event("119.3", f"{g.pname(p)} gains {n} life")
        fire_gain_life(g, p, n)
    step.amounted(n)
    return True


@handles(I.LoseLife)
def lose_life(step, instr: I.LoseLife) -> bool:
    """CR 119.3: losing life subtracts from the total."""
    g = step.g
    n = step.amount(instr.amount)
    for p in step.players(instr.players):
        if n <= 0:
            continue
        g.players[p].life -= n
        g.event("119.3", f"{g.pname(p)} loses {n} life")
    step.amounted(n)
    return True
