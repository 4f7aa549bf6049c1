"""Durations (CR 611.2, 514.2): how long a resolved effect lasts."""

from __future__ import annotations

from ...ir import conditions as C
from ..combinators import seq, table, words
from . import CONDITION, DURATION

DURATION.add(
    table({u.value: u for u in C.Until if u.value}, "duration"),
    seq(words("for as long as"), CONDITION).map(lambda v: C.AsLongAs(v[1])),
)
