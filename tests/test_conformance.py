"""Rules conformance (issue 11): state that new rules keep must survive clone and the
game's JSON (engine/game_format.py validates it), and decisions they ask are typed."""

from __future__ import annotations

from pathlib import Path

import pytest

import manastack
from manastack.engine.actions import Action, IllegalAction
from manastack.engine.game import Game
from manastack.engine.game_format import GameFormatError

HERE = Path(__file__).parent
CONF = HERE / "scenarios" / "conformance"


def _legend_game(tmp_path):
    f = tmp_path / "legends.yaml"
    f.write_text("""
name: both players choose
players:
  p1:
    battlefield: [{card: "Isamaru, Hound of Konda", id: a1},
                  {card: "Isamaru, Hound of Konda", id: a2}]
  p2:
    battlefield: [{card: "Isamaru, Hound of Konda", id: b1},
                  {card: "Isamaru, Hound of Konda", id: b2}]
""")
    return manastack.load_scenario(f)


def test_legend_choice_waits_in_the_json_for_the_other_player(tmp_path):
    """CR 704.5j: the active player's choice is kept while the other player chooses; a
    paused game with that choice round-trips through JSON and validates."""
    g = _legend_game(tmp_path)
    d = g.decision
    assert (d.player, d.kind, d.data["rule"]) == (0, "choose_cards", "704.5j")
    assert len(g.legal_actions()) == 2
    kept = d.data["groups"][0][1]
    g.apply(Action("choose", choice=(kept,)))
    assert g.decision.player == 1 and g.decision.kind == "choose_cards"
    assert g.players[0].legend_keep == [kept]
    text = g.to_json()
    h = Game.from_json(text)
    assert h.to_json() == text
    assert h.players[0].legend_keep == [kept]
    c = g.clone()
    c.players[0].legend_keep.append(99)
    assert g.players[0].legend_keep == [kept]
    other = h.decision.data["groups"][0][0]
    h.apply(Action("choose", choice=(other,)))
    names = sorted(h.objects[o].defn.name for o in h.battlefield)
    assert names == ["Isamaru, Hound of Konda"] * 2
    assert kept in h.battlefield and other in h.battlefield
    assert h.players[0].legend_keep is None and h.decision.kind == "priority"


def test_legend_choice_refuses_a_wrong_answer_and_changes_nothing(tmp_path):
    g = _legend_game(tmp_path)
    before = g.to_json()
    a1, a2 = g.decision.data["groups"][0]
    for bad in ((a1, a2), (), (12345,), ("x",)):
        with pytest.raises(IllegalAction, match="704.5j"):
            g.apply(Action("choose", choice=bad))
        assert g.to_json() == before


def test_legend_keep_in_json_is_validated(tmp_path):
    import json
    g = _legend_game(tmp_path)
    d = json.loads(g.to_json())
    d["state"]["players"][0]["legend_keep"] = ["one"]
    with pytest.raises(GameFormatError, match="legend_keep"):
        Game.from_json(json.dumps(d))


def test_player_counters_in_json_view_and_clone(tmp_path):
    """CR 122.1: a player's counters are kept in the game state, its JSON and its view."""
    import json
    f = tmp_path / "counters.yaml"
    f.write_text("name: c\nplayers:\n  p1: {counters: {poison: 2, energy: 3}}\n  p2: {}\n")
    g = manastack.load_scenario(f)
    assert g.players[0].counter("energy") == 3 and g.players[0].poison == 2
    assert g.view(1)["players"][0]["counters"] == {"poison": 2, "energy": 3}
    text = g.to_json()
    h = Game.from_json(text)
    assert h.to_json() == text and h.players[0].counters == {"energy": 3}
    c = g.clone()
    c.players[0].set_counter("energy", 0)
    assert g.players[0].counter("energy") == 3 and c.players[0].counters is None
    d = json.loads(text)
    d["state"]["players"][0]["counters"] = {"mana": 1}
    with pytest.raises(GameFormatError, match="counters"):
        Game.from_json(json.dumps(d))
    d["state"]["players"][0]["counters"] = {"energy": "1"}
    with pytest.raises(GameFormatError, match="counters"):
        Game.from_json(json.dumps(d))


def test_replacement_order_pending_round_trips_and_applies_the_choice(tmp_path):
    """CR 616.1: two umbra armors would replace one destruction (lethal damage, 704.5g):
    the controller chooses; the pending decision survives the JSON, a wrong answer is
    refused, and the chosen Aura is the one destroyed."""
    f = tmp_path / "umbras.yaml"
    f.write_text("""
name: two umbras
players:
  p1:
    battlefield:
      - {card: Drudge Skeletons, damage: 3}
      - {card: Hyena Umbra, id: u1, attached_to: Drudge Skeletons}
      - {card: Hyena Umbra, id: u2, attached_to: Drudge Skeletons}
  p2: {}
""")
    g = manastack.load_scenario(f)
    d = g.decision
    assert (d.player, d.kind) == (0, "replacement_order")
    assert len(g.legal_actions()) == 2
    text = g.to_json()
    h = Game.from_json(text)
    assert h.to_json() == text
    with pytest.raises(IllegalAction, match="616.1"):
        h.apply(Action("choose", choice=(12345, -2)))
    assert h.to_json() == text
    second = h.legal_actions()[1]
    h.apply(second)
    auras = [o for o in h.battlefield if h.objects[o].defn.name == "Hyena Umbra"]
    assert len(auras) == 1 and h.objects[auras[0]].card != second.choice[0]
    assert any(h.objects[o].defn.name == "Drudge Skeletons" for o in h.battlefield)
    assert h.players[0].replacing is None and h.decision.kind == "priority"
