"""Writing a game's current position as a scenario file (format version 1).

The position loads back (``manastack.load_scenario``) to an equal position: the same
turn, step, life totals, mana pools, zones in order, and permanents with their tapped
and summoning-sick state, counters, damage, owners and attachments. A position with
objects on the stack, or in a step where no scenario may start, can't be written.
"""

from __future__ import annotations

import re

import yaml

from ..engine.position import START_STEPS
from ..mana import COLOR_NAMES, format_pool


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "card"


def _token(g, card: int) -> dict:
    """A token's characteristics as a scenario writes them (CR 111.3-4)."""
    spec = g.token_spec(card)
    type_line = " ".join(spec.get("types", ()))
    if spec.get("subtypes"):
        type_line += " — " + " ".join(spec["subtypes"])
    text = spec.get("text") or ""
    kws = spec.get("keywords") or ()
    if kws:
        text = ", ".join(k.capitalize() for k in kws) + ("\n" + text if text else "")
    out: dict = {"name": spec["name"], "type": type_line}
    if text:
        out["text"] = text
    for k in ("power", "toughness"):
        if spec.get(k) is not None:
            out[k] = spec[k]
    if spec.get("colors"):
        out["colors"] = [COLOR_NAMES[c] for c in spec["colors"]]
    return out


def to_scenario(game, name: str | None = None) -> str:
    """The position of ``game`` as scenario YAML (raises ValueError when it can't be)."""
    g = game
    if g.stack or g.cast is not None:
        raise ValueError("a position with objects on the stack can't be written as a scenario")
    if g.step not in START_STEPS:
        raise ValueError(f"a scenario can't start in step {g.step!r}; write it from one of "
                         + ", ".join(START_STEPS))
    if g.effects:
        raise ValueError("continuous effects in force can't be written as a scenario yet")
    counts: dict[str, int] = {}
    for o in g.objects.values():
        counts[o.defn.name] = counts.get(o.defn.name, 0) + 1
    for p in g.players:
        for c in p.library:
            n = g.setup.cards[c]
            counts[n] = counts.get(n, 0) + 1
    attached_targets = {o.attached_to for o in g.objects.values() if o.attached_to is not None}
    ids: dict[int, str] = {}
    for oid in g.battlefield:
        o = g.objects[oid]
        if oid in attached_targets or (o.attached_to is not None and counts[o.defn.name] > 1):
            ids[oid] = f"{_slug(o.defn.name)}_{oid}"
    players = {}
    for p in g.players:
        pd: dict = {}
        if p.life != 20:
            pd["life"] = p.life
        if any(p.pool):
            pd["mana_pool"] = format_pool(p.pool)
        for zone in ("hand", "library", "graveyard", "exile"):
            if zone == "library":
                names = [g.setup.cards[c] for c in p.library]
            else:
                names = [g.objects[o].defn.name for o in getattr(p, zone)]
            if names:
                pd[zone] = names
        bf = []
        for oid in g.battlefield:
            o = g.objects[oid]
            if o.controller != p.index:
                continue
            e: dict = ({"token": _token(g, o.card)} if o.card <= -2
                       else {"card": o.defn.name})
            if oid in ids:
                e["id"] = ids[oid]
            if o.tapped:
                e["tapped"] = True
            if o.sick:
                e["sick"] = True
            if o.counters:
                e["counters"] = {k: v for k, v in o.counters.items() if v}
            if o.damage:
                e["damage"] = o.damage
            if getattr(o, "chosen", None) is not None:
                e["chosen"] = o.chosen
            if o.owner != o.controller:
                e["owner"] = f"p{o.owner + 1}"
            if o.attached_to is not None:
                t = g.objects[o.attached_to]
                e["attached_to"] = ids.get(o.attached_to) or t.defn.name
            if o.card <= -2 and "id" not in e:
                e["id"] = f"{_slug(o.defn.name)}_{oid}"
            bf.append(e["card"] if list(e) == ["card"] else e)
        if bf:
            pd["battlefield"] = bf
        players[f"p{p.index + 1}"] = pd
    data: dict = {"name": name or f"position at turn {g.turn}, {g.step}",
                  "turn": g.turn, "active": f"p{g.active + 1}", "step": g.step,
                  "players": players}
    if g.setup.custom:
        data["cards"] = [dict(c) for c in g.setup.custom]
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100,
                          default_flow_style=None)
