#!/usr/bin/env python3
"""Build ``manastack/cards/data/rulings.json.gz`` from the shared MTGJSON rulings dump.

Input (read-only, beside the project, only needed at build time):
``../shared/data/rulings/rulings-2022.json`` -- ``{"source": ..., "mtgjson_meta": ...,
"rulings": {"Card Name": [{"date": "YYYY-MM-DD", "text": "..."}, ...]}}`` (MTGJSON, MIT).

Output: a deterministic gzip (level 9, mtime 0, no file name) of one compact JSON object
``{"format": 1, "source": ..., "mtgjson_meta": ..., "rulings": {"Oracle Name": [[date,
text], ...]}}``.  Names are mapped to the bundled database's Oracle names (so a ruling
filed under a back face belongs to the whole card); each card's rulings are sorted by
date (stable, so same-day rulings keep the dump's order) with exact duplicates dropped;
cards are sorted by name.  Running the tool twice gives byte-identical output.

Usage: ``python tools/build_rulings.py [--src FILE] [--out FILE]``.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SRC = ROOT.parent / "shared" / "data" / "rulings" / "rulings-2022.json"
DEFAULT_OUT = ROOT / "manastack" / "cards" / "data" / "rulings.json.gz"


def build(src: Path) -> dict:
    """Read the dump and return the package-data payload."""
    sys.path.insert(0, str(ROOT))
    from manastack.cards import get_database

    raw = json.loads(src.read_text(encoding="utf-8"))
    db = get_database()
    merged: dict[str, list[tuple[str, str]]] = {}
    unknown = 0
    for name, entries in raw["rulings"].items():
        card = db.resolve(name)
        if card is None:
            unknown += 1
        key = card.name if card is not None else name
        bucket = merged.setdefault(key, [])
        for entry in entries:
            item = (str(entry["date"]), " ".join(str(entry["text"]).split()))
            if item not in bucket:
                bucket.append(item)
    rulings = {name: [list(r) for r in sorted(items, key=lambda r: r[0])]
               for name, items in sorted(merged.items())}
    if unknown:
        print(f"note: {unknown} ruling names are not in the card database (kept as is)",
              file=sys.stderr)
    return {"format": 1, "source": raw.get("source"), "mtgjson_meta": raw.get("mtgjson_meta"),
            "license": "MTGJSON data, MIT", "rulings": rulings}


def write_gzip(payload: dict, out: Path) -> int:
    """Write ``payload`` as deterministic gzip JSON; returns the byte size."""
    data = json.dumps(payload, ensure_ascii=False, separators=(",", ":"),
                      sort_keys=False).encode("utf-8")
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, compresslevel=9, mtime=0) as gz:
        gz.write(data)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(buf.getvalue())
    return len(buf.getvalue())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", type=Path, default=DEFAULT_SRC)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    payload = build(args.src)
    size = write_gzip(payload, args.out)
    count = sum(len(v) for v in payload["rulings"].values())
    print(f"wrote {args.out} ({size:,} bytes): {count:,} rulings for "
          f"{len(payload['rulings']):,} cards")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
