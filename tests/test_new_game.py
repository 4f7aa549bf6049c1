"""Starting games from the three deck forms, and refusing unsupported cards."""

from __future__ import annotations

import pytest

import manastack
from manastack import DeckError, UnsupportedCard


def test_deck_forms():
    names = ["Forest"] * 20 + ["Grizzly Bears"] * 20
    text = "20 Mountain\n20 Goblin Piker\n"
    g = manastack.new_game([names, text], seed=3)
    assert g.decision.kind == "mulligan"
    assert len(g.players[0].library) + len(g.players[0].hand) == 40


def test_unsupported_card_is_refused_naming_its_text():
    with pytest.raises(UnsupportedCard) as info:
        manastack.new_game([["Forest"] * 30 + ["Mindslaver"], "green"], seed=1)
    msg = str(info.value)
    assert "Mindslaver" in msg and "You control target player during" in msg


def test_unknown_card_suggests():
    with pytest.raises(DeckError) as info:
        manastack.new_game(["4 Lightning Blot\n20 Mountain\n", "red"], seed=1)
    assert "Lightning Bolt" in str(info.value)
    assert "line 1" in str(info.value)


def test_opening_and_first_turn():
    g = manastack.new_game(["green", "red"], seed=7, mulligans=False)
    assert g.turn == 1 and g.step == "upkeep"
    sp = g.starting_player
    assert g.active == sp
    # CR 103.8a: the starting player skips the first draw
    assert len(g.players[sp].hand) == 7
    while g.step != "main1":
        g.apply(manastack.Action("pass"))
    assert len(g.players[sp].hand) == 7


def test_turn_limit_is_a_draw():
    from manastack.agents import RandomAgent, play_game
    g = manastack.new_game(["green", "red"], seed=1, max_turns=2)
    play_game(g, [RandomAgent(1), RandomAgent(2)])
    assert g.is_over and g.winner is None and g.turn == 2
