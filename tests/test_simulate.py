"""``manastack simulate``: determinism across worker counts, JSON, HTML, Ray."""

import json

import pytest
from typer.testing import CliRunner

from manastack.cli import app
from manastack.simulate import game_seed, simulate, wilson

runner = CliRunner()


def test_wilson_interval():
    lo, hi = wilson(90, 100)
    assert 0.82 < lo < 0.83 and 0.94 < hi < 0.95
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_game_seeds_differ_and_repeat():
    seeds = [game_seed(1, i) for i in range(100)]
    assert len(set(seeds)) == 100 and seeds == [game_seed(1, i) for i in range(100)]


def test_same_results_with_one_and_two_workers():
    kw = dict(games=10, agents=("heuristic", "random"), seed=5, max_turns=40)
    one = simulate("green", "red", workers=1, **kw)
    two = simulate("green", "red", workers=2, chunk=2, **kw)
    assert one.winners == two.winners
    assert one.turns == two.turns and one.decisions == two.decisions
    assert one.wins == two.wins and one.games == 10


def test_seats_alternate():
    r = simulate("green", "green", games=6, workers=1, agents=("random", "random"),
                 seed=2, max_turns=30)
    assert r.games == 6 and sum(r.wins) + r.draws == 6


def test_cli_json_keys_and_html(tmp_path):
    html = tmp_path / "report.html"
    result = runner.invoke(app, ["simulate", "green", "red", "--games", "6", "--workers",
                                 "1", "--agents", "heuristic,random", "--seed", "3",
                                 "--json", "--html", str(html)])
    assert result.exit_code == 0, result.output
    line = [ln for ln in result.stdout.splitlines() if ln.startswith("{")][-1]
    d = json.loads(line)
    for key in ("games", "wins", "draws", "seconds", "win_rates", "ci95", "avg_turns",
                "avg_decisions"):
        assert key in d
    assert d["games"] == 6 and len(d["wins"]) == 2 and sum(d["wins"]) + d["draws"] == 6
    text = html.read_text()
    assert text.startswith("<!DOCTYPE html>") and "green vs red" in text
    assert "data:image/png;base64," in text or "<svg" in text
    assert "http://" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_cli_table():
    result = runner.invoke(app, ["simulate", "green", "red", "--games", "4", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "95% CI" in result.stdout and "Average game" in result.stdout


def test_cli_bad_input():
    assert runner.invoke(app, ["simulate", "green", "red", "--games", "0"]).exit_code == 2
    assert runner.invoke(app, ["simulate", "green", "red", "--agents", "nobody"]).exit_code == 2


def test_ray_matches_local_run():
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'manastack[sim]')")
    kw = dict(games=6, agents=("heuristic", "random"), seed=9, max_turns=40, chunk=2)
    local = simulate("green", "red", workers=1, **kw)
    remote = simulate("green", "red", ray_address="local", **kw)
    assert remote.backend == "ray"
    assert remote.winners == local.winners and remote.turns == local.turns
    assert not ray.is_initialized()
