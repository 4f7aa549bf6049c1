#!/usr/bin/env python3
"""Hostile inputs at the doors (issue 17): generate game JSON files and decklists from a
seed, load every one through the public API, and count what happened.

Game files (``--games``, default 10,000) are real games (several positions: mid-game, a
spell being cast with its snapshot, combat, a finished game) broken in one of ~30 ways
that make the state impossible (an object in two zones, a card in both libraries, life as
a string or 1e400, a negative mana pool, an unknown card or decision, truncated text,
nesting 100,000 deep, ...): each must be refused with ``GameFormatError``. A share of
them instead gets a few random bytes changed ("noise"): those may load only if the game
then plays on (40 random decisions) without an error. Decklists (``--decks``, default
10,000: text files, tournament JSON records and Python lists) are all invalid (counts of
10**30, 1e9, true or "4", a 454,538-card list, 5,000-character lines, binary bytes,
unknown cards, {"Mountain": 60}, ...) and must be refused with ``DeckError``.

The report (JSON on stdout) gives counts of refusals, tracebacks (any other exception),
silent acceptances, the slowest input and the peak memory above the process's after
``import manastack`` and loading the card database.

    python scripts/hostile_inputs.py --seed 1 --out /tmp/hostile
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import resource
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# ---------------------------------------------------------------- valid games to break

def base_games() -> list[str]:
    """Real games' JSON at moments that exercise every part of the state."""
    import manastack
    from manastack.agents import RandomAgent
    out = []
    decks = ROOT.parent / "shared" / "data" / "decks" / "tournament-txt"
    pairs = [("green", "red")]
    for name in ("Pauper_2026-01-04_Andrea-Trenta.txt", "Pauper_2026-07-08_Acecalna.txt"):
        if (decks / name).exists():
            pairs.append((str(decks / name), "red"))
    for k, (a, b) in enumerate(pairs):
        g = manastack.new_game([a, b], seed=k + 1)
        agents = [RandomAgent(k), RandomAgent(k + 1)]
        kinds = set()
        while not g.is_over:
            g.apply(agents[g.decision.player].choose(g))
            tag = ("cast" if g.cast is not None and g.cast.snapshot is not None else
                   "combat" if g.combat is not None and g.combat.attackers else
                   "stack" if g.stack else "mulligan" if g.stage == "mulligan" else None)
            if tag and tag not in kinds:
                kinds.add(tag)
                out.append(g.to_json())
            if len(g.actions) in (30, 200):
                out.append(g.to_json())
        out.append(g.to_json())
    return out


# ---------------------------------------------------------------- game mutations

def _players(d):
    return d["state"]["players"]


def _any_obj(d, rng, zone=None):
    objs = [o for o in d["state"]["objects"] if zone is None or o["zone"] == zone]
    return rng.choice(objs) if objs else None


def _m_two_zones(d, rng):
    o = _any_obj(d, rng, "hand") or _any_obj(d, rng)
    if o is None:
        return False
    target = rng.choice(["battlefield", "graveyard", "exile", "other_hand"])
    if target == "battlefield" and o["zone"] != "battlefield":
        d["state"]["battlefield"].append(o["oid"])
    elif target == "other_hand":
        _players(d)[1 - o["owner"]]["hand"].append(o["oid"])
    else:
        p = _players(d)[o["owner"]]
        zone = target if o["zone"] != target else "hand"
        if o["oid"] in p[zone]:
            return False
        p[zone].append(o["oid"])
    return True


def _m_two_libraries(d, rng):
    p0, p1 = _players(d)
    if p0["library"]:
        p1["library"].append(rng.choice(p0["library"]))
    elif p1["library"]:
        p0["library"].append(rng.choice(p1["library"]))
    else:
        return False
    return True


def _m_library_twice(d, rng):
    p = rng.choice(_players(d))
    if not p["library"]:
        return False
    p["library"].insert(rng.randrange(len(p["library"]) + 1), rng.choice(p["library"]))
    return True


def _m_card_out_of_range(d, rng):
    p = rng.choice(_players(d))
    p["library"].append(len(d["setup"]["cards"]) + rng.randrange(1000))
    return True


def _m_no_zone(d, rng):
    o = _any_obj(d, rng)
    if o is None or o["zone"] == "stack":
        return False
    lst = (d["state"]["battlefield"] if o["zone"] == "battlefield"
           else _players(d)[o["owner"]][o["zone"]])
    lst.remove(o["oid"])
    return True


def _m_wrong_zone_field(d, rng):
    o = _any_obj(d, rng)
    if o is None:
        return False
    o["zone"] = rng.choice([z for z in ("hand", "battlefield", "graveyard", "exile")
                            if z != o["zone"]] + ["library", "sideboard", "", 7])
    return True


_INT_FIELDS = [("life", None), ("lands_played", None), ("mulligans", None), ("poison", None)]


def _m_bad_type(d, rng):
    bad = rng.choice(["20", True, 0.5, 1e400, None, [20], {"n": 1}, float("nan")])
    where = rng.choice(["life", "pool", "turn", "active", "rng", "next_id", "oid", "owner",
                        "seed", "library", "hand", "passes", "timestamp", "card", "step",
                        "over", "stage", "priority_bad", "lost", "format"])
    s, p = d["state"], rng.choice(_players(d))
    if where == "life":
        p["life"] = bad
    elif where == "pool":
        p["pool"][rng.randrange(6)] = bad if bad is not None else "x"
    elif where in ("turn", "rng", "next_id", "passes", "timestamp"):
        s[where] = bad
    elif where == "active":
        s["active"] = bad if bad is not None else "p1"
    elif where in ("oid", "owner", "card"):
        o = _any_obj(d, rng)
        if o is None:
            return False
        o[where] = bad
    elif where == "seed":
        d["setup"]["seed"] = bad
    elif where in ("library", "hand"):
        if not p[where]:
            return False
        p[where][rng.randrange(len(p[where]))] = bad if bad is not None else "x"
    elif where == "step":
        s["step"] = rng.choice(["main3", "", 4, None, "UNTAP"])
    elif where == "over":
        s["over"] = rng.choice([1, "yes", None])
    elif where == "stage":
        s["stage"] = rng.choice(["playing", None, 2])
    elif where == "priority_bad":
        s["priority"] = rng.choice([2, -1, "p1", True, 0.0])
    elif where == "lost":
        p["lost"] = rng.choice([0, "no", None])
    elif where == "format":
        d["format"] = rng.choice(["manastack.game/2", None, 1, ""])
    if bad is None and where in ("life", "turn", "rng", "next_id", "passes", "timestamp",
                                 "oid", "owner", "card", "seed"):
        return True
    return True


def _m_range(d, rng):
    s, p = d["state"], rng.choice(_players(d))
    k = rng.randrange(9)
    if k == 0:
        p["life"] = rng.choice([2 ** 40, -(2 ** 40), 10 ** 30])
    elif k == 1:
        p["pool"][rng.randrange(6)] = -rng.randrange(1, 100)
    elif k == 2:
        s["active"] = rng.choice([2, -1, 7])
    elif k == 3:
        s["rng"] = rng.choice([-1, 2 ** 64, 2 ** 80])
    elif k == 4:
        s["next_id"] = rng.choice([0, 1, -5])
    elif k == 5:
        o = _any_obj(d, rng)
        if o is None:
            return False
        o["owner"] = rng.choice([2, -1])
    elif k == 6:
        d["setup"]["seed"] = rng.choice([-1, 2 ** 64, 2 ** 100])
    elif k == 7:
        s["passes"] = rng.choice([3, -1, 100])
    else:
        d["setup"]["options"]["hand_size"] = rng.choice([-1, 10 ** 9])
    return True


def _m_unknown_card(d, rng):
    cards = d["setup"]["cards"]
    cards[rng.randrange(len(cards))] = rng.choice(
        ["Nonexistent Card", "", "Lightning Bolt " * 3, "\x00", "Black Lotus!"])
    return True


def _m_unknown_key(d, rng):
    where = rng.choice(["top", "state", "options", "player", "object", "setup"])
    key = rng.choice(["foo", "__class__", "Life", "x y"])
    target = {"top": d, "state": d["state"], "options": d["setup"]["options"],
              "player": rng.choice(_players(d)), "setup": d["setup"],
              "object": _any_obj(d, rng)}[where]
    if target is None:
        return False
    target[key] = 1
    return True


def _m_missing_key(d, rng):
    where = rng.choice(["top", "state", "setup", "player", "object", "options_ok"])
    if where == "top":
        del d[rng.choice(["state", "setup", "actions", "format"])]
    elif where == "state":
        del d["state"][rng.choice(["players", "objects", "battlefield", "stack", "turn",
                                   "pending", "rng", "next_id", "over", "step", "log"])]
    elif where == "setup":
        del d["setup"][rng.choice(["decks", "seed", "options", "cards", "owners"])]
    elif where == "player":
        del rng.choice(_players(d))[rng.choice(["index", "life", "library", "hand"])]
    elif where == "object":
        o = _any_obj(d, rng)
        if o is None:
            return False
        del o[rng.choice(["oid", "card", "owner", "controller", "zone"])]
    else:
        d["state"]["players"] = d["state"]["players"][:1]
    return True


def _m_decision(d, rng):
    s = d["state"]
    k = rng.randrange(5)
    if k == 0:
        if s["pending"] is None:
            return False
        s["pending"]["kind"] = rng.choice(["frobnicate", "", "PRIORITY", "cast"])
    elif k == 1:
        if s["pending"] is None:
            return False
        s["over"] = True          # a finished game with a decision
    elif k == 2:
        if s["over"]:
            return False
        s["pending"] = None       # a game in progress that waits for nothing
    elif k == 3:
        if s["over"]:
            return False
        s["winner"] = rng.choice([0, 1])
    else:
        if s["pending"] is None or s["pending"]["kind"] != "priority":
            return False
        s["priority"] = 1 - s["pending"]["player"]
    return True


def _m_stack(d, rng):
    s = d["state"]
    if not s["stack"]:
        s["stack"].append({"oid": s["next_id"] + 5, "source": 999999, "controller": 0,
                           "ability": None, "targets": [], "x": 0, "source_card": 0,
                           "mana_ability": False, "trigger": None, "info": {}})
        return True
    item = rng.choice(s["stack"])
    k = rng.randrange(3)
    if k == 0:
        item["source_card"] = len(d["setup"]["cards"]) + 3
    elif k == 1:
        item["oid"] = s["next_id"] + 10
    else:
        s["stack"].append(copy.deepcopy(item))
    return True


def _m_oid_next(d, rng):
    o = _any_obj(d, rng)
    if o is None:
        return False
    old = o["oid"]
    o["oid"] = d["state"]["next_id"] + rng.randrange(1, 50)
    for lst in [d["state"]["battlefield"]] + [p[z] for p in _players(d)
                                              for z in ("hand", "graveyard", "exile")]:
        for i, x in enumerate(lst):
            if x == old:
                lst[i] = o["oid"]
    for it in d["state"]["stack"]:
        if it["source"] == old and it["ability"] is None and it["trigger"] is None:
            it["source"] = o["oid"]
    return True


def _m_owner(d, rng):
    objs = [o for o in d["state"]["objects"] if o["card"] >= 0]
    if not objs:
        return False
    o = rng.choice(objs)
    o["owner"] = 1 - o["owner"]
    return True


def _m_setup(d, rng):
    k = rng.randrange(3)
    if k == 0:
        d["setup"]["owners"].append(0)
    elif k == 1:
        d["setup"]["decks"][0].append("Mountain")
    else:
        d["setup"]["owners"] = list(reversed(d["setup"]["owners"]))
    return d["setup"]["owners"] != sorted(d["setup"]["owners"]) or k != 2


def _m_tapped_in_hand(d, rng):
    o = _any_obj(d, rng, "hand") or _any_obj(d, rng, "graveyard")
    if o is None:
        return False
    o[rng.choice(["tapped", "damage", "attached_to"])] = rng.choice([True, 3]) \
        if rng.random() < 0.5 else 2
    return True


def _m_action(d, rng):
    d["actions"].append(rng.choice([
        {"kind": "cast", "obj": True}, {"kind": "fly"}, {"kind": "choose", "choice": {1, 2}}
        if False else {"kind": "choose", "extra": 1}, "pass", None, [], {"obj": 3},
        {"kind": "activate", "obj": 5, "ability": 1.5}, {"kind": "pass", "obj": "x"}]))
    return True


def _m_deep(d, rng):
    v = 0
    for _ in range(rng.choice([45, 200, 900])):
        v = [v]
    target = d["state"]["stack"][0]["info"] if d["state"]["stack"] else d["state"]
    target["deep"] = v
    return True


def _m_turn_start(d, rng):
    d["state"]["turn_start"] = len(d["actions"]) + rng.randrange(1, 100)
    return True


def _m_ending(d, rng):
    s = d["state"]
    if s["over"]:
        s["ending"] = {"by": rng.choice(["magic", "", 3]), "rule": "104.2a", "text": "x"}
    else:
        s["ending"] = {"by": "rules", "rule": "104.2a", "text": "won"}
    return True


def _m_control_effect(d, rng):
    d["state"]["effects"].append({"timestamp": 1, "layer": "2", "affected": 2, "power": 0,
                                  "toughness": 0, "until": "end_of_turn", "controller": None,
                                  "previous": None, "keyword": None, "data": None})
    return True


def _m_combat_outside(d, rng):
    s = d["state"]
    if s["pending"] is None or s["combat"] is not None:
        return False
    s["pending"] = {"player": s["active"], "kind": rng.choice(["attackers", "blockers"]),
                    "data": {"candidates": [2, 3]}}
    return True


DATA_MUTATIONS = [_m_two_zones, _m_two_libraries, _m_library_twice, _m_card_out_of_range,
                  _m_no_zone, _m_wrong_zone_field, _m_bad_type, _m_range, _m_unknown_card,
                  _m_unknown_key, _m_missing_key, _m_decision, _m_stack, _m_oid_next,
                  _m_owner, _m_setup, _m_tapped_in_hand, _m_action, _m_deep, _m_turn_start,
                  _m_ending, _m_control_effect, _m_combat_outside]


def _text_mutation(text: str, rng) -> tuple[str, str]:
    k = rng.randrange(7)
    if k == 0:
        return "truncated", text[:rng.randrange(len(text) - 1)]
    if k == 1:
        return "not_an_object", rng.choice(["null", "[]", "0", '"game"', "true", "[{}]"])
    if k == 2:
        return "empty", rng.choice(["", " ", "\n\t", "\ufeff"])
    if k == 3:
        return "deep", "[" * 100_000 + "]" * 100_000
    if k == 4:
        return "nan", text.replace('"rng":', '"rng":NaN,"x":', 1)
    if k == 5:
        return "digits", text.replace('"turn":', '"turn":' + "9" * 5000 + ',"y":', 1)
    return "garbage", "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(200))


def _noise(text: str, rng) -> str:
    chars = list(text)
    for _ in range(rng.randrange(1, 4)):
        i = rng.randrange(len(chars))
        chars[i] = rng.choice('0123456789",:{}[]abnt-.e ')
    return "".join(chars)


def make_games(n: int, seed: int, out: Path) -> list[tuple[Path, str]]:
    rng = random.Random(seed)
    bases = base_games()
    parsed = [json.loads(b) for b in bases]
    files = []
    out.mkdir(parents=True, exist_ok=True)
    huge_done = 0
    for i in range(n):
        b = rng.randrange(len(bases))
        r = rng.random()
        if r < 0.15:
            kind, text = "noise", _noise(bases[b], rng)
        elif r < 0.30:
            kind, text = _text_mutation(bases[b], rng)
        elif huge_done < 5 and r < 0.3005:
            huge_done += 1
            kind, text = "huge", bases[b][:-1] + ',"pad":"' + "x" * (9 * 2 ** 20) + '"}'
        else:
            for _ in range(20):
                d = copy.deepcopy(parsed[b])
                m = rng.choice(DATA_MUTATIONS)
                if m(d, rng):
                    break
            kind = m.__name__[3:]
            text = json.dumps(d, separators=(",", ":"))
        path = out / f"game-{i:05d}-{kind}.json"
        path.write_text(text, encoding="utf-8")
        files.append((path, kind))
    return files


# ---------------------------------------------------------------- decklists

def make_decks(n: int, seed: int, out: Path) -> list[tuple[Path, str]]:
    rng = random.Random(seed + 7)
    out.mkdir(parents=True, exist_ok=True)
    names = ["Mountain", "Lightning Bolt", "Island", "Counterspell", "Forest"]
    files = []
    big_done = 0
    for i in range(n):
        k = rng.randrange(20)
        nm = rng.choice(names)
        ext = "txt"
        if k == 0:
            kind, body = "huge_count", f"{rng.choice([10**9, 10**30, 1001, 99999])} {nm}\n"
        elif k == 1:
            kind, body = "many_digits", "1" * rng.choice([20, 5000, 100_000]) + f" {nm}\n"
        elif k == 2:
            kind, body = "trailing_count", f"{nm} x{rng.choice([1001, 10**12])}\n"
        elif k == 3:
            kind, body = "zero_or_negative", f"{rng.choice([0, -1, -10**9])} {nm}\n"
        elif k == 4 and big_done < 3:
            big_done += 1
            kind, body = "huge_list", f"{rng.randrange(1, 4)} {nm}\n" * 454_538
        elif k == 5:
            kind, body = "long_line", "4 " + "A" * rng.choice([600, 5000, 100_000]) + "\n"
        elif k == 6:
            kind = "binary"
            (out / f"deck-{i:05d}-{kind}.txt").write_bytes(bytes(rng.randrange(256)
                                                               for _ in range(300)))
            files.append((out / f"deck-{i:05d}-{kind}.txt", kind))
            continue
        elif k == 7:
            kind, body = "unknown_card", f"4 {nm}{rng.choice(['x', ' of Doom', 'z'])}\n"
        elif k == 8:
            kind, body = "only_headers", rng.choice(["Deck\n", "Sideboard\n4 Mountain\n",
                                                     "// just a comment\n", "", "\n\n\n"])
        elif k == 9:
            kind = "oversized_section"
            body = "".join(f"1000 {x}\n" for x in rng.sample(names, 3))
        elif k == 10:
            kind, body = "float_count", f"{rng.choice(['2.5', '1e9', '4.0', '0x10'])} {nm}\n"
        elif k == 11:
            kind, body = "control_chars", f"4 {nm}\x00\x07\n4\x1b[31m {nm}\n"
        else:
            ext = "json"
            bad = rng.choice([
                ("main_int", {"main": rng.choice([5, 0, -3])}),
                ("main_dict", {"main": {nm: 60}}),
                ("main_str", {"main": nm}),
                ("float_count", {"main": [[1e9, nm]]}),
                ("float_count_small", {"main": [[4.0, nm]]}),
                ("bool_count", {"main": [[True, nm]]}),
                ("str_count", {"main": [["4", nm]]}),
                ("huge_count", {"main": [[10 ** 30, nm]]}),
                ("negative", {"main": [[-4, nm]]}),
                ("triple", {"main": [[4, nm, 1]]}),
                ("nested", {"main": [[[4], nm]]}),
                ("null_name", {"main": [[4, None]]}),
                ("not_object", rng.choice([[1], None, "deck", 5])),
                ("unknown", {"main": [[4, nm + " of Doom"]]}),
                ("empty", {"main": []}),
                ("side_bad", {"main": [[60, "Mountain"]], "side": {nm: 15}}),
                ("too_many", {"main": [[1000, "Mountain"], [1000, "Island"], [1, "Forest"]]}),
            ])
            kind, body = "json_" + bad[0], json.dumps(bad[1])
        path = out / f"deck-{i:05d}-{kind}.{ext}"
        path.write_text(body, encoding="utf-8")
        files.append((path, kind))
    return files


# ---------------------------------------------------------------- checking

def check_games(files) -> dict:
    from manastack import Game
    from manastack.agents import RandomAgent
    from manastack.engine.game_format import GameFormatError
    res = Counter()
    tracebacks, silent, slow = [], [], (0.0, "")
    by_kind = Counter()
    for path, kind in files:
        text = path.read_text(encoding="utf-8")
        t0 = time.perf_counter()
        try:
            g = Game.from_json(text)
        except GameFormatError:
            res["refused"] += 1
            by_kind[kind] += 1
        except Exception as e:
            res["traceback"] += 1
            tracebacks.append(f"{path.name}: {type(e).__name__}: {e}"[:300] + " | " +
                              traceback.format_exc().splitlines()[-3][:200])
        else:
            if kind != "noise":
                res["silent_acceptance"] += 1
                silent.append(path.name)
            else:
                res["noise_accepted"] += 1
                try:   # an accepted game must play on
                    agents = [RandomAgent(1), RandomAgent(2)]
                    for _ in range(40):
                        if g.is_over:
                            break
                        g.apply(agents[g.decision.player].choose(g))
                    res["noise_played_on"] += 1
                except Exception as e:
                    res["noise_broke_later"] += 1
                    tracebacks.append(f"{path.name} (accepted, then): {type(e).__name__}: "
                                      f"{e}"[:300])
        dt = time.perf_counter() - t0
        if dt > slow[0]:
            slow = (dt, path.name)
    return {"files": len(files), **res, "refused_by_kind": dict(sorted(by_kind.items())),
            "tracebacks": tracebacks[:20], "silent_acceptances": silent[:20],
            "slowest": {"seconds": round(slow[0], 3), "file": slow[1]}}


def _expect_refusal(load, label: str, res: Counter, tracebacks: list, silent: list) -> None:
    """Run ``load()``: a DeckError is the refusal wanted; anything else is counted."""
    from manastack.decklist import DeckError
    try:
        load()
    except DeckError:
        res["refused"] += 1
    except Exception as e:
        res["traceback"] += 1
        tracebacks.append(f"{label}: {type(e).__name__}: {e}"[:300])
    else:
        res["silent_acceptance"] += 1
        silent.append(label)


def check_decks(files) -> dict:
    from manastack.decklist import from_json_record, load_decklist
    res = Counter()
    tracebacks, silent, slow = [], [], (0.0, "")
    for path, kind in files:
        t0 = time.perf_counter()
        if path.suffix == ".json":
            def load(path=path):
                return from_json_record(json.loads(path.read_text(encoding="utf-8")),
                                        source=str(path))
        else:
            def load(path=path):
                return load_decklist(path)
        _expect_refusal(load, path.name, res, tracebacks, silent)
        dt = time.perf_counter() - t0
        if dt > slow[0]:
            slow = (dt, path.name)
    # the Python list form, in memory
    bad_lists = [[(True, "Mountain")], [(10 ** 30, "Mountain")], [(1e9, "Mountain")],
                 [("4", "Mountain")], [None], [{"Mountain": 4}], [(4, "Mountain", 1)],
                 ["Mountain"] * 2001, [(-1, "Island")], 5, {"main": 4}]
    for items in bad_lists:
        _expect_refusal(lambda items=items: load_decklist(items), f"list {str(items)[:40]}",
                        res, tracebacks, silent)
    return {"files": len(files), "lists": len(bad_lists), **res,
            "tracebacks": tracebacks[:20], "silent_acceptances": silent[:20],
            "slowest": {"seconds": round(slow[0], 3), "file": slow[1]}}


def _listed(folder: Path) -> list[tuple[Path, str]]:
    """The files of a generated folder with their kinds (from their names)."""
    return [(p, p.stem.split("-", 2)[2]) for p in sorted(folder.iterdir())]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--decks", type=int, default=10_000)
    ap.add_argument("--out", default="/tmp/manastack-hostile")
    ap.add_argument("--check-only", action="store_true",
                    help="check the files already in --out (the generation runs this in a "
                         "fresh process, so that its memory is the loaders' alone)")
    a = ap.parse_args()
    out = Path(a.out)
    if not a.check_only:
        import shutil
        import subprocess
        t0 = time.perf_counter()
        shutil.rmtree(out, ignore_errors=True)
        make_games(a.games, a.seed, out / "games")
        make_decks(a.decks, a.seed, out / "decks")
        gen = round(time.perf_counter() - t0, 1)
        print(f"generated {a.games} game files and {a.decks} decklists in {gen} s",
              file=sys.stderr)
        return subprocess.call([sys.executable, __file__, "--check-only", "--out", str(out),
                                "--seed", str(a.seed)])
    import manastack  # noqa: F401
    from manastack.cards import get_database
    get_database()
    base_rss = rss_mb()
    t1 = time.perf_counter()
    report = {"seed": a.seed, "games": check_games(_listed(out / "games")),
              "decks": check_decks(_listed(out / "decks"))}
    report["checked_seconds"] = round(time.perf_counter() - t1, 1)
    report["rss_after_import_and_db_mb"] = round(base_rss, 1)
    report["peak_rss_mb"] = round(rss_mb(), 1)
    report["peak_above_baseline_mb"] = round(rss_mb() - base_rss, 1)
    print(json.dumps(report, indent=1))
    bad = sum(report[k].get("traceback", 0) + report[k].get("silent_acceptance", 0)
              + report[k].get("noise_broke_later", 0) for k in ("games", "decks"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
