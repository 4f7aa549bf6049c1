"""Agents: legal answers to every decision, determinism of the MCTS agent."""

import pytest

import manastack
from manastack.agents import HeuristicAgent, RandomAgent, make_agent, play_game
from manastack.mcts import MCTSAgent, determinize


class Checked:
    """Wraps an agent and checks that each answer is legal for the pending decision."""

    def __init__(self, agent):
        self.agent = agent
        self.kinds = set()

    def choose(self, game):
        a = self.agent.choose(game)
        assert a in game.legal_actions(), (game.decision, a)
        self.kinds.add(game.decision.kind)
        return a


@pytest.mark.parametrize("names", [("heuristic", "random"), ("random", "heuristic"),
                                   ("heuristic", "heuristic")])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_agents_answer_every_decision_legally(names, seed):
    decks = ["green", "red"] if seed % 2 else ["red", "green"]
    game = manastack.new_game(decks, seed=seed, max_turns=30, auto_pass=seed != 2)
    agents = [Checked(make_agent(n, seed * 10 + i)) for i, n in enumerate(names)]
    play_game(game, agents)
    assert game.is_over
    assert {"mulligan", "priority", "attackers"} <= agents[0].kinds | agents[1].kinds


def fast_mcts(seed):
    return make_agent("mcts", seed, playouts=4, rollout_turns=1)


def test_mcts_answers_legally_and_searches():
    game = manastack.new_game(["green", "red"], seed=5, max_turns=8, auto_pass=True)
    mcts = fast_mcts(1)
    play_game(game, [Checked(mcts), Checked(HeuristicAgent(2))])
    assert game.is_over
    assert mcts.searched > 0 and mcts.seconds_per_search > 0


def test_mcts_is_deterministic_for_a_seed():
    runs = []
    for _ in range(2):
        game = manastack.new_game(["red", "green"], seed=11, max_turns=8, auto_pass=True)
        play_game(game, [fast_mcts(7), HeuristicAgent(3)])
        runs.append((game.actions, game.winner, game.turn))
    assert runs[0] == runs[1]


def test_determinize_keeps_what_the_player_sees():
    game = manastack.new_game(["green", "red"], seed=4, max_turns=8, auto_pass=True)
    while game.turn < 3:
        game.apply(RandomAgent(1).choose(game))
    me = game.decision.player
    before = game.view(me)
    world = game.clone()
    from manastack.engine.rng import Rng
    determinize(world, me, Rng(99))
    after = world.view(me)
    assert after == before                      # nothing visible to `me` changed
    opp = 1 - me
    hidden = sorted([game.objects[o].card for o in game.players[opp].hand]
                    + game.players[opp].library)
    resampled = sorted([world.objects[o].card for o in world.players[opp].hand]
                       + world.players[opp].library)
    assert hidden == resampled                  # the same cards, maybe elsewhere
    assert game.view(me) == before              # the original is untouched


def test_make_agent_names():
    assert isinstance(make_agent("mcts"), MCTSAgent)
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("alphazero")


def test_heuristic_beats_random():
    wins = 0
    for i in range(12):
        decks = ["green", "red"] if i % 4 < 2 else ["red", "green"]
        seat = i % 2
        agents = [None, None]
        agents[seat] = HeuristicAgent(i)
        agents[1 - seat] = RandomAgent(i)
        game = manastack.new_game(decks, seed=100 + i, max_turns=40, auto_pass=True, log=False)
        play_game(game, agents)
        wins += game.winner == seat
    assert wins >= 9
