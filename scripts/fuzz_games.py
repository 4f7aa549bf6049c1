#!/usr/bin/env python3
"""Random-play fuzz over every playable tournament deck (issue 17).

Game ``i`` pairs two decks drawn from a seeded generator out of every fully playable deck
of ``../shared/data/decks/tournament-txt/`` and ``tournament_2026_sample.jsonl``, and plays
them with two ``RandomAgent``s under ``new_game``'s default limits (2,000 decisions per
turn, 50,000 per game; no turn limit), ``auto_pass`` on in odd games. Every
``--check-every`` decisions and at the end it checks the invariants of the game's JSON
(``engine/game_format.py``: every object in one zone, every card in one place, a decision
that fits the state...), that ``Game.from_json(to_json())`` gives the same JSON, and that
``clone()`` has the same state. It prints one JSON report: games, decisions, crashes,
invariant breaks, how the games ended (rules / turn limit / decision limit) and the time.

    python scripts/fuzz_games.py --games 2000 --seed 1 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SHARED = ROOT.parent / "shared" / "data" / "decks"


def playable_decks() -> list[tuple[str, tuple[str, ...]]]:
    """(source, main-deck card names) of every fully playable tournament deck, once
    each (the text folder and the JSON lines hold some of the same decks)."""
    from manastack.compiler import definition_for
    from manastack.coverage import iter_decks
    from manastack.decklist import DeckError
    seen, out = set(), []
    paths = [SHARED / "tournament-txt", SHARED / "tournament_2026_sample.jsonl"]
    ok: dict[str, bool] = {}

    def supported(n):
        if n not in ok:
            try:
                ok[n] = definition_for(n).supported
            except KeyError:
                ok[n] = False
        return ok[n]
    for source, _, deck in iter_decks([p for p in paths if p.exists()]):
        if isinstance(deck, DeckError) or deck.main_count() < 40:
            continue
        cards = tuple(deck.cards())
        if cards in seen or not all(supported(n) for n in set(cards)):
            continue
        seen.add(cards)
        out.append((source, cards))
    return out


def check(g) -> None:
    """The invariants, the JSON round trip and the clone of ``g`` (AssertionError)."""
    from manastack import Game
    from manastack.engine.game_format import check_game_data
    text = g.to_json()
    check_game_data(json.loads(text))
    again = Game.from_json(text)
    assert again.to_json() == text, "from_json(to_json()) changed the game"
    assert g.clone().to_json() == text, "clone() differs from the game"
    if g.over:
        assert g.pending is None and g.ended_by is not None, "a finished game without an end"
    else:
        assert g.pending is not None and len(g.legal_actions()) > 0, "no legal action"


def play(args) -> dict:
    index, seed, decks, check_every = args
    from manastack.agents import RandomAgent
    from manastack.engine.rng import Rng
    from manastack.engine.setup import new_game
    rng = Rng(seed * 1_000_003 + index)
    a, b = decks[rng.below(len(decks))], decks[rng.below(len(decks))]
    row = {"index": index, "decks": [a[0], b[0]], "error": None, "phase": None}
    t0 = time.perf_counter()
    g = None
    try:
        row["phase"] = "setup"
        g = new_game([list(a[1]), list(b[1])], seed=seed + index, auto_pass=bool(index % 2),
                     log=index % 10 == 0)
        agents = [RandomAgent(seed * 2 + index), RandomAgent(seed * 3 + index + 1)]
        n = 0
        while not g.is_over:
            row["phase"] = "play"
            g.apply(agents[g.decision.player].choose(g))
            n += 1
            if n % check_every == 0:
                row["phase"] = "check"
                check(g)
        row["phase"] = "check"
        check(g)
        row["phase"] = None
    except AssertionError as e:
        row["error"] = f"invariant: {e}"
    except Exception as e:  # a crash is the finding: record it with its place
        tb = traceback.extract_tb(e.__traceback__)[-3:]
        row["error"] = f"crash: {type(e).__name__}: {e} at " + " <- ".join(
            f"{Path(f.filename).name}:{f.lineno}" for f in reversed(tb))
    if g is not None:
        row.update(decisions=len(g.actions), turns=g.turn,
                   ended_by=g.ended_by.value if g.ended_by else None,
                   rule=g.ending.rule if g.ending else None,
                   max_turn_decisions=g.turn_decisions)
    row["seconds"] = round(time.perf_counter() - t0, 3)
    return row


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--check-every", type=int, default=100)
    ap.add_argument("--out", help="also write every game's row (JSON lines) here")
    a = ap.parse_args()
    t0 = time.perf_counter()
    decks = playable_decks()
    jobs = [(i, a.seed, decks, a.check_every) for i in range(a.games)]
    out = open(a.out, "w", encoding="utf-8") if a.out else None
    rows = []

    def done(row):   # each game's row as it finishes (a long run can be followed)
        rows.append(row)
        if out:
            out.write(json.dumps(row) + "\n")
            out.flush()
    if a.jobs > 1:
        with multiprocessing.get_context("spawn").Pool(a.jobs) as pool:
            for row in pool.imap_unordered(play, jobs):
                done(row)
    else:
        for j in jobs:
            done(play(j))
    if out:
        out.close()
    rows.sort(key=lambda r: r["index"])
    errors = [r for r in rows if r["error"]]
    report = {
        "games": len(rows), "decks": len(decks), "seed": a.seed,
        "decisions": sum(r.get("decisions", 0) for r in rows),
        "crashes": sum(r["error"].startswith("crash") for r in errors),
        "invariant_breaks": sum(r["error"].startswith("invariant") for r in errors),
        "ended_by": dict(Counter(r.get("ended_by") for r in rows)),
        "ending_rules": dict(Counter(r.get("rule") for r in rows).most_common()),
        "not_ended": sum(1 for r in rows if not r.get("ended_by")),
        "max_decisions_in_a_game": max((r.get("decisions", 0) for r in rows), default=0),
        "errors": errors[:20],
        "seconds": round(time.perf_counter() - t0, 1),
    }
    print(json.dumps(report, indent=1))
    return 1 if errors or report["not_ended"] else 0


if __name__ == "__main__":
    sys.exit(main())
