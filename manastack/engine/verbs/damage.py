"""Damage (CR 120): a source deals damage to objects and players."""

from __future__ import annotations

from ...ir import effects as I
from ...ir import refs as R
from .. import evaluate as E
from . import handles


@handles(I.DealDamage)
def deal_damage(step, instr: I.DealDamage) -> bool:
    """CR 120.1-120.3: the source deals the amount to each recipient (an object that left
    the battlefield isn't dealt damage; a source that left deals it by its last known
    information, CR 608.2h)."""
    from ..effects import deal_damage as deal
    g = step.g
    amount = step.amount(instr.amount)
    sources = step.objects(instr.source)
    if not sources:
        return True
    sid = sources[0]
    src = g.objects.get(sid)
    total = 0
    for ref in instr.to:
        for r in _recipients(step, ref):
            total += deal(g, sid, r, amount, src,
                          source_card=step.item.source_card if sid == step.item.source else None)
    step.amounted(total)
    return True


def _recipients(step, ref) -> list[int]:
    """Players and permanents a recipient reference means (an object off the battlefield
    isn't dealt damage, CR 608.2b)."""
    if E.is_player_ref(ref):
        return step.players(ref)
    out = [o.oid for o in step.present(ref)]
    if isinstance(ref, R.Targets):
        out = step.players(ref) + out    # "any target" may be a player (CR 115.4)
    return out
