"""Phrases about the stack and destruction (CR 701.6, 701.14, 701.19): "counter target
spell", "regenerate ~", "target creature you control fights target creature you don't
control"."""

from __future__ import annotations

from ...ir import effects as I
from ..clauses import OBJECT_VERB
from ..combinators import seq, word
from ..phrases import OBJECT
from . import one, player_verb

player_verb("counter", "counters", OBJECT, lambda s, o: one(I.CounterObject(o)))
player_verb("regenerate", "regenerates", OBJECT, lambda s, o: one(I.Regenerate(o)))
OBJECT_VERB.add(seq(word("fights", "fight"), OBJECT).map(
    lambda v: lambda s, o=v[1]: (I.Fight(s, o),)))
