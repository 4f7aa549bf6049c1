"""Engine area `faces`, Sagas (CR 714): lore counters (714.3), chapter abilities
(714.2b), the sacrifice of a finished Saga (714.4, 704.5s), and a Saga that returns as
its back face."""

from __future__ import annotations

from ...compiler.areas.faces_saga import ExileReturnTransformed

_PREFIX = "faces:chapter:"


def final_chapter(d) -> int:
    """CR 714.2d: the greatest chapter number among its chapter abilities (0: none)."""
    return max((int(t.condition[len(_PREFIX):]) for t in d.triggered
                if t.condition and t.condition.startswith(_PREFIX)), default=0)


def chapter_triggers(g, name: str, o, info) -> bool:
    """CR 714.2b: chapter N triggers when lore counters are put on the Saga, if the number
    was less than N and became at least N."""
    n = int(name[len(_PREFIX):])
    info = info or {}
    return info.get("lore_before", 0) < n <= info.get("lore_after", 0)


def add_lore(g, o, n: int = 1, rule: str = "714.3c") -> None:
    """Put ``n`` lore counters on the Saga ``o``; its chapter abilities trigger."""
    before = (o.counters or {}).get("lore", 0)
    o.counters = dict(o.counters or {})
    o.counters["lore"] = before + n
    g.event(rule, f"a lore counter is put on {g.oname(o.oid)} ({before + n})")
    lore_added(g, o, before)


def lore_added(g, o, before: int) -> None:
    """Lore counters were put on ``o`` (``before`` it had that many): CR 714.2b."""
    if o.defn.triggered:
        from ..triggers import fire_self
        fire_self(g, "lore", o, {"lore_before": before,
                                 "lore_after": (o.counters or {}).get("lore", 0)})


def saga_enters(g, n) -> None:
    """CR 714.3a: a Saga enters with a lore counter on it (a replacement, CR 614.1c)."""
    if final_chapter(n.defn):
        add_lore(g, n, 1, "714.3a")


def precombat_main(g) -> None:
    """CR 505.4 / 714.3c: as the active player's precombat main phase begins, they put a
    lore counter on each Saga they control with one or more chapter abilities; then "at
    the beginning of your first main phase" abilities trigger (CR 505.1a)."""
    from ..triggers import fire_self
    for oid in list(g.battlefield):
        o = g.objects[oid]
        if o.controller == g.active and "Saga" in o.defn.subtypes and final_chapter(o.defn):
            add_lore(g, o)
    for oid in list(g.battlefield):
        o = g.objects[oid]
        if o.controller == g.active and o.defn.triggered:
            fire_self(g, "first_main", o)


def saga_sba(g) -> bool:
    """CR 704.5s / 714.4: a Saga with at least its final chapter number of lore counters,
    not the source of a chapter ability that has triggered but not left the stack, is
    sacrificed."""
    done = False
    for oid in list(g.battlefield):
        o = g.objects[oid]
        if "Saga" not in o.defn.subtypes:
            continue
        last = final_chapter(o.defn)
        if not last or (o.counters or {}).get("lore", 0) < last:
            continue
        if any(r[0] == oid for r in g.waiting + g.placing) or any(
                s.source == oid and s.trigger is not None for s in g.stack):
            continue
        from .. import zones
        g.event("704.5s", f"{g.pname(o.controller)} sacrifices {g.oname(oid)} (its final "
                "chapter is done)")
        zones.move(g, o, "graveyard")
        done = True
    return done


def _exile_return_transformed(g, item, eff, legal):
    """Exile the Saga, then return that card to the battlefield transformed under the
    ability's controller's control (CR 712.14a; the exiled card is found, CR 400.7)."""
    from .. import zones
    from .faces import put_transformed
    o = g.objects.get(item.source)
    if o is None or o.zone != "battlefield":
        return None
    g.event("406.3", f"{g.oname(o.oid)} is exiled")
    n = zones.move(g, o, "exile")
    if n is not None:
        put_transformed(g, n, item.controller)
    return None


EFFECTS: dict = {ExileReturnTransformed: _exile_return_transformed}
