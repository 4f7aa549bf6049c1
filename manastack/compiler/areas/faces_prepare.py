"""Compiler area `faces`, preparation cards (CR 722): a permanent card with a prepare
spell (the inset instant or sorcery), which it may "become prepared" to cast a copy of."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class BecomePrepared:
    """CR 722.3a: "~ becomes prepared" -- the source permanent gets the prepared
    designation, if it has a prepare spell and doesn't have the designation already."""


def compile_line(line: str, low: str, is_spell: bool, out: dict) -> bool:
    # CR 722.3a: "This creature enters prepared." (as it enters, CR 614.1c)
    if low == "~ enters prepared" and not is_spell:
        from ..abilities import StaticAbility
        out["static"].append(StaticAbility("enters_prepared", line))
        return True
    return False


def compile_sentence(s: str, low: str):
    if re.fullmatch(r"(?:~|it) becomes prepared\.?", low):
        return (), (BecomePrepared(),)
    return None
