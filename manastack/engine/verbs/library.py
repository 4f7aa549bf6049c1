"""Looking at the top of a library and splitting it (CR 701.22 scry, 701.25 surveil)."""

from __future__ import annotations

from ...ir import effects as I
from .. import zones as Z
from . import handles

# frame.stage: 0 not begun, 1 choosing the cards to put away, 2 ordering the top,
# 3 ordering the bottom; frame.collected: [top cards], [away], [kept on top]


@handles(I.Scry)
def scry(step, instr: I.Scry) -> bool:
    """CR 701.22a: look at the top N cards; put any number of them on the bottom in any
    order and the rest on top in any order."""
    return _look_and_split(step, instr, "bottom", "701.22a")


@handles(I.Surveil)
def surveil(step, instr: I.Surveil) -> bool:
    """CR 701.25a: look at the top N cards; put any number of them into the graveyard and
    the rest on top in any order."""
    return _look_and_split(step, instr, "graveyard", "701.25a")


def _look_and_split(step, instr, where: str, rule: str) -> bool:
    g = step.g
    who = step.players(instr.players)
    if not who:
        return True
    player = who[0]
    lib = g.players[player].library
    f = step.frame
    if f.stage == 0:
        top = lib[:step.amount(instr.amount)]
        if not top:
            return True
        f.collected = [[top], [[]], [[]]]
        f.stage = 1
        if step.ask(player, "choose_cards", {"from": "library", "cards": list(top), "min": 0,
                                             "max": len(top), "rule": rule, "purpose": where}):
            return False
    top = f.collected[0][0]
    if f.stage == 1:
        away = list(step.take_answer() or ())
        keep = [c for c in top if c not in away]
        f.collected[1] = [away]
        f.collected[2] = [keep]
        f.stage = 2
        if len(keep) > 1 and step.ask(player, "choose_cards", {
                "cards": keep, "count": len(keep), "ordered": True, "from": "library",
                "rule": rule, "purpose": "top"}):
            return False
    if f.stage == 2:
        answer = step.take_answer()
        if answer is not None:
            f.collected[2] = [list(answer)]
        f.stage = 3
        away = f.collected[1][0]
        if where == "bottom" and len(away) > 1 and step.ask(player, "choose_cards", {
                "cards": away, "count": len(away), "ordered": True, "from": "library",
                "rule": rule, "purpose": "bottom"}):
            return False
    answer = step.take_answer()
    if answer is not None:
        f.collected[1] = [list(answer)]
    away, keep = f.collected[1][0], f.collected[2][0]
    del lib[:len(top)]
    lib[0:0] = keep
    if where == "bottom":
        lib.extend(away)
        g.event(rule, f"{g.pname(player)} puts {len(keep)} card(s) on top and {len(away)} on "
                "the bottom")
    else:
        for card in away:
            Z.card_to_zone(g, card, player, "graveyard")
        g.event(rule, f"{g.pname(player)} puts {len(keep)} card(s) on top and {len(away)} "
                "into the graveyard")
    return True
