"""Mana made by a spell or an ability that isn't a mana ability (CR 106.3, 605.1a):
"Add {B}{B}{B}", "Add three mana of any one color". Mana abilities resolve without the
stack (``engine/mana_abilities.py``); both make mana with the same rules."""

from __future__ import annotations

from ...ir.mana import PRODUCTION
from ...mana import TYPE_INDEX
from . import handles


@handles(*PRODUCTION)
def _add_mana(step, instr) -> bool:
    """CR 106.3: the controller adds the mana; a choice of mana (CR 106.6a-style) is
    made as the instruction resolves (CR 608.2d)."""
    from ..mana_abilities import mana_choice, symbols_for
    g = step.g
    player = step.item.controller
    src = g.objects.get(step.item.source)
    answer = step.take_answer()
    if answer is None:
        choice = mana_choice(g, player, src, instr)
        if choice is not None:
            kind, options = choice
            if len(options) > 1:
                if step.ask(player, kind, {"choices": options, "rule": "106.3"}):
                    return False
                answer = step.take_answer()
            elif options:
                answer = options[0]
    syms = [s for s in symbols_for(g, player, src, instr, answer) if s in TYPE_INDEX]
    pool = g.players[player].pool
    for s in syms:
        pool[TYPE_INDEX[s]] += 1
    if syms:
        g.event("106.3", f"{g.pname(player)} adds {''.join('{%s}' % s for s in syms)}")
    return True
