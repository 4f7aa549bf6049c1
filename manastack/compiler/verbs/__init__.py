"""Verb phrases of the Oracle grammar, one module per rules area (they mirror the
engine's handlers in ``engine/verbs``): damage and life, zones and cards, counters and
tokens, continuous effects, the stack.

``player_verb`` adds a verb that a player does in both its forms ("draw" after "you" or
with no subject, "draws" after another player)."""

from __future__ import annotations

from collections.abc import Callable

from ..clauses import PLAYER_VERB, PLAYER_VERB_3RD
from ..combinators import Parser, seq, word


def player_verb(base: str, third: str, args: Parser, build: Callable) -> None:
    """A verb a player does: ``build(subject, args)`` -> instructions."""
    PLAYER_VERB.add(seq(word(base), args).map(lambda v: lambda s, a=v[1]: build(s, a)))
    PLAYER_VERB_3RD.add(seq(word(third), args).map(lambda v: lambda s, a=v[1]: build(s, a)))


def one(effect) -> tuple:
    return (effect,)


from . import damage, life, cards, zones, counters, continuous, stack, mana  # noqa: E402,F401
