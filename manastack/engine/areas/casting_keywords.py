"""Keyword abilities about casting spells (CR 702), for the engine area `casting_options`:
improvise's payment (702.126), split second (702.61). Escape, retrace and jump-start are
alternative ways to cast (``costs.base_cost``, ``resolution._finish``)."""

from __future__ import annotations


EFFECTS: dict = {}


def improvise_candidates(g, player: int) -> list[int]:
    """CR 702.126a: the untapped artifacts the caster controls (each may pay {1})."""
    return [oid for oid in g.battlefield if g.objects[oid].controller == player
            and not g.objects[oid].tapped and "Artifact" in g.objects[oid].defn.types]


def split_second_on_stack(g) -> bool:
    """CR 702.61a: as long as a spell with split second is on the stack, players can't
    cast other spells or activate abilities that aren't mana abilities."""
    for it in g.stack:
        if it.is_spell and "split second" in g.card_definition(it.source_card).keywords:
            return True
    return False




# ---------------------------------------------------------------- plot and foretell

def begin_special_action(g, player: int, oid: int, number: int) -> None:
    """CR 116.2h / 116.2k: plot or foretell a card in hand: a special action, which doesn't
    use the stack; its cost is paid like an ability's (CR 602.2b-h), then it happens at
    once (``take_special_action``)."""
    from ..casting import continue_cast, take_snapshot
    from ..state import CastContext
    o = g.objects[oid]
    g.event("116.1", f"{g.pname(player)} takes a special action with {o.defn.name}")
    ctx = CastContext(None, "cost", "mana", player, oid, o.card, number)
    ctx.snapshot = take_snapshot(g)
    g.cast = ctx
    continue_cast(g)


def take_special_action(g, player: int, oid: int, ab) -> None:
    """CR 702.170a / 702.143a: the card is exiled from the hand and becomes plotted or
    foretold this turn; then its owner receives priority (CR 116.3)."""
    from .. import zones
    o = g.objects.get(oid)
    kind = ab.effects[0].kind
    if o is not None and o.zone == "hand":
        n = zones.move(g, o, "exile")
        g.cast_permits = [p for p in g.cast_permits if p[0] in g.objects
                          and g.objects[p[0]].zone == "exile"]
        g.cast_permits.append([n.oid, kind, g.turn])
        rule = "702.170a" if kind == "plot" else "702.143a"
        g.event(rule, f"{g.pname(player)} exiles {n.defn.name} ({kind}ted)"
                if kind == "plot" else f"{g.pname(player)} foretells a card")
    g.priority = player
    g.passes = 0


def _permit(g, o):
    for oid, kind, turn in g.cast_permits:
        if oid == o.oid and o.zone == "exile":
            return kind, turn
    return None


def permit_forced(g, o) -> str | None:
    """The way a plotted card ("free": without paying its mana cost, CR 702.170d) or a
    foretold card (its foretell cost, CR 702.143a) is cast from exile, or None."""
    p = _permit(g, o)
    if p is None:
        return None
    return "free" if p[0] == "plot" else "foretell"


def why_not_cast_permitted(g, player: int, o) -> str | None:
    """Why a plotted or foretold card in exile can't be cast now, or None."""
    from ..casting import castable_for_some_cost, has_targets
    from ..legal import sorcery_timing
    p = _permit(g, o)
    if p is None:
        return "601.2a: only a card in your hand can be cast"
    kind, turn = p
    if o.owner != player:
        return "702.170d: only its owner may cast it"
    if g.turn <= turn:
        # CR 702.170d / 702.143a: on a later turn than the one it was exiled
        return f"{'702.170d' if kind == 'plot' else '702.143a'}: not during the turn it was exiled"
    d = o.defn
    if not d.supported:
        return "601.2: the card's text is not supported"
    if g.stack and split_second_on_stack(g):
        return "702.61a: a spell with split second is on the stack"
    instant = "Instant" in d.types or "flash" in d.keywords
    if (kind == "plot" or not instant) and not sorcery_timing(g, player):
        # CR 702.170d: a plotted card is cast during its owner's main phase with an empty
        # stack, whatever its type.
        return "702.170d: only in your main phase with an empty stack" if kind == "plot" else \
            "307.1: a sorcery-speed spell needs your main phase and an empty stack"
    if d.spell is not None and not has_targets(g, d.spell, player):
        return "601.2c: the spell has no legal target"
    if not castable_for_some_cost(g, player, o, "exile", permit_forced(g, o)):
        return "601.2h: the total cost can't be paid"
    return None


def permit_actions(g, player: int) -> list:
    """The cast actions of the plotted and foretold cards ``player`` may cast now."""
    from ..actions import Action
    out = []
    for oid, _kind, _turn in g.cast_permits:
        o = g.objects.get(oid)
        if o is not None and o.zone == "exile" and o.owner == player and \
                why_not_cast_permitted(g, player, o) is None:
            out.append(Action("cast", oid))
    return out


def face_down_in_exile(g, oid: int) -> bool:
    """CR 702.143a: a foretold card is exiled face down (its owner may look at it)."""
    return any(p[0] == oid and p[1] == "foretell" for p in g.cast_permits)
