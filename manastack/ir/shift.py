"""Renumbering the targets of instructions (CR 700.2d: the targets of a modal spell's
chosen modes are numbered one mode after another)."""

from __future__ import annotations

import dataclasses

from . import refs as R


def shift_targets(node, offset: int):
    """``node`` (an instruction, a tuple of them, or any IR node) with every target
    number moved by ``offset``."""
    if not offset:
        return node
    if isinstance(node, tuple):
        return tuple(shift_targets(x, offset) for x in node)
    if isinstance(node, R.Targets):
        return R.Targets(node.index + offset)
    if isinstance(node, R.TargetPlayer):
        return R.TargetPlayer(node.index + offset)
    if not dataclasses.is_dataclass(node) or isinstance(node, type):
        return node
    changes = {}
    for f in dataclasses.fields(node):
        v = getattr(node, f.name)
        nv = shift_targets(v, offset)
        if nv is not v:
            changes[f.name] = nv
    return dataclasses.replace(node, **changes) if changes else node
