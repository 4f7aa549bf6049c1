"""The form of every IR node: a small frozen dataclass with slots, whose ``repr`` shows
only the fields that differ from their defaults (``ObjectFilter(types=('Creature',))``)."""

from __future__ import annotations

import dataclasses


def _repr(self) -> str:
    parts = []
    for f in dataclasses.fields(self):
        v = getattr(self, f.name)
        if f.default is not dataclasses.MISSING and v == f.default:
            continue
        parts.append(f"{f.name}={v!r}")
    return f"{type(self).__name__}({', '.join(parts)})"


def node(cls):
    """Make ``cls`` an IR node: frozen, slotted, compact repr."""
    out = dataclasses.dataclass(frozen=True, slots=True, repr=False)(cls)
    out.__repr__ = _repr
    return out
