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


