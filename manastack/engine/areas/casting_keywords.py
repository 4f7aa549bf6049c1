"""Keyword abilities about casting spells (CR 702), for the engine area `casting_options`."""

from __future__ import annotations

EFFECTS: dict = {}
