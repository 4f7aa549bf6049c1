"""Life phrases (CR 119): "you gain 3 life", "its controller gains life equal to its
power", "each opponent loses 2 life for each ..."."""

from __future__ import annotations

from ...ir import effects as I
from ..combinators import alt, seq, word
from ..phrases import QUANTITY
from ..phrases.quantities import EQUAL_TO, FOR_EACH, WHERE_X, times, with_x
from . import one, player_verb

_AMOUNT = alt(
    seq(QUANTITY, word("life")).map(lambda v: v[0]),
    seq(word("life"), EQUAL_TO).map(lambda v: v[1]),
    seq(QUANTITY, word("life"), FOR_EACH).map(lambda v: times(v[0], v[2])),
    seq(QUANTITY, word("life"), WHERE_X).map(lambda v: with_x(v[0], v[2])),
)

player_verb("gain", "gains", _AMOUNT, lambda s, q: one(I.GainLife(s, q)))
player_verb("lose", "loses", _AMOUNT, lambda s, q: one(I.LoseLife(s, q)))
