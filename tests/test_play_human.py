"""The human seat of ``manastack play``, driven through a real terminal with pexpect."""

import re
import sys

import pytest

pexpect = pytest.importorskip("pexpect", reason="pexpect is not installed "
                                                "(pip install 'manastack[test]')")

PROMPT = r"\[P1\] > "
END = r"Result: .*"


def spawn(*args):
    return pexpect.spawn(sys.executable, ["-m", "manastack", "play", *args],
                         encoding="utf-8", timeout=30, dimensions=(50, 120),
                         env={"TERM": "dumb", "COLUMNS": "120", "PYTHONUNBUFFERED": "1"})


def test_human_plays_by_number_until_the_end_or_quits():
    child = spawn("--deck", "green", "--deck", "red", "--agents", "human,heuristic",
                  "--seed", "3", "--max-turns", "12")
    moves = 0
    ended = False
    while moves < 150:
        i = child.expect([PROMPT, END, pexpect.EOF])
        if i != 0:
            ended = True
            break
        # the last listed action is a land, a spell or an attack when there is one
        listed = re.findall(r"^\s+(\d+)\. ", child.before, flags=re.M)
        if "Decision: mulligan" in child.before or not listed:
            child.sendline("1")      # keep
        else:
            child.sendline(listed[-1])
        moves += 1
    if not ended:
        child.sendline("quit")
        child.expect(r"Quit on turn \d+")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert moves > 5


def test_typed_commands_help_log_undo_and_quit():
    child = spawn("--deck", "green", "--deck", "red", "--agents", "human,heuristic",
                  "--seed", "3")
    child.expect("Decision: mulligan")
    child.expect(PROMPT)
    child.sendline("choose keep")
    child.expect(r"Decision: priority")
    child.expect(PROMPT)
    child.sendline("help")
    child.expect("Other commands")
    child.expect(PROMPT)
    child.sendline("cast Nonexistent Card")
    child.expect(r"\? ")
    child.expect(PROMPT)
    child.sendline("play Forest")
    child.expect(r"305\.1\s+P1 plays Forest")
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect("undone")
    child.expect(PROMPT)
    child.sendline("log 3")
    child.expect(PROMPT)
    child.sendline("{play: Forest}")
    child.expect(r"P1 plays Forest")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(r"Quit on turn 1")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_mcts_and_human_agent_names_are_accepted_by_play():
    from typer.testing import CliRunner
    from manastack.cli import app
    r = CliRunner().invoke(app, ["play", "--agents", "human,nobody"])
    assert r.exit_code == 2 and "unknown agent" in r.output
    r = CliRunner().invoke(app, ["play", "--agents", "mcts,random", "--quiet",
                                 "--max-turns", "4", "--seed", "2"])
    assert r.exit_code == 0 and "Result:" in r.output
