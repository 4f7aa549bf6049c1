"""Compiler area `faces`: cards with two faces or two halves (CR 709 split cards, 702.127
aftermath, 712 double-faced cards, 715 adventurers).

A multi-faced card compiles each face on its own (``with_faces``); the card's definition
keeps them in ``CardDefinition.faces`` (``face`` says which one a definition is) and is
supported only when every face is. The card's own definition is what the card is in
every zone where only one set of characteristics counts: the front face of a
double-faced card (CR 712.8a), the creature of an adventurer (CR 715.4), the two halves
combined for a split card (CR 709.4). The engine turns a face up on the stack or the
battlefield (``engine/areas/faces.py``).

See ``areas/__init__.py`` for the hooks an area defines.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

# CR 701.27e: "When this permanent transforms into [its other face]" (after it does).
TRIGGERS: list = [
    (r"(?:when|whenever) ~ enters or transforms into ~", ("enters", "transforms_into")),
    (r"(?:when|whenever) ~ transforms into ~", ("transforms_into",)),
    # CR 505.1a: "your first main phase" is your precombat main phase (the Lorwyn
    # double-faced creatures that pay to transform then)
    (r"at the beginning of your first main phase", ("first_main",)),
]

#: Layouts whose faces the engine plays (others stay unsupported: flip, meld, prepare).
PLAYED_LAYOUTS = frozenset({"transform", "modal_dfc", "split", "aftermath", "adventure",
                            "reversible_card", "prepare", "prototype"})


# ---------------------------------------------------------------- effects

@dataclass(frozen=True, slots=True)
class Transform:
    """CR 701.27a: "Transform ~": turn the source permanent over so its other face is up
    (nothing happens to a permanent that isn't a double-faced card, 701.27c)."""


@dataclass(frozen=True, slots=True)
class RevealTopTransform:
    """"Look at the top card of your library. You may reveal that card. If a [types] card
    is revealed this way, transform ~." (CR 701.16a look, 701.20a reveal, 701.27a)."""

    types: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GainLifeSourcePower:
    """CR 119.3: "you gain life equal to its power" -- the source's power (CR 208.3)."""


@dataclass(frozen=True, slots=True)
class ReturnTransformed:
    """CR 702.167a: "Return this card to the battlefield transformed under its owner's
    control" -- the card the craft cost exiled (found again, CR 400.7), back face up
    (712.14a)."""


# ---------------------------------------------------------------- compiling a card

def with_faces(card, defn):
    """The definition of a multi-faced card: each face compiled on its own (CR 709.1,
    712.8, 715.2), unsupported unless every face compiles and the layout is played."""
    from ..abilities import Unsupported
    if card.layout == "prototype" and not card.faces:
        return _prototype(defn)
    if card.layout not in PLAYED_LAYOUTS or len(card.faces) != 2:
        return dataclasses.replace(
            defn, unsupported=defn.unsupported + (Unsupported(f"{card.layout} card faces"),))
    from ..oracle import compile_card
    # each face compiled as a card of its own (its faces are the card's business)
    faces = [compile_card(dataclasses.replace(f, layout="normal", faces=())) for f in card.faces]
    unsupported = tuple(u for f in faces for u in f.unsupported)
    layout = card.layout
    if layout == "reversible_card":
        # Two faces of one card printed on both sides: playable only when they are the
        # same card (an alternate art), which is then just its front face.
        same = {"name": "", "layout": ""}
        if (card.faces[0].to_dict() | same) != (card.faces[1].to_dict() | same):
            unsupported += (Unsupported("reversible card faces"),)
        return dataclasses.replace(faces[0], name=card.name, unsupported=unsupported)
    if layout in ("split", "aftermath"):
        return _split(card, faces, unsupported)
    front, back = faces
    if layout == "transform":
        # CR 712.8e: a nonmodal back face's mana value is its front face's.
        back = dataclasses.replace(back, front_mana_value=front.mana_value)
        front, back, unsupported = _disturb(front, back, unsupported)
        if "Instant" in back.types or "Sorcery" in back.types:
            unsupported += (Unsupported("transform card with an instant or sorcery back face"),)
    if layout in ("adventure", "prepare") and not ({"Instant", "Sorcery"} & set(back.types)):
        unsupported += (Unsupported(f"{layout} card faces"),)
    if layout == "prepare":
        # CR 722.2a: it "has a prepare spell" (its inset instant or sorcery)
        from ..abilities import StaticAbility
        front = dataclasses.replace(front, static=front.static + (
            StaticAbility("prepare_spell", back.name),))
    if layout == "modal_dfc" and ("Land" in back.types) != ("Land" in front.types) and \
            "Land" in front.types:
        pass   # a land front face with a spell back face: both playable (CR 712.12)
    faces = (dataclasses.replace(front, face=0), dataclasses.replace(back, face=1))
    # CR 712.8a / 715.4: outside the stack and battlefield the card has only its front
    # face's (its creature's) characteristics; it keeps its Oracle name "A // B" here (the
    # name decks and game records use).
    return dataclasses.replace(front, name=card.name, faces=faces, unsupported=unsupported)


_EXILE_INSTEAD = re.compile(r"If (~|this (?:creature|enchantment|permanent)) would be put "
                            r"into a graveyard from anywhere, exile it instead\.")


def _disturb(front, back, unsupported):
    """CR 702.146a: "Disturb [cost]" on the front face lets the card be cast transformed
    from the graveyard for that cost: the alternative cost belongs to the back face, the
    face cast (712.11a). A back face's "If ~ would be put into a graveyard from anywhere,
    exile it instead" (CR 614.1a) applies wherever the back face is up: on the stack and
    the battlefield (elsewhere the card has its front face, CR 712.8a)."""
    from ..abilities import StaticAbility
    dist = tuple(a for a in front.alternatives if a.name == "disturb")
    if dist:
        front = dataclasses.replace(front, alternatives=tuple(
            a for a in front.alternatives if a.name != "disturb"))
        back = dataclasses.replace(back, alternatives=back.alternatives + dist)
    keep = []
    for u in unsupported:
        if _EXILE_INSTEAD.fullmatch(u.text) and any(
                _EXILE_INSTEAD.fullmatch(x.text) for x in back.unsupported):
            back = dataclasses.replace(
                back, static=back.static + (StaticAbility("exile_instead_of_graveyard", u.text),),
                unsupported=tuple(x for x in back.unsupported if x is not u))
        else:
            keep.append(u)
    return front, back, tuple(keep)


_PROTOTYPE = re.compile(r"Prototype ((?:\{[^}]+\})+) — (\d+)/(\d+)")


def _prototype(defn):
    """CR 702.160a / 718.2-5: a prototype card may be cast prototyped: the spell and the
    permanent it becomes have the inset mana cost, power and toughness (and the colors of
    that cost, 718.3b); everything else stays the card's (718.5). The prototyped
    characteristics are the card's second face (``engine/areas/faces.py``)."""
    from ...cards.database import CardData
    from ...mana import ManaCost
    from ..abilities import Unsupported
    st = next((s for s in defn.static if s.kind == "prototype"), None)
    m = _PROTOTYPE.fullmatch(st.text) if st is not None else None
    if m is None:
        return dataclasses.replace(
            defn, unsupported=defn.unsupported + (Unsupported("prototype card faces"),))
    probe = CardData(defn.name, m.group(1), "", (), (), (), (), None, None, None, "",
                     "normal", ())
    proto = dataclasses.replace(defn, mana_cost=ManaCost.parse(m.group(1)),
                                power=int(m.group(2)), toughness=int(m.group(3)),
                                colors=probe.colors, face=1)
    return dataclasses.replace(defn, faces=(dataclasses.replace(defn, face=0), proto))


def _split(card, faces, unsupported):
    """CR 709.4: in every zone but the stack a split card has both halves'
    characteristics combined: its mana cost is the two costs together (709.4b), it has
    each card type of either half (709.4c); it is cast only as one half (709.3)."""
    from ...mana import ManaCost
    from ..abilities import Unsupported
    left, right = faces
    if not all({"Instant", "Sorcery"} & set(f.types) for f in faces):
        unsupported += (Unsupported("split permanent card faces"),)
    if card.layout == "aftermath":
        # CR 702.127a: only the right half has aftermath.
        if "aftermath" in left.keywords or "aftermath" not in right.keywords:
            unsupported += (Unsupported("aftermath card faces"),)
    types = tuple(dict.fromkeys(left.types + right.types))
    colors = tuple(c for c in "WUBRG" if c in left.colors or c in right.colors)
    cost = ManaCost.parse((card.faces[0].mana_cost or "") + (card.faces[1].mana_cost or ""))
    halves = (dataclasses.replace(left, face=0), dataclasses.replace(right, face=1))
    combined = dataclasses.replace(
        left, name=card.name, mana_cost=cost, types=types,
        subtypes=tuple(dict.fromkeys(left.subtypes + right.subtypes)), colors=colors,
        keywords=left.keywords | right.keywords, spell=None, activated=(), triggered=(),
        static=(), alternatives=(), additional=(), required=(), faces=halves,
        unsupported=unsupported, text=left.text + "\n//\n" + right.text,
        type_line=left.type_line)
    if "fuse" in combined.keywords:
        fused = _fused(combined, left, right)
        if fused is None:
            unsupported += (Unsupported("fuse"),)
            return dataclasses.replace(combined, unsupported=unsupported)
        combined = dataclasses.replace(combined, faces=halves + (fused,))
    return combined


def _fused(combined, left, right):
    """CR 702.102a-d: a fused split spell, cast from the hand: both halves' combined
    characteristics (709.4d) and costs (702.102c); it follows the left half's
    instructions, then the right half's (702.102d), their targets one after the other."""
    from ..abilities import SpellAbility
    from ..effect_text import shift
    a, b = left.spell, right.spell
    if a is None or b is None or a.modes or b.modes or left.additional or right.additional \
            or left.required or right.required or left.alternatives or right.alternatives:
        return None
    spell = SpellAbility(a.targets + b.targets, a.effects + shift(b.effects, len(a.targets)),
                         a.text + "\n" + b.text)
    return dataclasses.replace(combined, spell=spell, faces=(), face=2)


# ---------------------------------------------------------------- text

_TYPES = {"instant or sorcery": ("Instant", "Sorcery"), "creature": ("Creature",),
          "land": ("Land",), "instant": ("Instant",), "sorcery": ("Sorcery",)}


_CARD_TYPES = ("artifact", "creature", "land", "enchantment", "planeswalker")


def _craft(line: str, low: str, out: dict) -> bool:
    """CR 702.167a: "Craft with [materials] [cost]" means "[Cost], Exile this permanent,
    Exile [materials] from among permanents you control and/or cards in your graveyard:
    Return this card to the battlefield transformed under its owner's control. Activate
    only as a sorcery." Materials here: one object of a card type or subtype (702.167b)."""
    from ...mana import ManaCost
    from ..abilities import ActivatedAbility, ChoiceCost, Cost, TargetSpec
    m = re.fullmatch(r"craft with (an? )?([a-z]+) (\{[^ ]*\})", low)
    if not m:
        return False
    word = m.group(2)
    if word in _CARD_TYPES:
        spec = TargetSpec("permanent", controller="you", types=(word.capitalize(),),
                          zone="battlefield+graveyard", other=True)
    elif word.capitalize() in ("Cave", "Island", "Forest", "Mountain", "Plains", "Swamp"):
        spec = TargetSpec("permanent", controller="you", subtypes=(word.capitalize(),),
                          zone="battlefield+graveyard", other=True)
    else:
        return False
    try:
        mana = ManaCost.parse(m.group(3))
    except ValueError:
        return False
    cost = Cost(mana, exile_self=True, choices=(ChoiceCost("exile", 1, spec),))
    out["activated"].append(ActivatedAbility(cost, (ReturnTransformed(),), (), False, True,
                                             line))
    return True


# The werewolves' intervening "if" conditions (CR 603.4), checked by the engine.
_LAST_TURN = {"no spells were cast last turn": "faces:no_spells_last_turn",
              "a player cast two or more spells last turn": "faces:two_spells_last_turn"}


def compile_line(line: str, low: str, is_spell: bool, out: dict) -> bool:
    if low.startswith("craft with") and not is_spell:
        return _craft(line, low, out)
    # CR 702.160a: "Prototype {cost} — P/T" (the second face, ``_prototype``)
    if _PROTOTYPE.fullmatch(line) and not is_spell:
        from ..abilities import StaticAbility
        out["static"].append(StaticAbility("prototype", line))
        return True
    from . import faces_prepare, faces_saga
    if faces_saga.compile_line(line, low, is_spell, out):   # CR 714.2: chapter abilities
        return True
    if faces_prepare.compile_line(line, low, is_spell, out):   # CR 722.3a
        return True
    # Werewolves (CR 603.4, 701.27a): "At the beginning of each upkeep, if no spells were
    # cast last turn, transform ~." and "... if a player cast two or more spells last turn"
    m = re.fullmatch(r"at the beginning of each upkeep, if (.+), transform ~", low)
    if m and m.group(1) in _LAST_TURN and not is_spell:
        from ..abilities import TriggeredAbility
        out["triggered"].append(TriggeredAbility(("each_upkeep",), (Transform(),), (), False,
                                                 line, _LAST_TURN[m.group(1)]))
        return True
    # CR 702.127a: "Aftermath" (the engine reads it from the half's keywords).
    if low == "aftermath" and not out["keywords"]:
        out["keywords"].add("aftermath")
        return True
    # CR 614.1c: older wording of "This land enters tapped." (modal double-faced lands)
    if low == "~ enters the battlefield tapped":
        from ..abilities import StaticAbility
        out["static"].append(StaticAbility("enters_tapped", line))
        return True
    return False


def compile_sentence(s: str, low: str):
    from . import faces_prepare, faces_saga
    r = faces_saga.compile_sentence(s, low) or faces_prepare.compile_sentence(s, low)
    if r is not None:
        return r
    low = low.rstrip(".")
    # CR 701.27a: "Transform ~."
    if low == "transform ~":
        return (), (Transform(),)
    # CR 119.3 / 208.3: "You gain life equal to its power" (the source's power, its last
    # known one if it left, 608.2h) -- a prototyped permanent's power differs (718.3b)
    if low in ("you gain life equal to its power", "you gain life equal to ~'s power"):
        return (), (GainLifeSourcePower(),)
    m = re.fullmatch(r"look at the top card of your library\. you may reveal that card\. "
                     r"if an? (instant or sorcery|creature|land|instant|sorcery) card is "
                     r"revealed this way, transform ~", low)
    if m:
        return (), (RevealTopTransform(_TYPES[m.group(1)]),)
    return None
