"""Deck lists bundled with manastack (plain text, see :mod:`manastack.decklist`).

``BUNDLED`` maps each bundled deck name to its file; :func:`bundled_deck_path` looks one
up by name (case-insensitive).  These 60-card demo decks deliberately ignore the
four-copy limit (CR 100.2a) to keep them simple.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["BUNDLED", "bundled_deck_path"]

_HERE = Path(__file__).resolve().parent

BUNDLED: dict[str, Path] = {
    "green": _HERE / "green.txt",
    "red": _HERE / "red.txt",
}


def bundled_deck_path(name: str) -> Path:
    """Return the file of the bundled deck ``name`` (e.g. ``"green"``); KeyError if unknown."""
    key = name.strip().lower()
    if key not in BUNDLED:
        raise KeyError(f"no bundled deck {name!r} (bundled: {', '.join(sorted(BUNDLED))})")
    return BUNDLED[key]
