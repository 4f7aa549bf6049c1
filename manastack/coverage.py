"""Compiler coverage: how much of Magic manastack can play (issue 6).

* :func:`card_coverage` -- of the database's distinct cards, how many compile fully, the
  share by card type and by color identity, and the most common unsupported phrases
  (normalised: the card's name -> ``~``, numbers -> ``N``).
* :func:`deck_coverage` -- for decklists (text files, directories of them, or tournament
  ``.jsonl`` files grouped by each record's ``"format"``), the share that is fully
  playable, by group, with the most common blocking cards.

Compiling every card takes about 1.5 s on a laptop-class machine (35k cards, measured
June 2026), so it is simply done in process each time; no disk cache is needed at that
speed (revisit if ``card_coverage()["seconds"]`` grows past ~30 s).
"""

from __future__ import annotations

import json
import re
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from .cards import CardData, CardDatabase, get_database
from .cards.search import searchable_cards

__all__ = ["CardSupport", "card_support", "card_coverage", "normalise_phrase",
           "deck_coverage", "iter_decks", "BlockingText", "TYPE_ORDER"]

#: Card types reported, in this order (a card counts under each of its types).
TYPE_ORDER = ("Creature", "Instant", "Sorcery", "Artifact", "Enchantment", "Land",
              "Planeswalker", "Battle", "Kindred", "Tribal")
_WUBRG = "WUBRG"
_NUMBER_RE = re.compile(r"\d+")


@dataclass(frozen=True, slots=True)
class CardSupport:
    """Whether one card compiles fully, and the text that does not."""

    name: str
    supported: bool
    unsupported: tuple[str, ...] = ()


def _compile(card: CardData) -> CardSupport:
    from .compiler import compile_card
    try:
        defn = compile_card(card)
    except Exception as exc:  # a compiler crash is a coverage fact, not a report crash
        return CardSupport(card.name, False, (f"compiler error: {type(exc).__name__}",))
    return CardSupport(card.name, defn.supported, tuple(u.text for u in defn.unsupported))


def card_support(cards: Iterable[CardData] | None = None) -> dict[str, CardSupport]:
    """Compile each card (default: every distinct card of the database)."""
    if cards is None:
        cards = searchable_cards()
    return {c.name: _compile(c) for c in cards}


def normalise_phrase(text: str, name: str = "") -> str:
    """An unsupported phrase as counted: the card's name (and its short name before a
    comma, and each face name) written ``~``, numbers written ``N``, spaces collapsed."""
    names = [name, *name.split(" // ")] if name else []
    if name and "," in name:
        names.append(name.split(",")[0])
    for n in sorted(set(n for n in names if len(n) > 2), key=len, reverse=True):
        text = text.replace(n, "~")
    text = _NUMBER_RE.sub("N", text)
    return " ".join(text.split())


def _identity_key(card: CardData) -> str:
    return "".join(c for c in _WUBRG if c in card.color_identity) or "C"


def _share(supported: int, total: int) -> float:
    return round(supported / total, 4) if total else 0.0


def blocking_phrase(line: str) -> str:
    """The phrase of an unsupported line where the Oracle grammar stops reading it
    (compiler.lines.blocking_phrase); lines of other kinds as they are."""
    if line.startswith(("compiler error", "Power ", "Toughness ")) or "(CR " in line:
        return line
    from .compiler.lines import blocking_phrase as stop
    return stop(line)


def card_coverage(db: CardDatabase | None = None, top: int = 50) -> dict:
    """The coverage report as plain data (see the module docstring). Its unsupported
    phrases are where the grammar stops reading each unsupported line, counted once per
    card."""
    db = db if db is not None else get_database()
    started = time.perf_counter()
    cards = searchable_cards(db)
    support = card_support(cards)
    seconds = time.perf_counter() - started
    by_type: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    by_identity: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    phrases: Counter[str] = Counter()
    examples: dict[str, str] = {}
    for card in cards:
        s = support[card.name]
        types = [t for t in card.types if t in TYPE_ORDER] or ["(other)"]
        for t in types:
            by_type[t][0] += 1
            by_type[t][1] += s.supported
        ident = _identity_key(card)
        by_identity[ident][0] += 1
        by_identity[ident][1] += s.supported
        for phrase in set(normalise_phrase(blocking_phrase(u), card.name)
                          for u in s.unsupported):
            phrases[phrase] += 1
            examples.setdefault(phrase, card.name)
    total = len(cards)
    supported = sum(1 for s in support.values() if s.supported)
    type_keys = [t for t in TYPE_ORDER if t in by_type] + sorted(
        t for t in by_type if t not in TYPE_ORDER)
    identity_keys = sorted(by_identity, key=lambda k: (len(k) if k != "C" else 0,
                                                       [_WUBRG.find(c) for c in k]))
    return {
        "total": total,
        "supported": supported,
        "share": _share(supported, total),
        "seconds": round(seconds, 2),
        "by_type": {t: {"total": by_type[t][0], "supported": by_type[t][1],
                        "share": _share(by_type[t][1], by_type[t][0])} for t in type_keys},
        "by_identity": {k: {"total": by_identity[k][0], "supported": by_identity[k][1],
                            "share": _share(by_identity[k][1], by_identity[k][0])}
                        for k in identity_keys},
        "unsupported_phrases": [{"phrase": p, "cards": n, "example": examples[p]}
                                for p, n in sorted(phrases.items(),
                                                   key=lambda kv: (-kv[1], kv[0]))[:top]],
    }


# ------------------------------------------------------------------------ decks

class BlockingText:
    """Per card name, the unsupported text that keeps it from compiling (``()`` when it
    compiles fully); each card is compiled once.  A compiler crash blocks the card with
    ``compiler error: <type>``, never the report."""

    def __init__(self) -> None:
        self._texts: dict[str, tuple[str, ...]] = {}

    def __call__(self, name: str) -> tuple[str, ...]:
        texts = self._texts.get(name)
        if texts is None:
            from .compiler import definition_for
            try:
                defn = definition_for(name)
                texts = () if defn.supported else (
                    tuple(dict.fromkeys(u.text for u in defn.unsupported)) or ("unsupported",))
            except Exception as exc:
                texts = (f"compiler error: {type(exc).__name__}",)
            self._texts[name] = texts
        return texts

    def mechanics(self, name: str) -> set[str]:
        """The phrases (normalised as :func:`normalise_phrase`) where the grammar stops
        reading the card's unsupported lines: the mechanics that block it."""
        return {normalise_phrase(blocking_phrase(t), name) for t in self(name)}


@dataclass
class _Group:
    decks: int = 0
    playable: int = 0
    unreadable: int = 0
    blocking: Counter = field(default_factory=Counter)
    sole_blocker: Counter = field(default_factory=Counter)
    mechanics: Counter = field(default_factory=Counter)
    mechanic_cards: dict = field(default_factory=lambda: defaultdict(Counter))


def _deck_names(deck) -> list[str]:
    """Main deck and commander names (a commander is part of the deck it leads)."""
    return [name for _, name in (*deck.main, *deck.commander)]


def iter_decks(paths: Iterable[str | Path], db: CardDatabase | None = None):
    """Yield ``(source, group, Decklist | DeckError)`` for each deck in ``paths``.

    * ``.jsonl`` / ``.json`` lines: one tournament record per line, grouped by its
      ``"format"`` (``"unknown"`` when missing);
    * a directory: every ``*.txt`` / ``*.dec`` / ``*.dek`` file below it, grouped by its
      ``// FORMAT:`` header where it has one, else by the first sub-directory under it
      (``precon/commander/...`` -> ``commander``), or the directory's own name for files
      directly inside it;
    * any other file: a decklist (text or MTGO ``.dek``), grouped by its ``// FORMAT:``
      header, else ``decklists``.
    """
    from .decklist import MAX_DECK_TEXT, DeckError, _read_text, from_json_record, parse_decklist
    db = db if db is not None else get_database()
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files = sorted(p for p in path.rglob("*")
                           if p.is_file() and p.suffix.lower() in (".txt", ".dec", ".dek"))
            for f in files:
                rel = f.relative_to(path).parts
                group = rel[0] if len(rel) > 1 else path.name
                try:
                    deck = parse_decklist(_read_text(f), source=str(f), database=db)
                    yield str(f), deck.format or group, deck
                except DeckError as exc:
                    yield str(f), group, exc
        elif path.suffix.lower() in (".jsonl", ".ndjson") or (
                path.suffix.lower() == ".json" and _looks_like_jsonl(path)):
            with path.open(encoding="utf-8") as fh:
                for lineno, line in enumerate(fh, start=1):
                    if not line.strip():
                        continue
                    source = f"{path}:{lineno}"
                    try:
                        if len(line) > MAX_DECK_TEXT:
                            raise ValueError(f"a line of {len(line):,} characters")
                        record = json.loads(line)
                    except json.JSONDecodeError as exc:
                        yield source, "unknown", DeckError(f"bad JSON: {exc.msg}",
                                                           file=source)
                        continue
                    except (ValueError, RecursionError) as exc:
                        yield source, "unknown", DeckError(f"bad JSON: {exc}"[:200],
                                                           file=source)
                        continue
                    group = str(record.get("format") or "unknown") if isinstance(
                        record, dict) else "unknown"
                    try:
                        yield source, group, from_json_record(record, source=source,
                                                              database=db)
                    except DeckError as exc:
                        if not isinstance(record, dict):
                            yield source, group, exc
                            continue
                        # An unknown sideboard card does not stop judging the main deck.
                        main_only = {k: v for k, v in record.items()
                                     if k not in ("sideboard", "side")}
                        try:
                            deck = from_json_record(main_only, source=source, database=db)
                        except DeckError:
                            deck = exc
                        yield source, group, deck
        elif path.is_file():
            try:
                deck = parse_decklist(_read_text(path), source=str(path), database=db)
                yield str(path), deck.format or "decklists", deck
            except DeckError as exc:
                yield str(path), "decklists", exc
        else:
            yield str(path), "missing", DeckError("no such deck file", file=str(path))


def _looks_like_jsonl(path: Path) -> bool:
    with path.open(encoding="utf-8") as fh:
        first = fh.readline().strip()
    return first.startswith("{") and first.endswith("}")


def deck_coverage(paths: Iterable[str | Path], top: int = 10,
                  db: CardDatabase | None = None, min_cards: int = 0) -> dict:
    """Deck playability by group (see the module docstring) as plain data.

    A deck is *playable* when every card of its main deck (and its commander, if any)
    compiles fully. ``blocking`` counts, per card, the decks it keeps from being
    playable; ``sole_blocker`` the decks in which it is the only unsupported card;
    ``mechanics`` the decks each unsupported phrase blocks (a deck counts once per
    phrase however many of its cards need it), with the cards that need it.
    ``files`` lists every deck read with its group and whether it is playable.
    Decks that cannot be read (unknown card names) are counted as ``unreadable``.
    Decks whose main deck has fewer than ``min_cards`` cards (Secret Lair drops, land
    packs) are left out and counted in ``skipped_small``.
    """
    from .decklist import DeckError
    started = time.perf_counter()
    groups: dict[str, _Group] = defaultdict(_Group)
    total = _Group()
    blocked_by = BlockingText()
    files: list[dict] = []
    errors: list[str] = []
    skipped = 0
    for source, group, deck in iter_decks(paths, db):
        if min_cards and not isinstance(deck, DeckError) and deck.main_count() < min_cards:
            skipped += 1
            continue
        g = groups[group]
        for bucket in (g, total):
            bucket.decks += 1
        if isinstance(deck, DeckError):
            for bucket in (g, total):
                bucket.unreadable += 1
            if len(errors) < 20:
                errors.append(str(deck))
            files.append({"source": source, "group": group, "playable": False,
                          "error": str(deck)})
            continue
        blocking = sorted({n for n in _deck_names(deck) if blocked_by(n)})
        files.append({"source": source, "group": group, "playable": not blocking,
                      "error": None})
        mechanics: dict[str, set[str]] = defaultdict(set)
        for name in blocking:
            for mechanic in blocked_by.mechanics(name):
                mechanics[mechanic].add(name)
        for bucket in (g, total):
            if not blocking:
                bucket.playable += 1
            bucket.blocking.update(blocking)
            if len(blocking) == 1:
                bucket.sole_blocker.update(blocking)
            bucket.mechanics.update(mechanics.keys())
            for mechanic, names in mechanics.items():
                bucket.mechanic_cards[mechanic].update(names)

    def render(g: _Group) -> dict:
        return {"decks": g.decks, "playable": g.playable, "unreadable": g.unreadable,
                "share": _share(g.playable, g.decks),
                "blocking": [{"card": c, "decks": n} for c, n in
                             sorted(g.blocking.items(), key=lambda kv: (-kv[1], kv[0]))[:top]],
                "sole_blocker": [{"card": c, "decks": n} for c, n in
                                 sorted(g.sole_blocker.items(),
                                        key=lambda kv: (-kv[1], kv[0]))[:top]],
                "mechanics": [{"mechanic": m, "decks": n,
                               "cards": [c for c, _ in sorted(
                                   g.mechanic_cards[m].items(),
                                   key=lambda kv: (-kv[1], kv[0]))[:5]]}
                              for m, n in sorted(g.mechanics.items(),
                                                 key=lambda kv: (-kv[1], kv[0]))[:top]]}

    order = sorted(groups, key=lambda k: (-groups[k].decks, k))
    return {"total": render(total),
            "by_group": {k: render(groups[k]) for k in order},
            "files": files,
            "errors": errors,
            "min_cards": min_cards,
            "skipped_small": skipped,
            "seconds": round(time.perf_counter() - started, 2)}
