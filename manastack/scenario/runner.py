"""Running scenarios: build the position, take the steps, check the expectations.

``run_paths(paths)`` never raises for a bad file: every problem is a failed result.
"""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field

from ..engine.position import build_position
from .expect import check
from .loader import ScenarioError, find_files, load_file, path_str
from .refs import PLAYERS
from .steps import NotAnswered, Rejected, Runner, StepFailed, state_key
from .validate import ZONES, validate


@dataclass
class Result:
    name: str
    file: str
    passed: bool
    reason: str = ""
    rules: list = field(default_factory=list)
    game: object = None
    marks: list = field(default_factory=list)   # (log index, text): the steps, for explain

    def to_dict(self) -> dict:
        return {"name": self.name, "file": self.file, "passed": self.passed,
                "reason": self.reason, "rules": self.rules}

    def line(self) -> str:
        return f"PASS {self.name}" if self.passed else f"FAIL {self.name}: {self.reason}"


class ScenarioFailure(Exception):
    """A scenario can't be loaded (``load_scenario``)."""


def build_game(sc):
    """The game positioned as the (validated) scenario describes."""
    d = sc.data
    players = d.get("players") or {}
    desc = {"turn": d.get("turn", 1), "active": PLAYERS[d.get("active", "p1")],
            "step": d.get("step", "main1"), "custom": tuple(sc.customs.values()),
            "players": []}
    for pk, pi in PLAYERS.items():
        pd = players.get(pk) or {}
        pdesc = {"life": pd.get("life", 20), "pool": pd.get("mana_pool") or "",
                 "counters": pd.get("counters") or {}}
        for zone in ZONES:
            ents = [e for e in sc.table.entries if e.player == pi and e.zone == zone]
            ents.sort(key=lambda e: e.pos)
            if zone != "battlefield":
                pdesc[zone] = [e.name for e in ents]
                continue
            bf = []
            for e in ents:
                raw = pd["battlefield"][e.pos]
                raw = raw if isinstance(raw, dict) else {}
                bf.append({"card": e.name, "token": e.token, "owner": e.owner, "tapped": raw.get("tapped", False),
                           "sick": raw.get("sick", False), "counters": raw.get("counters") or {},
                           "damage": raw.get("damage", 0), "attached_to": raw.get("attached_to"),
                           "chosen": raw.get("chosen"),
                           "_entry": e})
            pdesc[zone] = bf
        desc["players"].append(pdesc)
    all_bf = [b for pdesc in desc["players"] for b in pdesc["battlefield"]]
    for b in all_bf:
        if b["attached_to"] is not None:
            _, target = sc.table.lookup(b["attached_to"])
            b["attached_to"] = next(i for i, x in enumerate(all_bf) if x["_entry"] is target)
    for b in all_bf:
        del b["_entry"]
    g, indices = build_position(desc)
    for e in sc.table.entries:
        e.card = indices[e.player][e.zone][e.pos]
    return g


def _step_label(sc, i, step) -> str:
    """``FILE:LINE: do[i] (p1 cast)``: where a step is written."""
    kind = step if isinstance(step, str) else next((k for k in step if k != "error"), "?")
    if isinstance(step, dict) and kind in PLAYERS and isinstance(step[kind], dict):
        act = next(iter(step[kind]), "")
        kind = f"{kind} {act}"
    return f"{_where(sc, ('do', i))} ({kind})"


def _summary(step) -> str:
    import yaml
    return yaml.safe_dump(step, default_flow_style=True, width=10_000, sort_keys=False,
                          allow_unicode=True).strip().removesuffix("...").strip()


def _where(sc, path: tuple) -> str:
    line = sc.line(*path)
    return f"{sc.file}{':' + str(line) if line else ''}: {path_str(sc.base + tuple(path))}"


def _fails(sc, fails) -> str:
    return "; ".join(f"{_where(sc, p)}: {m}" for p, m in fails)


def run_scenario(sc) -> Result:
    """Run one loaded scenario; never raises."""
    res = Result(sc.name, sc.file, False, rules=sc.rules)
    try:
        if not sc.errors:
            validate(sc)
        if sc.errors:
            res.reason = "; ".join(str(e) for e in sc.errors)
            return res
        g = build_game(sc)
        res.game = g
        runner = Runner(g, sc.table)
        for i, step in enumerate(sc.data.get("do") or []):
            label = _step_label(sc, i, step)
            res.marks.append((len(runner.g.log), f"do[{i}]: {_summary(step)}"))
            if isinstance(step, dict) and "check" in step:
                fails = check(runner.g, sc.table, step["check"], ("do", i, "check"))
                if fails:
                    res.reason = _fails(sc, fails)
                    return res
                continue
            error = isinstance(step, dict) and step.get("error") is True
            snap = runner.g.clone()
            before = state_key(runner.g)
            try:
                runner.run_step(step)
            except (Rejected, NotAnswered) as e:
                if not error:
                    kind = "strict mode: " if isinstance(e, NotAnswered) else "rejected: "
                    res.reason = f"{label}: {kind}{e}"
                    return res
                # CR 733.1: the whole step is reversed.
                runner.g = snap
                res.game = snap
                res.marks.append((len(snap.log), f"  rejected, as expected: {e}"))
                if state_key(runner.g) != before:
                    res.reason = f"{label}: the rejected step changed the game state"
                    return res
                continue
            except StepFailed as e:
                res.reason = f"{label}: {e}"
                return res
            res.game = runner.g
            if error:
                res.reason = f"{label}: expected the engine to reject this step (error: true), " \
                             "but it was accepted"
                return res
        res.game = runner.g
        fails = check(runner.g, sc.table, sc.data.get("expect") or {}, ("expect",))
        if fails:
            res.reason = _fails(sc, fails)
            return res
        res.passed = True
        return res
    except Exception as e:   # never a traceback: an engine crash is a failure
        tb = traceback.extract_tb(e.__traceback__)
        at = f" at {tb[-1].filename.rsplit('/', 1)[-1]}:{tb[-1].lineno}" if tb else ""
        res.reason = f"engine error: {type(e).__name__}: {e}{at}"
        return res


def run_file(path) -> list[Result]:
    return [run_scenario(sc) for sc in load_file(path)]


def run_paths(paths) -> list[Result]:
    out: list[Result] = []
    files = find_files(paths)
    for p in paths:
        from pathlib import Path
        if not Path(p).exists():
            out.append(Result(str(p), str(p), False, f"{p}: no such file or folder"))
    for f in files:
        if f.exists():
            out.extend(run_file(f))
    return out


def load_scenario(path, index: int = 0):
    """The game of a scenario file positioned at its start (before its ``do`` steps).
    Raises ``ScenarioFailure`` naming the file, key and line of every problem."""
    scs = load_file(path)
    if not 0 <= index < len(scs):
        raise ScenarioFailure(f"{path}: no scenario number {index}")
    sc = scs[index]
    if not sc.errors:
        validate(sc)
    if sc.errors:
        raise ScenarioFailure("; ".join(str(e) for e in sc.errors))
    g = build_game(sc)
    return g


__all__ = ["Result", "ScenarioError", "ScenarioFailure", "load_scenario", "path_str",
           "run_file", "run_paths", "run_scenario"]
