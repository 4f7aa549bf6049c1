"""Keyword abilities beyond the core set (CR 702): compiled from keyword lines.

``compile_keyword_line`` is asked first for every line; it returns True when it compiled
the line into ``out`` (the card's ability lists).
"""

from __future__ import annotations

# CR 702: further keywords the engine implements by name (checked by ``is_keyword``).
EXTRA_KEYWORDS: frozenset = frozenset()


def compile_keyword_line(line: str, low: str, is_spell: bool, out: dict) -> bool:
    """Compile a keyword line with parameters ("Cycling {2}", "Ward {1}"); False if not."""
    return False
