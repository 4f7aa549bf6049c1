"""``manastack decks check``: each deck's legality in a format and its playability.

Decks are read as ``manastack decks coverage`` reads them (:func:`manastack.coverage.
iter_decks`); a deck is checked against its own format (a tournament record's ``format``,
a ``// FORMAT:`` header) and the list in force on its date unless a format is given.  A deck is *playable* when every card of
its main deck (and commander) compiles fully; every unsupported card is named with its
count and the text that blocks it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from manastack.decklist import DeckError, Decklist

from . import FORMAT_NAMES, Format, Violation, deck_violations, get_format

__all__ = ["DeckCheck", "Unsupported", "check_decks"]


@dataclass(frozen=True, slots=True)
class Unsupported:
    """A card that keeps a deck from being playable: its count and the blocking text."""

    card: str
    count: int
    text: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DeckCheck:
    """One deck's check: its format and date, every violation, every unsupported card;
    ``error`` when the deck could not be read."""

    source: str
    format: str
    on: date | None
    violations: tuple[Violation, ...] = ()
    unsupported: tuple[Unsupported, ...] = ()
    error: str | None = None

    @property
    def legal(self) -> bool:
        return self.error is None and not self.violations

    @property
    def playable(self) -> bool:
        return self.error is None and not self.unsupported

    def to_dict(self) -> dict:
        return {"source": self.source, "format": self.format,
                "date": self.on.isoformat() if self.on else None,
                "legal": self.legal, "playable": self.playable, "error": self.error,
                "violations": [{"rule": v.rule.name, "cite": v.rule.value, "card": v.card,
                                "count": v.count, "limit": v.limit, "message": v.message}
                               for v in self.violations],
                "unsupported": [{"card": u.card, "count": u.count, "text": list(u.text)}
                                for u in self.unsupported]}


def _unsupported(deck: Decklist, blocked_by) -> tuple[Unsupported, ...]:
    """Every main-deck and commander card that does not compile, with its count and the
    text that blocks it."""
    counts: dict[str, int] = {}
    for count, name in (*deck.main, *deck.commander):
        counts[name] = counts.get(name, 0) + count
    return tuple(Unsupported(name, count, blocked_by(name))
                 for name, count in counts.items() if blocked_by(name))


def check_decks(paths, fmt: str | Format | None = None, banlist=None) -> list[DeckCheck]:
    """Check every deck in ``paths`` (files, directories, tournament ``.jsonl``).

    With ``fmt`` None each deck uses its own format (a record's ``format`` or a text
    file's ``// FORMAT:`` header; freeform when it has none or an unknown one) and the
    list in force on its date (a record's ``date``, a ``// DATE:`` header)."""
    from manastack.coverage import BlockingText, iter_decks
    fixed = get_format(fmt, banlist) if fmt is not None else None
    formats: dict[str, Format] = {}
    blocked_by = BlockingText()
    out = []
    for source, group, deck in iter_decks(paths):
        if fixed is not None:
            use = fixed
        else:
            own = group if isinstance(deck, DeckError) else (deck.format or group)
            key = own.lower() if own.lower() in FORMAT_NAMES else "freeform"
            if key not in formats:
                formats[key] = get_format(key, banlist if key != "freeform" else None)
            use = formats[key]
        on = None if isinstance(deck, DeckError) else deck.date
        if isinstance(deck, DeckError):
            out.append(DeckCheck(source, use.title, on, error=str(deck)))
            continue
        out.append(DeckCheck(source, use.title, on, tuple(deck_violations(deck, use, on)),
                             _unsupported(deck, blocked_by)))
    return out
