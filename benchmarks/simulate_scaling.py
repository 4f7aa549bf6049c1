"""Benchmark: `manastack simulate` with 1 worker vs 2 workers.

Runs the real command (``python -m manastack simulate green red --games N --json``) once
with ``--workers 1`` and once with ``--workers 2`` (wall-clock time of the whole
process, start-up included), checks that both give the same result, and prints ONE JSON
object with both times and the speedup (target >= 1.7 on a 2-core machine).

    python benchmarks/simulate_scaling.py              # 1,000 games
    python benchmarks/simulate_scaling.py --games 200 --agents heuristic,random
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(games: int, workers: int, agents: str, seed: int) -> tuple[float, float, dict]:
    cmd = [sys.executable, "-m", "manastack", "simulate", "green", "red", "--games",
           str(games), "--workers", str(workers), "--agents", agents, "--seed", str(seed),
           "--json"]
    c0 = _children_cpu()
    t0 = time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    wall = time.perf_counter() - t0
    return wall, _children_cpu() - c0, json.loads(out.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--agents", default="heuristic,heuristic")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    t1, c1, r1 = run(args.games, 1, args.agents, args.seed)
    t2, c2, r2 = run(args.games, 2, args.agents, args.seed)
    same = all(r1[k] == r2[k] for k in ("wins", "draws", "avg_turns", "avg_decisions"))
    print(json.dumps({
        "benchmark": "simulate_scaling", "games": args.games, "agents": args.agents,
        "cores": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        # other processes on the machine make wall-clock speedups meaningless: a load
        # average near or above the core count means the two workers did not get two
        # cores. cpu_seconds (user+sys of the whole command and its workers) shows the
        # parallel overhead independently of that.
        "load_average_before": load,
        "load_average_after": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
        "wall_seconds": {"1": round(t1, 2), "2": round(t2, 2)},
        "cpu_seconds": {"1": round(c1, 2), "2": round(c2, 2)},
        "parallel_cpu_overhead": round(c2 / c1 - 1, 3),
        "simulate_seconds": {"1": r1["seconds"], "2": r2["seconds"]},
        "speedup": round(t1 / t2, 3),
        "speedup_simulate_only": round(r1["seconds"] / r2["seconds"], 3),
        "target_speedup": 1.7, "meets_target": t1 / t2 >= 1.7,
        "identical_results": same, "wins": r1["wins"], "draws": r1["draws"],
    }))


if __name__ == "__main__":
    main()
