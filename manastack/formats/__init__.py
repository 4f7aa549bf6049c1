"""Formats as rules: deck construction (CR 100.2a, 100.4a) and banned/restricted lists.

:data:`FORMAT_NAMES` lists the formats; ``freeform`` (the default) checks nothing.  Every
other format is constructed: at least sixty cards in the main deck, at most fifteen in
the sideboard and at most four copies of a card other than basic lands (or what the
card's own text allows), plus its list (:mod:`manastack.formats.lists`).

What the bundled card data cannot tell (it has no rarity and no set data) is not
checked, and :attr:`Format.unchecked` says so: Pauper's commons-only rule and the set
legality of Standard, Pioneer, Modern and Premodern.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from manastack.cards import CardDatabase, get_database
from manastack.decklist import Decklist

from .construction import (MAX_COPIES_RESTRICTED, MAX_SIDEBOARD, MIN_CONSTRUCTED_DECK,
                           DeckConstructionError, Rule, Violation, copy_limit)
from .lists import BanList, BanListError, bundled_banlist, load_banlist

__all__ = ["Format", "FORMAT_NAMES", "get_format", "deck_violations", "check_deck",
           "DeckConstructionError", "Rule", "Violation", "BanList", "BanListError",
           "load_banlist", "UnknownFormat"]

#: Format names, freeform first (the default).
FORMAT_NAMES = ("freeform", "standard", "pioneer", "modern", "legacy", "vintage",
                "premodern", "pauper")
_TITLES = {n: n.title() for n in FORMAT_NAMES}
_NO_SETS = "set legality (the bundled card data has no set data)"
_NO_RARITY = "commons only (the bundled card data has no rarity: only the list is checked)"
_UNCHECKED = {"standard": (_NO_SETS,), "pioneer": (_NO_SETS,), "modern": (_NO_SETS,),
              "premodern": (_NO_SETS,), "pauper": (_NO_RARITY,)}


class UnknownFormat(ValueError):
    """A format name manastack does not know."""

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(f"unknown format {name!r} (formats: {', '.join(FORMAT_NAMES)})")


@dataclass(frozen=True, slots=True)
class Format:
    """A way of building decks: constructed rules and an optional banned list."""

    name: str
    constructed: bool
    banlist: BanList | None = None
    unchecked: tuple[str, ...] = ()

    @property
    def title(self) -> str:
        return _TITLES.get(self.name, self.name.title())


def get_format(name: str | Format, banlist: str | Path | BanList | None = None) -> Format:
    """The format called ``name`` (any case), with its bundled list or ``banlist`` (a
    :class:`BanList` or a JSON file of the same schema) in its place."""
    if isinstance(name, Format):
        fmt = name
    else:
        key = str(name).strip().lower()
        if key not in FORMAT_NAMES:
            raise UnknownFormat(str(name))
        fmt = Format(key, key != "freeform", bundled_banlist(key), _UNCHECKED.get(key, ()))
    if banlist is not None:
        own = banlist if isinstance(banlist, BanList) else load_banlist(banlist)
        fmt = Format(fmt.name, fmt.constructed, own, fmt.unchecked)
    return fmt


def deck_violations(deck: Decklist, fmt: str | Format, on: date | None = None,
                    db: CardDatabase | None = None) -> list[Violation]:
    """Every construction rule ``deck`` breaks in ``fmt``, with the list in force on
    ``on`` (default: the newest), in deck order."""
    fmt = get_format(fmt)
    if not fmt.constructed:
        return []
    db = db if db is not None else get_database()
    out: list[Violation] = []
    main = deck.main_count()
    # CR 100.2a: a constructed deck has a minimum deck size of sixty cards.
    if main < MIN_CONSTRUCTED_DECK:
        out.append(Violation(Rule.MIN_DECK_SIZE, main, MIN_CONSTRUCTED_DECK, format=fmt.title))
    # CR 100.4a: a sideboard may contain no more than fifteen cards.
    side = sum(c for c, _ in deck.sideboard)
    if side > MAX_SIDEBOARD:
        out.append(Violation(Rule.SIDEBOARD_SIZE, side, MAX_SIDEBOARD, format=fmt.title))
    counts: Counter[str] = Counter()
    for count, name in (*deck.main, *deck.sideboard, *deck.commander):
        counts[name] += count
    banlist = fmt.banlist.in_force(on) if fmt.banlist is not None else None
    for name, count in counts.items():
        card = db.get(name)
        if banlist is not None and banlist.is_banned(card, name):
            out.append(Violation(Rule.BANNED, count, 0, name, fmt.title, banlist.listing))
            continue
        if banlist is not None and name in banlist.restricted and count > MAX_COPIES_RESTRICTED:
            out.append(Violation(Rule.RESTRICTED, count, MAX_COPIES_RESTRICTED, name,
                                 fmt.title, banlist.listing))
            continue
        # CR 100.2a, 100.4a: at most four of a card other than basic lands, deck and
        # sideboard combined (or what the card's own text allows).
        limit = copy_limit(card)
        if limit is not None and count > limit:
            out.append(Violation(Rule.COPY_LIMIT, count, limit, name, fmt.title))
    return out


def check_deck(deck: Decklist, fmt: str | Format, on: date | None = None,
               db: CardDatabase | None = None) -> None:
    """Raise :class:`DeckConstructionError` (with every violation) unless ``deck`` is
    legal in ``fmt``."""
    fmt = get_format(fmt)
    found = deck_violations(deck, fmt, on, db)
    if found:
        raise DeckConstructionError(found, format=fmt.title, file=deck.source)
