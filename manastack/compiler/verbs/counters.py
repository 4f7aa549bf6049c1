"""Counter, tap and untap phrases (CR 122, 701.26): "put a +1/+1 counter on target
creature", "remove two counters from it", "tap target creature"."""

from __future__ import annotations

from ...ir import effects as I
from ...ir import quantity as Q
from ..combinators import alt, seq, token, word, words
from ..phrases import NUMBER, OBJECT, QUANTITY
from ..phrases.quantities import FOR_EACH, times
from . import one, player_verb

_KIND = token(lambda t: t if ("/" in t and t[0] in "+-") or (t.isalpha() and t not in
              ("counter", "counters", "a", "an", "on", "from", "of")) else None, name="counter kind")

# "a +1/+1 counter", "two oil counters", "X +1/+1 counters", "a +1/+1 counter ... for each"
_COUNTERS = seq(QUANTITY, _KIND, word("counter", "counters")).map(lambda v: (v[0], v[1]))

player_verb("put", "puts", alt(
    seq(_COUNTERS, word("on"), OBJECT).map(lambda v: (v[0][0], v[0][1], v[2])),
    seq(_COUNTERS, word("on"), OBJECT, FOR_EACH).map(
        lambda v: (times(v[0][0], v[3]), v[0][1], v[2]))),
    lambda s, v: one(I.PutCounters(v[2], v[1], v[0])))

player_verb("remove", "removes", alt(
    seq(_COUNTERS, word("from"), OBJECT).map(lambda v: (v[0][0], v[0][1], v[2], False)),
    seq(words("up to"), NUMBER, _KIND, word("counter", "counters"), word("from"), OBJECT).map(
        lambda v: (Q.Fixed(v[1]), v[2], v[5], True)),
    seq(QUANTITY, word("counter", "counters"), word("from"), OBJECT).map(
        lambda v: (v[0], None, v[3], False)),
    seq(words("up to"), NUMBER, word("counter", "counters"), word("from"), OBJECT).map(
        lambda v: (Q.Fixed(v[1]), None, v[4], True))),
    lambda s, v: one(I.RemoveCounters(v[2], v[1], v[0], v[3])))

player_verb("tap", "taps", OBJECT, lambda s, o: one(I.Tap(o)))
player_verb("untap", "untaps", OBJECT, lambda s, o: one(I.Untap(o)))
