"""Damage phrases (CR 120): "~ deals 3 damage to any target", "deals damage equal to its
power to each creature and each player"."""

from __future__ import annotations

from ...ir import effects as I
from ..clauses import OBJECT_VERB
from ..combinators import alt, listing, seq, word, words
from ..phrases import OBJECT, PLAYER, QUANTITY, RECIPIENT
from ..phrases.quantities import EQUAL_TO, FOR_EACH, WHERE_X, times, with_x

RECIPIENT.add(OBJECT, PLAYER)
_TO = seq(word("to"), listing(RECIPIENT, ("and",))).map(lambda v: v[1])

_DEALS = word("deals", "deal")

# CR 120.1: "deals N damage to X", "deals damage equal to Q to X", "deals N damage to X
# for each D", "deals X damage to Y, where X is Q"
_DAMAGE = alt(
    seq(_DEALS, QUANTITY, word("damage"), _TO).map(lambda v: (v[1], v[3])),
    seq(_DEALS, words("damage"), _TO, EQUAL_TO).map(lambda v: (v[3], v[2])),
    seq(_DEALS, words("damage equal to"), QUANTITY, _TO).map(lambda v: (v[2], v[3])),
    seq(_DEALS, QUANTITY, word("damage"), _TO, FOR_EACH).map(
        lambda v: (times(v[1], v[4]), v[3])),
    seq(_DEALS, QUANTITY, word("damage"), _TO, WHERE_X).map(
        lambda v: (with_x(v[1], v[4]), v[3])),
)

OBJECT_VERB.add(_DAMAGE.map(
    lambda v: lambda subject, a=v: (I.DealDamage(a[0], tuple(a[1]), subject),)))

