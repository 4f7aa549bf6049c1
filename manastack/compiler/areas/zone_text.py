"""Compiler area `zone_text` (see ``areas/__init__.py`` for the hooks an area defines):
moving cards between zones, looking at and revealing them (CR 400-408, 607, 701).

- keyword actions: connive (CR 701.50), learn (701.48, the rummage option: there is no
  sideboard), "When ~ enters, it explores." (explore itself, 701.44, is in
  ``optional_costs``);
- linked exile (CR 607.2a): "When ~ leaves the battlefield, return the exiled card to the
  battlefield under its owner's control." links to the ability printed above it that
  exiles;
- flicker: "Exile target creature you control, then return it to the battlefield under
  its owner's control." (CR 400.7);
- hands: "Target opponent reveals their hand. You choose a [quality] card from it. That
  player discards that card." (CR 701.20a / 701.9a);
- impulse draw: "Exile the top card of your library. Until end of turn, you may play
  that card." (CR 406.3, 611.2a);
- libraries: "look at the top N cards of your library. You may reveal a [quality] card
  from among them and put it into your hand. Put the rest on the bottom of your library
  in any order." (CR 401.2 / 701.20a / 401.4).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from ..abilities import TargetSpec

_N = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
      "seven": 7, "eight": 8, "nine": 9, "ten": 10}


# ---------------------------------------------------------------- effects

@dataclass(frozen=True, slots=True)
class Connive:
    """CR 701.50a: the permanent (target ``target``, -1: the source) connives: its
    controller draws a card, then discards a card; if a nonland card is discarded, a
    +1/+1 counter is put on it."""

    target: int = -1


@dataclass(frozen=True, slots=True)
class Learn:
    """CR 701.48a: "You may discard a card. If you do, draw a card." (the Lesson option
    needs a sideboard, which games here don't have)."""


@dataclass(frozen=True, slots=True)
class ExileLinked:
    """CR 607.2a: exile target number ``target``; an ability of the same source that
    refers to "the exiled card" returns it."""

    target: int = 0


@dataclass(frozen=True, slots=True)
class ReturnLinked:
    """CR 607.2a: return the cards the source exiled with its linked ability to the
    battlefield under their owners' control (``to`` = ``hand``: to their owners' hands)."""

    to: str = "battlefield"


@dataclass(frozen=True, slots=True)
class RevealHandChoose:
    """CR 701.20a / 701.9a: target player number ``target`` reveals their hand; the
    controller chooses a card matching ``spec`` from it;
    that player discards it (``to`` = ``discard``) or it is exiled (``exile``)."""

    spec: TargetSpec
    target: int = 0
    to: str = "discard"
    linked: bool = False   # CR 607.2a: an exile another ability refers to


@dataclass(frozen=True, slots=True)
class ExileToPlay:
    """Impulse draw: exile the top ``count`` cards of your library (face up, CR 406.3);
    you may play them (CR 305.1 / 601.2a permission, 611.2a) until ``until``:
    ``end_of_turn`` ("this turn", "until end of turn", CR 514.2) or ``next_turn`` ("until
    the end of your next turn")."""

    count: int = 1
    until: str = "end_of_turn"


@dataclass(frozen=True, slots=True)
class PutIntoLibrary:
    """CR 401.4 / 400.3: target number ``target`` is put into its owner's library at one
    of ``places`` ("second": second from the top; "bottom"); with two places its owner
    chooses."""

    places: tuple = ("second",)
    target: int = 0


@dataclass(frozen=True, slots=True)
class FlickerGroup:
    """CR 400.7: exile every target of group ``target``, then return those cards to the
    battlefield under your (or their owners') control, as new objects."""

    target: int = 0
    under_your_control: bool = True


@dataclass(frozen=True, slots=True)
class NamedControllersDraw:
    """"Each player who controls a permanent named ~ draws a card" (CR 201.2: a name
    shared with the source)."""

    count: int = 1


@dataclass(frozen=True, slots=True)
class DestroyThenControllerSearches:
    """CR 701.8a / 701.23a: destroy target number ``target``; its controller (last known
    information) may search their library for a card matching ``spec``, put it onto the
    battlefield (``tapped``), then shuffle."""

    spec: TargetSpec
    tapped: bool = False
    target: int = 0


@dataclass(frozen=True, slots=True)
class ExileGraveyards:
    """CR 406.1: exile the cards of a graveyard: ``who`` is ``all`` (every graveyard) or
    ``target`` (target player number ``target``); ``spec``, if any, filters the cards
    ("all creature cards from"); ``life_each``: "You gain N life for each card exiled
    this way" (CR 119.3)."""

    who: str = "all"
    target: int = 0
    spec: TargetSpec | None = None
    life_each: int = 0


@dataclass(frozen=True, slots=True)
class PlayerExilesFromGraveyard:
    """Target player number ``target`` exiles a card of their choice from their
    graveyard (CR 406.1, 101.4)."""

    target: int = 0


@dataclass(frozen=True, slots=True)
class ShuffleGraveyardIntoLibrary:
    """Target player number ``target`` (-1: you) shuffles their graveyard into their
    library (CR 701.24a)."""

    target: int = 0


@dataclass(frozen=True, slots=True)
class PutCommandersIntoHand:
    """CR 903.3: "Put all commanders you own from the command zone and from your
    graveyard into your hand." Only the Commander variant has commanders (and a command
    zone holding them, CR 408.1); a manastack game has none, so nothing moves."""


@dataclass(frozen=True, slots=True)
class RevealUntilToGraveyard:
    """CR 701.20a: target player number ``target`` reveals cards from the top of their
    library until they reveal a card matching ``spec``, then puts those cards (that one
    included) into their graveyard."""

    spec: TargetSpec
    target: int = 0


@dataclass(frozen=True, slots=True)
class ReturnAtRandom:
    """Return a card matching ``spec`` chosen at random (the game's seeded RNG) from your
    graveyard to your hand (CR 400.6)."""

    spec: TargetSpec


@dataclass(frozen=True, slots=True)
class SearchToTop:
    """CR 701.23a / 701.24a: search your library for a card matching ``spec``, reveal it,
    then shuffle and put that card on top."""

    spec: TargetSpec


@dataclass(frozen=True, slots=True)
class LookAtHand:
    """Look at target player number ``target``'s hand (CR 402.3: a hidden zone its owner
    can see; the cards are shown to the controller only)."""

    target: int = 0


@dataclass(frozen=True, slots=True)
class PutLandFromHand:
    """"You may put a land card from your hand onto the battlefield" (CR 305.9: not a land
    play)."""

    tapped: bool = False


# ---------------------------------------------------------------- phrases

_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_CARD_TYPES = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment",
               "land": "Land", "planeswalker": "Planeswalker", "instant": "Instant",
               "sorcery": "Sorcery", "battle": "Battle", "kindred": "Kindred"}
# CR 110.4: the permanent card types.
_PERMANENT_TYPES = "Artifact,Battle,Creature,Enchantment,Land,Planeswalker"


def card_spec(phrase: str, zone: str) -> TargetSpec | None:
    """A card phrase with its determiner removed ("card", "noncreature, nonland card",
    "instant or sorcery card", "artifact, instant, or sorcery card", "nonland permanent
    card", "creature card") as a filter on cards in ``zone`` (CR 109.1, 205.2); None when
    a word isn't understood."""
    p = phrase.strip()
    if p == "instant card or a card with flash":
        return TargetSpec("card", zone=zone, quals=("either:anytype:Instant|cardkw:flash",))
    m = re.fullmatch(r"(.+ card) with (power|mana value) (\d+) or (less|greater)", p)
    if m:
        spec = card_spec(m.group(1), zone)
        if spec is None:
            return None
        q = ("cardpower" if m.group(2) == "power" else "mv") + (
            "<=" if m.group(4) == "less" else ">=") + m.group(3)
        return dataclasses.replace(spec, quals=spec.quals + (q,))
    if not p.endswith("card"):
        return None
    words = p[:-len("card")].strip()
    quals: list[str] = []
    types: list[str] = []
    if not words:
        return TargetSpec("card", zone=zone)
    # "X, Y, or Z" / "X or Y": one of the card types.
    m = re.fullmatch(r"((?:\w+, )*\w+),? or (\w+)", words)
    if m:
        alts = [w.strip() for w in m.group(1).split(",")] + [m.group(2)]
        if not all(a in _CARD_TYPES for a in alts):
            return None
        return TargetSpec("card", zone=zone,
                          quals=("anytype:" + ",".join(_CARD_TYPES[a] for a in alts),))
    colors: list[str] = []
    subtypes: list[str] = []
    for w in re.split(r",? ", words):
        if w == "basic":
            quals.append("super:Basic")   # CR 205.4c
        elif w == "colorless":
            # CR 105.2c: a colorless object has no color.
            quals.extend("noncolor:" + c for c in "WUBRG")
        elif w in _COLOR_WORDS:
            colors.append(_COLOR_WORDS[w])
        elif w[:1].isupper() and w.isalpha():
            subtypes.append(w)
        elif w.startswith("non") and w[3:] in _CARD_TYPES:
            quals.append("non:" + _CARD_TYPES[w[3:]])
        elif w in _CARD_TYPES:
            types.append(_CARD_TYPES[w])
        elif w == "permanent":
            quals.append("anytype:" + _PERMANENT_TYPES)
        else:
            return None
    return TargetSpec("card", zone=zone, types=tuple(types), subtypes=tuple(subtypes),
                      colors=tuple(colors), quals=tuple(quals))


def _cased(s: str, i: int, j: int) -> str:
    """The phrase ``s[i:j]`` without its article, card words in lower case and subtypes
    as printed ("a Rebel permanent card" -> "Rebel permanent card")."""
    words = re.sub(r"^(?:an?|An?) ", "", s[i:j]).split()
    return " ".join(w if w[:1].isupper() and w.lower() not in _CARD_TYPES
                    and w.lower() not in _COLOR_WORDS else w.lower() for w in words)


def _a(phrase: str) -> str | None:
    m = re.fullmatch(r"(?:a|an) (.+)", phrase)
    return m.group(1) if m else None


# ---------------------------------------------------------------- sentences

def compile_sentence(s: str, low: str):
    """One effect (possibly several sentences) -> (targets, effects) or None."""
    s = s.strip().rstrip(".")
    low = s.lower()
    # CR 701.50a: the source connives.
    if low == "~ connives":
        return (), (Connive(),)
    m = re.fullmatch(r"(up to one )?target creature you control connives", low)
    if m:
        spec = TargetSpec("creature", controller="you", minimum=0 if m.group(1) else 1)
        return (spec,), (Connive(0),)
    if low == "learn":
        return (), (Learn(),)
    # CR 400.7: flicker -- the card returns as a new object.
    m = re.fullmatch(r"exile (target (?:creature|nontoken creature|artifact or creature|"
                     r"creature or artifact|permanent|nonland permanent) you control|"
                     r"another target creature you control), then return (?:it|that card) to "
                     r"the battlefield under (its owner's|your) control", low)
    if m:
        from ..effect_text import target_phrase
        spec = target_phrase(m.group(1))
        if spec is None or spec.zone != "battlefield":
            return None
        from ..abilities import Flicker
        return (spec,), (Flicker(0, m.group(2) == "your"),)
    # CR 701.20a / 701.9a: "Target opponent reveals their hand. You choose a noncreature,
    # nonland card from it. That player discards that card."
    m = re.fullmatch(r"target (opponent|player) reveals their hand\. you choose "
                     r"(.+?) from it\. that player discards that card", low)
    if m:
        phrase = _a(m.group(2))
        spec = card_spec(phrase, "hand") if phrase else None
        if spec is None:
            return None
        who = TargetSpec("player", controller="opponent" if m.group(1) == "opponent" else None)
        return (who,), (RevealHandChoose(spec, 0, "discard"),)
    m = re.fullmatch(r"target (opponent|player) reveals their hand(?:\. you| and you) choose "
                     r"(.+?) from it(?: and|\.) exile that card", low)
    if m:
        phrase = _a(m.group(2))
        spec = card_spec(phrase, "hand") if phrase else None
        if spec is None:
            return None
        who = TargetSpec("player", controller="opponent" if m.group(1) == "opponent" else None)
        return (who,), (RevealHandChoose(spec, 0, "exile"),)
    # CR 401.2 / 701.20a / 401.4: "Look at the top N cards of your library. You may reveal
    # a [quality] card from among them and put it into your hand. Put the rest on the
    # bottom of your library in any order." (and "reveal the top N", "any number of",
    # "Put all [quality] cards revealed this way into your hand and the rest ...").
    look = _look_and_take(s, low)
    if look is not None:
        return look
    # ... and a further sentence after the look ("Create a 0/1 ... Eldrazi Spawn token").
    m = re.match(r"(?:look at|reveal) the top \w+ cards of your library\. .+?put the rest "
                 + _REST + r"\. ", low)
    if m and m.end() < len(s) and s[m.end()].isupper():
        look = _look_and_take(s[:m.end() - 2], low[:m.end() - 2])
        if look is not None:
            from ..oracle import compile_effect
            from ..effect_text import shift
            more = compile_effect(s[m.end():])
            if more is not None:
                return more[0], look[1] + shift(more[1], 0)
    # CR 401.4: "The owner of target nonland permanent puts it into their library second
    # from the top or on the bottom." / "Put target creature into its owner's library
    # second from the top."
    m = re.fullmatch(r"(?:the owner of (target .+?) puts it into their library second from the "
                     r"top or on the bottom|put (target .+?) into its owner's library second "
                     r"from the top|(target .+?)'s owner puts it on their choice of the top or "
                     r"bottom of their library)", low)
    if m:
        from ..effect_text import target_phrase
        spec = target_phrase(m.group(1) or m.group(2) or m.group(3))
        if spec is None or spec.zone != "battlefield":
            return None
        places = (("second", "bottom") if m.group(1) else ("second",) if m.group(2)
                  else ("top", "bottom"))
        return (spec,), (PutIntoLibrary(places),)
    # CR 400.7: "Exile two target artifacts, creatures, and/or lands you control, then
    # return those cards to the battlefield under your control."
    m = re.fullmatch(r"exile (two|up to two|any number of) target ((?:\w+, )*\w+,? and/or \w+) "
                     r"you control, then return (?:those cards|them) to the battlefield under "
                     r"(your|their owners') control", low)
    if m:
        words = [w.strip() for w in re.split(r",? and/or |, ", m.group(2)) if w.strip()]
        plural = {"artifacts": "Artifact", "creatures": "Creature", "lands": "Land",
                  "enchantments": "Enchantment", "planeswalkers": "Planeswalker"}
        if not all(w in plural for w in words):
            return None
        lo, hi = {"two": (2, 2), "up to two": (0, 2), "any number of": (0, None)}[m.group(1)]
        spec = TargetSpec("permanent", lo, hi, controller="you",
                          quals=("anytype:" + ",".join(plural[w] for w in words),))
        return (spec,), (FlickerGroup(0, m.group(3) == "your"),)
    # CR 201.2: "Each player who controls a permanent named ~ draws a card."
    if low == "each player who controls a permanent named ~ draws a card":
        return (), (NamedControllersDraw(1),)
    # "Destroy target land. Its controller may search their library for a basic land card,
    # put it onto the battlefield tapped, then shuffle."
    m = re.fullmatch(r"destroy (target [^.]+)\. its controller may search their library for "
                     r"an? ([^.,]+?) card, put it onto the battlefield( tapped)?, then shuffle", low)
    if m:
        from ..effect_text import _search_spec, target_phrase
        spec = target_phrase(m.group(1))
        find = _search_spec(m.group(2))
        if spec is None or spec.zone != "battlefield" or find is None or \
                not (find.types == ("Land",) or find.subtypes):
            return None
        return (spec,), (DestroyThenControllerSearches(find, bool(m.group(3))),)
    # CR 701.23a: "search your library for a land card, put that card onto the
    # battlefield" / "..., reveal that card, put it into your hand" are the usual search.
    if low.startswith("search your library for ") and ("put that card onto" in low
                                                      or "reveal that card, put it" in low):
        from ..oracle import compile_sentence as whole
        t = s.replace("put that card onto", "put it onto").replace(
            "reveal that card, put it", "reveal it, put it")
        return whole(t) if t != s else None   # (unchanged text: no endless recursion)
    # CR 701.23a: "Search your library for an instant card, reveal it, put it into your
    # hand, then shuffle." (any card phrase).
    m = re.fullmatch(r"search your library for (an? .+?), (?:reveal (?:it|that card), )?put (?:it|"
                     r"that card) (into your hand|onto the battlefield( tapped)?), then shuffle",
                     low)
    if m:
        from ..abilities import SearchToZone
        spec = card_spec(_cased(s, m.start(1), m.end(1)), "library")
        if spec is None:
            return None
        if m.group(2) != "into your hand":
            # only a permanent card can be put onto the battlefield (CR 110.4)
            if not (spec.types and all(t in _PERMANENT_TYPES.split(",") for t in spec.types)
                    or any(q == "anytype:" + _PERMANENT_TYPES for q in spec.quals)):
                return None
            return (), (SearchToZone(spec, "battlefield", 1, bool(m.group(3))),)
        return (), (SearchToZone(spec, "hand", 1),)
    m = re.fullmatch(r"search your library for (an? .+?), reveal it, then shuffle and put that "
                     r"card on top", low)
    if m:
        spec = card_spec(_cased(s, m.start(1), m.end(1)), "library")
        if spec is None:
            return None
        return (), (SearchToTop(spec),)
    # CR 610.3: "Exile target artifact or creature an opponent controls until ~ leaves the
    # battlefield."
    m = re.fullmatch(r"exile (target .+?) until ~ leaves the battlefield", low)
    if m:
        from ..abilities import ExileUntilLeaves
        from ..effect_text import target_phrase
        spec = target_phrase(s[m.start(1):m.end(1)])
        if spec is None or spec.zone != "battlefield" or spec.maximum != 1:
            return None
        return (spec,), (ExileUntilLeaves(0),)
    m = re.fullmatch(r"look at target (player|opponent)'s hand", low)
    if m:
        return ((TargetSpec("player", controller="opponent" if m.group(1) == "opponent"
                            else None),), (LookAtHand(0),))
    m = re.fullmatch(r"you may put a land card from your hand onto the battlefield( tapped)?", low)
    if m:
        return (), (PutLandFromHand(bool(m.group(1))),)
    m = re.fullmatch(r"target (player|opponent) reveals cards from the top of their library "
                     r"until they reveal (an? .+? card), then puts those cards into their "
                     r"graveyard", low)
    if m:
        spec = card_spec(_a(m.group(2)) or "", "library")
        if spec is None:
            return None
        who = TargetSpec("player", controller="opponent" if m.group(1) == "opponent" else None)
        return (who,), (RevealUntilToGraveyard(spec, 0),)
    m = re.fullmatch(r"return (an? .+? card) at random from your graveyard to your hand", low)
    if m:
        spec = card_spec(_a(m.group(1)) or "", "graveyard")
        if spec is None:
            return None
        return (), (ReturnAtRandom(spec),)
    # CR 406.1: graveyards.
    if low == "exile all graveyards":
        return (), (ExileGraveyards("all"),)
    m = re.fullmatch(r"exile all (.+? cards?) from target (player|opponent)'s graveyard(?:\. you "
                     r"gain (\d+) life for each card exiled this way)?", low)
    if m:
        spec = card_spec(m.group(1).removesuffix("s"), "graveyard")
        if spec is None:
            return None
        who = TargetSpec("player", controller="opponent" if m.group(2) == "opponent" else None)
        return (who,), (ExileGraveyards("target", 0, spec, int(m.group(3) or 0)),)
    m = re.fullmatch(r"target (player|opponent) exiles a card from their graveyard", low)
    if m:
        who = TargetSpec("player", controller="opponent" if m.group(1) == "opponent" else None)
        return (who,), (PlayerExilesFromGraveyard(0),)
    if low == "target player shuffles their graveyard into their library":
        return (TargetSpec("player"),), (ShuffleGraveyardIntoLibrary(0),)
    if low in ("shuffle your graveyard into your library",
               "then shuffle your graveyard into your library"):
        return (), (ShuffleGraveyardIntoLibrary(-1),)
    if low == ("put all commanders you own from the command zone and from your graveyard "
               "into your hand"):
        return (), (PutCommandersIntoHand(),)
    # CR 401.4: "Put target card from a graveyard on the bottom of its owner's library."
    m = re.fullmatch(r"put ((?:up to one )?target .+? from (?:a|your) graveyard) on (top|the "
                     r"bottom) of (?:its owner's|your) library", low)
    if m:
        from ..abilities import MoveTargetTo
        from ..effect_text import target_phrase
        spec = target_phrase(s[m.start(1):m.end(1)])
        if spec is None or spec.zone != "graveyard" or spec.maximum != 1:
            return None
        if "your library" in low and spec.controller != "you":
            return None
        return (spec,), (MoveTargetTo("library_top" if m.group(2) == "top"
                                      else "library_bottom", 0),)
    # Impulse draw: "Exile the top card of your library. Until end of turn, you may play
    # that card." / "... You may play it until the end of your next turn."
    m = re.fullmatch(r"exile the top (card|\w+ cards) of your library\. (?:(until end of turn|"
                     r"until the end of your next turn), you may play (that card|those cards|"
                     r"them)|you may play (that card|it|those cards|them) (this turn|until end "
                     r"of turn|until the end of your next turn))", low)
    if m:
        n = 1 if m.group(1) == "card" else _N.get(m.group(1).split()[0])
        obj = m.group(3) or m.group(4)
        if n is None or n < 2 and obj in ("those cards", "them") \
                or n > 1 and obj in ("that card", "it"):
            return None
        when = m.group(2) or m.group(5)
        return (), (ExileToPlay(n, "next_turn" if "next turn" in when else "end_of_turn"),)
    return None


_REST = (r"(on the bottom of your library in (?:any|a random) order|into your graveyard)")


def _look_and_take(s: str, low: str):
    """The look-at-the-top templates (CR 401.2, 701.20a, 401.4)."""
    from ..abilities import LookAtTop, LookedToHand, LookedToRest
    m = re.fullmatch(r"(?:look at|reveal) the top (\w+) cards of your library\. (.+)", low)
    if not m or m.group(1) not in _N:
        return None
    n = _N[m.group(1)]
    tail = m.group(2)
    orig = s[len(s) - len(tail):]
    mm = re.fullmatch(r"you may (?:reveal|put) (an? .+?|any number of .+?) from among them "
                      r"(?:and put (?:it|that card|them|the revealed cards|those cards) )?into "
                      r"your hand\. (?:then )?put the rest " + _REST, tail)
    optional = True
    if mm:
        what, what_o = mm.group(1), orig[mm.start(1):mm.end(1)]
        rest_text = mm.group(2)
    else:
        mm = re.fullmatch(r"put all (.+?) revealed this way into your hand and the rest "
                          + _REST, tail)
        if not mm or not low.startswith("reveal"):
            return None
        what, what_o = "any number of " + mm.group(1), "any number of " + orig[
            mm.start(1):mm.end(1)]
        rest_text = mm.group(2)
        optional = False
    if what.startswith("any number of "):
        phrase = what_o[len("any number of "):]
        if not phrase.endswith("cards"):
            return None
        count = n
        phrase = phrase[:-1]
    else:
        count = 1
        phrase = re.sub(r"^an? ", "", what_o)
    # card words in lower case, subtypes as printed
    phrase = " ".join(w if w[:1].isupper() and w.lower() not in _CARD_TYPES else w.lower()
                      for w in phrase.split())
    spec = card_spec(phrase, "library")
    if spec is None:
        return None
    rest = (LookedToRest("graveyard") if rest_text == "into your graveyard"
            else LookedToRest("bottom", "random" in rest_text))
    return (), (LookAtTop(n), LookedToHand(count, spec, optional), rest)


# ---------------------------------------------------------------- lines and triggers

TRIGGERS: list = []


def _link_exile(out: dict) -> bool:
    """CR 607.2a: the one ability printed above that exiles a target becomes the linked
    one (its exile is remembered for "the exiled card")."""
    from ..abilities import MoveTargetTo
    found = []
    for kind in ("triggered", "activated"):
        for i, ab in enumerate(out[kind]):
            for j, e in enumerate(ab.effects):
                if isinstance(e, MoveTargetTo) and e.to == "exile" or \
                        isinstance(e, RevealHandChoose) and e.to == "exile":
                    found.append((kind, i, j))
    if len(found) != 1:
        return False
    kind, i, j = found[0]
    ab = out[kind][i]
    if isinstance(ab.effects[j], RevealHandChoose):
        effs = list(ab.effects)
        effs[j] = dataclasses.replace(effs[j], linked=True)
        out[kind][i] = dataclasses.replace(ab, effects=tuple(effs))
        return True
    spec = ab.targets[ab.effects[j].target] if ab.effects[j].target < len(ab.targets) else None
    if spec is None or spec.maximum != 1:
        return False
    effs = list(ab.effects)
    effs[j] = ExileLinked(effs[j].target)
    out[kind][i] = dataclasses.replace(ab, effects=tuple(effs))
    return True


_RETURN_COST = re.compile(r"[Rr]eturn an? ([a-z]+|[A-Z][a-z]+) you control to its owner's hand")


def _activated(line: str, is_spell: bool):
    """CR 602.1: "[Cost]: [Effect.]" where the cost may return a permanent you control to
    its owner's hand (CR 118.3), and "Activate only once each turn." (602.5b) may
    follow. Returns the ActivatedAbility or None."""
    from ..abilities import ActivatedAbility, ChoiceCost, Cost
    from ..lines import is_mana_ability
    from ..oracle import compile_cost, compile_effect
    once = False
    body_line = line.strip()
    if body_line.endswith("Activate only once each turn."):
        once = True
        body_line = body_line[:-len("Activate only once each turn.")].strip()
    m = re.fullmatch(r"([^:\"]+):\s*(.+)", body_line)
    if not m or is_spell:
        return None
    parts = [x.strip() for x in m.group(1).split(",")]
    ret = [x for x in parts if _RETURN_COST.fullmatch(x)]
    # CR 118.3 / 406.1: "Exile this artifact" as a cost (the object must be on the
    # battlefield to pay it).
    exile = [x for x in parts if x in ("Exile ~", "exile ~")]
    if not once and not ret and not exile or len(ret) > 1 or len(exile) > 1:
        return None
    rest = [x for x in parts if x not in ret and x not in exile]
    cost = compile_cost(", ".join(rest)) if rest else Cost()
    if cost is None:
        return None
    if exile:
        if cost.sacrifice_self:
            return None
        cost = dataclasses.replace(cost, exile_self=True)
    if ret:
        w = _RETURN_COST.fullmatch(ret[0]).group(1)
        t = _CARD_TYPES.get(w.lower())
        if t is not None and t in ("Artifact", "Creature", "Enchantment", "Land"):
            spec = TargetSpec("permanent", controller="you", types=(t,))
        elif w[0].isupper():
            spec = TargetSpec("permanent", controller="you", subtypes=(w,))
        else:
            return None
        cost = dataclasses.replace(cost, choices=cost.choices + (ChoiceCost("return", 1, spec),))
    body = m.group(2).strip()
    sorcery = body.endswith("Activate only as a sorcery.")
    if sorcery:
        body = body[:-len("Activate only as a sorcery.")].strip()
    compiled = compile_effect(body)
    if compiled is None:
        return None
    targets, effects = compiled
    # CR 605.1a: no target, could add mana, not a loyalty ability -> a mana ability.
    mana_ability = is_mana_ability(effects, targets)
    if mana_ability is None:
        return None
    if mana_ability and (cost.mana.hybrid or cost.mana.phyrexian or cost.mana.x or cost.choices):
        return None
    return ActivatedAbility(cost, effects, targets, mana_ability, sorcery, line, "battlefield",
                            "once_each_turn" if once else "")


def compile_line(line: str, low: str, is_spell: bool, out: dict) -> bool:
    # CR 602.5b: "Activate only once each turn."; CR 118.3: "Return a Forest you control to
    # its owner's hand:" costs.
    if ":" in line and ("Activate only once each turn." in line or "to its owner's hand" in line
                        or "Exile ~" in line.split(":")[0]):
        ab = _activated(line, is_spell)
        if ab is not None:
            out["activated"].append(ab)
            return True
    # CR 701.50a / 701.44a: "When ~ enters, it connives." -- "it" is the source when the
    # trigger event is the source's own (not "~ or another creature").
    m = re.fullmatch(r"((?:when|whenever) ~ [^,]*), it (connives|explores)\.?", low)
    if m and " or another" not in m.group(1) and not is_spell:
        from ..oracle import compile_triggered
        trig = compile_triggered(line[:m.end(1)] + ", ~ " + line[m.start(2):])
        if trig is None:
            return False
        out["triggered"].append(dataclasses.replace(trig, text=line))
        return True
    # CR 607.2a: "When ~ leaves the battlefield, return the exiled card to the
    # battlefield under its owner's control."
    m = re.fullmatch(r"when ~ leaves the battlefield, return the exiled card to (the "
                     r"battlefield under its owner's control|its owner's hand)", low)
    if m and not is_spell:
        if not _link_exile(out):
            return False
        from ..abilities import TriggeredAbility
        to = "hand" if m.group(1) == "its owner's hand" else "battlefield"
        out["triggered"].append(TriggeredAbility(("leaves_battlefield",), (ReturnLinked(to),),
                                                 (), False, line))
        return True
    return False
