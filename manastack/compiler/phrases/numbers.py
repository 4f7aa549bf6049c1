"""Numbers (CR 107.1, 107.3): digits, number words, and X."""

from __future__ import annotations

from ...ir import quantity as Q
from ..combinators import table, token
from ..vocabulary import NUMBER_WORDS
from . import NUMBER


def _digits(t: str):
    return int(t) if t.isdigit() else None


# CR 107.1: a number, in digits or as a word ("a" and "an" are one).
NUMBER.add(table(NUMBER_WORDS, "number word"), token(_digits, name="digits"))

# a number as a quantity; "X" (CR 107.3), "Y" and "Z" alike
FIXED = NUMBER.map(Q.Fixed)
VARIABLE = table({"x": Q.X(), "y": Q.X(), "z": Q.X()}, "X")
