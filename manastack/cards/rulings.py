"""Dated card rulings bundled with manastack (MTGJSON data, MIT, to 2022).

The data ships in ``manastack/cards/data/rulings.json.gz`` (built by
``tools/build_rulings.py``); nothing outside the package is read at runtime.

>>> rulings_for("Lightning Bolt")[:1]  # doctest: +SKIP
[('2021-..', '...')]
"""

from __future__ import annotations

import gzip
import json
import threading
from importlib import resources

from .database import get_database, normalize_name

__all__ = ["rulings_for", "RULINGS_FILE"]

#: Package-relative location of the bundled rulings.
RULINGS_FILE = "data/rulings.json.gz"

_lock = threading.Lock()
_rulings: dict[str, list[tuple[str, str]]] | None = None
_folded: dict[str, str] | None = None


def _load() -> dict[str, list[tuple[str, str]]]:
    global _rulings, _folded
    if _rulings is None:
        with _lock:
            if _rulings is None:
                resource = resources.files("manastack.cards").joinpath(RULINGS_FILE)
                payload = json.loads(gzip.decompress(resource.read_bytes()))
                data = {name: [(d, t) for d, t in items]
                        for name, items in payload["rulings"].items()}
                _folded = {normalize_name(n): n for n in data}
                _rulings = data
    return _rulings


def rulings_for(name: str) -> list[tuple[str, str]]:
    """The rulings of the card ``name`` as ``(date, text)`` pairs, oldest first.

    ``name`` is looked up like a deck entry (any case or accents, a front face or a
    back face finds the whole card); an unknown card or one without rulings gives ``[]``.
    """
    data = _load()
    if name in data:
        return list(data[name])
    card = get_database().resolve(name)
    if card is not None and card.name in data:
        return list(data[card.name])
    key = _folded.get(normalize_name(name)) if _folded else None
    return list(data[key]) if key else []
