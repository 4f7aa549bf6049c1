"""Compiler coverage (manastack.coverage) and ``manastack cards/decks coverage``."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from manastack.cards.search import search, searchable_cards
from manastack.cli import app
from manastack.coverage import card_coverage, deck_coverage, normalise_phrase

runner = CliRunner()


def _output(result) -> str:
    try:
        return result.stdout + result.stderr
    except ValueError:
        return result.output


@pytest.fixture(scope="module")
def report():
    return card_coverage()


def test_normalise_phrase():
    assert normalise_phrase("Crew 3", "Smuggler's Copter") == "Crew N"
    assert normalise_phrase("Whenever Isamaru, Hound of Konda attacks, draw 2 cards.",
                            "Isamaru, Hound of Konda") == "Whenever ~ attacks, draw N cards."
    assert normalise_phrase("Isamaru gets +1/+1.", "Isamaru, Hound of Konda") == "~ gets +N/+N."
    assert normalise_phrase("Fire deals 2 damage", "Fire // Ice") == "~ deals N damage"
    assert normalise_phrase("Ward {2}  ") == "Ward {N}"


def test_card_coverage_counts_are_consistent(report):
    assert report["total"] == len(searchable_cards()) > 30000
    assert 0 < report["supported"] < report["total"]
    assert report["supported"] == len(search("is:supported"))
    assert report["share"] == round(report["supported"] / report["total"], 4)
    ids = report["by_identity"]
    assert sum(r["total"] for r in ids.values()) == report["total"]
    assert sum(r["supported"] for r in ids.values()) == report["supported"]
    assert list(ids)[:6] == ["C", "W", "U", "B", "R", "G"]
    types = report["by_type"]
    assert types["Creature"]["total"] > 15000
    assert all(0 <= r["supported"] <= r["total"] for r in types.values())


def test_card_coverage_phrases(report):
    phrases = report["unsupported_phrases"]
    assert len(phrases) == 50
    counts = [p["cards"] for p in phrases]
    assert counts == sorted(counts, reverse=True)
    assert all(not any(ch.isdigit() for ch in p["phrase"]) for p in phrases)
    assert len({p["phrase"] for p in phrases}) == 50


def test_card_coverage_reports_its_time(report):
    # How long compiling every card takes is measured by benchmarks/card_data.py.
    assert isinstance(report["seconds"], float) and report["seconds"] > 0


def test_cli_cards_coverage_json():
    result = runner.invoke(app, ["cards", "coverage", "--json", "--top", "5"])
    assert result.exit_code == 0, _output(result)
    data = json.loads(result.stdout)
    assert {"total", "supported", "by_type", "by_identity",
            "unsupported_phrases"} <= set(data)
    assert len(data["unsupported_phrases"]) == 5


def test_cli_cards_coverage_table():
    result = runner.invoke(app, ["cards", "coverage", "--top", "3"])
    assert result.exit_code == 0, _output(result)
    assert "compile fully" in result.stdout and "By color identity" in result.stdout


# ------------------------------------------------------------------------ decks

@pytest.fixture()
def deck_files(tmp_path):
    good = tmp_path / "burn.txt"
    good.write_text("20 Lightning Bolt\n20 Mountain\n")
    bad = tmp_path / "goyf.txt"
    bad.write_text("4 Shahrazad\n4 Grizzly Bears\n20 Forest\n")
    sub = tmp_path / "precon" / "starter"
    sub.mkdir(parents=True)
    (sub / "a.txt").write_text("4 Shock\n20 Mountain\n\nSideboard\n2 Shahrazad\n")
    (sub / "b.txt").write_text("4 Shahrazad\n4 Chaos Orb\n20 Swamp\n")
    (sub / "broken.txt").write_text("4 Lightnig Blot\n")
    records = [
        {"format": "Modern", "main": [[4, "Shahrazad"], [20, "Forest"]], "side": []},
        {"format": "Modern", "main": [[4, "Shock"], [20, "Mountain"]],
         "side": [[1, "Not A Real Card Name"]]},          # judged on its main deck
        {"format": "Pauper", "main": [[4, "Lightning Bolt"], [20, "Mountain"]]},
        {"format": "Pauper", "main": [[4, "Totally Unknown Card"]]},
    ]
    jsonl = tmp_path / "t.jsonl"
    jsonl.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    return tmp_path, good, bad, jsonl


def test_deck_coverage_text_files_and_directories(deck_files):
    root, good, bad, _ = deck_files
    rep = deck_coverage([good, bad, root / "precon"])
    total = rep["total"]
    assert (total["decks"], total["playable"], total["unreadable"]) == (5, 2, 1)
    assert rep["by_group"]["decklists"]["playable"] == 1
    starter = rep["by_group"]["starter"]
    assert (starter["decks"], starter["playable"], starter["unreadable"]) == (3, 1, 1)
    # the sideboard Shahrazad does not block deck a; deck b has two blockers
    assert {b["card"]: b["decks"] for b in total["blocking"]} == {
        "Shahrazad": 2, "Chaos Orb": 1}
    assert total["sole_blocker"] == [{"card": "Shahrazad", "decks": 1}]


def test_deck_coverage_min_cards_leaves_out_small_decks(deck_files):
    root, good, bad, _ = deck_files
    rep = deck_coverage([good, bad, root / "precon"], min_cards=25)
    assert rep["skipped_small"] == 1                  # a.txt: 24 main-deck cards
    total = rep["total"]
    assert (total["decks"], total["playable"], total["unreadable"]) == (4, 1, 1)


def test_deck_coverage_jsonl_grouped_by_format(deck_files):
    *_, jsonl = deck_files
    rep = deck_coverage([jsonl])
    assert list(rep["by_group"]) == ["Modern", "Pauper"]
    modern, pauper = rep["by_group"]["Modern"], rep["by_group"]["Pauper"]
    assert (modern["decks"], modern["playable"], modern["share"]) == (2, 1, 0.5)
    assert modern["blocking"] == [{"card": "Shahrazad", "decks": 1}]
    assert (pauper["decks"], pauper["playable"], pauper["unreadable"]) == (2, 1, 1)
    assert any("Totally Unknown Card" in e for e in rep["errors"])


def test_cli_decks_coverage(deck_files):
    *_, jsonl = deck_files
    result = runner.invoke(app, ["decks", "coverage", str(jsonl), "--json"])
    assert result.exit_code == 0, _output(result)
    data = json.loads(result.stdout)
    assert data["total"]["decks"] == 4 and data["total"]["playable"] == 2
    result = runner.invoke(app, ["decks", "coverage", str(jsonl)])
    assert result.exit_code == 0, _output(result)
    assert "2 of 4 decks fully playable" in result.stdout
    assert "Modern" in result.stdout and "Shahrazad" in result.stdout


def test_cli_decks_coverage_missing_file():
    result = runner.invoke(app, ["decks", "coverage", "no/such/file.jsonl"])
    assert result.exit_code == 2
    assert "no such file" in _output(result)
