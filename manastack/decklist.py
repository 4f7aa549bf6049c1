"""Deck lists: parsing the usual text formats into validated Oracle card names.

Supported (all validated against the card database, CR 100.2-100.4 deck sections):

* card lines ``4 Lightning Bolt``, ``4x Lightning Bolt``, ``Lightning Bolt x4`` and a bare
  name (one copy); ``-1 X`` or ``0 X`` are errors;
* section headers ``Deck``/``Main``, ``Sideboard``, ``Commander``, ``Companion``,
  ``Maybeboard``, plus ``Planar Deck``, ``Scheme Deck``, ``Display Commander``, ``Tokens``
  and ``About`` (any case, optional colon, optional ``(N)`` count, optionally written as a
  ``// Sideboard`` comment); type-group headings such as ``Creatures (12)`` are ignored;
* per-line prefixes ``SB: 2 Duress`` and ``COMMANDER: 1 Atraxa, Praetors' Voice``;
* comments ``// ...`` and ``# ...``; ``// NAME: Deck name`` (and Arena ``About`` /
  ``Name Deck name``) sets the deck's name;
* annotations ``[SET:num]``, ``[SET]``, ``[foil]`` anywhere on the line (``[token]``
  lines go to the ``tokens`` extra section unvalidated), Arena/Moxfield suffixes
  ``(M10) 146``, ``*F*``, trailing ``*`` premium marks, Arena ``Name (Alchemy)`` for
  the rebalanced ``A-Name``, and MTGO split names ``Fire/Ice``;
* MTGO exports with no headers, where a blank line before the last group of cards
  starts the sideboard (only when every card line is a plain ``N Name``);
* ``// FORMAT: Modern`` and ``// DATE: 2026-01-11`` headers set the deck's format and
  date (the format and the banned list in force that ``manastack decks check`` uses);
* MTGO ``.dek`` files (XML: ``<Cards Quantity="4" Sideboard="false" Name="..."/>``), read
  without a DTD or entities (a file that declares one is refused).

Names resolve through :meth:`CardDatabase.resolve`, so a front face ("Fire") or a
back face ("Insectile Aberration") gives the full Oracle name ("Fire // Ice").
"""

from __future__ import annotations

import re
import xml.parsers.expat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Annotated

from pydantic import Field, TypeAdapter, ValidationError

from manastack.cards import CardDatabase, get_database

__all__ = ["DeckError", "Decklist", "parse_decklist", "parse_dek", "load_decklist", "from_json_record"]

Entry = tuple[int, str]

# Header word -> section.  "main"/"sideboard"/"commander" are Decklist fields; any other
# section lands in Decklist.extras under that key.
_SECTIONS = {
    "deck": "main", "main": "main", "main deck": "main", "maindeck": "main",
    "mainboard": "main", "main board": "main", "library": "main",
    "sideboard": "sideboard", "side": "sideboard", "side board": "sideboard",
    "sb": "sideboard",
    "commander": "commander", "commanders": "commander", "commander(s)": "commander",
    "companion": "companion", "companions": "companion",
    "maybeboard": "maybeboard", "maybe": "maybeboard", "considering": "maybeboard",
    "planar deck": "planar deck", "planes": "planar deck", "scheme deck": "scheme deck",
    "schemes": "scheme deck", "display commander": "display commander",
    "tokens": "tokens", "token": "tokens", "about": "about",
}
# Headings that group cards by type inside a section (Moxfield, MTGGoldfish); ignored.
_GROUPS = {
    "creature", "creatures", "land", "lands", "instant", "instants", "sorcery",
    "sorceries", "artifact", "artifacts", "enchantment", "enchantments", "planeswalker",
    "planeswalkers", "battle", "battles", "spell", "spells", "other", "others",
    "kindred", "tribal", "conspiracies", "attractions", "stickers",
}
# Order and header text of the extra sections in Decklist.to_text().
_EXTRA_HEADERS = {
    "companion": "Companion", "maybeboard": "Maybeboard", "planar deck": "Planar Deck",
    "scheme deck": "Scheme Deck", "display commander": "Display Commander",
    "tokens": "Tokens",
}

_HEADER_RE = re.compile(r"^([A-Za-z][A-Za-z ()]*?)\s*(?:\(\d+\))?\s*:?$")
_PREFIX_RE = re.compile(r"^(SB|Sideboard|Commander|CMDR|Companion|Maybeboard|Deck|Main)\s*:\s*(.+)$",
                        re.IGNORECASE)
_COUNT_RE = re.compile(r"^(-?\d+)\s*[xX\u00d7]?\s+(\S.*)$")
_TRAILING_COUNT_RE = re.compile(r"^(\S.*?)\s+[xX\u00d7](\d+)$")
_BRACKET_RE = re.compile(r"\s*\[([^\]]*)\]\s*")
_ARENA_RE = re.compile(r"\s+\(([A-Za-z0-9]{2,6})\)(?:\s+[A-Za-z0-9\u2605*\-]+)?\s*$")
_ALCHEMY_RE = re.compile(r"\s*\(alchemy\)\s*$", re.IGNORECASE)
_FOIL_RE = re.compile(r"\s+\*[A-Za-z]{1,2}\*\s*$")
_NAME_COMMENT_RE = re.compile(r"^(?:name|deck name|title)(?:\s*[:=]\s*|\s+)(\S.*)$",
                              re.IGNORECASE)
_META_COMMENT_RE = re.compile(r"^(format|date)\s*:\s*(\S.*)$", re.IGNORECASE)
_PATHLIKE_RE = re.compile(r"[\\/]|\.(txt|dec|dek|dck|deck|mwdeck|cod)$", re.IGNORECASE)


# Limits of a decklist (no real deck comes near them: Battle of Wits wants 200 cards).
MAX_DECK_TEXT = 1024 * 1024     # characters of decklist text (a file is checked first)
MAX_LINE = 500                  # characters of one line
MAX_COPIES = 1_000              # copies of one card in one entry
MAX_SECTION_CARDS = 2_000       # cards in one section (main deck, sideboard, ...)


class DeckError(ValueError):
    """A deck list problem, located as precisely as possible.

    ``file`` is the source (a path, ``"<text>"`` ...), ``line`` the 1-based line number
    (or None), ``item`` the 1-based list position for list input (or None), ``card`` the
    offending card name (or None) and ``suggestions`` close real card names.  ``str()``
    gives e.g. ``decks/mine.txt, line 3: unknown card "Lightning Blot" (did you mean:
    Lightning Bolt?)``.
    """

    def __init__(self, reason: str, *, file: str | None = None, line: int | None = None,
                 card: str | None = None, suggestions: Sequence[str] = (),
                 item: int | None = None) -> None:
        self.reason = reason
        self.file = file
        self.line = line
        self.item = item
        self.card = card
        self.suggestions = list(suggestions)
        place = [file] if file else []
        if line is not None:
            place.append(f"line {line}")
        if item is not None:
            place.append(f"item {item}")
        message = (", ".join(place) + ": " if place else "") + reason
        if self.suggestions:
            message += f" (did you mean: {', '.join(self.suggestions)}?)"
        super().__init__(message)


@dataclass
class Decklist:
    """A parsed deck: sections of ``(count, Oracle name)`` in first-appearance order.

    ``main`` is the deck (CR 100.2), ``sideboard`` the sideboard (CR 100.4),
    ``commander`` the commander(s) (CR 903.3).  ``extras`` holds other named sections
    (``companion``, ``maybeboard``, ``planar deck``, ``scheme deck``, ``display
    commander``, ``tokens``).  ``format`` and ``date`` are the format the list was built
    for and the day it was played (a ``// FORMAT:`` / ``// DATE:`` header or a tournament
    record's fields), or None.  ``source`` records where the list came from and is not
    part of equality.
    """

    main: list[Entry] = field(default_factory=list)
    sideboard: list[Entry] = field(default_factory=list)
    commander: list[Entry] = field(default_factory=list)
    name: str | None = None
    source: str = field(default="<text>", compare=False)
    extras: dict[str, list[Entry]] = field(default_factory=dict)
    format: str | None = None
    date: date | None = None

    def cards(self) -> list[str]:
        """Main-deck Oracle names, each repeated by its count."""
        return [name for count, name in self.main for _ in range(count)]

    def main_count(self) -> int:
        """Number of cards in the main deck."""
        return sum(count for count, _ in self.main)

    def to_text(self) -> str:
        """Render as text that :func:`parse_decklist` reads back to an equal Decklist."""
        lines: list[str] = []
        if self.name:
            lines.append(f"// NAME: {self.name}")
        if self.format:
            lines.append(f"// FORMAT: {self.format}")
        if self.date:
            lines.append(f"// DATE: {self.date.isoformat()}")
        sections: list[tuple[str, list[Entry]]] = [("Commander", self.commander),
                                                    ("Deck", self.main),
                                                    ("Sideboard", self.sideboard)]
        known = [k for k in _EXTRA_HEADERS if k in self.extras]
        others = sorted(k for k in self.extras if k not in _EXTRA_HEADERS)
        sections += [(_EXTRA_HEADERS.get(k, k.title()), self.extras[k]) for k in known + others]
        for header, entries in sections:
            if not entries:
                continue
            if lines:
                lines.append("")
            lines.append(header)
            lines.extend(f"{count} {name}" for count, name in entries)
        return "\n".join(lines) + "\n"


def _add(section: list[Entry], count: int, name: str) -> None:
    """Add ``count`` copies of ``name``, merging with an earlier entry of the same name."""
    for i, (old, existing) in enumerate(section):
        if existing == name:
            section[i] = (old + count, name)
            return
    section.append((count, name))


def _header(text: str) -> str | None:
    """Return the section a header line selects, "" for an ignorable type heading, or None."""
    match = _HEADER_RE.match(text)
    if not match:
        return None
    word = " ".join(match.group(1).split()).lower()
    if word in _SECTIONS:
        return _SECTIONS[word]
    if word in _GROUPS:
        return ""
    return None


def _strip_annotations(text: str) -> tuple[str, bool]:
    """Remove ``[...]`` annotations; return the rest and whether ``[token]`` was present."""
    token = False
    for match in _BRACKET_RE.finditer(text):
        if match.group(1).strip().lower() in ("token", "tokens"):
            token = True
    return " ".join(_BRACKET_RE.sub(" ", text).split()), token


class _Resolver:
    """Turns a written card name into an Oracle name, raising DeckError with context."""

    def __init__(self, database: CardDatabase, file: str) -> None:
        self.db = database
        self.file = file

    def candidates(self, written: str) -> list[str]:
        """Spellings to try: as written, without ``*F*`` marks, without an Arena suffix."""
        out = [written]
        bare = _FOIL_RE.sub("", written)
        alchemy = _ALCHEMY_RE.search(bare)
        if alchemy:  # Arena "Name (Alchemy)" is the rebalanced Oracle card "A-Name".
            bare = bare[:alchemy.start()].strip()
            out.append("A-" + bare)
        bare = _ARENA_RE.sub("", bare)
        bare = bare.split("|", 1)[0].strip()  # Forge/XMage "Name|SET"
        bare = bare.rstrip("*").strip()  # old theme-deck lists mark premium cards "Name*"
        if bare and bare not in out:
            out.append(bare)
        return out

    def __call__(self, written: str, **where) -> str:
        """Return the Oracle name for ``written`` or raise an "unknown card" DeckError."""
        tried = self.candidates(written)
        for spelling in tried:
            card = self.db.resolve(spelling)
            if card is not None:
                return card.name
        shown = tried[-1]
        raise DeckError(f'unknown card "{shown}"', file=self.file, card=shown,
                        suggestions=self.db.suggest(shown), **where)


def _count(digits: str, lineno, file: str, name: str) -> int:
    """A written count, refused when over ``MAX_COPIES`` (read without converting a
    thousand-digit number)."""
    bare = digits.lstrip("-").lstrip("0") or "0"
    if len(bare) > 6 or int(bare) > MAX_COPIES:
        raise DeckError(f"card count {digits if len(digits) <= 12 else digits[:9] + '...'} "
                        f"is more than the {MAX_COPIES:,} copies a deck may hold",
                        file=file, line=lineno, card=name)
    return int(digits[0] == "-" and -int(bare) or int(bare))


def _check_size(deck: "Decklist", file: str) -> None:
    """CR 100.2: a deck of any size, within ``MAX_SECTION_CARDS`` per section here."""
    sections = {"main deck": deck.main, "sideboard": deck.sideboard,
                "commander": deck.commander, **deck.extras}
    for label, entries in sections.items():
        n = sum(c for c, _ in entries)
        if n > MAX_SECTION_CARDS:
            raise DeckError(f"the {label} holds {n:,} cards, more than the "
                            f"{MAX_SECTION_CARDS:,} a deck may have here", file=file)


def _split_count(text: str, lineno: int, file: str, resolve: _Resolver) -> tuple[int, str]:
    """Split a card line into (count, written name); bare names count 1."""
    match = _COUNT_RE.match(text)
    if match:
        digits, name = match.group(1), match.group(2).strip()
        count = _count(digits, lineno, file, name)
        if count <= 0:
            raise DeckError(f"card count must be positive, got {count}", file=file,
                            line=lineno, card=name)
        # "1996 World Champion" is a name, not 1996 copies of "World Champion".
        if resolve.db.resolve(name) is None and resolve.db.resolve(text) is not None:
            return 1, text
        return count, name
    match = _TRAILING_COUNT_RE.match(text)
    if match:
        count = _count(match.group(2), lineno, file, match.group(1))
        if count <= 0:
            raise DeckError(f"card count must be positive, got {count}", file=file,
                            line=lineno, card=match.group(1))
        return count, match.group(1)
    if re.match(r"^-?\d+\s*[xX]?$", text) or not re.search(r"[A-Za-z0-9\u00c0-\uffff]", text):
        raise DeckError(f"cannot read line {text!r}", file=file, line=lineno)
    return 1, text


def parse_decklist(text: str, source: str = "<text>",
                   database: CardDatabase | None = None) -> Decklist:
    """Parse deck-list ``text`` (formats in the module docstring) into a :class:`Decklist`.

    Every name is validated; problems raise :class:`DeckError` naming ``source``, the
    1-based line, the card and spelling suggestions.  An empty main deck is an error.
    """
    db = database if database is not None else get_database()
    if not isinstance(text, str):
        raise DeckError(f"expected decklist text, got {type(text).__name__}", file=source)
    if len(text) > MAX_DECK_TEXT:
        raise DeckError(f"the list is {len(text):,} characters, more than the "
                        f"{MAX_DECK_TEXT:,} a decklist may have", file=source)
    if text.lstrip("\ufeff \t\r\n").startswith("<"):
        return parse_dek(text, source, db)
    resolve = _Resolver(db, source)
    deck = Decklist(source=source)
    # Card lines as (line number, section, blank-line group, count, Oracle name, plain),
    # where plain means a bare MTGO-style "N Name" line.
    parsed: list[tuple[int, str, int, int, str, bool]] = []
    explicit = False
    section = "main"
    block = 0
    seen_card_in_block = False
    for lineno, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if len(line) > MAX_LINE:
            raise DeckError(f"the line is {len(line):,} characters long, more than "
                            f"{MAX_LINE}", file=source, line=lineno)
        if not line:
            if seen_card_in_block:
                block += 1
                seen_card_in_block = False
            continue
        if line.startswith("#"):
            continue
        if line.startswith("//"):
            body = line[2:].strip()
            named = _NAME_COMMENT_RE.match(body)
            if named and deck.name is None:
                deck.name = named.group(1).strip()
                continue
            meta = _META_COMMENT_RE.match(body)
            if meta:
                _set_meta(deck, meta.group(1).lower(), meta.group(2).strip(), source, lineno)
                continue
            target = _header(body) if len(body) < 40 else None
            if target:
                section, explicit = target, True
            continue
        target = _header(line)
        if target is not None:
            if target:
                section, explicit = target, True
            continue
        if section == "about":
            match = re.match(r"^name\s+(.+)$", line, re.IGNORECASE)
            if match and deck.name is None:
                deck.name = match.group(1).strip()
            continue
        line_section = section
        prefix = _PREFIX_RE.match(line)
        if prefix:
            word = prefix.group(1).lower()
            line_section = _SECTIONS.get(word, "commander" if word == "cmdr" else "sideboard")
            line, explicit = prefix.group(2).strip(), True
        body, token = _strip_annotations(line)
        if token:
            line_section = "tokens"
        if not body:
            raise DeckError(f"cannot read line {raw.strip()!r}", file=source, line=lineno)
        count, written = _split_count(body, lineno, source, resolve)
        plain = body == line and bool(_COUNT_RE.match(body)) and not _ARENA_RE.search(body)
        if line_section == "tokens":
            name = written
        else:
            name = resolve(written, line=lineno)
        parsed.append((lineno, line_section, block, count, name, plain))
        seen_card_in_block = True

    # MTGO export: no headers, plain "N Name" lines, exactly two groups, the last <= 15.
    blocks = sorted({b for _, _, b, _, _, _ in parsed})
    if (not explicit and len(blocks) == 2 and all(p[5] for p in parsed)
            and sum(p[3] for p in parsed if p[2] == blocks[1]) <= 15):
        parsed = [(ln, "sideboard" if b == blocks[1] else s, b, c, n, pl)
                  for ln, s, b, c, n, pl in parsed]

    for _, sec, _, count, name, _ in parsed:
        if sec in ("main", "sideboard", "commander"):
            _add(getattr(deck, sec), count, name)
        else:
            _add(deck.extras.setdefault(sec, []), count, name)
    if not deck.main:
        last = len(text.splitlines()) or None
        raise DeckError("the main deck is empty", file=source, line=last)
    _check_size(deck, source)
    return deck


def _set_meta(deck: Decklist, key: str, value: str, source: str, lineno: int) -> None:
    """Record a ``// FORMAT:`` or ``// DATE:`` header (a date must be YYYY-MM-DD)."""
    if key == "format":
        deck.format = value
        return
    try:
        deck.date = date.fromisoformat(value)
    except ValueError:
        raise DeckError(f"DATE must be a date YYYY-MM-DD, got {value!r}", file=source,
                        line=lineno) from None


def parse_dek(text: str, source: str = "<dek>",
              database: CardDatabase | None = None) -> Decklist:
    """Parse an MTGO ``.dek`` file: ``<Cards Quantity=.. Sideboard=.. Name=..>`` elements
    under ``<Deck>``.  Errors name ``source`` and the line; a DTD or entity declaration
    is refused before anything is expanded (untrusted XML)."""
    db = database if database is not None else get_database()
    resolve = _Resolver(db, source)
    deck = Decklist(source=source)
    parser = xml.parsers.expat.ParserCreate()
    root: list[str] = []

    def refuse(*_args) -> None:
        raise DeckError("a .dek file may not declare a DTD or entities", file=source,
                        line=parser.CurrentLineNumber)

    def start(tag: str, attrs: dict[str, str]) -> None:
        line = parser.CurrentLineNumber
        if not root:
            root.append(tag)
            if tag != "Deck":
                raise DeckError(f"expected a <Deck> element, got <{tag}>", file=source,
                                line=line)
            return
        if tag != "Cards":
            return
        quantity, name = attrs.get("Quantity"), (attrs.get("Name") or "").strip()
        if not name:
            raise DeckError("a <Cards> element without a Name", file=source, line=line)
        if quantity is None or not quantity.isdigit() or not 1 <= int(quantity) <= MAX_COPIES:
            raise DeckError(f"Quantity must be a whole number from 1 to {MAX_COPIES:,}, got "
                            f"{_shown(quantity)}", file=source, line=line, card=name)
        side = attrs.get("Sideboard", "false").lower()
        if side not in ("true", "false"):
            raise DeckError(f"Sideboard must be true or false, got {_shown(side)}",
                            file=source, line=line, card=name)
        _add(deck.sideboard if side == "true" else deck.main, int(quantity),
             resolve(name, line=line))

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.StartElementHandler = start
    try:
        parser.Parse(text.lstrip("\ufeff"), True)
    except xml.parsers.expat.ExpatError as exc:
        raise DeckError(f"bad XML: {xml.parsers.expat.ErrorString(exc.code)}", file=source,
                        line=exc.lineno) from None
    if not deck.main:
        raise DeckError("the main deck is empty", file=source)
    _check_size(deck, source)
    return deck


def _read_text(path: Path) -> str:
    """Read a deck file as UTF-8 (with or without BOM), falling back to cp1252; a file
    over ``MAX_DECK_TEXT`` bytes is refused before it is read."""
    try:
        size = path.stat().st_size
        if size > MAX_DECK_TEXT:
            raise DeckError(f"the file is {size:,} bytes, more than the {MAX_DECK_TEXT:,} a "
                            "decklist may have", file=str(path))
        data = path.read_bytes()
    except OSError as e:
        raise DeckError(f"can't read the file: {e.strerror or e}", file=str(path)) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _from_items(items: Iterable, source: str, db: CardDatabase) -> Decklist:
    """Build a main deck from card names (or ``(count, name)`` pairs); errors name the item."""
    resolve = _Resolver(db, source)
    deck = Decklist(source=source)
    for index, item in enumerate(items, start=1):
        if isinstance(item, str):
            count, written = 1, item.strip()
        elif (isinstance(item, (list, tuple)) and len(item) == 2
              and type(item[0]) is int and isinstance(item[1], str)):
            count, written = item[0], item[1].strip()
        else:
            shown = repr(item) if len(repr(item)) < 60 else repr(item)[:57] + "..."
            raise DeckError(f"expected a card name or a (count, name) pair, got {shown}",
                            file=source, item=index)
        if count <= 0:
            raise DeckError(f"card count must be positive, got {count}", file=source,
                            item=index, card=written)
        if count > MAX_COPIES:
            raise DeckError(f"card count {count} is more than the {MAX_COPIES:,} copies a "
                            "deck may hold", file=source, item=index, card=written)
        if len(written) > MAX_LINE:
            raise DeckError(f"a card name of {len(written):,} characters", file=source,
                            item=index)
        _add(deck.main, count, resolve(written, item=index))
        if index > MAX_SECTION_CARDS:
            _check_size(deck, source)
    if not deck.main:
        raise DeckError("the main deck is empty", file=source)
    _check_size(deck, source)
    return deck


def load_decklist(deck: "str | Path | Sequence[str] | Decklist",
                  database: CardDatabase | None = None) -> Decklist:
    """Load a deck from a path, deck-list text, a bundled deck name or a list of names.

    * a :class:`~pathlib.Path` or a string naming an existing file: the file is parsed;
    * a string with a newline, or a single card line: parsed as text;
    * a bundled deck name (``"green"``, ``"red"``) when no such file exists;
    * a list/tuple of card names (or ``(count, name)`` pairs): one main-deck entry each,
      errors naming ``item N`` (1-based);
    * a :class:`Decklist` is returned unchanged.
    """
    db = database if database is not None else get_database()
    if isinstance(deck, Decklist):
        return deck
    if isinstance(deck, Path):
        if not deck.is_file():
            raise DeckError("no such deck file", file=str(deck))
        return parse_decklist(_read_text(deck), source=str(deck), database=db)
    if isinstance(deck, str):
        if "\n" in deck:
            return parse_decklist(deck, source="<text>", database=db)
        stripped = deck.strip()
        if stripped and Path(stripped).is_file():
            return parse_decklist(_read_text(Path(stripped)), source=stripped, database=db)
        from manastack.decks import BUNDLED, bundled_deck_path
        if stripped.lower() in BUNDLED:
            path = bundled_deck_path(stripped)
            return parse_decklist(_read_text(path), source=f"bundled:{stripped.lower()}",
                                  database=db)
        if _PATHLIKE_RE.search(stripped) and db.resolve(stripped) is None:
            raise DeckError("no such deck file", file=stripped)
        return parse_decklist(deck, source="<text>", database=db)
    if isinstance(deck, (list, tuple)):
        return _from_items(deck, "<list>", db)
    raise DeckError(f"cannot load a deck from {type(deck).__name__} (give a path, decklist "
                    "text, a bundled deck name or a list of card names)")


def from_json_record(record: dict, source: str = "<json>",
                     database: CardDatabase | None = None) -> Decklist:
    """Build a Decklist from a tournament JSON record.

    ``main`` and ``sideboard`` (or ``side``) are ``[[count, name], ...]``; an optional
    ``commander`` likewise.  The name is ``record["name"]`` or "player, event, date" from
    the fields present.  Errors name the section and 1-based item.
    """
    db = database if database is not None else get_database()
    if not isinstance(record, dict):
        raise DeckError(f"expected a JSON object (a deck record), got "
                        f"{'null' if record is None else type(record).__name__}", file=source)
    resolve = _Resolver(db, source)
    deck = Decklist(source=source)
    keys = {"main": ("main", "mainboard", "deck"), "sideboard": ("sideboard", "side"),
            "commander": ("commander", "commanders")}
    for section, aliases in keys.items():
        key = next((k for k in aliases if record.get(k) is not None), None)
        if key is None:
            continue
        try:
            entries = _RECORD_SECTION.validate_python(record[key])
        except ValidationError as e:
            err = e.errors(include_url=False)[0]
            loc = [x for x in err["loc"] if isinstance(x, int)]
            where = f"{key}" + (f" item {loc[0] + 1}" if loc else "")
            got = err.get("input")
            if err["type"] == "greater_than_equal":
                why = f"card count must be positive, got {got}"
            elif err["type"] == "less_than_equal":
                why = f"card count {got} is more than the {MAX_COPIES:,} copies a deck may hold"
            else:
                why = (f"expected [count, name] pairs (count a whole number from 1 to "
                       f"{MAX_COPIES:,}) or names: {err['msg'].lower()} (got {_shown(got)})")
            raise DeckError(f"{where}: {why}", file=source) from None
        for index, entry in enumerate(entries, start=1):
            count, written = (1, entry) if isinstance(entry, str) else entry
            written = written.strip()
            try:
                name = resolve(written)
            except DeckError as exc:
                raise DeckError(f"{section} item {index}: {exc.reason}", file=source,
                                card=exc.card, suggestions=exc.suggestions) from None
            _add(getattr(deck, section), count, name)
    if not all(isinstance(record.get(k), str | None) for k in ("name", "player", "event")):
        raise DeckError("name, player and event are strings", file=source)
    deck.name = record.get("name") or ", ".join(
        str(record[k]) for k in ("player", "event", "date") if record.get(k)) or None
    if isinstance(record.get("format"), str) and record["format"]:
        deck.format = record["format"]
    if record.get("date") is not None:
        try:
            deck.date = date.fromisoformat(record["date"])
        except (TypeError, ValueError):
            raise DeckError(f"date must be a date YYYY-MM-DD, got {_shown(record['date'])}",
                            file=source) from None
    if not deck.main:
        raise DeckError("the main deck is empty", file=source)
    _check_size(deck, source)
    return deck


def _shown(v) -> str:
    r = repr(v)
    return r if len(r) <= 40 else r[:37] + "..."


# A section of a tournament record: [[count, name], ...] (a bare name is one copy),
# strictly typed: 1e9 (a float), "4" or true is not a count, {"Mountain": 60} no list.
_Count = Annotated[int, Field(strict=True, ge=1, le=MAX_COPIES)]
_Name = Annotated[str, Field(strict=True, min_length=1, max_length=MAX_LINE)]
_RECORD_SECTION = TypeAdapter(Annotated[
    list[Annotated[tuple[_Count, _Name], Field()] | _Name], Field(max_length=MAX_SECTION_CARDS)])
