"""Every scenario file under tests/scenarios/ is one test (a failure names the file).

Shared scenarios that need rules or cards the engine does not have yet are expected to
fail (``xfail``, not strict: they turn green on their own once the issue lands); the
table below says what each one waits for. None is skipped.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from manastack.scenario import run_file

HERE = Path(__file__).parent
ROOT = HERE / "scenarios"

# What each not-yet-runnable public scenario waits for (file name prefix -> reason).
WAITS_FOR: dict[str, str] = {
    # file name prefix -> what the scenario waits for (none at the moment)
}


def _files() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*") if p.suffix in (".yaml", ".yml"))


def _params():
    out = []
    for p in _files():
        rel = p.relative_to(ROOT).as_posix()
        marks = []
        if rel.startswith(("public/", "armory/", "mana/")):
            reason = next((r for pre, r in WAITS_FOR.items() if p.name.startswith(pre)), None)
            if reason:
                marks.append(pytest.mark.xfail(strict=True, reason=reason))
        out.append(pytest.param(p, id=rel, marks=marks))
    return out


def test_every_public_scenario_is_here():
    shared = Path(__file__).resolve().parents[2] / "shared" / "scenarios"
    if shared.is_dir():
        mine = {p.name for p in (ROOT / "public").glob("*.yaml")}
        missing = sorted(p.name for p in shared.glob("*.yaml") if p.name not in mine)
        assert not missing, f"copy these into tests/scenarios/public/: {missing}"


def test_at_least_thirty_foundation_scenarios():
    assert len(list((ROOT / "foundation").glob("*.yaml"))) >= 30


@pytest.mark.parametrize("path", _params())
def test_scenario(path: Path):
    results = run_file(path)
    assert results, f"{path}: no scenario"
    failures = [r.line() for r in results if not r.passed]
    assert not failures, "\n".join(failures)
