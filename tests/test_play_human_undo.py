"""The terminal game's ``undo`` against the AI (issue 17): after each undo the game goes
on from the restored position, the AI keeps moving, the human is only ever asked their
own decisions, and the game is played to its end."""

import io

from rich.console import Console

from manastack.agents import make_agent
from manastack.engine.setup import new_game
from manastack.play_human import HumanGame


def _play(seed: int, undos_wanted: int):
    game = new_game(["green", "red"], seed=seed, max_turns=14, auto_pass=True)
    agents = [None, make_agent("heuristic", 5)]
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False, highlight=False)
    state = {"undos": 0, "refused": 0, "prompts": 0, "after_undo": 0, "pending_undo": False,
             "last_was_undo": False}
    hg = None

    def answer(prompt: str) -> str:
        state["prompts"] += 1
        assert prompt.startswith("[P1]")
        g = hg.game
        # the human is asked only their own decisions, on the live game
        assert g.decision is not None and g.decision.player == 0
        if state["pending_undo"]:
            state["after_undo"] += 1
            state["pending_undo"] = False
        listed = hg.listed_actions(g.legal_actions())
        if state["undos"] < undos_wanted and hg.history and g.stage == "play" \
                and not state["last_was_undo"] and state["prompts"] % 2 == 0:
            state["pending_undo"] = state["last_was_undo"] = True
            state["undos"] += 1
            return "undo"
        state["last_was_undo"] = False
        return str(len(listed))     # the last listed: a land, a spell, an attack

    hg = HumanGame(game, agents, console, answer)
    hg.run()
    text = out.getvalue()
    return hg, state, text


def test_undo_several_times_against_the_ai_then_play_to_the_end():
    hg, state, text = _play(seed=3, undos_wanted=6)
    g = hg.game
    assert g.is_over and g.ended_by is not None
    assert state["undos"] == 6
    done = text.count("undone: back to your previous decision")
    refused = text.count("can't undo")
    assert done + refused == 6 and done >= 3
    # after every undo the human was asked again, on the restored game
    assert state["after_undo"] >= done
    assert "doesn't have priority" not in text
    assert "illegal:" not in text
    # the AI kept playing after the undos: P2 acted in a turn after the last undo
    assert any(r == "305.1" and t.startswith("P2 plays") for r, t in g.log[-200:]) \
        or g.turn >= 10
    # the game the loop ended on is the game the object holds
    assert g.winner == hg.game.winner


def test_undo_restores_the_agents_and_the_game_together():
    hg, state, text = _play(seed=11, undos_wanted=3)
    assert hg.game.is_over
    # each snapshot in history is an independent game before a human decision
    for snap, agents, shown in hg.history:
        assert snap is not hg.game
        assert agents[0] is None and agents[1] is not hg.agents[1]
