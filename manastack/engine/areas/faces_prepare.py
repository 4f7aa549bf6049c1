"""Engine area `faces`, preparation cards (CR 722).

A permanent with a prepare spell that becomes prepared has the "prepared" designation
(722.3a), kept in ``g.designations["prepared"]`` (object ids). While it has it, its
controller may cast a copy of its prepare spell (722.3c): ``Action("cast", PERMANENT,
choice=SPELL_NAME)``. The copy is made as the cast begins, in exile, from where it is
cast; it is recorded like a token (``tokens``: ``{"name", "prepare_copy": ORACLE NAME,
"face": 1}``) and, like any copy of a card outside the stack, ceases to exist once it
has left the stack (CR 704.5e, done by 704.5d). Casting it unprepares the permanent.
"""

from __future__ import annotations

from ...compiler.areas.faces_prepare import BecomePrepared


def has_prepare_spell(d) -> bool:
    """CR 722.2a: the object has the alternative characteristics of a prepare spell."""
    return any(s.kind == "prepare_spell" for s in d.static)


def prepared(g) -> tuple:
    return g.designations.get("prepared", ()) if g.designations else ()


def prepare(g, o, rule: str = "722.3a") -> None:
    """CR 722.3a: ``o`` becomes prepared (only with a prepare spell, and only once)."""
    if o.zone != "battlefield" or not has_prepare_spell(o.defn) or o.oid in prepared(g):
        return
    g.designations = dict(g.designations)
    g.designations["prepared"] = prepared(g) + (o.oid,)
    g.event(rule, f"{g.oname(o.oid)} becomes prepared")


def unprepare(g, oid: int) -> None:
    """CR 722.3b / 722.3c: the permanent loses the prepared designation."""
    if oid in prepared(g):
        g.designations = dict(g.designations)
        rest = tuple(x for x in g.designations["prepared"] if x != oid)
        if rest:
            g.designations["prepared"] = rest
        else:
            del g.designations["prepared"]


def why_not_cast_copy(g, player: int, o, i: int) -> str | None:
    """Why the copy of ``o``'s prepare spell can't be cast now (CR 722.3c), or None."""
    from ..legal import can_cast
    from .faces import _view
    if o.zone != "battlefield" or o.oid not in prepared(g):
        return "722.3c: only a prepared permanent's spell may be cast, as a copy"
    if o.controller != player:
        return "722.3c: only the prepared permanent's controller may cast the copy"
    d = g.setup.definitions[o.card] if o.card >= 0 else None
    if d is None or i != 1:
        return "722.3c: that is not the permanent's prepare spell"
    v = _view(o, d.faces[1], "hand")
    v.owner = player
    return can_cast(g, player, v)


def cast_copy(g, player: int, o, i: int) -> None:
    """CR 722.3c: create the copy of the prepare spell in exile and cast it; the permanent
    loses the prepared designation (the whole cast reverses if it can't be completed,
    CR 733)."""
    from ..casting import begin_cast, take_snapshot
    from .. import zones
    snapshot = take_snapshot(g)
    d = g.setup.definitions[o.card]
    spell = d.faces[i]
    card = g.register_token({"name": spell.name, "prepare_copy": d.name, "face": i})
    n = zones.new_object(g, card, player, "exile")
    g.players[player].exile.append(n.oid)
    g.event("722.3c", f"{g.pname(player)} casts a copy of {g.oname(o.oid)}'s prepare spell "
            f"{spell.name}")
    unprepare(g, o.oid)
    begin_cast(g, player, n.oid, snapshot=snapshot)


def copy_definition(spec: dict):
    """The definition of a prepare spell's copy: the spell's own characteristics (CR
    722.3c: they become the copy's normal characteristics)."""
    from ...compiler import definition_for
    return definition_for(spec["prepare_copy"]).faces[spec["face"]]


def _become_prepared(g, item, eff, legal):
    o = g.objects.get(item.source)
    if o is not None and o.zone == "battlefield":
        prepare(g, o)
    return None


EFFECTS: dict = {BecomePrepared: _become_prepared}
