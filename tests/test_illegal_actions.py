"""Illegal actions raise IllegalAction naming the rule, and leave the game exactly as it
was (CR 733; DESIGN core contracts)."""

from __future__ import annotations

import pytest

import manastack
from manastack import IllegalAction
from manastack.agents import HeuristicAgent
from manastack.engine.actions import Action

DECKS = ["green", "red"]


def find(predicate, seeds=range(60)):
    """Play heuristic games until ``predicate(game)`` holds at a decision; return it."""
    for seed in seeds:
        g = manastack.new_game(DECKS, seed=seed, max_turns=40)
        agents = [HeuristicAgent(seed), HeuristicAgent(seed + 1)]
        while not g.is_over:
            found = predicate(g)
            if found:
                return g, found
            g.apply(agents[g.decision.player].choose(g))
    raise AssertionError("no such position found")


def assert_rejected(g, action, rule, player=None):
    before = g.to_json()
    with pytest.raises(IllegalAction) as info:
        g.apply(action, player=player)
    assert f"CR {rule}" in str(info.value), str(info.value)
    assert isinstance(info.value, ValueError)
    assert g.to_json() == before


def _main_priority(g):
    d = g.decision
    return (d.kind == "priority" and d.player == g.active and g.step in ("main1", "main2")
            and not g.stack)


def test_spell_without_the_mana():
    def pred(g):
        if not _main_priority(g):
            return None
        p = g.players[g.active]
        for oid in p.hand:
            o = g.objects[oid]
            if "Land" not in o.defn.types and Action("cast", oid) not in g.legal_actions():
                untapped = sum(1 for b in g.battlefield if g.objects[b].controller == g.active
                               and not g.objects[b].tapped)
                if o.defn.mana_value > untapped:
                    return oid
        return None
    g, oid = find(pred)
    assert_rejected(g, Action("cast", oid), "601.2h")


def test_second_land_in_a_turn():
    def pred(g):
        if not _main_priority(g) or g.players[g.active].lands_played != 1:
            return None
        for oid in g.players[g.active].hand:
            if "Land" in g.objects[oid].defn.types:
                return oid
        return None
    g, oid = find(pred)
    assert_rejected(g, Action("play", oid), "305.2")


def test_attacking_with_a_creature_that_came_under_control_this_turn():
    def pred(g):
        d = g.decision
        if d.kind != "attackers":
            return None
        for oid in g.battlefield:
            o = g.objects[oid]
            if o.controller == g.active and "Creature" in o.defn.types and o.sick:
                return oid
        return None
    g, oid = find(pred)
    assert_rejected(g, Action("attack", choice=(oid,)), "302.6")


def test_acting_without_priority():
    g, _ = find(lambda g: g.decision.kind == "priority" or None)
    other = 1 - g.decision.player
    assert_rejected(g, Action("pass"), "117.1", player=other)


def test_answer_to_a_decision_that_is_not_pending():
    g, _ = find(lambda g: g.decision.kind == "priority" or None)
    assert_rejected(g, Action("choose", choice="keep"), "117.1")
    assert_rejected(g, Action("attack", choice=()), "117.1")
    g2, _ = find(lambda g: g.decision.kind == "attackers" or None)
    assert_rejected(g2, Action("pass"), "508.1")


def test_land_outside_main_phase():
    def pred(g):
        d = g.decision
        if d.kind == "priority" and g.step == "upkeep":
            for oid in g.players[d.player].hand:
                if "Land" in g.objects[oid].defn.types:
                    return oid
        return None
    g, oid = find(pred)
    assert_rejected(g, Action("play", oid), "305.1")


def test_unknown_object_and_garbage():
    g, _ = find(lambda g: g.decision.kind == "priority" or None)
    assert_rejected(g, Action("cast", 99999), "109.1")
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.apply("pass")
    assert g.to_json() == before


def test_no_action_after_the_game_is_over():
    g = manastack.new_game(DECKS, seed=1, max_turns=30)
    from manastack.agents import play_game, RandomAgent
    play_game(g, [RandomAgent(1), RandomAgent(2)])
    assert_rejected(g, Action("pass"), "104.1")
