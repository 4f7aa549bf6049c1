"""Rules areas of the engine, one module each, matching ``compiler/areas``: each defines
``EFFECTS`` (effect class -> function(g, item, eff, legal), returning "ask" when it waits
for a decision, CR 608.2c), merged into ``effects._EFFECTS``."""

from __future__ import annotations

import importlib

from ...compiler.areas import AREA_NAMES

AREAS = tuple(importlib.import_module(f"{__name__}.{n}") for n in AREA_NAMES)
EFFECTS: dict = {}
for _m in AREAS:
    EFFECTS.update(getattr(_m, "EFFECTS", {}))
