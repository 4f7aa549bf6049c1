"""Further Oracle templates: effect sentences, static abilities and triggers beyond the
core ones in ``oracle`` (DESIGN layer 2). ``oracle`` asks these last."""

from __future__ import annotations

# (regex, events) pairs added to oracle's trigger conditions (CR 603.1)
TRIGGERS: list = []


def compile_sentence(s: str, low: str):
    """One effect sentence -> (targets, effects) or None."""
    return None


def compile_line(line: str, low: str, is_spell: bool, out: dict) -> bool:
    """A whole line (a static ability, a trigger...) into ``out``; False if not."""
    return False
