"""Continuous-effect phrases (CR 611.2, 613): "target creature gets +2/+2 until end of
turn", "creatures you control gain flying until end of turn", "gain control of target
creature until end of turn"."""

from __future__ import annotations

from ...ir import conditions as C
from ...ir import effects as I
from ...ir import quantity as Q
from ..clauses import OBJECT_VERB
from ..combinators import Reject, alt, listing, opt, seq, table, token, word, words
from ..phrases import DURATION, OBJECT
from ..phrases.quantities import FOR_EACH, WHERE_X, times, with_x
from ..vocabulary import KEYWORD_WORDS
from . import one, player_verb


def _pt(t: str):
    """"+2/+2", "-1/-0", "+X/+0" as two signed quantities."""
    if "/" not in t or t[0] not in "+-":
        return None
    a, b = t.split("/")
    if not b or b[0] not in "+-":
        return None

    def q(s):
        sign = -1 if s[0] == "-" else 1
        body = s[1:]
        if body == "x":
            return Q.X() if sign > 0 else Q.Times(Q.Fixed(-1), Q.X())
        if body.isdigit():
            return Q.Fixed(sign * int(body))
        raise Reject
    try:
        return q(a), q(b)
    except Reject:
        return None


PT_CHANGE = token(_pt, name="+N/+N")
_DUR = opt(DURATION, None)           # None: the duration written after it (clauses)
KEYWORDS = listing(table({k: k for k in KEYWORD_WORDS}, "keyword"), ("and",))


def _scaled(pt, per):
    return tuple(times(x, per) if not isinstance(x, Q.Fixed) or x.value not in (0,) else x
                 for x in pt)


_GETS = alt(
    seq(word("gets", "get"), PT_CHANGE, _DUR).map(lambda v: (v[1], v[2])),
    seq(word("gets", "get"), PT_CHANGE, FOR_EACH, _DUR).map(lambda v: (_scaled(v[1], v[2]), v[3])),
    seq(word("gets", "get"), PT_CHANGE, _DUR, FOR_EACH).map(lambda v: (_scaled(v[1], v[3]), v[2])),
    seq(word("gets", "get"), PT_CHANGE, _DUR, WHERE_X).map(
        lambda v: ((with_x(v[1][0], v[3]), with_x(v[1][1], v[3])), v[2])),
)
_GAINS = seq(word("gains", "gain"), KEYWORDS, _DUR).map(lambda v: (tuple(v[1]), v[2]))

OBJECT_VERB.add(
    _GETS.map(lambda v: lambda s, a=v: (I.ModifyPT(s, a[0][0], a[0][1], a[1]),)),
    _GAINS.map(lambda v: lambda s, a=v: (I.GainAbilities(s, a[0], a[1]),)),
)

player_verb("gain", "gains", seq(words("control of"), OBJECT, opt(DURATION, C.Until.FOREVER)),
            lambda s, v: one(I.GainControl(v[1], s, v[2])))
