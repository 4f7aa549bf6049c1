"""Deck construction rules (CR 100.2a, 100.4a) and the checks of a format's lists.

A :class:`Violation` names the rule, the card (when one card breaks it), the count found
and the limit; :func:`deck_violations` returns every violation of a deck, and
:class:`DeckConstructionError` carries them all (its ``card``, ``count`` and ``rule`` are
those of the first).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from manastack.cards import CardData
from manastack.decklist import DeckError

__all__ = ["Rule", "Violation", "DeckConstructionError", "copy_limit",
           "MIN_CONSTRUCTED_DECK", "MAX_SIDEBOARD", "MAX_COPIES_CONSTRUCTED"]

#: CR 100.2a: a constructed deck has at least sixty cards.
MIN_CONSTRUCTED_DECK = 60
#: CR 100.4a: a constructed sideboard has at most fifteen cards.
MAX_SIDEBOARD = 15
#: CR 100.2a: at most four copies of a card other than basic lands.
MAX_COPIES_CONSTRUCTED = 4
#: A restricted card (Vintage): at most one copy, deck and sideboard together.
MAX_COPIES_RESTRICTED = 1


class Rule(Enum):
    """The construction rule a violation breaks; the value is where the rule is written."""

    MIN_DECK_SIZE = "CR 100.2a"
    COPY_LIMIT = "CR 100.2a, 100.4a"
    SIDEBOARD_SIZE = "CR 100.4a"
    BANNED = "banned list"
    RESTRICTED = "restricted list"


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken construction rule: ``count`` found where ``limit`` is allowed.

    ``card`` is the card that breaks it (None for the deck-size rules); ``listing``
    says which list a banned/restricted card is on ("Modern list of 2025-03-31 ...")."""

    rule: Rule
    count: int
    limit: int
    card: str | None = None
    format: str = ""
    listing: str = ""

    @property
    def message(self) -> str:
        if self.rule is Rule.MIN_DECK_SIZE:
            return (f"the main deck has {self.count} cards, fewer than the {self.limit} a "
                    f"constructed deck needs ({self.rule.value})")
        if self.rule is Rule.SIDEBOARD_SIZE:
            return (f"the sideboard has {self.count} cards, more than the {self.limit} a "
                    f"constructed sideboard may hold ({self.rule.value})")
        if self.rule is Rule.COPY_LIMIT:
            return (f"{self.count} {self.card}: more than {self.limit} copies, deck and "
                    f"sideboard together ({self.rule.value})")
        if self.rule is Rule.BANNED:
            return f"{self.count} {self.card}: banned in {self.format} ({self.listing})"
        return (f"{self.count} {self.card}: restricted in {self.format}, at most "
                f"{self.limit} copy ({self.listing})")

    def __str__(self) -> str:
        return self.message


class DeckConstructionError(DeckError):
    """A deck breaks its format's construction rules.

    ``violations`` holds every violation; ``card``, ``count`` and ``rule`` are the
    first one's.  ``str()`` names the file, the format and each violation."""

    def __init__(self, violations: "list[Violation] | tuple[Violation, ...]", *,
                 format: str, file: str | None = None) -> None:
        if not violations:
            raise ValueError("a DeckConstructionError needs at least one violation")
        self.violations = tuple(violations)
        self.format = format
        first = self.violations[0]
        self.count = first.count
        self.rule = first.rule
        reason = (f"the deck is not legal in {format}: "
                  + "; ".join(v.message for v in self.violations))
        super().__init__(reason, file=file, card=first.card)


_NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen twenty".split())}
_ANY_NUMBER_RE = re.compile(r"\bA deck can have any number of cards named\b")
_UP_TO_RE = re.compile(r"\bA deck can have up to (\w+) cards named\b")


def copy_limit(card: CardData | None) -> int | None:
    """How many copies of ``card`` a constructed deck may hold (None: any number).

    CR 100.2a: any number of basic land cards; otherwise four, unless the card's own
    text says "A deck can have any number of cards named ~" or "up to N cards named ~"
    (the card's rules text overrides the rule, CR 101.1).  An unknown card gets four."""
    if card is None:
        return MAX_COPIES_CONSTRUCTED
    if "Basic" in card.supertypes and "Land" in card.types:
        return None
    texts = [card.text, *(f.text for f in card.faces)]
    for text in texts:
        if _ANY_NUMBER_RE.search(text):
            return None
        match = _UP_TO_RE.search(text)
        if match:
            word = match.group(1).lower()
            if word.isdigit():
                return int(word)
            if word in _NUMBER_WORDS:
                return _NUMBER_WORDS[word]
    return MAX_COPIES_CONSTRUCTED
