"""Golden files of the Oracle compiler's output (DESIGN layer 2).

``tests/golden/compiler/sample.json`` holds a fixed, seeded sample of cards that compiled
fully when the files were made; ``scenarios.json`` every real card named in the scenario
files (``../shared/scenarios/*.yaml`` and ``tests/scenarios/**/*.yaml``), supported or
not.  Each maps a card name to a small JSON rendering of its ``CardDefinition``: mana cost,
keywords, spell, activated, triggered and static abilities and unsupported text, with
every ability node written as ``{"node": ClassName, field: value, ...}`` (fields at their
default value are left out).

A change in the compiler's output fails here, card by card.  When the change is
intended, regenerate the files and review the diff::

    MANASTACK_UPDATE_GOLDEN=1 python -m pytest tests/test_compiler_golden.py -q
    git diff --stat tests/golden/compiler/

Regenerating also re-draws the sample from the cards supported *now* (same seed), so
cards that became supported may enter it.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import os
import random
from pathlib import Path

import pytest
import yaml

from manastack.cards import get_database
from manastack.compiler import definition_for

ROOT = Path(__file__).resolve().parents[1]
GOLDEN_DIR = ROOT / "tests" / "golden" / "compiler"
SAMPLE_FILE = GOLDEN_DIR / "sample.json"
SCENARIO_FILE = GOLDEN_DIR / "scenarios.json"
SAMPLE_SEED = 20260601
SAMPLE_SIZE = 300
SCENARIO_DIRS = [ROOT.parent / "shared" / "scenarios", ROOT / "tests" / "scenarios"]
UPDATE = os.environ.get("MANASTACK_UPDATE_GOLDEN") == "1"


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


def write_golden() -> None:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for path, names in ((SAMPLE_FILE, sample_cards()), (SCENARIO_FILE, scenario_cards())):
        data = {name: render_definition(name) for name in names}
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n",
                        encoding="utf-8")


if UPDATE:
    write_golden()


def _load(path: Path) -> dict:
    if not path.exists():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


SAMPLE = _load(SAMPLE_FILE)
SCENARIOS = _load(SCENARIO_FILE)
HINT = ("compiler output changed; if intended, regenerate with "
        "MANASTACK_UPDATE_GOLDEN=1 python -m pytest tests/test_compiler_golden.py")


def test_golden_files_exist():
    assert SAMPLE and SCENARIOS, "no golden files: " + HINT
    assert len(SAMPLE) >= 100


@pytest.mark.parametrize("name", sorted(SAMPLE))
def test_sample_card_compiles_as_recorded(name):
    assert render_definition(name) == SAMPLE[name], f"{name}: {HINT}"


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_scenario_card_compiles_as_recorded(name):
    assert render_definition(name) == SCENARIOS[name], f"{name}: {HINT}"


def test_render_is_deterministic_json():
    bolt = render_definition("Lightning Bolt")
    assert json.loads(json.dumps(bolt)) == bolt
    assert bolt["supported"] and bolt["spell"]["node"] == "SpellAbility"
