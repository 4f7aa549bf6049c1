"""The scenario API beyond running files: ``load_scenario``, ``Game.to_scenario``,
``explain`` (pinned by a golden file) and CR lookup."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

import manastack
from manastack.engine.actions import Action
from manastack.rules_text import RuleNotFound, lookup
from manastack.scenario.cli import explain_text, scenario_app

HERE = Path(__file__).parent
FOUNDATION = HERE / "scenarios" / "foundation"
GOLDEN = HERE / "golden"


def _position(g) -> dict:
    """The parts of a game a scenario describes (ids aside)."""
    out = {"turn": g.turn, "active": g.active, "step": g.step,
           "pending": (g.pending.player, g.pending.kind) if g.pending else None}
    for p in g.players:
        out[p.index] = {
            "life": p.life, "pool": list(p.pool),
            "library": [g.setup.cards[c] for c in p.library],
            "hand": sorted(g.objects[o].defn.name for o in p.hand),
            "graveyard": [g.objects[o].defn.name for o in p.graveyard],
            "exile": [g.objects[o].defn.name for o in p.exile],
            "battlefield": sorted(
                (o.defn.name, o.owner, o.tapped, o.sick, tuple(sorted((o.counters or {}).items())),
                 o.damage, g.objects[o.attached_to].defn.name if o.attached_to else None)
                for o in (g.objects[x] for x in g.battlefield) if o.controller == p.index)}
    return out


def test_load_scenario_positions_the_game():
    g = manastack.load_scenario(FOUNDATION / "turn-01-untap-step.yaml")
    assert isinstance(g, manastack.Game)
    assert (g.turn, g.active, g.step) == (2, 1, "end")
    assert g.decision.player == 1 and g.decision.kind == "priority"
    names = sorted(g.objects[o].defn.name for o in g.battlefield)
    assert names == ["Grizzly Bears", "Mountain", "Plains"]
    assert g.players[0].library and g.stage == "play"


def test_load_scenario_reports_problems():
    with pytest.raises(manastack.scenario.ScenarioFailure, match="unknown card 'Grizly Bears'"):
        manastack.load_scenario(HERE / "scenarios_broken" / "unknown-card.yaml")


def test_to_scenario_round_trip(tmp_path):
    g = manastack.load_scenario(FOUNDATION / "sba-04-counters-plus-one.yaml")
    # play on a little: tap the Mountain for mana, so the pool and a tapped land show
    mountain = next(o for o in g.battlefield if g.objects[o].defn.name == "Mountain")
    g.apply(Action("activate", mountain, 1))
    text = g.to_scenario()
    f = tmp_path / "pos.yaml"
    f.write_text(text)
    g2 = manastack.load_scenario(f)
    assert _position(g2) == _position(g)
    assert g2.to_scenario() == text


def test_to_scenario_keeps_owner_attachment_and_damage(tmp_path):
    src = tmp_path / "src.yaml"
    src.write_text("""
name: odd position
turn: 4
active: p2
step: end
players:
  p1:
    life: 7
    library: [Island, Forest]
    battlefield:
      - {card: Grizzly Bears, id: b1, damage: 1, counters: {"+1/+1": 2}, sick: true}
      - {card: Forest, attached_to: b1, owner: p2, tapped: true}
  p2:
    mana_pool: "{R}{R}"
    graveyard: [Shock]
    exile: [Lightning Bolt]
    hand: [Mountain]
""")
    g = manastack.load_scenario(src)
    f = tmp_path / "out.yaml"
    f.write_text(g.to_scenario())
    g2 = manastack.load_scenario(f)
    assert _position(g2) == _position(g)


def test_explain_golden():
    path = FOUNDATION / "combat-08-trample-lethal-first.yaml"
    golden = GOLDEN / "explain_combat-08-trample-lethal-first.txt"
    text = explain_text(path) + "\n"
    if os.environ.get("MANASTACK_UPDATE_GOLDEN"):
        golden.write_text(text)
    assert text == golden.read_text()


FAKE_CR = """Magic: The Gathering Comprehensive Rules

Contents

7. Additional Rules
702. Keyword Abilities

702. Keyword Abilities

702.19. Trample

702.19a Trample is a static ability.

702.19b The controller first assigns lethal damage to the blockers.
Example: A 6/6 blocked by a 2/2 assigns 2 and 4.

702.20. Vigilance

702.20a Vigilance is a static ability.

Glossary

Trample
A keyword ability.
"""


def test_rules_lookup(tmp_path):
    cr = tmp_path / "cr.txt"
    cr.write_text(FAKE_CR)
    text = lookup("702.19", cr)
    assert text.startswith("702.19. Trample")
    assert "702.19b" in text and "Example: A 6/6" in text and "702.20" not in text
    assert lookup("702.19b", cr).splitlines()[0].startswith("702.19b The controller")
    assert "702.20a" in lookup("702", cr) and "Glossary" not in lookup("702.20", cr)
    with pytest.raises(RuleNotFound):
        lookup("999.9", cr)


def test_explain_quotes_rules(tmp_path, monkeypatch):
    cr = tmp_path / "cr.txt"
    cr.write_text(FAKE_CR + "\n508.1. Declaring attackers.\n")
    res = CliRunner().invoke(scenario_app, ["explain", str(FOUNDATION / "combat-16-vigilance.yaml"),
                                            "--rules-file", str(cr)])
    assert res.exit_code == 0, res.output
    assert "CR 508.1: P1 attacks" in res.output
    assert "      | 508.1. Declaring attackers." in res.output
    assert res.output.strip().splitlines()[-1].startswith("PASS ")


def test_rules_command(tmp_path):
    import typer

    from manastack.rules_text import rules_command
    app = typer.Typer()
    app.command("rules")(rules_command)
    app.command("other")(lambda: None)   # two commands: `rules` is a subcommand
    cr = tmp_path / "cr.txt"
    cr.write_text(FAKE_CR)
    res = CliRunner().invoke(app, ["rules", "702.20", "--rules-file", str(cr)])
    assert res.exit_code == 0, res.output
    assert res.output.startswith("702.20. Vigilance")
    res = CliRunner().invoke(app, ["rules", "702.99", "--rules-file", str(cr)])
    assert res.exit_code == 1


def test_a_copy_of_a_spell_ceases_to_exist_by_704_5e():
    """CR 704.5e (not 704.5d, which is for tokens): a copy of a spell that has left the
    stack ceases to exist, and the log names that rule."""
    text = explain_text(Path(__file__).parent / "scenarios/casting_options/storm-01-grapeshot.yaml")
    ceases = [line for line in text.splitlines() if "cease to exist" in line]
    assert len(ceases) == 2 and all("CR 704.5e" in line for line in ceases), ceases
