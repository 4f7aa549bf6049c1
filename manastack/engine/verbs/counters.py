"""Counters, tokens, tapping and untapping (CR 122, 111, 701.26)."""

from __future__ import annotations

from ...ir import effects as I
from .. import zones as Z
from . import handles


@handles(I.PutCounters)
def put_counters(step, instr: I.PutCounters) -> bool:
    """CR 122.1: put counters on each permanent."""
    from ..effects import put_counters as put
    n = step.amount(instr.amount)
    for o in step.present(instr.objects):
        put(step.g, o, instr.kind, n)
    step.amounted(n)
    return True


@handles(I.RemoveCounters)
def remove_counters(step, instr: I.RemoveCounters) -> bool:
    """CR 122.8: remove counters. Of a named kind: that many (as many as there are);
    "counters" of any kinds: the controller chooses which (a ``choose_counters``
    decision, per object)."""
    g = step.g
    n = step.amount(instr.amount)
    objs = [o for o in step.present(instr.objects) if o.counters]
    removed = 0
    if instr.kind is not None:
        for o in objs:
            take = min(n, o.counters.get(instr.kind, 0))
            if take:
                _take(g, o, {instr.kind: take})
                removed += take
        step.amounted(removed)
        return True
    frame = step.frame
    answer = step.take_answer()
    while frame.stage < len(objs):
        o = objs[frame.stage]
        if answer is None:
            if step.ask(step.item.controller, "choose_counters",
                        {"object": o.oid, "max": n, "rule": "122.8"}):
                return False
            answer = step.take_answer()
        removed += _take(g, o, dict(answer or {}))
        answer = None
        frame.stage += 1
    step.amounted(removed)
    return True


def _take(g, o, kinds: dict) -> int:
    """Remove the counters of each kind in ``kinds`` from ``o``."""
    total = 0
    for k, n in kinds.items():
        have = (o.counters or {}).get(k, 0)
        n = min(n, have)
        if n <= 0:
            continue
        o.counters = dict(o.counters)
        o.counters[k] = have - n
        if o.counters[k] <= 0:
            del o.counters[k]
        total += n
        g.event("122.8", f"{n} {k} counter(s) removed from {g.oname(o.oid)}")
    return total


@handles(I.Tap)
def tap(step, instr: I.Tap) -> bool:
    """CR 701.26a: tap each untapped permanent."""
    for o in step.present(instr.objects):
        if not o.tapped:
            Z.tap(step.g, o)
            step.g.event("701.26a", f"{step.g.oname(o.oid)} becomes tapped")
    return True


@handles(I.Untap)
def untap(step, instr: I.Untap) -> bool:
    """CR 701.26b: untap each tapped permanent (122.1d: a stun counter is removed
    instead)."""
    from ..areas.designations import untap_permanent
    for o in step.present(instr.objects):
        if o.tapped:
            untap_permanent(step.g, o)
    return True


@handles(I.CreateTokens)
def create_tokens(step, instr: I.CreateTokens) -> bool:
    """CR 111.2, 701.7a: the tokens are created under the controller's control."""
    g = step.g
    n = step.amount(instr.amount)
    t = instr.token
    spec = {"name": t.name, "types": t.types, "subtypes": t.subtypes, "supertypes": t.supertypes,
            "colors": t.colors, "power": t.power, "toughness": t.toughness,
            "keywords": t.keywords, "text": t.text}
    made = []
    for p in step.players(instr.controller):
        for _ in range(n):
            made.append(Z.create_token(g, spec, p, tapped=instr.tapped).oid)
    step.remember(instr.label, made)
    step.amounted(len(made))
    return True
