"""How far the Oracle grammar has replaced the template chain: of every distinct card,
how many compile fully, and how many of those the grammar alone compiled.

    python scripts/grammar_parity.py [--jobs N] [--list-templates FILE] [--baseline FILE]

Prints one JSON object. ``--baseline FILE`` (one supported card name per line, as
``--write-supported`` writes) lists the cards supported before that are no longer.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))


def _chunk(names: list[str]) -> list[tuple[str, bool, bool]]:
    from manastack.cards import get_database
    from manastack.compiler import oracle
    db = get_database()
    out = []
    for n in names:
        d = oracle.compile_card(db.get(n))
        out.append((n, not d.unsupported, oracle.GRAMMAR_ONLY.get(n, False)))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--list-templates", help="write the supported cards the templates "
                    "still compile (one per line)")
    ap.add_argument("--write-supported", help="write every supported card name")
    ap.add_argument("--baseline", help="a file of card names supported before")
    args = ap.parse_args()
    from manastack.cards import get_database
    names = sorted({c.name for c in get_database()})
    t = time.time()
    k = max(1, args.jobs)
    parts = [names[i::k] for i in range(k)]
    rows: list = []
    if k == 1:
        rows = _chunk(names)
    else:
        with ProcessPoolExecutor(k) as ex:
            for r in ex.map(_chunk, parts):
                rows.extend(r)
    supported = [n for n, s, _ in rows if s]
    grammar = [n for n, s, gram in rows if s and gram]
    result = {"cards": len(names), "supported": len(supported), "grammar_only": len(grammar),
              "templates": len(supported) - len(grammar), "seconds": round(time.time() - t, 1)}
    if args.baseline:
        before = {ln.strip() for ln in open(args.baseline, encoding="utf-8") if ln.strip()}
        lost = sorted(before - set(supported))
        result["lost"] = len(lost)
        result["lost_sample"] = lost[:40]
    if args.list_templates:
        with open(args.list_templates, "w", encoding="utf-8") as f:
            f.writelines(n + "\n" for n, s, gram in sorted(rows) if s and not gram)
    if args.write_supported:
        with open(args.write_supported, "w", encoding="utf-8") as f:
            f.writelines(n + "\n" for n in sorted(supported))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
