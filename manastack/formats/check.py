"""``manastack decks check``: each deck's legality in a format and its playability.

Decks are read as ``manastack decks coverage`` reads them (:func:`manastack.coverage.
iter_decks`); a tournament record is checked against its own ``format`` and the list in
force on its ``date`` unless a format is given.  A deck is *playable* when every card of
its main deck (and commander) compiles fully; every unsupported card is named with its
count and the text that blocks it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from manastack.decklist import MAX_DECK_TEXT, DeckError, Decklist

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


def _record_dates(path: Path) -> dict[str, date]:
    """``{"file:line": date}`` for each tournament record with a valid ``date``."""
    out: dict[str, date] = {}
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, start=1):
            if not line.strip() or len(line) > MAX_DECK_TEXT:
                continue
            try:
                record = json.loads(line)
                out[f"{path}:{lineno}"] = date.fromisoformat(record["date"])
            except (ValueError, KeyError, TypeError, RecursionError):
                continue
    return out


def _unsupported(deck: Decklist, cache: dict) -> tuple[Unsupported, ...]:
    from manastack.compiler import definition_for
    counts: dict[str, int] = {}
    for count, name in (*deck.main, *deck.commander):
        counts[name] = counts.get(name, 0) + count
    out = []
    for name, count in counts.items():
        if name not in cache:
            try:
                defn = definition_for(name)
                cache[name] = () if defn.supported else tuple(
                    dict.fromkeys(u.text for u in defn.unsupported)) or (
                    "unsupported",)
            except Exception as exc:  # a compiler crash blocks the card, not the report
                cache[name] = (f"compiler error: {type(exc).__name__}",)
        if cache[name]:
            out.append(Unsupported(name, count, cache[name]))
    return tuple(out)


def check_decks(paths, fmt: str | Format | None = None, banlist=None) -> list[DeckCheck]:
    """Check every deck in ``paths`` (files, directories, tournament ``.jsonl``).

    With ``fmt`` None each deck uses its own format (a record's ``format``; freeform when
    it has none or an unknown one) and the list in force on its ``date``."""
    from manastack.coverage import iter_decks
    dates: dict[str, date] = {}
    for raw in paths:
        p = Path(raw)
        if p.is_file() and p.suffix.lower() in (".jsonl", ".ndjson", ".json"):
            dates.update(_record_dates(p))
    fixed = get_format(fmt, banlist) if fmt is not None else None
    formats: dict[str, Format] = {}
    cache: dict = {}
    out = []
    for source, group, deck in iter_decks(paths):
        if fixed is not None:
            use = fixed
        else:
            key = group.lower() if group.lower() in FORMAT_NAMES else "freeform"
            if key not in formats:
                formats[key] = get_format(key, banlist if key != "freeform" else None)
            use = formats[key]
        on = dates.get(source)
        if isinstance(deck, DeckError):
            out.append(DeckCheck(source, use.title, on, error=str(deck)))
            continue
        out.append(DeckCheck(source, use.title, on, tuple(deck_violations(deck, use, on)),
                             _unsupported(deck, cache)))
    return out
