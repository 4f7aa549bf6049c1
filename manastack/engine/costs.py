"""Choosing and determining costs (CR 601.2b, 601.2f, 118.9, 107.4e-f): alternative
costs, hybrid halves, Phyrexian symbols, reductions, and the total cost."""

from __future__ import annotations

from itertools import product

from ..mana import TYPE_INDEX, ManaCost


def _halves(sym: str) -> list[str]:
    """CR 107.4e: the halves of a hybrid symbol, as the scenario contract writes them."""
    return [f"{{{h}}}" for h in sym.split("/")]


def _phyrexian_options(sym: str) -> list[str]:
    """CR 107.4f: a Phyrexian symbol is paid with its colored mana or 2 life; a hybrid
    Phyrexian one ({G/W/P}) with either color or 2 life."""
    parts = sym.split("/")[:-1]
    if len(parts) == 1:
        return ["mana", "life"]
    return ["life"] + [f"{{{p}}}" for p in parts]


def alternatives_from(defn, zone: str) -> list[str | None]:
    """The ways to pay for a spell cast from ``zone`` (None: its mana cost), CR 118.9."""
    out: list[str | None] = [None] if zone == "hand" else []
    for a in defn.alternatives:
        if a.zone == zone and a.name != "madness":
            out.append(a.name)
    return out


def base_cost(defn, alternative: str | None) -> ManaCost:
    if alternative is None:
        return defn.mana_cost
    if alternative == "free":
        return ManaCost()   # CR 118.9 / 601.2b: "without paying its mana cost"
    for a in defn.alternatives:
        if a.name == alternative:
            # CR 702.81a / 702.133a: retrace and jump-start pay the card's mana cost.
            return defn.mana_cost if getattr(a, "mana_cost_too", False) else a.cost.mana
    raise ValueError(alternative)


def alt_cost(defn, alternative: str | None):
    for a in defn.alternatives:
        if a.name == alternative:
            return a.cost
    return None


def cost_options(defn, zone: str, forced: str | None = None, multi_max: int = 1) -> list[dict]:
    """CR 601.2b: every combination of the cost choices (an alternative cost; the optional
    additional costs paid; the half of each hybrid symbol; how each Phyrexian symbol is
    paid), as ``cost_choice`` answers. A multikicker cost is offered up to ``multi_max``
    times."""
    alts = [forced] if forced else alternatives_from(defn, zone)
    out = []
    for alt in alts:
        for extra in additional_options(defn, multi_max):
            for d in symbol_options(base_cost(defn, alt), alt):
                if extra:
                    d["additional"] = list(extra)
                out.append(d)
    return out


def additional_options(defn, multi_max: int = 1) -> list[tuple]:
    """CR 601.2b / 118.8: the optional additional costs a spell could be cast with, as
    lists of their names: each kicker or buyback cost paid or not (702.33a, 702.27a); a
    multikicker cost any number of times (702.33c), each time repeating its name."""
    combos: list[tuple] = [()]
    for a in getattr(defn, "additional", ()):
        counts = range(multi_max + 1) if a.multi else range(2)
        combos = [c + (a.name,) * n for c in combos for n in counts]
    return combos


def additional_mana(defn, choice: dict) -> tuple[int, list[int]]:
    """CR 601.2f: the mana of the additional costs paid (each time it is paid)."""
    generic, colored = 0, [0] * 6
    for name in choice.get("additional", ()):
        for a in defn.additional:
            if a.name == name:
                generic += a.cost.mana.generic
                for i, n in enumerate(a.cost.mana.colored):
                    colored[i] += n
                break
    return generic, colored


def times_paid(item, names: tuple = ("kicker", "multikicker")) -> int:
    """CR 702.33d: how many times a spell's kicker (or multikicker) cost was paid."""
    return sum(1 for n in item.info.get("cost_choice", {}).get("additional", ()) if n in names)


def symbol_options(cost: ManaCost, alt: str | None = None) -> list[dict]:
    """The hybrid and Phyrexian choices of one mana cost (CR 107.4e-f, 601.2b)."""
    hy = [_halves(h) for h in cost.hybrid]
    ph = [_phyrexian_options(p) for p in cost.phyrexian]
    out = []
    for hchoice in product(*hy):
        for pchoice in product(*ph):
            d: dict = {}
            if alt is not None:
                d["alternative"] = alt
            if hy:
                d["hybrid"] = list(hchoice)
            if ph:
                d["phyrexian"] = list(pchoice)
            out.append(d)
    return out


def apply_choice(cost: ManaCost, choice: dict | None) -> tuple[int, list[int], int]:
    """A mana cost with its hybrid and Phyrexian symbols resolved by ``choice``:
    (generic, colored W U B R G C, life)."""
    choice = choice or {}
    generic = cost.generic
    colored = list(cost.colored)
    life = 0
    for half in choice.get("hybrid", ()):
        s = half.strip("{}")
        if s.isdigit():
            generic += int(s)
        else:
            colored[TYPE_INDEX[s]] += 1
    for sym, how in zip(cost.phyrexian, choice.get("phyrexian", ())):
        if how == "life":
            life += 2
        elif how == "mana":
            colored[TYPE_INDEX[sym.split("/")[0]]] += 1
        else:
            colored[TYPE_INDEX[how.strip("{}")]] += 1
    return generic, colored, life


def total_cost(g, o, choice: dict | None, x: int = 0) -> tuple[int, list[int], int]:
    """CR 601.2f: the total cost as (generic, colored W U B R G C, life): the mana cost or
    alternative cost, with X, hybrid and Phyrexian choices, minus reductions (never below
    zero generic)."""
    choice = choice or {}
    cost = base_cost(o.defn, choice.get("alternative")).with_x(x)
    generic, colored, life = apply_choice(cost, choice)
    if choice.get("additional"):
        # CR 601.2f: the total cost adds the additional costs paid (kicker, buyback).
        add_generic, add_colored = additional_mana(o.defn, choice)
        generic += add_generic
        colored = [a + b for a, b in zip(colored, add_colored)]
    alt = alt_cost(o.defn, choice.get("alternative"))
    if alt is not None:
        life += alt.pay_life   # CR 119.4: "pay 1 life ... rather than pay this spell's mana cost"
    life += sum(rc.pay_life for rc in o.defn.required)   # CR 118.8: "As an additional cost"
    from .static import cost_reduction
    red = cost_reduction(g, o)
    if red:
        generic = max(0, generic - red)
    return generic, colored, life


def freeze_choice(d: dict):
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in d.items()))


def thaw_choice(t) -> dict:
    if isinstance(t, dict):
        return {k: list(v) if isinstance(v, (list, tuple)) else v for k, v in t.items()}
    return {k: list(v) if isinstance(v, tuple) else v for k, v in t}
