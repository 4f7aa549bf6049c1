#!/usr/bin/env python3
"""Smoke sweep: put every fully supported card into real games and check the engine.

For each card: a deck built around it (20 copies + 20 basic lands of its color identity,
or 40 copies of a land) plays a bundled simple deck (``red``, or ``green`` when the card
is in the red deck) with two ``RandomAgent``s, ``auto_pass`` on and a turn limit, for a
few seeds.  After **every** ``apply`` the sweep checks invariants:

* no exception, and every legal action offered is accepted;
* a pending decision exists exactly while the game is not over, with legal answers;
* life totals are ``int``; mana pools hold non-negative ints;
* every object id is in exactly one zone (and its ``zone`` says which); each spell on
  the stack has exactly one stack item; every physical card is in exactly one place
  (a library, or one object);
* only permanents on the battlefield are tapped, damaged, or attached; ``attached_to``
  names another permanent on the battlefield; counters are positive ints;
* on a sample of decisions: ``Game.from_json(to_json())`` gives the same JSON and the same
  legal actions, ``clone()`` has the same state, both players' ``view()`` is JSON, and an
  illegal action is refused without changing the game; at the end of the first seed's game,
  replaying the seed and the action list gives the same final state.

A card counts as *exercised* only when the log shows P1 (the card's deck) casting it
(CR 601.2i) or playing it as a land (CR 305.1); activations (602.2b) and triggers (603.2)
of it are counted too.  The report (JSON on stdout, or ``--out``) lists the cards tried,
the cards exercised, those never exercised, and each failure with card, seed, phase,
decision index and the head of the traceback; it ends with the elapsed time.

    python scripts/smoke_sweep.py                       # every supported card
    python scripts/smoke_sweep.py --sample 300 --seed 7 # a seeded random sample
    python scripts/smoke_sweep.py --cards "Shock" "Hill Giant" --seeds 5
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from manastack.agents import RandomAgent  # noqa: E402
from manastack.cards import get_database  # noqa: E402
from manastack.cards.search import searchable_cards  # noqa: E402
from manastack.compiler import definition_for  # noqa: E402

BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
RED_DECK = {"Mountain", "Hill Giant", "Goblin Piker", "Lightning Bolt", "Shock"}
DECISION_LIMIT = 2000     # a game still running after this many decisions is a failure
ROUNDTRIP_EVERY = 40      # JSON round-trip and clone check every N decisions (and at end)


class InvariantError(AssertionError):
    """A game state that breaks one of the engine's invariants."""


# ------------------------------------------------------------------------ decks

def build_deck(name: str, copies: int = 20) -> list[str]:
    """20 copies of the card and 20 basics of its color identity (Wastes when it has
    none); a land gets 40 copies."""
    card = get_database().get(name)
    if "Land" in card.types and "Creature" not in card.types:
        return [name] * (2 * copies)
    colors = [c for c in "WUBRG" if c in card.color_identity]
    basics = [BASICS[c] for c in colors] or ["Wastes"]
    lands = [basics[i % len(basics)] for i in range(copies)]
    return [name] * copies + lands


def opponent_deck(name: str) -> str:
    return "green" if name in RED_DECK else "red"


# ------------------------------------------------------------------------ invariants

def check_invariants(g) -> None:
    """Raise InvariantError when the game state is inconsistent (see module docstring)."""
    from manastack.engine.state import BATTLEFIELD, EXILE, GRAVEYARD, HAND, STACK

    def bad(msg: str) -> None:
        raise InvariantError(msg)

    if g.over:
        if g.pending is not None:
            bad("the game is over but a decision is pending")
    else:
        if g.pending is None:
            bad("the game is not over but no decision is pending")
        acts = g.legal_actions()
        if len(acts) == 0:
            bad(f"no legal action for the pending {g.pending.kind} decision")
    seen: dict[int, str] = {}

    def place(oid: int, where: str) -> None:
        if oid in seen:
            bad(f"object {oid} is listed twice: in {seen[oid]} and in {where}")
        seen[oid] = where

    for p in g.players:
        if type(p.life) is not int:
            bad(f"P{p.index + 1}'s life is {p.life!r}, not an int")
        if any(type(m) is not int or m < 0 for m in p.pool):
            bad(f"P{p.index + 1}'s mana pool is {p.pool!r}")
        for zone, lst in ((HAND, p.hand), (GRAVEYARD, p.graveyard), (EXILE, p.exile)):
            for oid in lst:
                place(oid, f"P{p.index + 1} {zone}")
                o = g.objects.get(oid)
                if o is None:
                    bad(f"object {oid} in P{p.index + 1}'s {zone} does not exist")
                if o.zone != zone:
                    bad(f"{g.oname(oid)} is listed in {zone} but says zone {o.zone}")
                if o.owner != p.index:
                    bad(f"{g.oname(oid)} is in P{p.index + 1}'s {zone} but owned by "
                        f"P{o.owner + 1}")
    for oid in g.battlefield:
        place(oid, BATTLEFIELD)
        o = g.objects.get(oid)
        if o is None:
            bad(f"object {oid} on the battlefield does not exist")
        if o.zone != BATTLEFIELD:
            bad(f"{g.oname(oid)} is on the battlefield list but says zone {o.zone}")
    spell_items: Counter = Counter()
    for item in g.stack:
        if item.ability is None and item.trigger is None:
            spell_items[item.source] += 1
        elif item.oid in g.objects:
            bad(f"ability stack item {item.oid} shares an id with an object")
    for oid, n in spell_items.items():
        if n != 1:
            bad(f"spell object {oid} has {n} stack items")
        o = g.objects.get(oid)
        if o is None or o.zone != STACK:
            bad(f"stack item for {oid} has no object on the stack")
        place(oid, STACK)
    for oid, o in g.objects.items():
        if o.oid != oid:
            bad(f"object key {oid} holds object {o.oid}")
        if oid not in seen:
            bad(f"{g.oname(oid)} (zone {o.zone}) is in no zone list")
        if o.zone != BATTLEFIELD:
            if o.tapped:
                bad(f"{g.oname(oid)} is tapped in zone {o.zone}")
            if o.attached_to is not None:
                bad(f"{g.oname(oid)} is attached in zone {o.zone}")
            if o.damage:
                bad(f"{g.oname(oid)} has damage in zone {o.zone}")
        elif o.attached_to is not None:
            t = g.objects.get(o.attached_to)
            if o.attached_to == oid:
                bad(f"{g.oname(oid)} is attached to itself")
            if t is None or t.zone != BATTLEFIELD:
                bad(f"{g.oname(oid)} is attached to {o.attached_to}, not a permanent "
                    "on the battlefield")
        if type(o.damage) is not int or o.damage < 0:
            bad(f"{g.oname(oid)} has damage {o.damage!r}")
        if o.counters and any(type(v) is not int or v <= 0 for v in o.counters.values()):
            bad(f"{g.oname(oid)} has counters {o.counters!r}")
    # Every physical card is in exactly one place: a library or one object.
    where: Counter = Counter()
    for p in g.players:
        for card in p.library:
            where[card] += 1
            if g.setup.owners[card] != p.index:
                bad(f"card {card} is in P{p.index + 1}'s library but owned by another")
    for o in g.objects.values():
        if o.card >= 0:
            where[o.card] += 1
    for card in range(len(g.setup.cards)):
        if where[card] != 1:
            bad(f"card {card} ({g.setup.cards[card]}) is in {where[card]} places")


def check_roundtrip(g) -> None:
    """JSON round-trip and clone give the same state and the same legal actions."""
    from manastack.engine.game import Game
    text = g.to_json()
    back = Game.from_json(text)
    if back.to_json() != text:
        raise InvariantError("Game.from_json(to_json()) does not give the same JSON")
    if not g.over and list(back.legal_actions()) != list(g.legal_actions()):
        raise InvariantError("the reloaded game offers different legal actions")
    if g.clone().state_dict() != g.state_dict():
        raise InvariantError("clone() differs from the original")
    for player in (0, 1):
        view = g.view(player)
        json.dumps(view)
    if not g.over:
        # DESIGN: an illegal action raises a ValueError subclass and changes nothing.
        from manastack.engine.actions import Action
        bogus = Action("activate", obj=g.next_id + 1000, ability=99)
        before = g.to_json()
        try:
            g.apply(bogus)
        except ValueError:
            pass
        else:
            raise InvariantError(f"an illegal action was accepted: {bogus!r}")
        if g.to_json() != before:
            raise InvariantError("a rejected illegal action changed the game")


# ------------------------------------------------------------------------ games

def _tb_head(exc: BaseException, lines: int = 8) -> str:
    tb = traceback.format_exception(type(exc), exc, exc.__traceback__)
    text = "".join(tb).rstrip().splitlines()
    return "\n".join(text[-lines:])


class PatientAgent(RandomAgent):
    """A random agent that passes once it has taken 20 actions in a row at priority in
    one step: a free ability on 20 permanents ("{0}: ...") is otherwise activated almost
    forever (a limit of random play, not of the rules)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._streak = (None, 0)

    def choose(self, game):
        d = game.decision
        if d.kind == "priority":
            key = (game.turn, game.step)
            n = self._streak[1] + 1 if self._streak[0] == key else 1
            self._streak = (key, n)
            if n > 20:
                from manastack.engine.actions import PASS
                return PASS
        return super().choose(game)


def play_one(name: str, seed: int, max_turns: int, replay_check: bool) -> dict:
    """One game for ``name`` with ``seed``; returns facts and an optional failure."""
    from manastack.engine.setup import new_game, replay
    deck = build_deck(name)
    opp = opponent_deck(name)
    out = {"seed": seed, "cast": 0, "played": 0, "activated": 0, "triggered": 0,
           "turns": 0, "decisions": 0, "failure": None}
    phase = "setup"
    g = None
    try:
        g = new_game([deck, opp], seed=seed, max_turns=max_turns, auto_pass=True)
        if sum(1 for c, o in zip(g.setup.cards, g.setup.owners) if o == 0 and c == name) \
                != deck.count(name):
            raise InvariantError("the deck does not hold the card under test")
        agents = [PatientAgent(seed * 2 + 1), PatientAgent(seed * 2 + 2)]
        phase = "invariant"
        check_invariants(g)
        n = 0
        while not g.is_over:
            if n >= DECISION_LIMIT:
                phase = "stall"
                raise InvariantError(f"no end after {n} decisions (turn {g.turn}, "
                                     f"{g.pending!r})")
            phase = "choose"
            action = agents[g.decision.player].choose(g)
            phase = "apply"
            g.apply(action)
            n += 1
            phase = "invariant"
            check_invariants(g)
            if n % ROUNDTRIP_EVERY == 0:
                phase = "roundtrip"
                check_roundtrip(g)
        phase = "roundtrip"
        check_roundtrip(g)
        if replay_check:
            phase = "replay"
            again = replay([deck, opp], seed, list(g.actions), max_turns=max_turns,
                           auto_pass=True)
            if again.state_dict() != g.state_dict():
                raise InvariantError("replaying the seed and actions gives another game")
    except Exception as exc:  # noqa: BLE001 - every failure is reported
        out["failure"] = {
            "card": name, "seed": seed, "phase": phase,
            "decision": len(g.actions) if g is not None else 0,
            "turn": g.turn if g is not None else 0,
            "pending": repr(g.pending) if g is not None else None,
            "last_action": repr(g.actions[-1]) if g is not None and g.actions else None,
            "error": f"{type(exc).__name__}: {exc}",
            "traceback": _tb_head(exc),
        }
    if g is not None:
        out["turns"], out["decisions"] = g.turn, len(g.actions)
        # a face or half of a multi-faced card is cast or played by its own name
        names = {name, *name.split(" // ")}
        cast_text = {f"P1 casts {n}" for n in names}
        play_text = {f"P1 plays {n}" for n in names}
        for rule, text in g.log:
            if rule == "601.2i" and text in cast_text:
                out["cast"] += 1
            elif rule == "305.1" and text in play_text:
                out["played"] += 1
            elif rule == "602.2b" and f" of {name}#" in text:
                out["activated"] += 1
            elif rule == "603.2" and text.startswith(f"{name}'s ability triggers"):
                out["triggered"] += 1
    return out


def run_card(args: tuple) -> dict:
    """All seeds for one card (a worker job)."""
    name, seeds, max_turns = args
    games = [play_one(name, s, max_turns, replay_check=(i == 0)) for i, s in enumerate(seeds)]
    return {
        "card": name,
        "cast": sum(x["cast"] for x in games), "played": sum(x["played"] for x in games),
        "activated": sum(x["activated"] for x in games),
        "triggered": sum(x["triggered"] for x in games),
        "decisions": sum(x["decisions"] for x in games),
        "failures": [x["failure"] for x in games if x["failure"]],
    }


def supported_cards() -> list[str]:
    """Every distinct card of the database that compiles fully, in name order."""
    out = []
    for card in searchable_cards():
        try:
            if definition_for(card.name).supported:
                out.append(card.name)
        except Exception:  # noqa: BLE001 - a compiler crash is reported by coverage
            continue
    return out


def sweep(names: list[str], seeds: list[int], max_turns: int = 15, jobs: int = 1,
          progress: bool = False) -> dict:
    """Run every card and return the report (see the module docstring)."""
    started = time.perf_counter()
    jobs_args = [(n, seeds, max_turns) for n in names]
    results: list[dict] = []
    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for i, r in enumerate(pool.imap(run_card, jobs_args, chunksize=4), start=1):
                results.append(r)
                if progress and i % 100 == 0:
                    print(f"... {i}/{len(names)} cards", file=sys.stderr)
    else:
        for i, a in enumerate(jobs_args, start=1):
            results.append(run_card(a))
            if progress and i % 100 == 0:
                print(f"... {i}/{len(names)} cards", file=sys.stderr)
    failures = [f for r in results for f in r["failures"]]
    exercised = [r["card"] for r in results if r["cast"] or r["played"]]
    never = [r["card"] for r in results if not (r["cast"] or r["played"])]
    by_error = Counter(f["error"].split("\n")[0][:160] for f in failures)
    return {
        "cards_tried": len(results),
        "games": len(results) * len(seeds),
        "seeds": seeds,
        "max_turns": max_turns,
        "decisions": sum(r["decisions"] for r in results),
        "cards_exercised": len(exercised),
        "cards_with_activations": sum(1 for r in results if r["activated"]),
        "cards_with_triggers": sum(1 for r in results if r["triggered"]),
        "cards_failing": len({f["card"] for f in failures}),
        "failures_total": len(failures),
        "failure_kinds": [{"error": e, "count": c} for e, c in by_error.most_common()],
        "failures": failures,
        "never_exercised": never,
        "seconds": round(time.perf_counter() - started, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Play every supported card in real games "
                                                 "and check engine invariants.")
    parser.add_argument("--sample", type=int, default=0,
                        help="try a seeded random sample of N supported cards (0: all)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the sample")
    parser.add_argument("--seeds", type=int, default=3, help="games (seeds) per card")
    parser.add_argument("--max-turns", type=int, default=15)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--cards", nargs="*", help="these cards only")
    parser.add_argument("--out", type=Path, help="write the JSON report here too")
    parser.add_argument("--progress", action="store_true")
    args = parser.parse_args(argv)
    names = args.cards or supported_cards()
    if args.sample and args.sample < len(names):
        names = sorted(random.Random(args.seed).sample(names, args.sample))
    seeds = [args.seed * 1000 + i for i in range(args.seeds)]
    report = sweep(names, seeds, args.max_turns, args.jobs, args.progress)
    text = json.dumps(report, indent=2, ensure_ascii=False)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    print(text)
    print(f"{report['cards_tried']} cards, {report['games']} games, "
          f"{report['cards_exercised']} exercised, {report['failures_total']} failures "
          f"on {report['cards_failing']} cards, {report['seconds']} s", file=sys.stderr)
    return 1 if report["failures"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
