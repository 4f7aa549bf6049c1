"""Rules areas of the Oracle compiler, one module each (DESIGN layer 2).

Each module may define any of:

- ``compile_line(line, low, is_spell, out) -> bool``: compile one whole line of rules text
  into ``out`` (the same dict ``oracle.compile_line`` fills); return False when the line is
  not this area's, and leave ``out`` untouched then.
- ``compile_sentence(s, low)``: one effect sentence -> ``(targets, effects)`` or None.
- ``TRIGGERS``: a list of ``(regex, events)`` trigger conditions (CR 603.1), tried after the
  core ones.

``oracle`` tries the areas in the order of ``AREAS``, after the keyword-list check and
before the core templates, so an area sees only lines the core left unsupported only if
it is careful to claim nothing else: an area must return False/None for text it does not
fully compile.

An area module is imported while ``oracle`` itself is being imported: import ``oracle``
(``compile_effect``, ``trigger_events``...) inside functions, not at module level.
"""

from __future__ import annotations

import importlib

AREA_NAMES = (
    "optional_costs",     # discard/sacrifice costs, "you may ... If you do", Blood/Map tokens
    "casting_options",    # CR 601.2f cost changes, alternative and additional casting options
    "damage_text",        # CR 615 prevention, CR 614 damage replacements, divided damage
    "faces",              # CR 709/711/712/715: split, flip, transform, modal DFC, adventure
    "type_changes",       # CR 613 layer 4/7b: crew, characteristic-defining P/T, "becomes"
    "designations",       # CR 122/725/726: counters on players, monarch, initiative, untapping
    "zone_text",          # CR 400: impulse draw, linked exile, looking at and revealing cards
    "trigger_text",       # CR 603/614.1c-d: more trigger events, "enters tapped unless"
)

AREAS = tuple(importlib.import_module(f"{__name__}.{n}") for n in AREA_NAMES)
LINE_HOOKS = tuple(m.compile_line for m in AREAS if hasattr(m, "compile_line"))
SENTENCE_HOOKS = tuple(m.compile_sentence for m in AREAS if hasattr(m, "compile_sentence"))
TRIGGERS = [t for m in AREAS for t in getattr(m, "TRIGGERS", ())]
