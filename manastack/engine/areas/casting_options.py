"""Engine area `casting_options`: effect class -> function(g, item, eff, legal), registered into
``effects._EFFECTS`` (see ``areas/__init__.py``)."""

from __future__ import annotations

EFFECTS: dict = {}
