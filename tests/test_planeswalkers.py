"""Planeswalkers (CR 306, 606, 120.3c, 508.1b): the rule each refusal names, the attack
declarations offered, and the game JSON of a combat with a planeswalker attacked."""

from __future__ import annotations

import pytest

import manastack
from manastack.engine.actions import Action, IllegalAction


def _game(tmp_path, yaml: str):
    path = tmp_path / "s.yaml"
    path.write_text(yaml, encoding="utf-8")
    return manastack.load_scenario(path)


BOARD = """
players:
  p1:
    battlefield: [{card: Jace Beleren, id: jace}, Hill Giant, Grizzly Bears]
    library: [Island, Island, Island]
  p2:
    battlefield: [{card: Garruk Wildspeaker, counters: {loyalty: 4}}]
    library: [Forest, Forest, Forest]
"""


def _oid(g, name, controller=None):
    return next(o for o in g.battlefield if g.objects[o].defn.name == name
                and (controller is None or g.objects[o].controller == controller))


def test_loyalty_abilities_name_their_rules(tmp_path):
    g = _game(tmp_path, BOARD)
    jace = _oid(g, "Jace Beleren")
    assert g.objects[jace].counters == {"loyalty": 3}   # CR 306.5b, in setup too
    with pytest.raises(IllegalAction, match="606.6"):
        g.apply(Action("activate", jace, 3))            # -10 with 3 loyalty
    g.apply(Action("activate", jace, 1))                # +2
    assert g.objects[jace].counters == {"loyalty": 5}
    g.apply(Action("pass"))
    g.apply(Action("pass"))                             # it resolves
    with pytest.raises(IllegalAction, match="606.3"):
        g.apply(Action("activate", jace, 2))            # a second one this turn
    actions = g.legal_actions()
    assert not any(a.kind == "activate" and a.obj == jace for a in actions)


def test_attack_declarations_offer_each_planeswalker(tmp_path):
    g = _game(tmp_path, BOARD)
    g.apply(Action("pass"))
    g.apply(Action("pass"))     # to combat
    while g.decision.kind != "attackers":
        g.apply(Action("pass"))
    garruk = _oid(g, "Garruk Wildspeaker")
    giant, bears = _oid(g, "Hill Giant"), _oid(g, "Grizzly Bears")
    assert g.decision.data["planeswalkers"] == [garruk]
    actions = list(g.legal_actions())
    # each of two creatures: no attack, the player, or Garruk
    assert len(actions) == 9 and len(set(actions)) == 9
    assert Action("attack", choice=((giant, garruk), bears)) in g.legal_actions()
    jace = _oid(g, "Jace Beleren")
    with pytest.raises(IllegalAction, match="508.1b"):
        g.apply(Action("attack", choice=((giant, jace),)))   # its own planeswalker
    g.apply(Action("attack", choice=((giant, garruk), bears)))
    assert g.combat.attacked == {giant: garruk} and g.combat.attackers[giant] == 1
    again = manastack.Game.from_json(g.to_json())
    assert again.combat.attacked == {giant: garruk}
    assert again.to_json() == g.to_json()


def test_planeswalker_damage_removes_loyalty_not_marked_damage(tmp_path):
    g = _game(tmp_path, BOARD)
    from manastack.engine.effects import deal_damage
    garruk = _oid(g, "Garruk Wildspeaker")
    deal_damage(g, _oid(g, "Hill Giant"), garruk, 3)
    o = g.objects[garruk]
    assert o.counters == {"loyalty": 1} and o.damage == 0
    assert any("120.3c" in str(e) for e in g.log[-3:])
