"""Further effects (CR 608.2c), registered into ``effects._EFFECTS``: effect class ->
function(g, item, eff, legal) returning "ask" when it waits for a decision."""

from __future__ import annotations

EFFECTS: dict = {}
