"""Choosing the order of replacement effects (CR 616.1), for the destruction of a
permanent: regeneration shields (CR 701.19a, 614.8) and umbra armor (CR 702.89a).

CR 616.1: if two or more replacement effects would apply to one event, the affected
object's controller chooses one to apply (a decision of kind ``replacement_order``,
scenario format 1.1). An option is the effect's source and ability, ``[source, ability]``
(``source`` the source's card number, ``Obj.card``, which a spell keeps as it leaves the
stack)
(``ability`` -2 for an Aura's umbra armor, else the activated ability's index, or -1
for a spell): shields from one source and ability are one answer. The decision is
asked only with two or more options. The answers wait on the deciding player
(``Player.replacing``: ``[affected, source, ability]`` each) until the destruction
happens: state-based actions are performed at once (CR 704.3), and a spell destroying
several permanents destroys them at once, so every choice comes first.

Once one replacement has replaced the destruction there is no destruction left to
replace (CR 616.1f asks again only while some effect still applies).
"""

from __future__ import annotations

RULE = "616.1"
UMBRA = -2   # the "ability" of an Aura's umbra armor


def shield_source(e) -> tuple[int, int] | None:
    """The [source, ability] of a regeneration shield effect (None for a shield whose
    source was not recorded)."""
    d = e.data
    if isinstance(d, list) and len(d) == 3 and d[0] == "regenerate":
        return d[1], d[2]
    return None


def shield_data(item) -> list:
    """The data of a regeneration shield created by stack item ``item``."""
    if item is None:
        return ["regenerate", -1, -1]
    ability = item.ability if item.ability is not None else -1
    return ["regenerate", item.source_card, ability]


def destruction_options(g, o) -> list[list[int]]:
    """CR 616.1: the replacement effects that would apply if ``o`` were destroyed, one
    option per source and ability, in the order they would apply by default."""
    from ..characteristics import has_keyword
    if has_keyword(g, o, "indestructible"):
        return []   # CR 702.12b: it isn't destroyed; nothing to replace
    out: list[list[int]] = []
    if g.attachments_exist():
        from .type_changes import umbra_auras
        out.extend([g.objects[a].card, UMBRA] for a in umbra_auras(g, o))
    from .casting_options import cant_be_regenerated
    if not cant_be_regenerated(g, o):   # CR 701.19c
        for e in g.effects:
            if e.affected == o.oid and e.layer == "shield":
                src = shield_source(e)
                opt = list(src) if src is not None else [-1, -1]
                if opt not in out:
                    out.append(opt)
    return out


def stored_choice(g, o, pop: bool = False) -> list[int] | None:
    """The option the controller of ``o`` chose for its destruction, if any."""
    pl = g.players[o.controller]
    for k, (affected, src, ab) in enumerate(pl.replacing or ()):
        if affected == o.oid:
            if pop:
                rest = pl.replacing[:k] + pl.replacing[k + 1:]
                pl.replacing = rest or None
            return [src, ab]
    return None


def ask_destruction_order(g, objs, step=None) -> bool:
    """CR 616.1: ask the order of the replacement effects for the first of ``objs`` (about
    to be destroyed at once) whose controller must choose and hasn't; True when a
    decision is now pending. ``step`` is the resolving instruction, when a spell or
    ability destroys them."""
    from ..flow import ask
    for o in objs:
        if o.oid not in g.objects or o.zone != "battlefield":
            continue
        opts = destruction_options(g, o)
        if len(opts) < 2 or stored_choice(g, o) in opts:
            continue
        data = {"rule": RULE, "affected": o.oid, "options": opts}
        if step is not None:
            if step.ask(o.controller, "replacement_order", data):
                return True
        else:
            ask(g, o.controller, "replacement_order", data)
            if g.pending is not None:
                return True
    return False


def record_choice(g, player: int, affected: int, choice) -> None:
    """Remember ``player``'s choice of the replacement applied first to ``affected``."""
    src, ab = choice
    pl = g.players[player]
    pl.replacing = [r for r in (pl.replacing or ()) if r[0] != affected] + [[affected, src, ab]]
    what = "umbra armor" if ab == UMBRA else "regeneration shield"
    source = g.card_definition(src).name if src != -1 else "an unknown source"
    g.event(RULE, f"{g.pname(player)} applies the {what} from {source} first to "
            f"{g.oname(affected)}'s destruction")


def legal_answers(d) -> list:
    from ..actions import Action
    return [Action("choose", choice=tuple(opt)) for opt in d.data["options"]]

