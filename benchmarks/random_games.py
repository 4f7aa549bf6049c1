"""Benchmark: random playouts between the two bundled decks.

Plays ``--games`` games (green vs red, RandomAgent vs RandomAgent, a turn limit) and
prints ONE JSON object on stdout:

* ``games_per_s`` - whole games (``new_game`` + play) per second, after one untimed
  warm-up game set-up that loads the card database;
* ``decisions_per_s`` (``game.apply`` calls per second, agents' choosing included) and
  ``decisions_per_game``; ``setup_ms`` is the mean ``new_game`` time;
* ``clone_us`` - mean ``game.clone()`` time in microseconds over mid-game states sampled
  every ``--clone-every``-th decision (each sample state is cloned ``--clone-reps`` times
  after the games, so sampling does not disturb the play timing);
* ``peak_rss_mb`` - peak resident memory of the process;
* ``auto_pass`` - whether ``Options.auto_pass`` was on: when on, priority decisions where
  passing and mana abilities are the only legal choices are skipped by the engine and
  are NOT counted as decisions;
* ``wins`` (per player) and ``draws`` (turn limit reached).

    python benchmarks/random_games.py                 # 200 games, auto-pass on
    python benchmarks/random_games.py --games 50 --no-auto-pass --seed 7
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import sys
import time


def peak_rss_mb() -> float:
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # Linux reports kilobytes, macOS bytes.
    return rss / (1024 * 1024) if sys.platform == "darwin" else rss / 1024


def run(games: int, seed: int, auto_pass: bool, max_turns: int, log: bool,
        clone_every: int, clone_reps: int) -> dict:
    from manastack import new_game
    from manastack.agents import RandomAgent

    decisions = 0
    turns = 0
    wins = [0, 0]
    draws = 0
    samples = []
    play_s = 0.0
    setup_s = 0.0
    # Warm-up (not timed): loads the card database and compiles the decks' cards.
    new_game(["green", "red"], seed=seed, max_turns=max_turns, auto_pass=auto_pass, log=log)
    for i in range(games):
        game_seed = seed + i
        t0 = time.perf_counter()
        game = new_game(["green", "red"], seed=game_seed, max_turns=max_turns,
                        auto_pass=auto_pass, log=log)
        setup_s += time.perf_counter() - t0
        agents = (RandomAgent(game_seed * 2 + 1), RandomAgent(game_seed * 2 + 2))
        n = 0
        t0 = time.perf_counter()
        while not game.is_over:
            game.apply(agents[game.decision.player].choose(game))
            n += 1
            if clone_every and n % clone_every == 0 and not game.is_over:
                t1 = time.perf_counter()
                samples.append(game.clone())   # kept as a mid-game state to time later
                t0 += time.perf_counter() - t1  # not part of play time
            if n > 200_000:
                raise RuntimeError(f"game {i} (seed {game_seed}) did not end")
        play_s += time.perf_counter() - t0
        decisions += n
        turns += game.turn
        if game.winner is None:
            draws += 1
        else:
            wins[game.winner] += 1

    clone_us = None
    if samples:
        t0 = time.perf_counter()
        for state in samples:
            for _ in range(clone_reps):
                state.clone()
        clone_us = (time.perf_counter() - t0) / (len(samples) * clone_reps) * 1e6

    return {
        "benchmark": "random_games",
        "games": games,
        "seed": seed,
        "decks": ["green", "red"],
        "agents": ["random", "random"],
        "max_turns": max_turns,
        "auto_pass": auto_pass,
        "log": log,
        "games_per_s": round(games / (setup_s + play_s), 2) if play_s else None,
        "decisions_per_s": round(decisions / play_s, 1) if play_s else None,
        "decisions_per_game": round(decisions / games, 1) if games else None,
        "turns_per_game": round(turns / games, 1) if games else None,
        "setup_ms": round(setup_s / games * 1e3, 3) if games else None,
        "clone_us": round(clone_us, 2) if clone_us is not None else None,
        "clone_samples": len(samples),
        "peak_rss_mb": round(peak_rss_mb(), 1),
        "wins": wins,
        "draws": draws,
        "play_seconds": round(play_s, 3),
        "python": platform.python_version(),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200, help="number of games (default 200)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    ap.add_argument("--auto-pass", action=argparse.BooleanOptionalAction, default=True,
                    help="skip priority when only passing / mana abilities are legal "
                         "(default on)")
    ap.add_argument("--max-turns", type=int, default=100,
                    help="turn limit; a game reaching it is a draw (default 100)")
    ap.add_argument("--log", action=argparse.BooleanOptionalAction, default=True,
                    help="keep the game's event log (default on, the engine default)")
    ap.add_argument("--clone-every", type=int, default=20,
                    help="sample a state for clone timing every N decisions (default 20)")
    ap.add_argument("--clone-reps", type=int, default=20,
                    help="clones timed per sampled state (default 20)")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    result = run(args.games, args.seed, args.auto_pass, args.max_turns, args.log,
                 args.clone_every, args.clone_reps)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
