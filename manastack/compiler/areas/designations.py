"""Compiler area `designations`: counters and designations on players and permanents
(CR 122, 725, 726), and untapping (CR 502.3). See ``areas/__init__.py`` for the hooks.

Effects compiled here are executed by ``engine/areas/designations.py``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# ---------------------------------------------------------------- effects


@dataclass(frozen=True, slots=True)
class DoesntUntapNext:
    """CR 502.3 / 611.2: target number ``target`` (-1: the source) doesn't untap during its
    controller's next untap step."""

    target: int = 0


@dataclass(frozen=True, slots=True)
class BecomeMonarch:
    """CR 725.1 / 725.3: ``who`` becomes the monarch: ``you`` (the ability's controller) or
    ``creature_controller`` (the controller of the creature the trigger remembers)."""

    who: str = "you"


@dataclass(frozen=True, slots=True)
class TakeInitiative:
    """CR 726.1 / 726.3: ``who`` takes the initiative: ``you`` or ``creature_controller``
    (the controller of the creatures that dealt combat damage, CR 726.2)."""

    who: str = "you"


@dataclass(frozen=True, slots=True)
class VentureInto:
    """CR 701.49a-d: venture into the dungeon (``dungeon`` names it: "Undercity")."""

    dungeon: str = "Undercity"


@dataclass(frozen=True, slots=True)
class Goad:
    """CR 701.15a: goad target number ``target``: until your next turn it attacks each
    combat if able and attacks a player other than you if able."""

    target: int = 0


@dataclass(frozen=True, slots=True)
class RevealPutOntoBattlefield:
    """CR 701.20a + 400.2: reveal the top ``count`` cards of your library; put a card with
    ``types`` from among them onto the battlefield with ``counters`` (kind, n) on it; it
    gains ``keyword`` until your next turn (CR 611.2a); then shuffle (CR 701.24a)."""

    count: int
    types: tuple[str, ...] = ()
    counters: tuple = ()
    keyword: str = ""


@dataclass(frozen=True, slots=True)
class SacrificeUnlessPays:
    """CR 118.12: "sacrifice ~ unless you pay [mana]" (echo, CR 702.30a); with
    ``per_counter`` the cost is paid once for each such counter on it, after one is put
    on it (cumulative upkeep, CR 702.24a: ``age``)."""

    mana: object = None   # ManaCost
    per_counter: str = ""


@dataclass(frozen=True, slots=True)
class RemoveCounterOrSacrifice:
    """CR 702.32a (fading): remove a ``kind`` counter from the source; if you can't,
    sacrifice it. With ``last_triggers`` (vanishing, CR 702.63a) removing the last one
    triggers the source's ability on event ``last_counter_removed``."""

    kind: str
    sacrifice: bool = True


@dataclass(frozen=True, slots=True)
class ReturnDiedWithCounter:
    """CR 702.79a / 702.93a (persist, undying): return the card that died (the trigger's
    source) from its owner's graveyard to the battlefield under its owner's control with a
    ``kind`` counter on it."""

    kind: str


@dataclass(frozen=True, slots=True)
class UntapEach:
    """CR 502.3 / 611.2: each permanent matching ``spec`` (as the effect begins) doesn't
    untap during its controller's next untap step (``skip``)."""

    spec: object = None   # TargetSpec


@dataclass(frozen=True, slots=True)
class PutCountersGroup:
    """CR 122.1: put ``count`` ``kind`` counters on each target of group ``target``
    (support, CR 701.38a)."""

    kind: str
    count: int = 1
    target: int = 0


@dataclass(frozen=True, slots=True)
class Bolster:
    """CR 701.39a: choose a creature with the least toughness among creatures you control
    and put ``count`` +1/+1 counters on it."""

    count: int


@dataclass(frozen=True, slots=True)
class PutDiedCounters:
    """CR 702.43a (modular): put a ``kind`` counter on target number ``target`` for each
    ``kind`` counter the source had as it left the battlefield (CR 603.10a)."""

    kind: str = "+1/+1"
    target: int = 0


@dataclass(frozen=True, slots=True)
class Renown:
    """CR 702.112a: if the source isn't renowned, put ``count`` +1/+1 counters on it and it
    becomes renowned."""

    count: int


@dataclass(frozen=True, slots=True)
class Fabricate:
    """CR 702.123a: you may put ``count`` +1/+1 counters on the source; if you don't,
    create ``count`` 1/1 colorless Servo artifact creature tokens."""

    count: int


@dataclass(frozen=True, slots=True)
class Evolve:
    """CR 702.100a: put a +1/+1 counter on the source if the creature that entered still has
    greater power or toughness (the intervening "if" checked again, CR 603.4)."""

    pass


@dataclass(frozen=True, slots=True)
class DrawNextUpkeep:
    """CR 603.7a: a delayed triggered ability: "[You] draw ``count`` card(s) at the
    beginning of the next turn's upkeep"."""

    count: int = 1


@dataclass(frozen=True, slots=True)
class UntapSource:
    """CR 701.26b: untap the source ("Untap ~")."""

    pass


@dataclass(frozen=True, slots=True)
class UntapAll:
    """CR 701.26b: untap each permanent matching ``spec`` ("Untap all creatures you
    control")."""

    spec: object = None   # TargetSpec


@dataclass(frozen=True, slots=True)
class TapAttached:
    """CR 701.26a: tap the permanent the source Aura is attached to ("tap enchanted
    creature")."""

    pass


# ---------------------------------------------------------------- text

TRIGGERS: list = [
    # CR 725.2: the monarch's inherent ability (compiled only for the monarch's rules
    # object, see engine/areas/designations.monarch_card).
    (r"whenever a creature deals combat damage to the monarch", ("monarch_combat_damage",)),
    # CR 726.2: the initiative's inherent abilities.
    (r"whenever one or more creatures a player controls deal combat damage to the player "
     r"who has the initiative", ("initiative_combat_damage",)),
    (r"whenever you take the initiative", ("take_initiative",)),
]
# CR 309.4c: "When you move your venture marker into this room, [effect]." (the room
# abilities of the Undercity dungeon, CR 309.4; rooms named by CR 309.4b).
UNDERCITY_ROOMS = {   # room -> the rooms its arrows point to (CR 309.5a)
    "Secret Entrance": ("Forge", "Lost Well"),
    "Forge": ("Trap!", "Arena"),
    "Lost Well": ("Arena", "Stash"),
    "Trap!": ("Archives",),
    "Arena": ("Archives", "Catacombs"),
    "Stash": ("Catacombs",),
    "Archives": ("Throne of the Dead Three",),
    "Catacombs": ("Throne of the Dead Three",),
    "Throne of the Dead Three": (),
}
for _room in UNDERCITY_ROOMS:
    TRIGGERS.append((r"when you move your venture marker into " + re.escape(_room.lower()),
                     ("room|" + _room,)))

# CR 122.1b: keyword counters.
KEYWORD_COUNTERS = ("flying", "first strike", "double strike", "deathtouch", "haste",
                    "hexproof", "indestructible", "lifelink", "menace", "reach", "shadow",
                    "trample", "vigilance")
_N = r"(a|an|one|two|three|four|five|six|\d+)"
_NUMS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_COUNTER_KIND = r"([+-]1/[+-]1|" + "|".join(KEYWORD_COUNTERS) + r"|stun)"
_UNTAP_NEXT = (r"(?:it|that creature|that permanent|that land|those creatures|those permanents"
               r"|~) (?:doesn't|don't) untap during (?:its|their) controllers?'s? next untap "
               r"steps?")


# CR 122.1c-i, 122.1e-g: counters with rules meaning of their own, or on players.
_RULES_COUNTERS = {"shield", "finality", "defense", "lore", "loyalty", "poison", "rad", "energy",
                   "experience", "ticket", "stun", "age", "fade", "time"}


def _num(w: str) -> int:
    return _NUMS[w] if w in _NUMS else int(w)


def _counter_list(text: str):
    """"a +1/+1 counter and a lifelink counter", "a flying counter, a first strike
    counter, and a lifelink counter", "two stun counters" -> ((kind, n), ...) or None."""
    parts = [p for p in re.split(r",\s*(?:and\s+)?|\s+and\s+", text) if p]
    out = []
    for p in parts:
        m = re.fullmatch(_N + r" " + _COUNTER_KIND + r" counters?", p.strip())
        if not m:
            return None
        out.append((m.group(2), _num(m.group(1))))
    return tuple(out)


def _mana(text: str):
    from ...mana import ManaCost
    if not re.fullmatch(r"(\{[^}]+\})+", text):
        return None
    try:
        m = ManaCost.parse(text.upper())
    except ValueError:
        return None
    if m.x or m.hybrid or m.phyrexian:
        return None
    return m


def compile_line(line: str, low: str, is_spell: bool, out: dict) -> bool:
    from ..abilities import StaticAbility
    # CR 509.1b + 725.1: "~ can't be blocked by creatures the monarch controls."
    if low == "~ can't be blocked by creatures the monarch controls" and not is_spell:
        out["static"].append(StaticAbility("unblockable_by_monarch", line))
        return True
    # CR 402.2: "You have no maximum hand size."
    if low == "you have no maximum hand size" and not is_spell:
        out["static"].append(StaticAbility("no_maximum_hand_size", line))
        return True
    # CR 502.3: "Untap ~ during each other player's untap step."
    if low == "untap ~ during each other player's untap step" and not is_spell:
        out["static"].append(StaticAbility("untaps_each_untap_step", line))
        return True
    # CR 614.1c + 122.1b: "This creature enters with a flying counter on it."
    m = re.fullmatch(r"~ enters with " + _N + r" (" + "|".join(KEYWORD_COUNTERS)
                     + r") counters? on it", low)
    if m and not is_spell:
        out["static"].append(StaticAbility("enters_with_n_counters", line,
                                           power=_num(m.group(1)), counter=m.group(2)))
        return True
    # CR 303.4 + 502.3 / 122.1: "Enchanted creature can't become untapped and can't have
    # counters put on it."
    if low in ("enchanted creature can't become untapped and can't have counters put on it",
               "enchanted permanent can't become untapped and can't have counters put on it"):
        out["static"].append(StaticAbility("enchanted_cant_untap_or_counters", line))
        return True
    if low == "enchanted creature can't become untapped":
        out["static"].append(StaticAbility("enchanted_cant_untap", line))
        return True
    return False


def compile_sentence(s: str, low: str):
    from ..abilities import PutCounters, TargetSpec
    from ..effect_text import target_phrase
    # CR 603.7a: "draw a card at the beginning of the next turn's upkeep".
    if low in ("draw a card at the beginning of the next turn's upkeep",
               "you draw a card at the beginning of the next turn's upkeep"):
        return (), (DrawNextUpkeep(1),)
    # CR 701.26b: "untap ~".
    if low == "untap ~":
        return (), (UntapSource(),)
    m = re.fullmatch(r"untap all (creatures|artifacts|lands|permanents) you control", low)
    if m:
        t = {"creatures": "Creature", "artifacts": "Artifact", "lands": "Land"}.get(m.group(1))
        return (), (UntapAll(TargetSpec("permanent", controller="you",
                                        types=(t,) if t else ())),)
    # CR 502.3: "It doesn't untap during its controller's next untap step." standing alone
    # (a triggered ability of the permanent: "it" is the source).
    if re.fullmatch(r"(?:it|~) doesn't untap during its controller's next untap step", low):
        return (), (DoesntUntapNext(-1),)
    # CR 122.1: "put a spore counter on ~" (a counter with no rules meaning of its own).
    m = re.fullmatch(r"put " + _N + r" ([a-z]+) counters? on ~", low)
    if m and m.group(2) not in _RULES_COUNTERS:
        return (), (PutCounters(m.group(2), _num(m.group(1)), -1),)
    # CR 701.39a: bolster N.
    m = re.fullmatch(r"bolster (\d+)", low)
    if m:
        return (), (Bolster(int(m.group(1))),)
    # CR 701.38a: support N ("up to N other target creatures"; for an instant or sorcery
    # "up to N target creatures": a spell is never a creature on the battlefield, so
    # "other" changes nothing there).
    m = re.fullmatch(r"support (\d+)", low)
    if m:
        return ((TargetSpec("creature", minimum=0, maximum=int(m.group(1)), other=True),),
                (PutCountersGroup("+1/+1", 1, 0),))
    # CR 118.12: "sacrifice ~ unless you pay {U}{U}".
    m = re.fullmatch(r"sacrifice ~ unless you pay ((?:\{[^}]+\})+)", low)
    if m:
        mana = _mana(m.group(1))
        return None if mana is None else ((), (SacrificeUnlessPays(mana),))
    # CR 502.3: "Each attacking creature doesn't untap during its controller's next untap
    # step."
    m = re.fullmatch(r"(each|all) (attacking|blocking|tapped) creatures? (?:doesn't|don't) untap "
                     r"during (?:its|their) controllers?'s? next untap steps?", low)
    if m:
        return (), (UntapEach(TargetSpec("creature", types=("Creature",),
                                         quals=(m.group(2),))),)
    # CR 726.1: "you take the initiative".
    if low == "you take the initiative":
        return (), (TakeInitiative("you"),)
    if low == "the controller of those creatures takes the initiative":
        return (), (TakeInitiative("creature_controller"),)
    # CR 701.49d: "venture into Undercity".
    if low in ("venture into undercity", "you venture into undercity"):
        return (), (VentureInto("Undercity"),)
    # CR 701.15a: goad.
    m = re.fullmatch(r"goad (.+)", low)
    if m:
        spec = target_phrase(m.group(1))
        if spec is None or spec.kind != "creature" or spec.zone != "battlefield":
            return None
        return (spec,), (Goad(0),)
    m = re.fullmatch(r"reveal the top (ten|five|\d+) cards of your library\. put a (creature) card "
                     r"from among them onto the battlefield with (two|three|four) \+1/\+1 counters "
                     r"on it\. it gains (hexproof) until your next turn\. then shuffle", low)
    if m:
        n = {"ten": 10, "five": 5}.get(m.group(1)) or int(m.group(1))
        return (), (RevealPutOntoBattlefield(n, (m.group(2).capitalize(),),
                                             (("+1/+1", _num(m.group(3))),), m.group(4)),)
    # CR 725.1: "you become the monarch".
    if low == "you become the monarch":
        return (), (BecomeMonarch("you"),)
    # CR 725.2: the monarch's inherent ability.
    if low == "its controller becomes the monarch":
        return (), (BecomeMonarch("creature_controller"),)
    # CR 701.26a: "tap enchanted creature" (an Aura's trigger).
    if low in ("tap enchanted creature", "tap enchanted permanent"):
        return (), (TapAttached(),)
    # CR 502.3: "[Effect on targets]. It/Those creatures don't untap during its/their
    # controller's next untap step." (the first target group)
    m = re.fullmatch(r"(.+?)\. " + _UNTAP_NEXT, low)
    if m:
        from ..oracle import compile_sentence as core
        head = s[:m.end(1)]
        if "." in head:
            return None
        first = core(head)
        if first is None or not first[0] or first[0][0].kind == "player" \
                or first[0][0].zone != "battlefield":
            return None
        return first[0], first[1] + (DoesntUntapNext(0),)
    m = re.fullmatch(r"(.+?) (?:doesn't|don't) untap during (?:its|their) controllers?'s? next "
                     r"untap steps?", low)
    if m:
        if m.group(1) == "~":
            return (), (DoesntUntapNext(-1),)
        spec = target_phrase(m.group(1), multi=True)
        if spec is not None and spec.zone == "battlefield" and spec.kind != "player":
            return (spec,), (DoesntUntapNext(0),)
        return None
    # CR 122.1 / 122.1b / 122.1d: "put a +1/+1 counter and a lifelink counter on target
    # creature", "put a stun counter on up to one target tapped creature".
    m = re.fullmatch(r"put (.+? counters?) on (.+)", low)
    if m:
        kinds = _counter_list(m.group(1))
        if kinds is None or len(kinds) == 1 and kinds[0][0] in ("+1/+1", "-1/-1"):
            return None
        what = m.group(2)
        if what in ("~", "it"):
            return (), tuple(PutCounters(k, n, -1) for k, n in kinds)
        spec = target_phrase(what)
        if spec is None or spec.zone != "battlefield" or spec.kind == "player":
            return None
        return (spec,), tuple(PutCounters(k, n, 0) for k, n in kinds)
    # CR 701.26a + 122.1d: "tap target creature an opponent controls and put a stun counter
    # on it", "tap up to one target creature and put two stun counters on it".
    m = re.fullmatch(r"tap (.+?) and put (.+? counters?) on (?:it|that creature)", low)
    if m:
        from ..abilities import TapTarget
        kinds = _counter_list(m.group(2))
        spec = target_phrase(m.group(1))
        if kinds is None or spec is None or spec.zone != "battlefield" or spec.kind == "player":
            return None
        return (spec,), (TapTarget(0),) + tuple(PutCounters(k, n, 0) for k, n in kinds)
    _ = TargetSpec
    return None
