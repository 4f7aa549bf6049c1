"""Compiler area `zone_text` (see ``areas/__init__.py`` for the hooks an area defines)."""

from __future__ import annotations

TRIGGERS: list = []


def compile_line(line: str, low: str, is_spell: bool, out: dict) -> bool:
    return False


def compile_sentence(s: str, low: str):
    return None
