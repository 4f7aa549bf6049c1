"""Quantity phrases (CR 107.1-107.3, 208.3, 700.5): numbers, X, "that much", "the number
of ...", "its power", "your life total", devotion, and the amounts written after a verb
("equal to ...", "for each ...", "where X is ...")."""

from __future__ import annotations

from ...ir import quantity as Q
from ..combinators import alt, opt, seq, table, word, words
from ..vocabulary import COLORS
from . import AMOUNT_SUFFIX, DESCRIPTION, DESCRIPTIONS, OBJECT, POSSESSOR, QUANTITY
from .numbers import FIXED, VARIABLE
from .objects import ITS, _COUNTER_KIND

_ATTRIBUTE = table({"power": Q.Characteristic.POWER, "toughness": Q.Characteristic.TOUGHNESS,
                    "mana value": Q.Characteristic.MANA_VALUE,
                    "loyalty": Q.Characteristic.LOYALTY}, "characteristic")

_THE_NUMBER_OF = alt(
    seq(words("the number of"), DESCRIPTIONS).map(lambda v: Q.CountOf(v[1])),
    seq(words("the number of"), _COUNTER_KIND, words("counters on"), OBJECT).map(
        lambda v: Q.CountersOn(v[3], v[1])),
    seq(words("the number of counters on"), OBJECT).map(lambda v: Q.CountersOn(v[1], None)),
)

_VALUE_OF = alt(
    # "its power", "~'s power", "target creature's toughness" (CR 208.3)
    seq(OBJECT, word("'s"), _ATTRIBUTE).map(lambda v: Q.ValueOf(v[2], v[0])),
    seq(ITS, _ATTRIBUTE).map(lambda v: Q.ValueOf(v[1], v[0])),
    seq(words("the total"), _ATTRIBUTE, word("of"), OBJECT).map(lambda v: Q.ValueOf(v[1], v[3])),
)

_PLAYER_AMOUNT = alt(
    seq(POSSESSOR, words("life total")).map(lambda v: Q.OfPlayer(Q.PlayerAmount.LIFE, v[0])),
    seq(words("the number of cards in"), POSSESSOR, word("hand")).map(
        lambda v: Q.OfPlayer(Q.PlayerAmount.HAND, v[1])),
    seq(POSSESSOR, words("devotion to"), table(COLORS)).map(lambda v: Q.Devotion((v[2],))),
)

QUANTITY.add(
    FIXED, VARIABLE,
    words("that much", Q.ThatMuch()), words("that many", Q.ThatMuch()),
    _THE_NUMBER_OF, _VALUE_OF, _PLAYER_AMOUNT,
    seq(word("twice"), QUANTITY).map(lambda v: Q.Times(Q.Fixed(2), v[1])),
    seq(word("half"), QUANTITY, opt(seq(word(","), word("rounded"), word("up", "down")), None))
    .map(lambda v: Q.Half(v[1], not v[2] or v[2][2] == "up")),
    seq(QUANTITY, word("plus"), QUANTITY).map(lambda v: Q.Plus((v[0], v[2]))),
)

# "equal to its power", "for each creature you control", ", where X is ..."
EQUAL_TO = seq(words("equal to"), QUANTITY).map(lambda v: v[1])
FOR_EACH = seq(words("for each"), DESCRIPTION).map(lambda v: Q.CountOf(v[1]))
WHERE_X = seq(opt(word(","), None), words("where x is"), QUANTITY).map(lambda v: v[2])
AMOUNT_SUFFIX.add(EQUAL_TO)


def times(base: Q.Quantity, per: Q.Quantity) -> Q.Quantity:
    """``base`` for each of ``per`` ("a card for each ..." is just the count)."""
    if base == Q.Fixed(1):
        return per
    return Q.Times(base, per)


def with_x(q: Q.Quantity, x: Q.Quantity) -> Q.Quantity:
    """``q`` with X defined by a "where X is" phrase."""
    import dataclasses
    if q == Q.X():
        return x
    if dataclasses.is_dataclass(q):
        changes = {f.name: with_x(getattr(q, f.name), x) for f in dataclasses.fields(q)
                   if dataclasses.is_dataclass(getattr(q, f.name))}
        return dataclasses.replace(q, **changes) if changes else q
    return q
