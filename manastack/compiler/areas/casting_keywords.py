"""Keyword abilities about casting spells (CR 702), compiled for the `casting_options`
area (``casting_options.compile_line`` asks this module first)."""

from __future__ import annotations


def compile_line(line: str, low: str, is_spell: bool, out: dict) -> bool:
    return False


def compile_sentence(s: str, low: str):
    return None
