"""Benchmark: how strong the agents are.

* heuristic vs random over ``--games-hr`` games (default 400): half with the heuristic
  player on green and half on red; seats alternate within each half (target: the
  heuristic player wins >= 90%);
* mcts vs heuristic over ``--games-mh`` games (default 100), split the same way (target:
  MCTS wins >= 60% at <= 0.2 s per searched decision on average).

Games run through ``manastack.simulate`` (all cores by default). Prints ONE JSON object.

    python benchmarks/agents_strength.py
    python benchmarks/agents_strength.py --games-hr 100 --games-mh 20 --workers 2
"""

from __future__ import annotations

import argparse
import json
import time

from manastack.simulate import simulate, wilson


def matchup(agent, other, games, workers, seed, max_turns, options=None) -> dict:
    wins = draws = played = 0
    searched = 0
    search_s = 0.0
    turns = 0.0
    t0 = time.perf_counter()
    half = games // 2
    for k, (deck_a, deck_b) in enumerate((("green", "red"), ("red", "green"))):
        n = half if k == 0 else games - half
        r = simulate(deck_a, deck_b, n, workers=workers, agents=(agent, other),
                     seed=seed + k, max_turns=max_turns, agent_options=options)
        wins += r.wins[0]
        draws += r.draws
        played += r.games
        searched += r.searched[0]
        search_s += r.search_seconds[0]
        turns += sum(r.turns)
    lo, hi = wilson(wins, played)
    out = {"agent": agent, "opponent": other, "games": played, "wins": wins,
           "losses": played - wins - draws, "draws": draws,
           "win_rate": round(wins / played, 4), "ci95": [round(lo, 4), round(hi, 4)],
           "avg_turns": round(turns / played, 2),
           "seconds": round(time.perf_counter() - t0, 1)}
    if searched:
        out["searched_decisions"] = searched
        out["seconds_per_searched_decision"] = round(search_s / searched, 4)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games-hr", type=int, default=400)
    ap.add_argument("--games-mh", type=int, default=100)
    ap.add_argument("--workers", type=int, default=0, help="0: all cores")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--max-turns", type=int, default=100)
    ap.add_argument("--playouts", type=int, default=None, help="MCTS playouts per decision")
    args = ap.parse_args()
    result = {"benchmark": "agents_strength"}
    if args.games_hr:
        hr = matchup("heuristic", "random", args.games_hr, args.workers, args.seed,
                     args.max_turns)
        hr["target_win_rate"] = 0.90
        hr["meets_target"] = hr["win_rate"] >= 0.90
        result["heuristic_vs_random"] = hr
    if args.games_mh:
        opts = {"mcts": {"playouts": args.playouts}} if args.playouts else None
        mh = matchup("mcts", "heuristic", args.games_mh, args.workers, args.seed + 100,
                     args.max_turns, opts)
        mh["target_win_rate"] = 0.60
        mh["target_seconds_per_searched_decision"] = 0.2
        mh["meets_target"] = (mh["win_rate"] >= 0.60
                              and mh["seconds_per_searched_decision"] <= 0.2)
        result["mcts_vs_heuristic"] = mh
    print(json.dumps(result))


if __name__ == "__main__":
    main()
