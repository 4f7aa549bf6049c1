"""The command line (manastack.cli) and the random-games benchmark script."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from manastack.cli import app

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, list(args), catch_exceptions=False)


def output(result) -> str:
    """stdout and stderr together (Click < 8.2 mixes them; 8.2+ keeps them apart)."""
    try:
        return result.stdout + result.stderr
    except ValueError:
        return result.output


def test_play_seeded_game_to_the_end():
    result = invoke("play", "--deck", "green", "--deck", "red", "--seed", "1")
    assert result.exit_code == 0, output(result)
    text = result.stdout
    assert "Turn 1 (P1)" in text                    # turn headers
    assert "117.3d" in text and "601.2i" in text    # events carry their CR numbers
    last = text.strip().splitlines()[-1]
    assert last.startswith("Result: ")
    assert "wins on turn" in last or "draw on turn" in last


def test_play_is_deterministic_and_quiet_prints_only_the_result():
    a = invoke("play", "--seed", "5", "--agents", "random,heuristic", "--quiet")
    b = invoke("play", "--seed", "5", "--agents", "random,heuristic", "--quiet")
    assert a.exit_code == 0, output(a)
    assert a.stdout == b.stdout
    lines = a.stdout.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Result: ")


def test_play_max_turns_gives_a_draw():
    result = invoke("play", "--seed", "2", "--max-turns", "1", "--quiet")
    assert result.exit_code == 0, output(result)
    assert result.stdout.strip().startswith("Result: draw on turn 1 (")


def test_play_save_writes_game_json(tmp_path):
    path = tmp_path / "game.json"
    result = invoke("play", "--seed", "3", "--quiet", "--save", str(path))
    assert result.exit_code == 0, output(result)
    from manastack import Game
    game = Game.from_json(path.read_text())
    assert game.is_over


def test_card_lightning_bolt():
    result = invoke("card", "Lightning Bolt")
    assert result.exit_code == 0, output(result)
    text = result.stdout
    assert "Lightning Bolt" in text and "{R}" in text and "Instant" in text
    assert "deals 3 damage to any target" in text
    # what it compiled to, in plain English
    assert "~ deals 3 damage to target 1" in text and "target 1: any target" in text
    assert "UNSUPPORTED" not in text


def test_card_shows_a_mandatory_additional_cost():
    # CR 118.8: "As an additional cost to cast this spell, sacrifice a creature."
    result = invoke("card", "Bone Splinters")
    assert result.exit_code == 0, output(result)
    assert "additional cost" in result.stdout
    assert "sacrifice a creature you control" in result.stdout


def test_card_unsupported_text_is_shown():
    result = invoke("card", "Shahrazad")
    assert result.exit_code == 0, output(result)
    assert "UNSUPPORTED" in result.stdout and "Not playable" in result.stdout


def test_card_misspelt_name_suggests():
    result = invoke("card", "Lightnig Bolt")
    assert result.exit_code == 1
    text = output(result)
    assert "unknown card" in text and "Lightning Bolt" in text
    assert "Traceback" not in text


def test_bad_deck_file_is_a_one_line_error(tmp_path):
    result = invoke("play", "--deck", str(tmp_path / "missing.txt"), "--deck", "red")
    assert result.exit_code == 2
    text = output(result)
    assert "no such deck file" in text
    assert "Traceback" not in text
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert len(text.strip().splitlines()) == 1


@pytest.mark.parametrize("content, expected", [
    ("4 Lightnig Bolt\n20 Mountain\n", "unknown card"),
    ("4 Shahrazad\n20 Forest\n", "unsupported"),
])
def test_bad_deck_contents_are_one_line_errors(tmp_path, content, expected):
    deck = tmp_path / "deck.txt"
    deck.write_text(content)
    result = invoke("play", "--deck", str(deck), "--deck", "red")
    assert result.exit_code == 2
    text = output(result)
    assert expected in text and "Traceback" not in text
    assert len(text.strip().splitlines()) == 1


def test_unknown_agent_exits_2():
    result = invoke("play", "--agents", "alphazero", "--quiet")
    assert result.exit_code == 2
    assert "unknown agent" in output(result)


def test_python_dash_m_runs_the_same_app():
    proc = subprocess.run([sys.executable, "-m", "manastack", "play", "--seed", "1", "-q"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().startswith("Result: ")


def test_benchmark_script_prints_one_json_object():
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "random_games.py"), "--games", "3"],
        capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    for key in ("games_per_s", "decisions_per_s", "decisions_per_game", "clone_us",
                "peak_rss_mb", "auto_pass", "wins", "draws"):
        assert key in data, key
    assert data["games"] == 3 and data["auto_pass"] is True
    assert sum(data["wins"]) + data["draws"] == 3
    assert data["games_per_s"] > 0 and data["decisions_per_s"] > 0
    assert data["clone_us"] is None or data["clone_us"] > 0


def test_readme_python_example_runs():
    import re
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    assert blocks, "README has no Python example"
    namespace: dict = {}
    exec(compile(blocks[0], "README.md", "exec"), namespace)
    assert namespace["game"].is_over
