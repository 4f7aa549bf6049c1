"""How instructions combine (CR 608.2c-d): "you may", "If you do", "If ..., Otherwise"."""

from __future__ import annotations

from ...ir import effects as I
from . import handles, run


@handles(I.Optional)
def optional(step, instr: I.Optional) -> bool:
    """CR 608.2d: the player chooses as the instruction is reached whether to follow it;
    "If you do" follows only if they did (CR 608.2c)."""
    frame = step.frame
    if frame.stage == 0:
        chooser = step.players(instr.chooser)
        if not chooser:
            return True
        frame.stage = 1
        if step.ask(chooser[0], "yes_no", {"rule": "608.2d"}):
            return False
    if frame.stage == 1:
        yes = bool(step.take_answer())
        frame.stage = 2
        frame.branch = 1 if yes else 2
        step.g.event("608.2d", f"{step.g.pname(step.players(instr.chooser)[0])} "
                     f"chooses {'to' if yes else 'not to'}")
    body = (instr.effects + instr.then) if frame.branch == 1 else instr.otherwise
    return run(step.g, step.item, body, step.depth + 1)


@handles(I.Conditional)
def conditional(step, instr: I.Conditional) -> bool:
    """CR 608.2c: "If [condition], ..." checked as the instruction is reached."""
    frame = step.frame
    if frame.stage == 0:
        frame.stage = 1
        frame.branch = 1 if step.holds(instr.condition) else 2
    body = instr.effects if frame.branch == 1 else instr.otherwise
    return run(step.g, step.item, body, step.depth + 1)
