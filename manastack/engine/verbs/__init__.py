"""Carrying out compiled instructions (CR 608.2c): one handler per IR verb, grouped by
rules area in this package (damage and life, zones, counters and tokens, continuous
effects, the stack, and how instructions combine).

A handler is ``handler(step, instruction) -> bool``: True when the instruction is done,
False when it waits for a decision (``step.ask``); it runs again with the answer. The
objects a ``Choice`` names are chosen before the handler runs (CR 608.2d), each chooser
in APNAP order (CR 101.4).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from ...ir import refs as R
from .. import evaluate as E
from ..continuation import Frame, Resolution

HANDLERS: dict[type, Callable] = {}


def handles(*types: type):
    """Register a handler for IR instruction types."""
    def deco(fn):
        for t in types:
            HANDLERS[t] = fn
        return fn
    return deco


class Step:
    """One instruction being carried out: the game, the stack item, its continuation,
    the frame the instruction is in, and the evaluation context."""

    __slots__ = ("g", "item", "res", "frame", "ctx", "depth")

    def __init__(self, g, item, res: Resolution, depth: int) -> None:
        self.g = g
        self.item = item
        self.res = res
        self.depth = depth
        self.frame = res.frames[depth]
        self.ctx = context(g, item, res)

    # -- evaluation
    def players(self, ref) -> list[int]:
        return E.players(self.g, self.ctx, ref)

    def objects(self, ref) -> list[int]:
        return E.objects(self.g, self.ctx, ref)

    def amount(self, q) -> int:
        """A count or amount: never less than 0 (CR 107.1b)."""
        return max(0, E.quantity(self.g, self.ctx, q))

    def signed(self, q) -> int:
        """A change that may be negative (-2/-2)."""
        return E.quantity(self.g, self.ctx, q)

    def holds(self, c) -> bool:
        return E.condition(self.g, self.ctx, c)

    def present(self, ref, zone: str | None = "battlefield") -> list:
        """The objects of ``ref`` that are now in ``zone`` (any zone for None) -- an object
        that changed zones is a new object (CR 400.7), except where this resolution moved
        it itself: then the instructions after can act on what it became."""
        g = self.g
        out = []
        for oid in self.objects(ref):
            while oid not in g.objects and oid in self.res.moved:
                oid = self.res.moved[oid]
            o = g.objects.get(oid)
            if o is not None and (zone is None or o.zone == zone):
                out.append(o)
        return out

    def moved(self, old: int, new) -> None:
        """Record that this resolution moved object ``old`` and it became ``new``."""
        if new is not None:
            self.res.moved[old] = new.oid

    # -- decisions
    def ask(self, player: int, kind: str, data: dict) -> bool:
        """Ask a decision while resolving; True when it must wait for an answer (a
        decision with one legal answer is answered at once, CR contract)."""
        from ..flow import ask
        data = dict(data, resolving=True)
        self.res.asking = True
        ask(self.g, player, kind, data)
        return self.g.pending is not None

    def take_answer(self):
        a = self.res.answer
        self.res.answer = None
        return a

    # -- what later instructions refer to
    def remember(self, label: str, oids) -> None:
        if label:
            self.res.remembered[label] = list(oids)
            self.ctx.remembered[label] = list(oids)

    def last_known(self, o) -> None:
        """Keep ``o``'s last known information before it leaves its zone (CR 608.2h)."""
        k = E.snapshot(self.g, o)
        self.res.lki[o.oid] = k
        self.ctx.lki[o.oid] = k

    def amounted(self, n: int) -> None:
        """What this instruction amounted to, for "that much" after it."""
        self.res.amount = n
        self.ctx.amount = n


def context(g, item, res: Resolution) -> E.Context:
    """The evaluation context of a resolving item: its targets still legal (CR 608.2b)."""
    from ..targets import target_groups
    from ..resolution import ability_of
    ab = ability_of(g, item)
    specs = ab.targets if ab is not None else ()
    legal = set(res.legal)
    groups = tuple(tuple(t for t in grp if t in legal)
                   for grp in target_groups(item, specs))
    ctx = E.Context(item.controller, item.source, item.source_card, groups, item.info, item.x)
    ctx.remembered = res.remembered
    ctx.lki = res.lki
    ctx.amount = res.amount
    return ctx


def run_one(g, item, instr, legal) -> bool:
    """Carry out one compiled instruction inside the templates' resolution loop (while the
    grammar replaces them); True when done."""
    if item.resolution is None:
        item.resolution = Resolution()
        item.resolution.started = True
        item.resolution.legal = list(legal)
    if run(g, item, (instr,)):
        item.resolution.frames = [Frame()]
        return True
    return False


def is_compiled(effects) -> bool:
    """Whether these effects are IR instructions (the grammar's output)."""
    return bool(effects) and type(effects[0]) in HANDLERS


def run(g, item, effects: tuple, depth: int = 0) -> bool:
    """Carry out ``effects`` in order from where the frame at ``depth`` stopped; True when
    all are done, False when one waits for a decision."""
    res = item.resolution
    while len(res.frames) <= depth:
        res.frames.append(Frame())
    frame = res.frames[depth]
    while frame.step < len(effects):
        instr = effects[frame.step]
        handler = HANDLERS.get(type(instr))
        if handler is None:
            # an effect of the templates, inside compiled instructions (while the grammar
            # replaces them): it keeps its progress in item.info
            from ..effects import execute
            if execute(g, item, instr, set(res.legal)) == "ask":
                return False
            item.info.pop("answer", None)
        else:
            step = Step(g, item, res, depth)
            if not _bind_choices(step, instr):
                return False
            if not handler(step, instr):
                return False
        frame.step += 1
        frame.stage, frame.collected, frame.partial, frame.branch = 0, [], [], 0
        del res.frames[depth + 1:]
    return True


# ---------------------------------------------------------------- choices (CR 608.2d)


def choices_of(instr) -> list:
    """The ``Choice`` references of an instruction, in a fixed order (not inside nested
    instructions, which bind their own)."""
    out: list = []

    def walk(v):
        if isinstance(v, R.Choice):
            out.append(v)
            return
        if isinstance(v, tuple):
            for x in v:
                walk(x)
        elif dataclasses.is_dataclass(v) and not isinstance(v, type) \
                and type(v) not in HANDLERS:
            for f in dataclasses.fields(v):
                walk(getattr(v, f.name))
    for f in dataclasses.fields(instr):
        walk(getattr(instr, f.name))
    return out


def _bind_choices(step: Step, instr) -> bool:
    """Make every choice of ``instr``, asking the choosers; False while one waits."""
    chs = choices_of(instr)
    if not chs:
        return True
    frame = step.frame
    while len(frame.collected) < len(chs):
        made = _choose_each(step, chs[len(frame.collected)])
        if made is None:
            return False
        frame.collected.append(made)
        frame.partial = []
    for ch, made in zip(chs, frame.collected):
        step.ctx.bound[ch] = [oid for part in made for oid in part]
    return True


def _choose_each(step: Step, ch: R.Choice):
    """Each chooser's objects for ``ch``, a list per chooser in APNAP order, or None
    while one is being asked (the choices made so far wait in ``frame.partial``)."""
    frame = step.frame
    g = step.g
    choosers = step.players(ch.chooser)
    partial = frame.partial
    answer = step.take_answer()
    if answer is not None:
        partial.append(list(answer))
    while len(partial) < len(choosers):
        p = choosers[len(partial)]
        step.ctx.chooser = p
        cands = [o.oid for o in E.candidates(g, step.ctx, ch.filter)]
        n = step.amount(ch.count)
        if not cands or (n >= len(cands) and not ch.up_to):
            partial.append(cands)        # CR 701.21a and alike: as many as there are
            continue
        if ch.random:
            # CR 701.9b: chosen at random
            pool, picked = list(cands), []
            for _ in range(n):
                c = g.rng.choice(pool)
                pool.remove(c)
                picked.append(c)
            partial.append(picked)
            continue
        data = {"cards": cands, "rule": "608.2d"}
        if ch.up_to:
            data["up_to"] = min(n, len(cands))
        else:
            data["count"] = n
        if step.ask(p, "choose_cards", data):
            return None
        partial.append(list(step.take_answer() or ()))
    step.ctx.chooser = None
    return list(partial)


from . import combine, damage, life, zones, library, counters, continuous, stack, mana  # noqa: E402,F401
