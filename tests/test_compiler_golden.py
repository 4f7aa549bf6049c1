"""Golden files of the Oracle compiler's output (DESIGN layer 2).

``tests/golden/compiler/sample.txt`` names a fixed, seeded sample of cards that compiled
fully when it was drawn; with every real card named in the scenario files
(``../shared/scenarios/*.yaml`` and ``tests/scenarios/**/*.yaml``), supported or not, they
are the golden cards.  Each has its own file ``tests/golden/compiler/cards/<slug>.json``
(one file a card, so that two changes to different cards never touch the same file): a
small JSON rendering of its ``CardDefinition``: mana cost, keywords, spell, activated,
triggered and static abilities and unsupported text, with every ability node written as
``{"node": ClassName, field: value, ...}`` (fields at their default value are left out).

A change in the compiler's output fails here, card by card.  When the change is
intended, regenerate the files and review the diff::

    MANASTACK_UPDATE_GOLDEN=1 python -m pytest tests/test_compiler_golden.py -q
    git diff --stat tests/golden/compiler/

``MANASTACK_RESAMPLE_GOLDEN=1`` also re-draws the sample from the cards supported *now*
(same seed), so that cards that became supported may enter it.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import os
import random
import re
from pathlib import Path

import pytest
import yaml

from manastack.cards import get_database
from manastack.compiler import definition_for

ROOT = Path(__file__).resolve().parents[1]
GOLDEN_DIR = ROOT / "tests" / "golden" / "compiler"
SAMPLE_FILE = GOLDEN_DIR / "sample.txt"
CARD_DIR = GOLDEN_DIR / "cards"
SAMPLE_SEED = 20260601
SAMPLE_SIZE = 300
SCENARIO_DIRS = [ROOT.parent / "shared" / "scenarios", ROOT / "tests" / "scenarios"]
UPDATE = os.environ.get("MANASTACK_UPDATE_GOLDEN") == "1"
RESAMPLE = os.environ.get("MANASTACK_RESAMPLE_GOLDEN") == "1"


# ------------------------------------------------------------------------ rendering

def render(value):
    """A deterministic JSON-able rendering of compiler output."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if type(value).__name__ == "ManaCost":
            return str(value)
        out = {"node": type(value).__name__}
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if f.default is not dataclasses.MISSING and v == f.default:
                continue
            if f.default_factory is not dataclasses.MISSING and v == f.default_factory():
                continue
            out[f.name] = render(v)
        return out
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, (frozenset, set)):
        return sorted(render(v) for v in value)
    if isinstance(value, (list, tuple)):
        return [render(v) for v in value]
    if isinstance(value, dict):
        return {str(k): render(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    text = repr(value)
    return type(value).__name__ if " at 0x" in text else text


def render_definition(name: str) -> dict:
    defn = definition_for(name)
    return {
        "supported": defn.supported,
        "mana_cost": str(defn.mana_cost),
        "keywords": sorted(defn.keywords),
        "spell": render(defn.spell),
        "activated": render(defn.activated),
        "triggered": render(defn.triggered),
        "static": render(defn.static),
        "unsupported": [u.text for u in defn.unsupported],
    }


# ------------------------------------------------------------------------ card lists

def sample_cards() -> list[str]:
    from manastack.cards.search import searchable_cards
    supported = []
    for card in searchable_cards():
        try:
            if definition_for(card.name).supported:
                supported.append(card.name)
        except Exception:  # noqa: BLE001 - a crashing card is not sampled
            continue
    k = min(SAMPLE_SIZE, len(supported))
    return sorted(random.Random(SAMPLE_SEED).sample(supported, k))


def _strings(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for k, v in node.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(node, list):
        for v in node:
            yield from _strings(v)


def scenario_cards() -> list[str]:
    """Real cards named in scenario files (exact Oracle or front-face names)."""
    db = get_database()
    found: set[str] = set()
    for folder in SCENARIO_DIRS:
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*.yaml")):
            try:
                doc = yaml.safe_load(path.read_text(encoding="utf-8"))
            except yaml.YAMLError:
                continue
            custom = {c.get("name") for c in (doc or {}).get("cards", []) or []
                      if isinstance(c, dict)} if isinstance(doc, dict) else set()
            for s in _strings(doc):
                if s in custom or len(s) < 3:
                    continue
                card = db.get(s)
                if card is not None and s in (card.name, card.front_name):
                    found.add(card.name)
    return sorted(found)


def card_file(name: str) -> Path:
    """The golden file of one card: its name in lower case, other characters as ``-``."""
    return CARD_DIR / (re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") + ".json")


def read_sample() -> list[str]:
    if not SAMPLE_FILE.exists():
        return []
    return [ln for ln in SAMPLE_FILE.read_text(encoding="utf-8").splitlines() if ln.strip()]


def write_golden() -> None:
    CARD_DIR.mkdir(parents=True, exist_ok=True)
    if RESAMPLE or not SAMPLE_FILE.exists():
        SAMPLE_FILE.write_text("\n".join(sample_cards()) + "\n", encoding="utf-8")
    for name in sorted(set(read_sample()) | set(scenario_cards())):
        text = json.dumps({"name": name, **render_definition(name)}, indent=1,
                          ensure_ascii=False, sort_keys=True) + "\n"
        path = card_file(name)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


if UPDATE or RESAMPLE:
    write_golden()


SAMPLE = read_sample()
SCENARIOS = scenario_cards()
HINT = ("compiler output changed; if intended, regenerate with "
        "MANASTACK_UPDATE_GOLDEN=1 python -m pytest tests/test_compiler_golden.py")


def _check(name: str) -> None:
    path = card_file(name)
    assert path.exists(), f"{name}: no golden file {path.name}; " + HINT
    recorded = json.loads(path.read_text(encoding="utf-8"))
    assert recorded.pop("name") == name, f"{path.name} is another card's file"
    assert render_definition(name) == recorded, f"{name}: {HINT}"


def test_golden_files_exist():
    assert SAMPLE and SCENARIOS, "no golden files: " + HINT
    assert len(SAMPLE) >= 100


@pytest.mark.parametrize("name", SAMPLE)
def test_sample_card_compiles_as_recorded(name):
    _check(name)


@pytest.mark.parametrize("name", [n for n in SCENARIOS if n not in set(SAMPLE)])
def test_scenario_card_compiles_as_recorded(name):
    _check(name)


def test_render_is_deterministic_json():
    bolt = render_definition("Lightning Bolt")
    assert json.loads(json.dumps(bolt)) == bolt
    assert bolt["supported"] and bolt["spell"]["node"] == "SpellAbility"
