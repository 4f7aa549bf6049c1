"""The Oracle card database: immutable card records and name lookup.

The data ships inside the package (``manastack/cards/data/oracle-cards.json.gz``, built by
``tools/build_card_db.py``), so nothing outside the package is read at runtime.

* :class:`CardData` -- one Oracle card (or one face of a multi-faced card), with its
  colors (CR 202.2) and mana value (CR 202.3) derived from its mana cost.
* :class:`CardDatabase` -- lookup by name: exact Oracle name, case-insensitive,
  accent-insensitive ("Lorien Revealed" finds "Lórien Revealed"), front-face names of
  split/adventure/double-faced cards ("Fire" finds "Fire // Ice"), plus spelling
  suggestions for unknown names.
* :func:`get_database` -- the shared, lazily loaded instance.
"""

from __future__ import annotations

import difflib
import gzip
import json
import re
import threading
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

__all__ = ["CardData", "CardDatabase", "get_database", "normalize_name", "DATA_FILE"]

#: Package-relative location of the bundled database.
DATA_FILE = "data/oracle-cards.json.gz"

_WUBRG = "WUBRG"
_SYMBOL_RE = re.compile(r"\{([^}]*)\}")
_SLASHES_RE = re.compile(r"\s*/{1,3}\s*")
_SPACES_RE = re.compile(r"\s+")
# Punctuation that separates words for the suggestion prefilter.
_WORD_BREAKS = str.maketrans({c: " " for c in ",.:;!?\"'()/-_+&"})
# Characters that NFKD does not fold but players type differently.
_FOLD = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201b": "'", "\u00b4": "'", "`": "'",
    "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-", "\u2212": "-",
    "\u00e6": "ae", "\u00c6": "Ae", "\u0153": "oe", "\u0152": "Oe", "\u00df": "ss",
    "\u00f8": "o", "\u00d8": "O", "\ua789": ":", "\u00ae": "", "\u2122": "",
})


def normalize_name(name: str) -> str:
    """Return the lookup key of a card name: accents stripped, case-folded, spaces collapsed.

    ``"Lórien Revealed"``, ``"lorien revealed"`` and ``"LÓRIEN  REVEALED"`` share one key;
    typographic quotes and dashes fold to ASCII and "Æ" to "ae".
    """
    if name.isascii():
        return " ".join(name.replace("`", "'").split()).casefold()
    text = unicodedata.normalize("NFKD", name.translate(_FOLD))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return _SPACES_RE.sub(" ", text).strip().casefold()


def _symbol_colors(symbol: str) -> set[str]:
    """Colors of one mana symbol body such as ``"W"``, ``"W/U"``, ``"G/P"``, ``"2/W"`` (CR 107.4)."""
    body = symbol.upper()
    if len(body) == 2 and body[0] == "H":  # Un-set half mana {HW}: half of a white mana.
        body = body[1]
    return {part for part in body.split("/") if part in _WUBRG}


def _symbol_mana_value(symbol: str) -> float:
    """Mana value contributed by one mana symbol body (CR 202.3).

    Numbers add their value; {X}/{Y}/{Z} add 0 (CR 202.3e, off the stack); each colored,
    colorless {C}, snow {S}, hybrid or Phyrexian symbol adds 1; a monocolored hybrid
    {2/W} adds 2, its largest component (CR 202.3f); Un-set half mana {HW} adds 1/2.
    """
    body = symbol.upper()
    if body.isdigit():
        return int(body)
    if body in ("X", "Y", "Z"):
        return 0
    if len(body) == 2 and body[0] == "H":
        return 0.5
    if "/" in body:
        return max((int(p) if p.isdigit() else 1) for p in body.split("/"))
    return 1


@dataclass(frozen=True, slots=True)
class CardData:
    """One Oracle card, or one face of a multi-faced card (CR 709-712, 715).

    ``text`` is the Oracle text in current wording ("" when the card has none).  For a card
    named ``"A // B"`` the top-level characteristics are those of the front face (as the
    Oracle data gives them) and ``faces`` holds every face's own record, in order, when all
    faces are known; otherwise ``faces`` is empty.
    """

    name: str
    mana_cost: str | None
    type_line: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    keywords: tuple[str, ...]
    power: str | None
    toughness: str | None
    loyalty: str | None
    text: str
    layout: str
    color_identity: tuple[str, ...]
    faces: tuple["CardData", ...] = ()

    @property
    def mana_symbols(self) -> tuple[str, ...]:
        """The mana cost split into symbol bodies: ``"{2}{W/U}"`` -> ``("2", "W/U")``."""
        return tuple(_SYMBOL_RE.findall(self.mana_cost or ""))

    @property
    def colors(self) -> tuple[str, ...]:
        """Color letters in WUBRG order from the mana cost (CR 202.2, 105.2).

        Every colored symbol gives its color, including hybrid ({W/U} gives W and U,
        {2/W} gives W) and Phyrexian ({G/P} gives G) symbols; generic, {C}, {S} and {X}
        give none.  Color indicators and characteristic-defining abilities (CR 204, 604.3)
        are not considered: a card with no mana cost is colorless here.
        """
        found: set[str] = set()
        for symbol in self.mana_symbols:
            found |= _symbol_colors(symbol)
        return tuple(c for c in _WUBRG if c in found)

    @property
    def mana_value(self) -> int:
        """The mana value of the mana cost (CR 202.3); 0 when there is no mana cost.

        Half mana (an Un-set oddity) is rounded down so the result is always an int.
        """
        return int(sum(_symbol_mana_value(s) for s in self.mana_symbols))

    @property
    def face_names(self) -> tuple[str, ...]:
        """The names of the faces: ``("Fire", "Ice")`` for "Fire // Ice", ``(name,)`` otherwise."""
        return tuple(self.name.split(" // ")) if " // " in self.name else (self.name,)

    @property
    def front_name(self) -> str:
        """The front face's name ("Fire" for "Fire // Ice"); the name itself for one-faced cards."""
        return self.face_names[0]

    @classmethod
    def from_dict(cls, data: dict) -> "CardData":
        """Build a card from the compact package-data dict (missing fields take defaults)."""
        return cls(
            name=data["name"],
            mana_cost=data.get("mana_cost") or None,
            type_line=data.get("type_line", ""),
            types=tuple(data.get("types", ())),
            subtypes=tuple(data.get("subtypes", ())),
            supertypes=tuple(data.get("supertypes", ())),
            keywords=tuple(data.get("keywords", ())),
            power=data.get("power"),
            toughness=data.get("toughness"),
            loyalty=data.get("loyalty"),
            text=data.get("text") or "",
            layout=data.get("layout", "normal"),
            color_identity=tuple(data.get("color_identity", ())),
            faces=tuple(cls.from_dict(f) for f in data.get("faces", ())),
        )

    def to_dict(self) -> dict:
        """Inverse of :meth:`from_dict`, omitting empty fields."""
        out: dict = {}
        for key in ("name", "mana_cost", "type_line", "types", "subtypes", "supertypes",
                    "keywords", "power", "toughness", "loyalty", "text", "layout",
                    "color_identity"):
            value = getattr(self, key)
            if value not in (None, "", ()):
                out[key] = list(value) if isinstance(value, tuple) else value
        if self.faces:
            out["faces"] = [f.to_dict() for f in self.faces]
        return out


# Layouts whose extra faces appear in the Oracle data as separate, non-deckable entries.
_FACE_ONLY_LAYOUTS = frozenset({"transform", "meld", "flip", "modal_dfc", "double_faced_token"})


class CardDatabase:
    """An immutable collection of :class:`CardData` with forgiving name lookup.

    Lookup order for :meth:`get`: the exact Oracle name; then the normalized key (case-
    and accent-insensitive, see :func:`normalize_name`); then the same with ``/``, ``//``
    or ``///`` separators rewritten as `` // `` (MTGO writes "Fire/Ice"); each step also
    accepts the front-face name of a card "A // B".  Exact names always win over face
    aliases ("Bind" is its own card, not "Bind // Liberate").

    Cards loaded from package data are kept as raw dicts and turned into
    :class:`CardData` on first access, which keeps loading fast.
    """

    def __init__(self, cards: Iterable[CardData | dict]) -> None:
        """Index ``cards`` (CardData or compact dicts; a later duplicate name wins)."""
        self._cards: dict[str, CardData] = {}
        self._raw: dict[str, dict] = {}
        for card in cards:
            if isinstance(card, CardData):
                self._cards[card.name] = card
                self._raw.pop(card.name, None)
            else:
                self._raw[card["name"]] = card
                self._cards.pop(card["name"], None)
        self._names: list[str] = sorted([*self._cards, *self._raw])
        self._index: dict[str, str] = {}
        for name in self._names:
            self._index.setdefault(normalize_name(name), name)
        # Front-face aliases: fewest faces first, then by name, for determinism.
        multi = sorted((n for n in self._names if " // " in n),
                       key=lambda n: (n.count(" // "), n))
        for name in multi:
            self._index.setdefault(normalize_name(name.split(" // ")[0]), name)
        self._face_owner = self._find_face_owners(multi)
        self._suggest_index: tuple[dict, dict, dict] | None = None
        self._suggest_cache: dict[tuple[str, int], tuple[str, ...]] = {}

    def _card(self, name: str) -> CardData:
        """Return the CardData for an indexed Oracle name, building it on first use."""
        card = self._cards.get(name)
        if card is None:
            card = self._cards[name] = CardData.from_dict(self._raw.pop(name))
        return card

    def _layout(self, name: str) -> str:
        """Layout of an indexed name without building its CardData."""
        if name in self._cards:
            return self._cards[name].layout
        return self._raw[name].get("layout", "normal")

    def _find_face_owners(self, multi: list[str]) -> dict[str, str]:
        """Map a separate back-face entry (e.g. "Insectile Aberration") to its one card.

        Only entries that are not cards in their own right (layout transform, meld, ...)
        and belong to exactly one "A // B" card are mapped; meld results shared by two
        cards stay unmapped.
        """
        owners: dict[str, set[str]] = {}
        for name in multi:
            for face in name.split(" // ")[1:]:
                owners.setdefault(face, set()).add(name)
        return {face: next(iter(names)) for face, names in owners.items()
                if len(names) == 1 and (face in self._cards or face in self._raw)
                and self._layout(face) in _FACE_ONLY_LAYOUTS}

    # -- loading ---------------------------------------------------------------------

    @classmethod
    def from_json_bytes(cls, raw: bytes) -> "CardDatabase":
        """Load from (optionally gzip-compressed) package-data JSON bytes."""
        if raw[:2] == b"\x1f\x8b":
            raw = gzip.decompress(raw)
        payload = json.loads(raw)
        return cls(payload["cards"] if isinstance(payload, dict) else payload)

    @classmethod
    def from_file(cls, path: str | Path) -> "CardDatabase":
        """Load a database file written by ``tools/build_card_db.py``."""
        return cls.from_json_bytes(Path(path).read_bytes())

    @classmethod
    def from_package(cls) -> "CardDatabase":
        """Load the database bundled with the package (via importlib.resources)."""
        resource = resources.files("manastack.cards").joinpath(DATA_FILE)
        return cls.from_json_bytes(resource.read_bytes())

    # -- lookup ----------------------------------------------------------------------

    def _lookup_name(self, name: str) -> str | None:
        """Return the Oracle name that ``name`` designates, or None."""
        if name in self._cards or name in self._raw:
            return name
        key = normalize_name(name)
        found = self._index.get(key)
        if found is None and "/" in key:
            found = self._index.get(_SLASHES_RE.sub(" // ", key))
        return found

    def get(self, name: str) -> CardData | None:
        """Return the card called ``name`` (exact, case/accent-insensitive or front face)."""
        found = self._lookup_name(name)
        return self._card(found) if found is not None else None

    def resolve(self, name: str) -> CardData | None:
        """Like :meth:`get`, but return the whole card for a back-face-only entry.

        Used for deck lists: "Insectile Aberration" resolves to
        "Delver of Secrets // Insectile Aberration".
        """
        found = self._lookup_name(name)
        if found is None:
            return None
        return self._card(self._face_owner.get(found, found))

    def __getitem__(self, name: str) -> CardData:
        """Like :meth:`get` but raising KeyError (with suggestions) for unknown names."""
        card = self.get(name)
        if card is None:
            hint = self.suggest(name)
            raise KeyError(f"unknown card {name!r}"
                           + (f" (did you mean: {', '.join(hint)}?)" if hint else ""))
        return card

    def __contains__(self, name: object) -> bool:
        """True when :meth:`get` would find ``name``."""
        return isinstance(name, str) and self._lookup_name(name) is not None

    def __len__(self) -> int:
        """Number of Oracle entries."""
        return len(self._names)

    def __iter__(self) -> Iterator[CardData]:
        """Iterate over the cards in name order."""
        return (self._card(n) for n in self._names)

    def names(self) -> list[str]:
        """All Oracle names, sorted."""
        return list(self._names)

    # -- suggestions -----------------------------------------------------------------

    def _build_suggest_index(self) -> tuple[dict, dict, dict]:
        """Group lookup keys by length, by (first letter, length) and by word."""
        by_length: dict[int, list[str]] = {}
        by_initial: dict[tuple[str, int], list[str]] = {}
        by_word: dict[str, list[str]] = {}
        for key in self._index:
            by_length.setdefault(len(key), []).append(key)
            by_initial.setdefault((key[0], len(key)), []).append(key)
            for word in set(key.translate(_WORD_BREAKS).split()):
                if len(word) >= 4:
                    by_word.setdefault(word, []).append(key)
        return by_length, by_initial, by_word

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """Return up to ``n`` real card names closest to ``name`` (best first).

        Uses :func:`difflib.get_close_matches` (cutoff 0.6) on normalized keys.  The
        prefilter keeps keys of similar length that share the first letter or a word of
        four or more letters with ``name``; only when that finds nothing are all keys of
        similar length compared.  Front-face matches are reported by the full name.
        """
        key = normalize_name(name)
        if not key or n <= 0:
            return []
        cached = self._suggest_cache.get((key, n))
        if cached is not None:
            return list(cached)
        if self._suggest_index is None:
            self._suggest_index = self._build_suggest_index()
        by_length, by_initial, by_word = self._suggest_index
        low, high = int(len(key) * 0.6), int(len(key) * 1.5) + 2
        pool: set[str] = set()
        for length in range(low, high + 1):
            pool.update(by_initial.get((key[0], length), ()))
        for word in set(key.translate(_WORD_BREAKS).split()):
            if len(word) >= 4:
                pool.update(k for k in by_word.get(word, ()) if low <= len(k) <= high)
        matches = difflib.get_close_matches(key, sorted(pool), n=n * 3, cutoff=0.6)
        if not matches:
            low, high = int(len(key) * 0.75), int(len(key) * 1.34) + 1
            wide = [k for length in range(low, high + 1) for k in by_length.get(length, ())]
            matches = difflib.get_close_matches(key, wide, n=n * 3, cutoff=0.6)
        result: list[str] = []
        for match in matches:
            real = self._index[match]
            if real not in result:
                result.append(real)
            if len(result) == n:
                break
        if len(self._suggest_cache) >= 4096:
            self._suggest_cache.clear()
        self._suggest_cache[(key, n)] = tuple(result)
        return result


_LOCK = threading.Lock()
_DATABASE: CardDatabase | None = None


def get_database() -> CardDatabase:
    """Return the shared database loaded from the package data (loaded once, thread-safe)."""
    global _DATABASE
    if _DATABASE is None:
        with _LOCK:
            if _DATABASE is None:
                _DATABASE = CardDatabase.from_package()
    return _DATABASE
