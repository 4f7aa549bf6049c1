"""The clause level of the Oracle grammar (CR 608.2c): a clause is a subject and a verb
phrase; clauses join into sentences ("then", "and"), sentences into an ability's
instructions, and some sentences modify the one before ("If you do, ...", "Otherwise,
...", "It can't be regenerated.").

Verb phrases are rules that verb modules (``compiler.verbs``) add to:

* ``PLAYER_VERB`` -- the base form, for "you" and for instructions without a subject
  ("draw a card", "you gain 3 life");
* ``PLAYER_VERB_3RD`` -- the third person, after another player ("target player draws
  two cards", "each opponent loses 2 life");
* ``OBJECT_VERB`` -- after an object ("~ deals 3 damage to any target", "target creature
  gets +2/+2 until end of turn").

The value of a verb phrase is a ``Predicate``: a function from the subject to a tuple
of instructions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..ir import effects as I
from ..ir import refs as R
from .combinators import Reject, Rule, alt, many, opt, seq, word, words
from .phrases import CONDITION, DURATION, OBJECT_SUBJECT, PLAYER_SUBJECT_3RD

Predicate = Callable   # subject -> tuple of instructions

PLAYER_VERB = Rule("player verb phrase")
PLAYER_VERB_3RD = Rule("third-person player verb phrase")
OBJECT_VERB = Rule("object verb phrase")
CLAUSE = Rule("clause")
SENTENCE_MODIFIER = Rule("sentence that modifies the one before")


def _joined(preds) -> Predicate:
    """Verb phrases that share their subject ("draw a card and lose 1 life"; "search
    your library for a land card, put it onto the battlefield, then shuffle")."""
    preds = tuple(preds)
    return lambda subject: tuple(e for p in preds for e in p(subject))


_JOIN = alt(seq(word(","), word("then")), word("then"), seq(word(","), word("and")),
            word("and"), word(","))


def _verb_series(verb, leading: bool = False):
    """One or more verb phrases with one subject, joined by "and", ", then", ","; a
    duration written once at the end is every verb's ("gets +2/+0 and gains first
    strike until end of turn"). ``leading``: after a duration written first, which
    gives the durations left unwritten (``_LEADING``)."""
    def series(v):
        pred = _joined((v[0],) + v[1])
        return pred if leading else lambda subject: _distribute_duration(pred(subject))
    return seq(verb, many(seq(_JOIN, verb).map(lambda v: v[1]))).map(series)


def _distribute_duration(effects: tuple) -> tuple:
    """Give each instruction whose duration wasn't written the next one written after it;
    one with none after it is not understood."""
    out = list(effects)
    later = None
    for i in range(len(out) - 1, -1, -1):
        e = out[i]
        if not hasattr(e, "duration"):
            continue
        if e.duration is None:
            if later is None:
                raise Reject
            out[i] = replace(e, duration=later)
        else:
            later = e.duration
    return tuple(out)


_VERBS = _verb_series(PLAYER_VERB)
_VERBS_3RD = _verb_series(PLAYER_VERB_3RD)
_OBJECT_VERBS = _verb_series(OBJECT_VERB)

CLAUSE.add(
    _VERBS.map(lambda p: p(R.You())),
    seq(word("you"), _VERBS).map(lambda v: v[1](R.You())),
    # CR 608.2d: "you may" covers every verb it has ("may search ..., put ..., then shuffle")
    seq(words("you may"), _VERBS).map(lambda v: (I.Optional(R.You(), v[1](R.You())),)),
    seq(PLAYER_SUBJECT_3RD, _VERBS_3RD).map(lambda v: v[1](v[0])),
    seq(PLAYER_SUBJECT_3RD, word("may"), _VERBS).map(
        lambda v: (I.Optional(v[0], v[2](v[0])),)),
    seq(OBJECT_SUBJECT, _OBJECT_VERBS).map(lambda v: v[1](v[0])),
)

# Clauses after a duration written first ("Until end of turn, target creature gets +1/+0
# and gains flying"): their verbs' durations are still open.
_OPEN_CLAUSE = alt(
    _verb_series(PLAYER_VERB, True).map(lambda p: p(R.You())),
    seq(word("you"), _verb_series(PLAYER_VERB, True)).map(lambda v: v[1](R.You())),
    seq(PLAYER_SUBJECT_3RD, _verb_series(PLAYER_VERB_3RD, True)).map(lambda v: v[1](v[0])),
    seq(OBJECT_SUBJECT, _verb_series(OBJECT_VERB, True)).map(lambda v: v[1](v[0])),
)


def _lead(v) -> tuple:
    """CR 611.2a: "Until end of turn, [clauses]" -- the duration written first is that of
    every instruction whose own duration isn't written; at least one must take it."""
    duration, _, first, rest = v
    out, took = [], False
    for e in (*first, *(x for r in rest for x in r)):
        if hasattr(e, "duration") and e.duration is None:
            e, took = replace(e, duration=duration), True
        out.append(e)
    if not took:
        raise Reject
    return _distribute_duration(tuple(out))


_LEADING = seq(DURATION, word(","), _OPEN_CLAUSE,
               many(seq(_JOIN, _OPEN_CLAUSE).map(lambda v: v[1]))).map(_lead)

# "If [condition], [clause]" (CR 608.2c)
_CONDITIONAL = seq(word("if"), CONDITION, word(","), CLAUSE).map(
    lambda v: (I.Conditional(v[1], v[3]),))

# a sentence: clauses joined by ", then" / "and" / ","
_SENTENCE_BODY = seq(alt(_CONDITIONAL, CLAUSE), many(seq(_JOIN, CLAUSE).map(lambda v: v[1])))


def _flatten(v) -> tuple:
    first, rest = v
    out = tuple(first)
    for r in rest:
        out += tuple(r)
    return out


SENTENCE = seq(alt(_LEADING, _SENTENCE_BODY.map(_flatten)), opt(word("."), None)).map(
    lambda v: ("do", v[0]))

# sentences that change the instruction before them
SENTENCE_MODIFIER.add(
    seq(words("if you do"), word(","), _SENTENCE_BODY.map(_flatten), opt(word("."), None)).map(
        lambda v: ("if you do", v[2])),
    seq(words("if you don't"), word(","), _SENTENCE_BODY.map(_flatten),
        opt(word("."), None)).map(lambda v: ("if you don't", v[2])),
    seq(word("otherwise"), word(","), _SENTENCE_BODY.map(_flatten), opt(word("."), None)).map(
        lambda v: ("otherwise", v[2])),
    seq(alt(words("it can't be regenerated"), words("they can't be regenerated")),
        opt(word("."), None)).map(lambda v: ("no regeneration", ())),
)


def _fold(sentences) -> tuple:
    """The instructions of an ability's sentences, each modifier applied to the
    instruction before it."""
    out: list = []
    for kind, effs in sentences:
        if kind == "do":
            out.extend(effs)
            continue
        if not out:
            raise Reject
        last = out[-1]
        if kind == "if you do" and isinstance(last, I.Optional) and not last.then:
            out[-1] = replace(last, then=tuple(effs))
        elif kind == "if you don't" and isinstance(last, I.Optional) and not last.otherwise:
            out[-1] = replace(last, otherwise=tuple(effs))
        elif kind == "otherwise" and isinstance(last, I.Conditional) and not last.otherwise:
            out[-1] = replace(last, otherwise=tuple(effs))
        elif kind == "no regeneration" and isinstance(last, I.Destroy):
            out[-1] = replace(last, no_regeneration=True)
        else:
            raise Reject
    return tuple(out)


# an ability's instructions: one or more sentences
INSTRUCTIONS = many(alt(SENTENCE, SENTENCE_MODIFIER), 1).map(_fold)

from . import verbs  # noqa: E402,F401  (the verb phrases)
