"""Banned and restricted lists as data (one JSON file per format in ``lists/``).

A file holds the list as of its ``as_of`` date and the announcement it comes from, plus
dated ``changes`` (``ban``, ``unban``, ``restrict``, ``unrestrict``) applied in order;
:meth:`BanList.in_force` gives the list in force on a date.  ``banned_types`` and
``banned_text`` ban cards by rule (Conspiracy cards, ante, stickers and Attractions).
A user file with the same fields overrides a format's list (:func:`load_banlist`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path

from manastack.cards import CardData

__all__ = ["BanList", "Change", "BanListError", "load_banlist", "bundled_banlist"]

_HERE = Path(__file__).resolve().parent / "lists"
MAX_BANLIST_BYTES = 1024 * 1024


class BanListError(ValueError):
    """A banned-list file that cannot be read, naming the file and the field."""

    def __init__(self, reason: str, file: str) -> None:
        self.reason, self.file = reason, file
        super().__init__(f"{file}: {reason}")


@dataclass(frozen=True, slots=True)
class Change:
    """One dated announcement's changes to a list."""

    date: date
    announcement: str
    ban: frozenset[str] = frozenset()
    unban: frozenset[str] = frozenset()
    restrict: frozenset[str] = frozenset()
    unrestrict: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class BanList:
    """A format's banned and restricted cards as of ``as_of`` (``announcement``)."""

    format: str
    as_of: date
    announcement: str
    banned: frozenset[str] = frozenset()
    restricted: frozenset[str] = frozenset()
    banned_types: frozenset[str] = frozenset()
    banned_text: tuple[str, ...] = ()
    changes: tuple[Change, ...] = ()
    source: str = field(default="", compare=False)

    def in_force(self, on: date | None = None) -> "BanList":
        """The list in force on ``on`` (default: with every change applied).  Before
        ``as_of`` the earliest list known here (``as_of``'s) is used."""
        current = self
        for change in sorted(self.changes, key=lambda c: c.date):
            if on is not None and change.date > on:
                break
            current = replace(
                current, as_of=change.date, announcement=change.announcement,
                banned=(current.banned - change.unban) | change.ban,
                restricted=(current.restricted - change.unrestrict) | change.restrict)
        return replace(current, changes=())

    def is_banned(self, card: CardData | None, name: str) -> bool:
        """Whether the card is banned by name, by card type or by its text."""
        if name in self.banned:
            return True
        if card is None:
            return False
        if self.banned_types & set(card.types):
            return True
        texts = [card.text, *(f.text for f in card.faces)]
        return any(t in text for t in self.banned_text for text in texts)

    @property
    def listing(self) -> str:
        return f"{self.format.title()} list of {self.as_of.isoformat()}, {self.announcement}"


def _names(value, key: str, file: str) -> frozenset[str]:
    if value is None:
        return frozenset()
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise BanListError(f"{key} must be a list of card names", file)
    return frozenset(value)


def _date(value, key: str, file: str) -> date:
    if not isinstance(value, str):
        raise BanListError(f"{key} must be a date YYYY-MM-DD", file)
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise BanListError(f"{key} must be a date YYYY-MM-DD, got {value!r}", file) from None


def banlist_from_dict(data, file: str) -> BanList:
    """Build a :class:`BanList` from a file's JSON object (errors name the field)."""
    if not isinstance(data, dict):
        raise BanListError("expected a JSON object", file)
    fmt = data.get("format")
    if not isinstance(fmt, str) or not fmt:
        raise BanListError("format must be a format name", file)
    announcement = data.get("announcement")
    if not isinstance(announcement, str):
        raise BanListError("announcement must be a string", file)
    changes = []
    raw_changes = data.get("changes") or []
    if not isinstance(raw_changes, list):
        raise BanListError("changes must be a list", file)
    for i, c in enumerate(raw_changes, start=1):
        if not isinstance(c, dict):
            raise BanListError(f"changes item {i} must be an object", file)
        changes.append(Change(
            date=_date(c.get("date"), f"changes item {i} date", file),
            announcement=str(c.get("announcement") or ""),
            **{k: _names(c.get(k), f"changes item {i} {k}", file)
               for k in ("ban", "unban", "restrict", "unrestrict")}))
    text = data.get("banned_text") or []
    if not isinstance(text, list) or not all(isinstance(t, str) and t for t in text):
        raise BanListError("banned_text must be a list of strings", file)
    return BanList(format=fmt.lower(), as_of=_date(data.get("as_of"), "as_of", file),
                   announcement=announcement,
                   banned=_names(data.get("banned"), "banned", file),
                   restricted=_names(data.get("restricted"), "restricted", file),
                   banned_types=_names(data.get("banned_types"), "banned_types", file),
                   banned_text=tuple(text), changes=tuple(changes), source=file)


def load_banlist(path: str | Path) -> BanList:
    """Read a banned-list JSON file (the bundled files' schema)."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_BANLIST_BYTES:
            raise BanListError(f"more than {MAX_BANLIST_BYTES:,} bytes", str(path))
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise BanListError(f"can't read the file: {exc.strerror or exc}", str(path)) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BanListError(f"bad JSON: {exc}", str(path)) from None
    return banlist_from_dict(data, str(path))


def bundled_banlist(format_name: str) -> BanList | None:
    """The bundled list of ``format_name`` (None when the format has no list)."""
    path = _HERE / f"{format_name.lower()}.json"
    return load_banlist(path) if path.is_file() else None
