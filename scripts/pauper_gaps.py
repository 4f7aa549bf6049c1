"""Which cards keep Pauper decks from being playable (issue 6).

For each Pauper record of a tournament ``.jsonl`` (default: the 2026 sample), list the
main-deck cards that do not compile fully, rank cards by how many decks each blocks,
and greedily pick the cards that would unlock the most decks (fewest blockers first).

    python scripts/pauper_gaps.py [FILE.jsonl] [--format Pauper] [--top 40] [--json]
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from manastack.compiler import definition_for
from manastack.coverage import iter_decks
from manastack.decklist import DeckError

DEFAULT = "/work/shared/data/decks/tournament_2026_sample.jsonl"


def blockers_by_deck(path: str, fmt: str) -> list[set[str]]:
    cache: dict[str, bool] = {}

    def ok(name: str) -> bool:
        if name not in cache:
            try:
                cache[name] = definition_for(name).supported
            except Exception:
                cache[name] = False
        return cache[name]

    decks = []
    for _source, group, deck in iter_decks([path]):
        if group != fmt or isinstance(deck, DeckError):
            continue
        decks.append({name for _, name in deck.main if not ok(name)})
    return decks


def greedy(decks: list[set[str]]) -> list[tuple[str, int]]:
    """Cards in the order that unlocks decks fastest: repeatedly take the deck(s) with
    the fewest remaining blockers and pick the card that completes the most decks
    (ties: the card blocking the most decks). Returns (card, decks playable after)."""
    remaining = [set(d) for d in decks]
    done: set[str] = set()
    order = []
    while any(remaining):
        playable_now = sum(1 for d in remaining if not d)
        fewest = min(len(d) for d in remaining if d)
        near = [d for d in remaining if len(d) == fewest]
        weight = Counter(c for d in near for c in d)
        block = Counter(c for d in remaining for c in d)
        card = max(weight, key=lambda c: (weight[c], block[c], c))
        done.add(card)
        for d in remaining:
            d.discard(card)
        order.append((card, sum(1 for d in remaining if not d)))
        del playable_now
    return order


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("path", nargs="?", default=DEFAULT)
    ap.add_argument("--format", default="Pauper")
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    decks = blockers_by_deck(args.path, args.format)
    blocking = Counter(c for d in decks for c in d)
    playable = sum(1 for d in decks if not d)
    order = greedy(decks)
    if args.json:
        print(json.dumps({"decks": len(decks), "playable": playable,
                          "blocking": blocking.most_common(args.top),
                          "greedy": order[:args.top]}, indent=1))
        return
    print(f"{args.format}: {len(decks)} decks, {playable} playable "
          f"({playable / max(1, len(decks)):.0%})")
    sizes = Counter(len(d) for d in decks)
    print("blockers per deck:", dict(sorted(sizes.items())))
    print("\nmost blocking cards:")
    for card, n in blocking.most_common(args.top):
        print(f"  {n:4d}  {card}")
    print(f"\ngreedy unlock order (card -> decks playable, half = {len(decks) / 2:.0f}):")
    for i, (card, n) in enumerate(order[:args.top], 1):
        print(f"  {i:3d}. {card:40s} {n}")


if __name__ == "__main__":
    main()
