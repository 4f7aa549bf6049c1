"""Oracle text to tokens: the lexical level of the Oracle grammar (DESIGN layer 2).

A line of rules text, with reminder text removed (CR 207.2) and self-references written
``~`` (CR 201.4b), is split into lower-case tokens:

* words (``target``, ``can't``, ``non-human``, ``assembly-worker``);
* mana and other symbols, one token each (``{t}``, ``{2}``, ``{w/u}``, ``{e}``);
* numbers (``3``), power/toughness pairs and changes (``2/2``, ``+1/+1``, ``-x/-0``),
  loyalty symbols (``[+2]``, ``[−3]``, ``[0]``, ``[−X]`` read as ``+2``, ``-3``, ``0``,
  ``-x``; the Oracle minus sign ``−`` is read as ``-``);
* punctuation: ``,`` ``.`` ``:`` ``;`` ``—`` ``"`` ``•`` and the possessives ``'s`` and
  ``'`` (``creature's`` is ``creature`` ``'s``; ``opponents'`` is ``opponents`` ``'``).

``Line`` keeps the original spelling of each token beside it, for names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# CR 207.2: reminder text is in parentheses; a quoted ability may hold parentheses too.
REMINDER = re.compile(r"\s*\([^()]*\)")

_TOKEN = re.compile(
    r"""\{[^}]*\}                         # a symbol: {T}, {2}, {W/U}, {E}
      | [+\-−]?[\dxX*]+/[+\-−]?[\dxX*]+   # 2/2, +1/+1, -X/-0, */*
      | \[[+\-−]?[\dxX]+\](?=:)          # a loyalty symbol: [+2]:, [−X]:, [0]: (CR 606.2)
      | [+\-−][\dxX]+(?=:)                # a loyalty cost: +2:, −X:
      | [+\-−]\d+                          # +2 (loyalty, "gets +2")
      | \d+                               # 3
      | ~                                 # the object itself (CR 201.4b)
      | [A-Za-z\u00c0-\u024f][A-Za-z\u00c0-\u024f\-]*(?:'(?:t|s|re|ve|ll|d)(?![A-Za-z]))?
                                          # words; contractions stay whole; 's apart below
      | '(?:s\b)?                         # possessives: 's and a plural's '
      | [.,:;—•"“”]
    """, re.X)

# contractions that are words of their own ("can't", "it's"); any other 's is a possessive
_CONTRACTIONS = frozenset({
    "can't", "don't", "doesn't", "isn't", "aren't", "wasn't", "weren't", "hasn't",
    "haven't", "hadn't", "didn't", "couldn't", "won't", "wouldn't", "shouldn't",
    "it's", "that's", "there's", "you're", "they're", "you've", "they've", "you'd",
    "what's", "who's", "let's", "here's", "isn't", "we're", "he's", "she's",
})


@dataclass(frozen=True, slots=True)
class Line:
    """One line of rules text as tokens: ``low`` to match, ``raw`` as printed."""

    low: tuple[str, ...]
    raw: tuple[str, ...]
    text: str

    def __len__(self) -> int:
        return len(self.low)

    def phrase(self, start: int, end: int | None = None) -> str:
        """The printed words from ``start`` to ``end`` (for messages and names)."""
        out = ""
        for t in self.raw[start:end]:
            if out and t not in (",", ".", ":", ";", "'s", "'") and not out.endswith('"'):
                out += " "
            out += t
        return out


@lru_cache(maxsize=8192)
def tokenize(text: str) -> Line:
    """Split one line of normalised rules text into tokens (a line is read by several
    rules: its tokens are kept)."""
    raw: list[str] = []
    for m in _TOKEN.finditer(text.replace("’", "'")):
        t = m.group(0)
        if t in ("“", "”"):
            t = '"'
        t = t.replace("−", "-")
        if t.startswith("["):
            t = t[1:-1]   # a loyalty symbol is read as its number (CR 606.2)
        low = t.lower()
        if low.endswith("'s") and len(low) > 2 and low not in _CONTRACTIONS:
            raw.append(t[:-2])
            raw.append("'s")
            continue
        raw.append(t)
    return Line(tuple(t.lower() for t in raw), tuple(raw), text)


def strip_reminder(text: str) -> str:
    """CR 207.2: reminder text (in parentheses) has no rules meaning."""
    prev = None
    while prev != text:
        prev, text = text, REMINDER.sub("", text)
    return text
