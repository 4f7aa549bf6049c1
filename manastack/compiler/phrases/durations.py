"""Durations (CR 611.2, 514.2): how long a resolved effect lasts."""

from __future__ import annotations

from ...ir import conditions as C
from ..combinators import table
from . import DURATION

# "for as long as [condition]" (C.AsLongAs) waits for the engine to hold a condition in a
# continuous effect's duration; the two source-bound forms are in ``C.Until``.
DURATION.add(table({u.value: u for u in C.Until if u.value}, "duration"))
