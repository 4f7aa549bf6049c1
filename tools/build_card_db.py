#!/usr/bin/env python3
"""Build ``manastack/cards/data/oracle-cards.json.gz`` from the shared Oracle dump.

Inputs (read-only, beside the project, only needed at build time):

* ``../shared/data/cards/oracle-cards.json`` -- a JSON list of Oracle cards (camelCase
  keys: name, manaCost, type, types, subtypes, supertypes, keywords, power, toughness,
  loyalty, text, layout, colorIdentity; transform cards also carry ``back`` on the front
  entry and ``face: "back"``/``front`` on a separate back-face entry).
* ``../shared/data/cards/faces-supplement-2022.json`` -- ``{"faces": {"A // B": [face,
  ...]}}`` with per-face data (``faceName``, ``side``, ``manaCost``, ``type`` ...) for
  split, adventure, aftermath, flip, meld, reversible and modal double-faced cards.

Output: a gzip (level 9, mtime 0, no file name in the header) of one compact JSON object
``{"format": 1, "cards": [...]}`` with cards sorted by name.  Each card is a dict with the
short snake_case fields used by :mod:`manastack.cards.database`; empty/null fields are
omitted to keep the file small (the loader restores the defaults).

Faces (CR 709 split cards, CR 711/712 double-faced cards, CR 715 adventurers, CR 712.4
meld): for a card named ``"A // B"`` the front face is the Oracle entry itself (it holds
the front face's characteristics in current wording) renamed to ``A``; the other faces
come from the supplement, or else from the Oracle entry named like that face (transform
back faces and meld results are separate Oracle entries).  A card only gets ``faces``
when every face is known.

Usage: ``python tools/build_card_db.py [--shared DIR] [--out FILE]``.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SHARED = ROOT.parent / "shared" / "data" / "cards"
DEFAULT_OUT = ROOT / "manastack" / "cards" / "data" / "oracle-cards.json.gz"

# Output key order (also documents the schema); values default to None/""/[] when absent.
FIELDS = (
    "name", "mana_cost", "type_line", "types", "subtypes", "supertypes", "keywords",
    "power", "toughness", "loyalty", "text", "layout", "color_identity", "faces",
)


def _compact(card: dict) -> dict:
    """Drop null and empty fields (the loader supplies the defaults)."""
    return {k: card[k] for k in FIELDS if k in card and card[k] not in (None, "", [], ())}


def convert_oracle(entry: dict) -> dict:
    """Map one Oracle JSON entry (camelCase) to the compact snake_case schema."""
    return {
        "name": entry["name"],
        "mana_cost": entry.get("manaCost") or None,
        "type_line": entry.get("type") or "",
        "types": list(entry.get("types") or ()),
        "subtypes": list(entry.get("subtypes") or ()),
        "supertypes": list(entry.get("supertypes") or ()),
        "keywords": list(entry.get("keywords") or ()),
        "power": entry.get("power"),
        "toughness": entry.get("toughness"),
        "loyalty": entry.get("loyalty"),
        "text": entry.get("text") or "",
        "layout": entry.get("layout") or "normal",
        "color_identity": list(entry.get("colorIdentity") or ()),
    }


def convert_face(face: dict, card: dict) -> dict:
    """Map one supplement face to the schema; layout and color identity are the card's."""
    out = convert_oracle(face)
    out["name"] = face.get("faceName") or face["name"]
    out["layout"] = card["layout"]
    out["color_identity"] = card["color_identity"]
    return out


ERRATA = Path(__file__).with_name("oracle_errata.json")


def apply_errata(cards: dict[str, dict], errata: dict) -> None:
    """Correct fields the snapshot lacks (``tools/oracle_errata.json``)."""
    for name, fix in errata.items():
        if name.startswith("_") or name not in cards:
            continue
        for key, value in fix.items():
            if key != "why":
                cards[name][key] = value


def build(oracle: list[dict], supplement: dict[str, list[dict]],
          errata: dict | None = None) -> list[dict]:
    """Return the sorted list of compact card dicts, with faces attached where known."""
    cards = {e["name"]: convert_oracle(e) for e in oracle}
    apply_errata(cards, errata if errata is not None else
                 json.loads(ERRATA.read_text(encoding="utf-8")) if ERRATA.exists() else {})
    for name, card in cards.items():
        if " // " not in name:
            continue
        face_names = name.split(" // ")
        front = dict(card, name=face_names[0])
        front.pop("faces", None)
        faces: list[dict | None] = [front]
        supp = {f.get("side"): f for f in supplement.get(name, ())}
        for index, face_name in enumerate(face_names[1:], start=1):
            side = "abcde"[index] if index < 5 else None
            if side in supp and (supp[side].get("faceName") or "") == face_name:
                faces.append(convert_face(supp[side], card))
            elif face_name in cards and face_name != name and " // " not in face_name:
                other = dict(cards[face_name])
                other.pop("faces", None)
                faces.append(other)
            else:
                faces.append(None)
        if all(f is not None for f in faces):
            card["faces"] = [_compact(f) for f in faces]  # type: ignore[arg-type]
    return [_compact(cards[n]) for n in sorted(cards)]


def write_gzip(path: Path, payload: dict) -> int:
    """Write ``payload`` as compact JSON, gzip level 9, mtime 0; return the byte size."""
    raw = json.dumps(payload, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    buf = io.BytesIO()
    # filename="" keeps the output path out of the header: byte-identical rebuilds.
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, compresslevel=9, mtime=0) as gz:
        gz.write(raw.encode("utf-8"))
    data = buf.getvalue()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return len(data)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED,
                        help="folder holding oracle-cards.json and faces-supplement-2022.json")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)

    oracle = json.loads((args.shared / "oracle-cards.json").read_text(encoding="utf-8"))
    supp_path = args.shared / "faces-supplement-2022.json"
    supplement = {}
    if supp_path.exists():
        supplement = json.loads(supp_path.read_text(encoding="utf-8")).get("faces", {})
    cards = build(oracle, supplement)
    size = write_gzip(args.out, {"format": 1, "cards": cards})
    with_faces = sum(1 for c in cards if c.get("faces"))
    print(f"wrote {args.out} ({size:,} bytes): {len(cards):,} cards, {with_faces:,} with faces",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
