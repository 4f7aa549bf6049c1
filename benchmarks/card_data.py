#!/usr/bin/env python3
"""Card data speed: loading the bundled Oracle database, close-name suggestions, and
compiling every distinct card (what ``manastack cards coverage`` does).  Prints JSON.

    python benchmarks/card_data.py
"""

from __future__ import annotations

import json
import platform
import time


def main() -> None:
    from manastack.cards import CardDatabase
    from manastack.coverage import card_coverage

    start = time.perf_counter()
    db = CardDatabase.from_package()
    load_s = time.perf_counter() - start

    db.suggest("Warm Up The Index")
    queries = ("Sower of Temptaton", "Snapcaster Mage", "qwertyuiopasdfghjklzxcvbnm",
               "Sword of Fire and Ise", "Elspeth Sun's Chempion")
    start = time.perf_counter()
    for q in queries:
        db.suggest(q)
    suggest_ms = (time.perf_counter() - start) / len(queries) * 1000

    start = time.perf_counter()
    report = card_coverage()
    compile_s = time.perf_counter() - start
    print(json.dumps({
        "cards_in_database": len(db),
        "load_seconds": round(load_s, 3),
        "suggest_ms": round(suggest_ms, 1),
        "distinct_cards": report["total"],
        "supported": report["supported"],
        "compile_all_seconds": round(compile_s, 2),
        "compile_us_per_card": round(compile_s / max(1, report["total"]) * 1e6, 1),
        "python": platform.python_version(),
    }, indent=1))


if __name__ == "__main__":
    main()
