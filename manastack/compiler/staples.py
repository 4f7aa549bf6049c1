"""Oracle templates of common constructed staples (issue 6: Pauper decks): whole lines
(``compile_line``, asked first by ``oracle.compile_line``) and effect sentences
(``compile_sentence``, asked by ``oracle.compile_sentence`` before ``effect_text``).

Each template is a rule's wording, not a card's ("Draw N cards,
then put N cards from your hand on top of your library in any order", "Exile target
player's graveyard", "Counter target [spell phrase] unless its controller pays {N}"...
A wording the engine cannot play exactly is left to fail (an ``Unsupported`` node).
"""

from __future__ import annotations

import re

from ..mana import ManaCost
from .abilities import (KEYWORDS, CounterUnlessPays, DamageByCount, IfTargetWas,
                        DamageEach, DealDamage, DealDamageIfControls, Destroy, DrawCards,
                        DrawPerNamedInGraveyard, ExileGraveyard, MayDiscardToDraw, ModifyEach,
                        MoveTargetTo, PumpByCount, PutFromHandOnTop, Scry, SearchToZone,
                        ShuffleSelfIntoLibrary, SpellAbility, TargetControllerLosesLife,
                        TargetSpec, TriggeredAbility)
from .effect_text import number, object_phrase

_N = r"(a|an|one|two|three|four|five|six|seven|\d+)"
_BASIC_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
_MANA = r"((?:\{[^}]+\})+)"


def _mana(text: str) -> ManaCost | None:
    try:
        m = ManaCost.parse(text.upper())
    except ValueError:
        return None
    if m.x or m.hybrid or m.phyrexian:
        return None
    return m


# ---------------------------------------------------------------- whole lines

def compile_line(line: str, low: str, is_spell: bool, out: dict) -> bool:
    """Compile one line into ``out``; False when no staple template matches."""
    # "[~] deals N damage instead if you control three or more artifacts" (metalcraft, its
    # ability word read off by CR 207.2c) modifies the spell's damage (CR 120.3).
    m = re.fullmatch(r"~ deals (\d+) damage instead if you control (three|\d+) or "
                     r"more artifacts", low)
    if m and is_spell:
        sp = out["spell"]
        if sp is None or sp.modes or len(sp.effects) != 1 or not isinstance(sp.effects[0],
                                                                            DealDamage):
            return False
        first = sp.effects[0]
        if first.target < 0:
            return False
        eff = DealDamageIfControls(first.amount, int(m.group(1)), number(m.group(2)),
                                   ("Artifact",), first.target)
        out["spell"] = SpellAbility(sp.targets, (eff,), sp.text + "\n" + line)
        return True
    # CR 603.6c / 400.7: "When ~ is put into a graveyard from the battlefield, its owner
    # shuffles it into their library." (the ability finds the card in the graveyard).
    if low == ("when ~ is put into a graveyard from the battlefield, its owner shuffles it "
               "into their library") and not is_spell:
        out["triggered"].append(TriggeredAbility(("graveyard_from_battlefield",),
                                                 (ShuffleSelfIntoLibrary(),), (), False, line))
        return True
    return False


# ---------------------------------------------------------------- effect sentences

def compile_sentence(s: str, low: str):
    """One effect sentence (no final period, first letter lowered) -> (targets, effects)
    or None."""
    # CR 608.2h: "Destroy target land. If that land was a snow land, you gain 1 life." -
    # the target's qualities as it last existed decide the second effect.
    m = re.fullmatch(r"(.+?)\. if that (land|creature|permanent|artifact|enchantment) was an? "
                     r"([^,]+), (.+)", low)
    if m and "target" in m.group(1) and "that" not in m.group(4):
        from .oracle import compile_sentence as sentence
        first = sentence(s[:m.end(1)])
        then = sentence(s[m.start(4):])
        spec = object_phrase(s[m.start(3):m.end(3)])
        if (first is not None and then is not None and len(first[0]) == 1 and not then[0]
                and len(then[1]) == 1 and spec is not None and spec.controller is None
                and spec.zone == "battlefield"):
            return first[0], ((IfTargetWas(0, spec, (), True),) + first[1]
                              + (IfTargetWas(0, spec, then[1]),))
    # CR 121.1 then CR 401.4 (Brainstorm): draw, then put cards from hand on top, the
    # player choosing their order.
    m = re.fullmatch(r"draw " + _N + r" cards?, then put " + _N + r" cards? from your hand on "
                     r"top of your library in any order", low)
    if m:
        return (), (DrawCards(number(m.group(1))), PutFromHandOnTop(number(m.group(2))))
    # CR 701.22a then 121.1: "Scry 2, then draw a card."
    m = re.fullmatch(r"scry " + _N + r", then draw " + _N + r" cards?", low)
    if m:
        return (), (Scry(number(m.group(1))), DrawCards(number(m.group(2))))
    # CR 406.1 / 115.1: "Exile target player's graveyard."
    if low == "exile target player's graveyard":
        return (TargetSpec("player"),), (ExileGraveyard(0),)
    # CR 115.1d: "any number of target players" is 0..2 players here.
    if low == "exile any number of target players' graveyards":
        return (TargetSpec("player", 0, None),), (ExileGraveyard(0),)
    # CR 205.4a / 115.1: "nonlegendary" is a supertype quality of the target.
    m = re.fullmatch(r"destroy target nonlegendary creature", low)
    if m:
        return (TargetSpec("creature", quals=("nonsuper:Legendary",)),), (Destroy(0),)
    # CR 120.2 / 120.3: "~ deals N damage to each opponent and each creature [and
    # planeswalker] they control" (the creatures of those opponents).
    m = re.fullmatch(r"~ deals (\d+) damage to each opponent and each creature( and "
                     r"planeswalker)? they control", s)
    if m:
        spec = (TargetSpec("permanent", controller="opponent",
                           quals=("anytype:Creature,Planeswalker",)) if m.group(2)
                else TargetSpec("creature", controller="opponent"))
        return (), (DamageEach(int(m.group(1)), spec, "each_opponent"),)
    # CR 611.2c / 613.1f: "[Subtype]s you control gain [keywords] until end of turn."
    m = re.fullmatch(r"([A-Z][a-z]+s) you control gain ([a-z ,]+) until end of turn", s[:1].upper()
                     + s[1:])
    if m:
        spec = object_phrase(m.group(1) + " you control", plural=True)
        kws = tuple(k.strip() for k in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group(2))
                    if k.strip())
        if spec is None or not spec.subtypes or not kws or not all(k in KEYWORDS for k in kws):
            return None
        return (), (ModifyEach(spec, keywords=kws),)
    # CR 118.12a / 701.6a: "Counter target [noncreature] spell unless its controller pays
    # {N}."
    m = re.fullmatch(r"counter target (.+? spell) unless its controller pays " + _MANA, low)
    if m:
        spec = object_phrase(m.group(1))
        mana = _mana(m.group(2))
        if spec is None or spec.kind != "spell" or mana is None or spec.controller:
            return None
        return (spec,), (CounterUnlessPays(mana, 0),)
    # CR 400.3 / 115.1: "Return target creature or land card from a graveyard to its
    # owner's hand."
    m = re.fullmatch(r"return target (.+? card) from (a|your) graveyard to (?:its owner's|your) "
                     r"hand", low)
    if m:
        spec = object_phrase(m.group(1) + " from " + m.group(2) + " graveyard")
        if spec is None or spec.kind != "card" or spec.zone != "graveyard":
            return None
        return (spec,), (MoveTargetTo("hand", 0),)
    # CR 701.23a: "Search your library for a basic Swamp, Mountain, or Forest card, put it
    # onto the battlefield tapped, then shuffle." (one card having any of those types).
    m = re.fullmatch(r"search your library for a basic (\w+), (\w+), or (\w+) card, put it onto "
                     r"the battlefield( tapped)?, then shuffle", s)
    if m and all(x in _BASIC_TYPES for x in m.group(1, 2, 3)):
        spec = TargetSpec("card", zone="library",
                          quals=("super:Basic", "anysub:" + ",".join(m.group(1, 2, 3))))
        return (), (SearchToZone(spec, "battlefield", 1, bool(m.group(4))),)
    # CR 120.3 / 608.2h: damage equal to a count taken as the effect resolves.
    m = re.fullmatch(r"~ deals damage equal to (twice )?the number of creatures you control to "
                     r"target creature", s)
    if m:
        return ((TargetSpec("creature"),),
                (DamageByCount(2 if m.group(1) else 1, TargetSpec("creature", controller="you")),))
    m = re.fullmatch(r"~ deals damage to target creature equal to the number of snow permanents "
                     r"you control", s)
    if m:
        return ((TargetSpec("creature"),),
                (DamageByCount(1, TargetSpec("permanent", controller="you"), "Snow"),))
    # CR 613.4c: "Target creature gets -1/-1 until end of turn for each Swamp you control."
    m = re.fullmatch(r"target creature gets ([+-]\d+)/([+-]\d+) until end of turn for each "
                     r"([A-Z][a-z]+) you control", s)
    if m:
        spec = object_phrase(m.group(3) + " you control")
        if spec is None:
            return None
        return ((TargetSpec("creature"),),
                (PumpByCount(int(m.group(1)), int(m.group(2)), spec),))
    # CR 400.3 then 119.3: "Return target creature to its owner's hand. Its controller
    # loses N life." (Its controller: as it last existed on the battlefield, CR 608.2h.)
    m = re.fullmatch(r"return target creature to its owner's hand\. its controller loses "
                     r"(\d+) life", low)
    if m:
        # The life loss is recorded from the target before it moves; both happen during
        # the same resolution with nothing checked in between (CR 608.2c).
        return ((TargetSpec("creature"),),
                (TargetControllerLosesLife(int(m.group(1)), 0), MoveTargetTo("hand", 0)))
    # CR 121.1: "Draw a card, then draw cards equal to the number of cards named ~ in your
    # graveyard."
    if low == ("draw a card, then draw cards equal to the number of cards named ~ in your "
               "graveyard"):
        return (), (DrawCards(1), DrawPerNamedInGraveyard())
    # CR 608.2d / 701.9a: "You may discard a card. If you do, draw two cards."
    m = re.fullmatch(r"you may discard a card\. if you do, draw " + _N + r" cards", low)
    if m:
        return (), (MayDiscardToDraw(number(m.group(1))),)
    return None
