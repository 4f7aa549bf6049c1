"""Compiler area `faces`, Sagas (CR 714): chapter abilities, and the final chapter of
the Sagas whose back face they become ("Exile this Saga, then return it to the
battlefield transformed under your control")."""

from __future__ import annotations

import re
from dataclasses import dataclass

_NUMERALS = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}
_CHAPTERS = re.compile(r"((?:I|II|III|IV|V|VI)(?:, (?:I|II|III|IV|V|VI))*) — (.+)")


@dataclass(frozen=True, slots=True)
class ExileReturnTransformed:
    """"Exile this Saga, then return it to the battlefield transformed under your control"
    (CR 610.3-style return of the same card, found again in exile, CR 400.7; 712.14a)."""


def chapter_condition(n: int) -> str:
    """The trigger condition of chapter ``n`` (checked by engine/areas/faces_saga.py)."""
    return f"faces:chapter:{n}"


def compile_line(line: str, low: str, is_spell: bool, out: dict) -> bool:
    """CR 714.2b-c: "{rN}—[Effect]" means "When one or more lore counters are put onto
    this Saga, if the number of lore counters on it was less than N and became at least
    N, [effect]."; "{rN1}, {rN2}—[Effect]" is one such ability per numeral."""
    m = _CHAPTERS.fullmatch(line)
    if not m or is_spell:
        return False
    from ..abilities import TriggeredAbility
    from ..oracle import compile_instructions as compile_effect
    body = m.group(2)
    # CR 207.2d: a chapter may begin with a flavor word ("Stampede! — ...").
    fw = re.match(r"[A-Z][\w' ,!-]{0,40} — ", body)
    if fw:
        body = body[fw.end():]
    optional = body.lower().startswith("you may ")
    if optional:
        body = body[len("you may "):]
    try:
        compiled = compile_effect(body)
    except ValueError:
        compiled = None
    if compiled is None:
        return False
    targets, effects = compiled
    for numeral in m.group(1).split(", "):
        out["triggered"].append(TriggeredAbility(
            ("lore",), effects, targets, optional, line,
            chapter_condition(_NUMERALS[numeral])))
    return True


def compile_sentence(s: str, low: str):
    if re.fullmatch(r"exile (?:this saga|~), then return it to the battlefield transformed "
                    r"under your control\.?", low):
        return (), (ExileReturnTransformed(),)
    return None
