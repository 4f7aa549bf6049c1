#!/usr/bin/env python3
"""``manastack simulate`` with every playable deck of ../shared/data/decks/tournament-txt/
against itself (issue 17): 10 games with the heuristic agent and 2 with MCTS (its default
budget), ``--max-turns 50``, each through the real command line. Every game must finish;
the report (JSON on stdout) gives per deck the results, how the games ended (rules, turn
limit, decision limit), the time of each run, and the total time.

    python scripts/simulate_tournament_decks.py [--heuristic-games 10] [--mcts-games 2]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
DECKS = ROOT.parent / "shared" / "data" / "decks" / "tournament-txt"


def playable(folder: Path) -> list[Path]:
    from manastack.compiler import definition_for
    from manastack.decklist import DeckError, load_decklist
    out = []
    for f in sorted(folder.glob("*.txt")):
        try:
            deck = load_decklist(f)
        except DeckError:
            continue
        names = {n for _, n in deck.main}
        if all(definition_for(n).supported for n in names):
            out.append(f)
    return out


def run(deck: Path, agent: str, games: int, max_turns: int, workers: int) -> dict:
    cmd = [sys.executable, "-m", "manastack", "simulate", str(deck), str(deck),
           "--games", str(games), "--agents", agent, "--max-turns", str(max_turns),
           "--workers", str(workers), "--json"]
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    row = {"deck": deck.name, "agent": agent, "exit": p.returncode,
           "seconds": round(time.perf_counter() - t0, 1)}
    if p.returncode == 0:
        r = json.loads(p.stdout)
        row.update(games=r["games"], wins=r["wins"], draws=r["draws"],
                   ended_by=r.get("ended_by"), avg_turns=r["avg_turns"],
                   avg_decisions=r["avg_decisions"])
    else:
        row["stderr"] = p.stderr.strip().splitlines()[-3:]
    return row


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--heuristic-games", type=int, default=10)
    ap.add_argument("--mcts-games", type=int, default=2)
    ap.add_argument("--max-turns", type=int, default=50)
    ap.add_argument("--workers", type=int, default=0)
    a = ap.parse_args()
    t0 = time.perf_counter()
    decks = playable(DECKS)
    rows = []
    for d in decks:
        for agent, n in (("heuristic", a.heuristic_games), ("mcts", a.mcts_games)):
            if n:
                rows.append(run(d, agent, n, a.max_turns, a.workers))
                print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    ended: dict = {}
    for r in rows:
        for k, v in (r.get("ended_by") or {}).items():
            ended[k] = ended.get(k, 0) + v
    want = a.heuristic_games + a.mcts_games
    report = {"decks": len(decks), "runs": len(rows),
              "games": sum(r.get("games", 0) for r in rows),
              "games_wanted": want * len(decks),
              "failed_runs": [r for r in rows if r["exit"] != 0],
              "ended_by": ended, "rows": rows,
              "seconds": round(time.perf_counter() - t0, 1)}
    print(json.dumps(report, indent=1))
    ok = not report["failed_runs"] and report["games"] == report["games_wanted"] and \
        sum(ended.values()) == report["games"] and "None" not in ended
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
