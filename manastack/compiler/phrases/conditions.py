"""Conditions (CR 603.4, 608.2c, 611.3a): what "if", "as long as" and "unless" test."""

from __future__ import annotations

from ...ir import conditions as C
from ...ir import quantity as Q
from ...ir import refs as R
from ..combinators import alt, located, seq, table, word, words
from ..discourse import Pronoun
from . import CONDITION, DESCRIPTION, DESCRIPTIONS, NUMBER, OBJECT, POSSESSOR
from .objects import COMPARISON

_AT_LEAST = seq(NUMBER, words("or more")).map(lambda v: Q.Comparison(Q.Op.GE, Q.Fixed(v[0])))
_AT_MOST = seq(NUMBER, words("or fewer")).map(lambda v: Q.Comparison(Q.Op.LE, Q.Fixed(v[0])))

_CONTROLS = alt(
    # "you control an artifact", "you control another Wizard"
    seq(words("you control"), word("a", "an", "another"), DESCRIPTION).map(
        lambda v: C.Controls(R.You(), _other(v[2], v[1]), Q.Comparison(Q.Op.GE, Q.Fixed(1)))),
    seq(words("you control"), alt(_AT_LEAST, _AT_MOST), DESCRIPTIONS).map(
        lambda v: C.Controls(R.You(), v[2], v[1])),
    # "you control an Island or a Swamp" (CR 602.5b: the tainted lands)
    seq(words("you control"), word("a", "an"), DESCRIPTION, word("or"), word("a", "an"),
        DESCRIPTION).map(lambda v: C.Controls(
            R.You(), R.ObjectFilter(alternatives=(v[2], v[5])), Q.Comparison(Q.Op.GE, Q.Fixed(1)))),
    seq(words("you control no"), DESCRIPTIONS).map(
        lambda v: C.Controls(R.You(), v[1], Q.Comparison(Q.Op.EQ, Q.Fixed(0)))),
    seq(words("you don't control"), word("a", "an"), DESCRIPTION).map(
        lambda v: C.Controls(R.You(), v[2], Q.Comparison(Q.Op.EQ, Q.Fixed(0)))),
)


def _other(f: R.ObjectFilter, word_: str) -> R.ObjectFilter:
    from dataclasses import replace
    return replace(f, other=True) if word_ == "another" else f


_LIFE = alt(
    seq(words("you have"), COMPARISON, word("life")).map(
        lambda v: C.Compare(Q.OfPlayer(Q.PlayerAmount.LIFE, R.You()), v[1])),
    seq(POSSESSOR, words("life total is"), COMPARISON).map(
        lambda v: C.Compare(Q.OfPlayer(Q.PlayerAmount.LIFE, v[0]), v[2])),
)

_THERE_ARE = seq(words("there are"), alt(_AT_LEAST, _AT_MOST), DESCRIPTIONS).map(
    lambda v: C.Compare(Q.CountOf(v[2]), v[1]))

_IS = alt(
    seq(OBJECT, word("is", "was"), word("a", "an"), DESCRIPTION).map(lambda v: C.Is(v[0], v[3])),
    seq(located(word("it's"), lambda v, i: Pronoun("object", i)), word("a", "an"),
        DESCRIPTION).map(lambda v: C.Is(v[0], v[2])),
)

_TURN = table({"it's your turn": C.OnTurn(C.Turn.YOURS),
               "it's not your turn": C.OnTurn(C.Turn.NOT_YOURS)}, "turn")

_PAID = alt(
    seq(alt(OBJECT, words("this spell")), words("was kicked")).map(lambda v: C.WasPaid(C.Paid.KICKER)),
    seq(alt(OBJECT, words("this spell")), words("was bargained")).map(
        lambda v: C.WasPaid(C.Paid.BARGAIN)),
)

_HAPPENED = table({e.value: C.Happened(e) for e in C.TurnEvent if e in C.RECORDED_EVENTS},
                  "turn event")

CONDITION.add(_CONTROLS, _LIFE, _THERE_ARE, _IS, _TURN, _PAID, _HAPPENED)
