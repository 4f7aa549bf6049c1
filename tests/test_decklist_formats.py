"""Deck files that carry their format: MTGO ``.dek`` XML, ``// FORMAT:`` and ``// DATE:``
headers, and ``decks coverage``'s grouping, playable files and blocking mechanics."""

import json
import re
import shlex
from datetime import date
from pathlib import Path

import pytest
from typer.testing import CliRunner

from manastack.cli import app
from manastack.coverage import deck_coverage
from manastack.decklist import DeckError, load_decklist, parse_decklist
from manastack.formats.check import check_decks

DEK = """<?xml version="1.0" encoding="utf-8"?>
<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <NetDeckID>0</NetDeckID>
  <PreconstructedDeckID>0</PreconstructedDeckID>
  <Cards CatID="1" Quantity="4" Sideboard="false" Name="Lightning Bolt" Annotation="0" />
  <Cards CatID="2" Quantity="56" Sideboard="false" Name="Mountain" Annotation="0" />
  <Cards CatID="3" Quantity="2" Sideboard="true" Name="Smash to Smithereens" Annotation="0" />
</Deck>
"""


def test_dek_file_loads_main_and_sideboard(tmp_path):
    path = tmp_path / "burn.dek"
    path.write_text(DEK, encoding="utf-8")
    deck = load_decklist(path)
    assert deck.main == [(4, "Lightning Bolt"), (56, "Mountain")]
    assert deck.sideboard == [(2, "Smash to Smithereens")]


@pytest.mark.parametrize("text, where, why", [
    (DEK.replace('Name="Lightning Bolt"', 'Name="Lightning Blot"'), "line 5",
     'unknown card "Lightning Blot"'),
    (DEK.replace('Quantity="56"', 'Quantity="-3"'), "line 6", "Quantity must be a whole number"),
    (DEK.replace('Sideboard="true"', 'Sideboard="maybe"'), "line 7", "Sideboard must be true"),
    (DEK.replace("</Deck>", ""), "line 9", "bad XML"),
    ('<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">]>\n<Deck></Deck>', "line 2",
     "may not declare a DTD"),
    ('<Other/>', "line 1", "expected a <Deck> element"),
])
def test_bad_dek_names_the_line_and_the_problem(text, where, why):
    with pytest.raises(DeckError) as err:
        parse_decklist(text, source="bad.dek")
    assert f"bad.dek, {where}" in str(err.value) and why in str(err.value)


def test_format_and_date_headers_round_trip():
    deck = parse_decklist("// FORMAT: Modern\n// DATE: 2026-03-07\n4 Lightning Bolt\n"
                          "56 Mountain\n")
    assert deck.format == "Modern" and deck.date == date(2026, 3, 7)
    again = parse_decklist(deck.to_text())
    assert (again.format, again.date, again.main) == (deck.format, deck.date, deck.main)
    with pytest.raises(DeckError, match="line 1: DATE must be a date"):
        parse_decklist("// DATE: March\n4 Lightning Bolt\n")


def test_text_decks_are_checked_in_their_own_format_and_date(tmp_path):
    # Splinter Twin is banned in Modern: a file that says it is Modern is illegal, the
    # same list with no header is a freeform deck.
    body = "4 Splinter Twin\n56 Mountain\n"
    (tmp_path / "modern.txt").write_text("// FORMAT: Modern\n// DATE: 2026-03-07\n" + body)
    (tmp_path / "plain.txt").write_text(body)
    results = {Path(r.source).name: r for r in check_decks([tmp_path])}
    assert results["modern.txt"].format == "Modern" and not results["modern.txt"].legal
    assert results["modern.txt"].on == date(2026, 3, 7)
    assert [v.card for v in results["modern.txt"].violations] == ["Splinter Twin"]
    assert results["plain.txt"].legal


def test_dated_list_change_applies_from_its_date(tmp_path):
    # The bundled Pauper list unbans Bonder's Ornament on 2026-05-19.
    body = "4 Bonder's Ornament\n56 Island\n"
    (tmp_path / "before.txt").write_text("// FORMAT: Pauper\n// DATE: 2026-05-01\n" + body)
    (tmp_path / "after.txt").write_text("// FORMAT: Pauper\n// DATE: 2026-06-01\n" + body)
    results = {Path(r.source).name: r.legal for r in check_decks([tmp_path])}
    assert results == {"before.txt": False, "after.txt": True}


def test_coverage_groups_by_format_header_and_lists_playable_files(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "burn.txt").write_text("// FORMAT: Pauper\n4 Lightning Bolt\n56 Mountain\n")
    (tmp_path / "a" / "ring.txt").write_text("// FORMAT: Legacy\n4 The One Ring\n56 Island\n")
    (tmp_path / "a" / "plain.dek").write_text(DEK)
    rep = deck_coverage([tmp_path])
    assert set(rep["by_group"]) == {"Pauper", "Legacy", "a"}
    files = {Path(f["source"]).name: (f["group"], f["playable"]) for f in rep["files"]}
    assert files == {"burn.txt": ("Pauper", True), "ring.txt": ("Legacy", False),
                     "plain.dek": ("a", True)}
    mechanics = rep["by_group"]["Legacy"]["mechanics"]
    assert mechanics and all(m["decks"] == 1 and m["cards"] == ["The One Ring"]
                             for m in mechanics)
    assert rep["total"]["mechanics"] == mechanics


def _readme_commands(verb: str) -> list[list[str]]:
    """The README's ``manastack decks <verb>`` example lines, split as a shell would."""
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    lines = re.findall(rf"^manastack decks {verb} [^\n#]*", readme, re.MULTILINE)
    return [shlex.split(line)[1:] for line in lines]


@pytest.mark.parametrize("verb", ["coverage", "check"])
def test_readme_deck_examples_run_as_written(verb, monkeypatch):
    commands = _readme_commands(verb)
    assert commands, f"the README shows no 'manastack decks {verb}' example"
    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    for args in commands:
        result = CliRunner().invoke(app, args + ["--json"])
        assert result.exit_code in (0, 1), result.output
        report = json.loads(result.output)
        assert report["decks"] if verb == "check" else report["total"]["decks"]
