"""Broken scenario files: each is a FAIL naming the file, the key and the line, with its
specific message; never a traceback, and never stopping the other files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from manastack.scenario import run_file, run_paths
from manastack.scenario.cli import scenario_app

BROKEN = Path(__file__).parent / "scenarios_broken"
GOOD = Path(__file__).parent / "scenarios" / "foundation" / "burn-01-bolt-to-face.yaml"

# file -> (the message it must give, the line it must name or None)
CASES = {
    "not-yaml.yaml": ("not valid YAML", 3),
    "not-a-mapping.yaml": ("a scenario file holds a mapping", 1),
    "duplicate-key.yaml": ("p1: duplicate key", 5),
    "unknown-top-key.yaml": ("expct: unknown key 'expct' in a scenario (did you mean 'expect'?)", 3),
    "unknown-step.yaml": ("unknown step 'resolv' (did you mean 'resolve'?)", 4),
    "unknown-action.yaml": ("unknown action 'plya' (did you mean 'play'?)", 6),
    "unknown-card.yaml": ("unknown card 'Grizly Bears' (did you mean: Grizzly Bears", 3),
    "unsupported-card.yaml": ("card 'Shahrazad' is not supported yet: unsupported text: "
                              "\"Players play a Magic subgame", 3),
    "unknown-reference.yaml": ("do[0].p1.targets[0]: unknown reference 'the_goblin'", 6),
    "ambiguous-reference.yaml": ("ambiguous reference 'Forest': 2 cards have that name", 6),
    "attachment-loop.yaml": ("attachment loop: a -> b -> a", 5),
    "three-players.yaml": ("more than two players", 5),
    "missing-player.yaml": ("player p2 is missing", 2),
    "duplicate-id.yaml": ("id 'land' is used twice", 4),
    "bad-start-step.yaml": ("can't start in 'declare_attackers'", 2),
    "bad-mana-pool.yaml": ("bad mana pool '{Q}'", 3),
    "unknown-object-key.yaml": ("expect.objects.Grizzly Bears.powr: unknown key 'powr'", 7),
    "strict-mode.yaml": ("strict mode: the engine is waiting for p1 to decide attackers", 8),
    "wrong-player.yaml": ("strict mode: the engine is waiting for p1 to decide priority", 6),
    "error-step-accepted.yaml": ("expected the engine to reject this step (error: true), but "
                                 "it was accepted", 6),
    "rejected-without-error.yaml": ("rejected: CR 305.2", 7),
    "expectation-fails.yaml": ("expect.p2.life: expected 19, got 20", 6),
    "unsupported-option.yaml": ("not supported yet: additional", 6),
    "player-counter-string.yaml": ("players.p1.counters.poison: a count of poison counters "
                                   "must be a whole number from 0, got '3'", 3),
    "base-power-string.yaml": ("objects.Grizzly Bears.base_power: `base_power` must be a "
                               "whole number, got '2'", 7),
    "unknown-advance-step.yaml": ("do[0].advance: unknown step 'first_strike_combat_damage' "
                                  "(did you mean 'first_strike_damage'?)", 6),
    "unknown-player-counter.yaml": ("expect.p1.counters.energi: unknown kind of player "
                                    "counter 'energi'", 6),
}


def test_every_broken_file_has_a_case():
    assert sorted(p.name for p in BROKEN.glob("*.yaml")) == sorted(CASES)
    assert len(CASES) >= 15


@pytest.mark.parametrize("name", sorted(CASES))
def test_broken_file_fails_with_its_message(name):
    message, line = CASES[name]
    results = run_file(BROKEN / name)
    assert len(results) == 1
    r = results[0]
    assert not r.passed
    assert message in r.reason, r.reason
    assert "Traceback" not in r.reason and "engine error" not in r.reason, r.reason
    assert name in r.reason, f"the file is not named: {r.reason}"
    if line is not None:
        assert f"{name}:{line}:" in r.reason, r.reason


def test_missing_file_is_a_failure():
    results = run_paths([BROKEN / "no-such-file.yaml"])
    assert len(results) == 1 and not results[0].passed
    assert "no such file" in results[0].reason


def test_cli_runs_every_file_and_summarises():
    res = CliRunner().invoke(scenario_app, ["run", str(BROKEN), str(GOOD)])
    assert res.exit_code == 1
    lines = res.output.strip().splitlines()
    assert lines[-1] == f"1 passed, {len(CASES)} failed"
    assert sum(ln.startswith("FAIL ") for ln in lines) == len(CASES)
    assert any(ln.startswith("PASS ") for ln in lines)
    assert "Traceback" not in res.output


def test_cli_json_and_exit_code_zero():
    res = CliRunner().invoke(scenario_app, ["run", "--json", str(GOOD)])
    assert res.exit_code == 0, res.output
    lines = res.output.strip().splitlines()
    obj = json.loads(lines[0])
    assert obj["passed"] is True and obj["name"] and obj["rules"]
    assert lines[-1] == "1 passed, 0 failed"


def test_bad_entry_in_a_scenarios_list_does_not_stop_the_others(tmp_path):
    f = tmp_path / "two.yaml"
    f.write_text("scenarios:\n"
                 "  - name: fine\n"
                 "    players: {p1: {life: 7}, p2: {}}\n"
                 "    expect: {p1: {life: 7}}\n"
                 "  - name: broken\n"
                 "    players: {p1: {}, p2: {}}\n"
                 "    do: [jump]\n")
    a, b = run_file(f)
    assert a.passed, a.reason
    assert not b.passed and "two.yaml:7: scenarios[1].do[0]: unknown step 'jump'" in b.reason
