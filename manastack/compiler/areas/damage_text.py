"""Compiler area `damage_text` (see ``areas/__init__.py`` for the hooks an area defines):
damage prevention (CR 615), replacement effects on dying after damage (CR 614), and
damage amounts ("damage equal to its power", CR 120.3 / 208.3).

Static abilities compiled here are ``StaticAbility`` nodes whose ``mana`` field holds the
words of the rule (kind ``prevent_damage``: ``to:self`` / ``to:enchanted`` / ``to:you`` /
``to:your_creatures`` (any of the ``to:`` words), ``by:enchanted`` / ``by:opponent``,
``combat``; the optional ``filter`` is what the source must be, ``counter`` a counter
removed each time damage is prevented this way, and ``power`` N for "prevent N of that
damage" (0: all)).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..abilities import StaticAbility, TargetSpec

TRIGGERS: list = []

_NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
        "seven": 7, "eight": 8, "nine": 9, "ten": 10}


# ---------------------------------------------------------------- effects


@dataclass(frozen=True, slots=True)
class PreventDamage:
    """CR 615.1a: "Prevent all [combat] damage that would be dealt [to X] [by Y] this
    turn", or, with ``amount``, a prevention shield for the next N damage (CR 615.7).

    ``combat``: None, ``combat`` or ``noncombat`` (CR 120.2a-b). ``to``: None (any
    recipient), ``target`` (target number ``target``), ``self`` (the source), ``you``,
    ``players``,
    ``your_creatures``. ``by``: None (any source), ``target``, ``creatures``,
    ``opponents_creatures``, ``attacking_creatures``, ``chosen_color`` (a color chosen as
    the effect is created, CR 615.1a / 608.2d)."""

    amount: int | None = None
    combat: str | None = None
    to: str | None = None
    by: str | None = None
    target: int = 0


@dataclass(frozen=True, slots=True)
class DamageThenExile:
    """CR 614.1a: run the damage ``effect``; then "If that creature would die this turn,
    exile it instead" (``this_way`` False: target number ``target``, whether or not it
    was dealt damage) or "If a creature dealt damage this way would die this turn, exile
    it instead" (``this_way`` True)."""

    effect: object
    this_way: bool = False
    target: int = 0


@dataclass(frozen=True, slots=True)
class PowerDamage:
    """CR 120.3 / 208.3: the creature of target number ``source`` deals damage equal to its
    power to target number ``recipient`` ("Target creature you control deals damage
    equal to its power to target creature you don't control"; ``recipient`` equal to
    ``source``: "deals damage to itself"); ``recipient`` -1: to you."""

    source: int = 0
    recipient: int = 1
    excess: str | None = None   # CR 120.4a: "trample" / "always": excess to the controller


@dataclass(frozen=True, slots=True)
class PayToCopy:
    """CR 707.10 / 707.10c: "[effect]. Then that player or that permanent's controller may
    pay [mana]. If the player does, they may copy this spell and may choose a new target
    for that copy." (Chain Lightning). ``effect`` acts on target number 0; the player
    offered the copy is that target (a player) or its controller, as it last existed."""

    effect: object
    mana: object = None   # a ManaCost, or None: no payment ("may copy")


@dataclass(frozen=True, slots=True)
class SpendOnlyOnX:
    """CR 107.3a / 601.2f-h: "Spend only black mana on X." -- the X part of the ability's
    cost must be paid with mana of ``color`` (so it is locked in as that many {B}). It is
    listed first among the ability's effects and does nothing as it resolves."""

    color: str


@dataclass(frozen=True, slots=True)
class DividedDamage:
    """CR 601.2d: "deals N damage divided as you choose among one or two targets": the
    division is announced with the targets (each target at least 1); as the spell
    resolves, each still-legal target is dealt its share (CR 608.2b)."""

    amount: int
    target: int = 0
    x: bool = False   # CR 107.3a: the amount is the X announced (``amount`` unused)


@dataclass(frozen=True, slots=True)
class DamageToController:
    """CR 120.3: the source deals ``amount`` damage to the controller of target number
    ``target`` ("and 2 damage to that creature's controller"; its last known controller
    if it has left, CR 608.2h)."""

    amount: int
    target: int = 0


@dataclass(frozen=True, slots=True)
class ExcessDamage:
    """CR 120.4a: "~ deals 4 damage to target creature. Excess damage is dealt to that
    creature's controller instead." (damage beyond lethal goes to the controller)."""

    amount: int
    target: int = 0


@dataclass(frozen=True, slots=True)
class ThenDamageController:
    """CR 120.3 / 608.2h: "Destroy target creature. ~ deals 2 damage to that creature's
    controller." -- ``effect`` on target number 0, then damage to the player who
    controlled that permanent as the effect began (its last known information)."""

    effect: object
    amount: int


@dataclass(frozen=True, slots=True)
class DamageEachTarget:
    """CR 120.3 / 115.1d: "deals 1 damage to each of up to two target creatures": each
    still-legal target of group ``target`` is dealt ``amount``."""

    amount: int
    target: int = 0


@dataclass(frozen=True, slots=True)
class AttachedPowerDamageToYou:
    """CR 120.3 / 208.3: "It deals damage to you equal to its power." -- the creature this
    Aura enchants is the source; "you" is the Aura's controller."""


@dataclass(frozen=True, slots=True)
class DestroyAttached:
    """CR 701.8a: "destroy it" -- the creature this Aura enchants."""


@dataclass(frozen=True, slots=True)
class ThatMuchDamage:
    """CR 120.3 / 603.2: "it deals that much damage to any target" -- the trigger's source
    deals the amount of damage of the trigger event to target number ``target`` (-1: its
    controller)."""

    target: int = 0


@dataclass(frozen=True, slots=True)
class DestroyThatCreature:
    """CR 701.8a: "destroy that creature" -- the creature the trigger event names."""


@dataclass(frozen=True, slots=True)
class DamageForEach:
    """CR 120.3 / 608.2h: "deals 1 damage to target opponent for each creature card in
    your graveyard": ``per`` damage for each object matching ``spec`` (counted as the
    effect resolves; ``spec.zone`` says where) to target number ``target`` (-1: you;
    -2: each opponent)."""

    per: int
    spec: TargetSpec
    target: int = 0


@dataclass(frozen=True, slots=True)
class GainLifePerAttacker:
    """CR 119.3 / 506.4: "You gain 1 life for each attacking creature." (counted as the
    effect resolves)."""

    per: int = 1


@dataclass(frozen=True, slots=True)
class DamageThenGain:
    """CR 120.3 / 119.3: the damage ``effect``, then "You gain life equal to the damage
    dealt this way"."""

    effect: object


@dataclass(frozen=True, slots=True)
class GainThatMuchLife:
    """CR 119.3 / 603.2: "you gain that much life" -- the amount of damage the trigger
    event dealt."""


# ---------------------------------------------------------------- prevention text

_SHIELD_TARGETS = ("any target", "target creature", "target player", "target artifact creature",
                   "target creature or player", "target creature you control",
                   "target player or planeswalker")


def _prevention(low: str):
    """``(targets, PreventDamage)`` for one prevention sentence, or None."""
    from ..effect_text import target_phrase
    m = re.fullmatch(r"prevent (all|the next (\d+|one|two|three|four|five)) (combat |noncombat )?"
                     r"damage (that would be dealt|that sources of the color of your choice "
                     r"would deal|(?:target|that) (?:attacking |blocking )?creature would deal)"
                     r"(.*)", low)
    if not m:
        return None
    amount = None
    if m.group(2):
        amount = int(m.group(2)) if m.group(2).isdigit() else _NUM[m.group(2)]
    combat = m.group(3).strip() if m.group(3) else None
    head, rest = m.group(4), m.group(5)
    to = by = None
    targets: tuple = ()
    if head.startswith("that sources"):
        by = "chosen_color"
    elif head.startswith("target"):
        spec = target_phrase(head[:-len(" would deal")])
        if spec is None:
            return None
        by, targets = "target", (spec,)
    elif head.startswith("that creature"):
        return None
    # "to and dealt by X": both directions (two effects).
    both = re.fullmatch(r" to and dealt by (target creature|that creature|~) this turn", rest)
    if both and amount is None and to is None and by is None:
        if both.group(1) == "that creature":
            return None
        if both.group(1) == "~":
            return (), (PreventDamage(None, combat, "self", None, 0),
                        PreventDamage(None, combat, None, "self", 0))
        spec = target_phrase(both.group(1))
        return (spec,), (PreventDamage(None, combat, "target", None, 0),
                         PreventDamage(None, combat, None, "target", 0))
    parts = re.findall(r" (to|by) (.+?)(?= to | by | this turn|$)| this turn", rest)
    if re.sub(r" (to|by) (.+?)(?= to | by | this turn|$)| this turn", "", rest):
        return None
    if rest.count(" this turn") != 1:
        return None
    for word, what in parts:
        if not word:
            continue
        if word == "to":
            if to is not None:
                return None
            if what == "you":
                to = "you"
            elif what == "players":
                to = "players"
            elif what == "creatures you control":
                to = "your_creatures"
            elif what in _SHIELD_TARGETS and not targets:
                spec = target_phrase(what)
                if spec is None:
                    return None
                to, targets = "target", (spec,)
            else:
                return None
        else:
            if by is not None:
                return None
            if what == "creatures":
                by = "creatures"
            elif what == "creatures your opponents control":
                by = "opponents_creatures"
            elif what == "attacking creatures":
                by = "attacking_creatures"
            elif what in ("target creature", "target attacking creature") and not targets:
                spec = target_phrase(what)
                if spec is None:
                    return None
                by, targets = "target", (spec,)
            else:
                return None
    # CR 615.7: a shield prevents the next N damage to one recipient.
    if amount is not None and (to not in ("target", "you") or by is not None):
        return None
    return targets, (PreventDamage(amount, combat, to, by, 0),)


def _static_prevention(low: str):
    """CR 615.1a as a static ability: ``StaticAbility("prevent_damage")`` or None."""
    m = re.fullmatch(r"if damage would be dealt to ~, prevent that damage\. remove an? "
                     r"(\+1/\+1) counter from ~", low)
    if m:
        return StaticAbility("prevent_damage", mana=("to:self",), counter=m.group(1))
    # "If a source an opponent controls would deal damage to you, prevent 1 of that damage."
    m = re.fullmatch(r"if a source (an opponent controls )?would deal damage to you( or a creature "
                     r"you control)?, prevent (1|2|3) of that damage", low)
    if m:
        words = ("to:you",) + (("to:your_creatures",) if m.group(2) else ()) + \
            (("by:opponent",) if m.group(1) else ())
        return StaticAbility("prevent_damage", mana=words, power=int(m.group(3)))
    if low == "prevent all damage that would be dealt to you":
        return StaticAbility("prevent_damage", mana=("to:you",))
    m = re.fullmatch(r"prevent all (combat )?damage that would be dealt (to ~|to and dealt by "
                     r"enchanted creature|by enchanted creature|to ~ by creatures)", low)
    if m:
        words = ("combat",) if m.group(1) else ()
        what = m.group(2)
        if what == "to ~":
            return StaticAbility("prevent_damage", mana=("to:self",) + words)
        if what == "to ~ by creatures":
            return StaticAbility("prevent_damage", mana=("to:self",) + words,
                                 filter=TargetSpec("creature"))
        if what == "by enchanted creature":
            return StaticAbility("prevent_damage", mana=("by:enchanted",) + words)
        return (StaticAbility("prevent_damage", mana=("to:enchanted",) + words),
                StaticAbility("prevent_damage", mana=("by:enchanted",) + words))
    return None


# ---------------------------------------------------------------- hooks


_SPEND_X = re.compile(r"(.+) spend only (white|blue|black|red|green) mana on x\.?")
_COLOR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def compile_line(line: str, low: str, is_spell: bool, out: dict) -> bool:
    m = _SPEND_X.fullmatch(low)
    if m and not is_spell and ":" in line:
        # An activated ability "{X}: ... Spend only black mana on X."
        from .. import oracle
        inner = {"keywords": set(), "static": [], "activated": [], "triggered": [],
                 "spell": None, "alternatives": []}
        if not oracle.compile_line(line[:len(m.group(1))], False, inner):
            return False
        if len(inner["activated"]) != 1 or inner["static"] or inner["triggered"] \
                or inner["keywords"] or inner.get("required") or inner.get("additional"):
            return False
        ab = inner["activated"][0]
        if not ab.cost.mana.x or ab.mana_ability:
            return False
        from dataclasses import replace
        out["activated"].append(replace(
            ab, effects=(SpendOnlyOnX(_COLOR_LETTER[m.group(2)]),) + ab.effects, text=line))
        return True
    st = _static_prevention(low)
    if st is not None and not is_spell:
        for s in (st if isinstance(st, tuple) else (st,)):
            from dataclasses import replace
            out["static"].append(replace(s, text=line))
        return True
    # CR 603.2 / 510.2: "Whenever ~ deals combat damage to a creature, destroy that
    # creature."
    if low == "whenever ~ deals combat damage to a creature, destroy that creature":
        from ..abilities import TriggeredAbility
        out["triggered"].append(TriggeredAbility(("combat_damage_to_creature",),
                                                 (DestroyThatCreature(),), (), False, line))
        return True
    # "Whenever a creature dealt damage by ~ this turn dies, [effect]."
    m = re.fullmatch(r"whenever a creature dealt damage by ~ this turn dies, (.+)", low)
    if m and not is_spell:
        from .. import oracle
        from ..abilities import TriggeredAbility
        body = line.rstrip(".")[m.start(1):]
        if re.search(r"\b(it|that creature|its)\b", body.lower()):
            return False
        compiled = oracle.compile_effect(body)
        if compiled is None:
            return False
        out["triggered"].append(TriggeredAbility(("damaged_creature_dies",), compiled[1],
                                                 compiled[0], False, line))
        return True
    # CR 603.2 / 207.2c: "[Enrage —] Whenever ~ is dealt damage, [effect]."
    m = re.fullmatch(r"(?:enrage — )?whenever ~ is dealt damage, (.+)", low)
    if m and not is_spell:
        from .. import oracle
        from ..abilities import TriggeredAbility
        from ..effect_text import target_phrase
        body = line.rstrip(".")[m.start(1):]
        bl = body.lower()
        optional = bl.startswith("you may ")
        if optional:
            body, bl = body[8:], bl[8:]
        mm = re.fullmatch(r"it deals that much damage to (.+)", bl)
        if bl == "you gain that much life":
            compiled = (), (GainThatMuchLife(),)
        elif mm and mm.group(1) == "you":
            compiled = (), (ThatMuchDamage(-1),)
        elif mm:
            spec = target_phrase(mm.group(1))
            if spec is None or spec.zone != "battlefield" or spec.maximum != 1:
                return False
            compiled = (spec,), (ThatMuchDamage(0),)
        elif "that much" in bl or "that many" in bl:
            return False
        else:
            compiled = oracle.compile_effect(body)
        if compiled is None:
            return False
        out["triggered"].append(TriggeredAbility(("dealt_damage",), compiled[1], compiled[0],
                                                 optional, line))
        return True
    # CR 603.2 / 303.4: "When enchanted creature becomes tapped or is dealt damage,
    # destroy it."
    m = re.fullmatch(r"when(?:ever)? enchanted creature (becomes tapped or is dealt damage|is "
                     r"dealt damage|becomes tapped), destroy it", low)
    if m:
        from ..abilities import TriggeredAbility
        evs = tuple(ev for ev, w in (("enchanted_becomes_tapped", "becomes tapped"),
                                     ("enchanted_dealt_damage", "dealt damage"))
                    if w in m.group(1))
        out["triggered"].append(TriggeredAbility(evs, (DestroyAttached(),), (), False, line))
        return True
    # "When this Aura enters, tap enchanted creature. It deals damage to you equal to its
    # power."
    if low == "when ~ enters, tap enchanted creature. it deals damage to you equal to its power":
        from ..abilities import TriggeredAbility
        from .designations import TapAttached
        out["triggered"].append(TriggeredAbility(
            ("enters",), (TapAttached(), AttachedPowerDamageToYou()), (), False, line))
        return True
    # CR 603.2 / 119.3: "Whenever [this / enchanted creature] deals damage, you gain that
    # much life."
    m = re.fullmatch(r"whenever (~|enchanted creature) deals damage, you gain that much life", low)
    if m:
        from ..abilities import TriggeredAbility
        ev = "deals_damage" if m.group(1) == "~" else "enchanted_deals_damage"
        out["triggered"].append(TriggeredAbility((ev,), (GainThatMuchLife(),), (), False, line))
        return True
    # CR 614.1a: "If a permanent dealt damage by ~ would die this turn, exile it instead."
    m = re.fullmatch(r"if a (permanent|creature) dealt damage by ~ would die this turn, exile it "
                     r"instead|if a (creature) dealt damage by ~ this turn would die, exile it "
                     r"instead", low)
    if m:
        kind = m.group(1) or m.group(2)
        out["static"].append(StaticAbility("damaged_exile_if_dies", line,
                                           filter=TargetSpec(kind)))
        return True
    return False


_EXILE_INSTEAD = re.compile(
    r"(.+?)\.? if (that creature|that creature or planeswalker|that permanent|a creature dealt "
    r"damage this way|a permanent dealt damage this way) would die this turn, exile it instead")


_DIVIDED = re.compile(
    r"(?:~|it) deals (\d+|x|one|two|three|four|five|six|seven|eight|nine|ten) damage divided as "
    r"you choose among (one or two|one, two, or three|any number of) (targets|target .+)")


def _divided(low: str):
    """CR 601.2d / 115.1d: divided damage and its targets, or None."""
    from ..effect_text import object_phrase
    m = _DIVIDED.fullmatch(low)
    if not m:
        return None
    x = m.group(1) == "x"
    n = 0 if x else int(m.group(1)) if m.group(1).isdigit() else _NUM[m.group(1)]
    hi = {"one or two": 2, "one, two, or three": 3}.get(m.group(2), None if x else n)
    if not x:
        hi = min(hi, n)   # CR 601.2d: each target is dealt at least 1 damage
    what = m.group(3)
    if what == "targets":
        spec = TargetSpec("any")
    else:
        spec = object_phrase(what[len("target "):], plural=True)
        if spec is None or spec.zone != "battlefield" or spec.kind not in ("creature",
                                                                            "permanent"):
            return None
    from dataclasses import replace
    # "any number of" X targets: chosen as any subset (CR 115.1d; a lazy answer set), at
    # least one and no more than X checked with the division.
    lo = 0 if hi is None else 1
    return (replace(spec, minimum=lo, maximum=hi),), (DividedDamage(n, 0, x),)


_TWO_DAMAGE = re.compile(r"(~|it) deals (\d+) damage to (.+?) and (\d+) damage to (.+)")


def _two_damage(s: str, low: str):
    """CR 120.3: "~ deals 3 damage to target creature and 3 damage to target player or
    planeswalker" / "... and 1 damage to you" / "... and 2 damage to that creature's
    controller": two amounts, one source."""
    from .. import oracle
    from ..abilities import DealDamage
    from ..effect_text import target_phrase
    m = _TWO_DAMAGE.fullmatch(low)
    if not m:
        return None
    first = oracle.compile_sentence(s[:m.end(3)])
    if first is None or len(first[0]) != 1 or len(first[1]) != 1 or \
            not isinstance(first[1][0], DealDamage) or first[1][0].target != 0:
        return None
    n2, rest = int(m.group(4)), m.group(5)
    if rest == "you":
        return first[0], first[1] + (DealDamage(n2, -1),)
    if rest in ("that creature's controller", "that permanent's controller"):
        return first[0], first[1] + (DamageToController(n2, 0),)
    if rest in ("target player or planeswalker", "target player", "target opponent",
                "target creature", "target opponent or planeswalker"):
        spec = target_phrase(rest)
        if spec is None or spec.kind == first[0][0].kind == "creature":
            return None   # two "target creature"s may be the same creature: not yet
        return first[0] + (spec,), first[1] + (DealDamage(n2, 1),)
    return None


_CHAIN = re.compile(
    r"(.+?)\. then (?:that player or that permanent's controller|that creature's controller|"
    r"that permanent's controller) may (?:pay ((?:\{[^}]+\})+)\. if the player does, they may|)"
    r" ?copy ~ and may choose a new target for that copy")


def compile_sentence(s: str, low: str):
    from .. import oracle
    r = _prevention(low)
    if r is not None:
        return r
    r = _divided(low)
    if r is not None:
        return r
    m = re.fullmatch(r"you gain (\d+) life for each attacking creature", low)
    if m:
        return (), (GainLifePerAttacker(int(m.group(1))),)
    r = _two_damage(s, low)
    if r is not None:
        return r
    m = re.fullmatch(r"(?:~|it) deals (\d+) damage to (.+?) for each (.+)", low)
    if m:
        from ..effect_text import each_phrase, target_phrase
        what = m.group(3)
        g = re.fullmatch(r"(?:(creature|land|artifact|enchantment|instant|sorcery) )?card in "
                         r"your graveyard", what)
        if g:
            spec = TargetSpec("card", zone="graveyard", controller="you",
                              types=(g.group(1).capitalize(),) if g.group(1) else ())
        else:
            spec = each_phrase(what)
            if spec is None or spec.zone != "battlefield":
                return None
        to = m.group(2)
        if to == "you":
            return (), (DamageForEach(int(m.group(1)), spec, -1),)
        if to == "each opponent":
            return (), (DamageForEach(int(m.group(1)), spec, -2),)
        t = target_phrase(to)
        if t is None or t.zone != "battlefield" or t.maximum != 1:
            return None
        return (t,), (DamageForEach(int(m.group(1)), spec, 0),)
    m = re.fullmatch(r"(?:~|it) deals (\d+) damage to each of ((?:up to )?(?:one|two|three|four) "
                     r"target .+)", low)
    if m:
        from ..effect_text import target_phrase
        spec = target_phrase(m.group(2), multi=True)
        if spec is None or spec.zone != "battlefield" or spec.maximum is None:
            return None
        return (spec,), (DamageEachTarget(int(m.group(1)), 0),)
    m = re.fullmatch(r"(.+?)\. ~ deals (\d+) damage to that (permanent|creature|land|artifact)'s "
                     r"controller", low)
    if m:
        first = oracle.compile_sentence(s[:m.end(1)])
        if first is None or len(first[0]) != 1 or len(first[1]) != 1 or \
                getattr(first[1][0], "target", None) != 0 or first[0][0].maximum != 1 or \
                first[0][0].kind not in ("creature", "permanent"):
            return None
        return first[0], (ThenDamageController(first[1][0], int(m.group(2))),)
    m = _CHAIN.fullmatch(low)
    if m:
        # CR 707.10c: a chain spell - its one target's player/controller may copy it.
        first = oracle.compile_sentence(s[:m.end(1)])
        if first is None or len(first[0]) != 1 or len(first[1]) != 1 or \
                getattr(first[1][0], "target", None) != 0 or first[0][0].maximum != 1:
            return None
        mana = None
        if m.group(2):
            from ...mana import ManaCost
            try:
                mana = ManaCost.parse(m.group(2).upper())
            except ValueError:
                return None
        return first[0], (PayToCopy(first[1][0], mana),)
    m = re.fullmatch(r"(.+?)\. you gain life equal to the damage dealt this way", low)
    if m:
        first = oracle.compile_sentence(s[:m.end(1)])
        if first is None or len(first[1]) != 1:
            return None
        from ..abilities import DealDamage
        eff = first[1][0]
        inner = getattr(eff, "effect", eff)
        if not isinstance(inner, (DealDamage, PowerDamage, DividedDamage)):
            return None
        return first[0], (DamageThenGain(eff),)
    m = _EXILE_INSTEAD.fullmatch(low)
    if m:
        first = oracle.compile_sentence(s[:m.end(1)])
        if first is None or len(first[1]) != 1:
            return None
        eff = first[1][0]
        from ..abilities import DamageEach, DealDamage
        this_way = m.group(2).startswith("a ")
        if this_way:
            if not isinstance(eff, (DealDamage, DamageEach)):
                return None
            if isinstance(eff, DealDamage) and eff.target < 0:
                return None
            return first[0], (DamageThenExile(eff, True),)
        # "that creature": the damage's one target, a creature (or planeswalker) target.
        if not isinstance(eff, DealDamage) or eff.target != 0 or len(first[0]) != 1:
            return None
        spec = first[0][0]
        if spec.kind == "creature" or spec.quals == ("anytype:Creature,Planeswalker",) and \
                m.group(2) in ("that creature or planeswalker", "that permanent"):
            return first[0], (DamageThenExile(eff, False, 0),)
        return None
    # CR 120.3 / 208.3: damage equal to a creature's power.
    m = re.fullmatch(r"(target creature(?: you control)?) deals damage equal to its power to "
                     r"(.+?)(\. if the creature you control has trample, excess damage is dealt "
                     r"to that creature's controller instead)?", low)
    if m:
        from ..effect_text import target_phrase
        a = target_phrase(m.group(1))
        b = target_phrase(m.group(2))
        if a is None or b is None or b.zone != "battlefield":
            return None
        if m.group(3) and (b.kind != "creature" or a.controller != "you"):
            return None
        return (a, b), (PowerDamage(0, 1, "trample" if m.group(3) else None),)
    # CR 120.4a: excess damage dealt to the creature's controller instead.
    m = re.fullmatch(r"(~ deals (\d+) damage to target creature(?: an opponent controls| you "
                     r"don't control)?)\. excess damage is dealt to that creature's controller "
                     r"instead", low)
    if m:
        first = oracle.compile_sentence(s[:m.end(1)])
        if first is None or len(first[0]) != 1 or first[0][0].kind != "creature":
            return None
        return first[0], (ExcessDamage(int(m.group(2)), 0),)
    m = re.fullmatch(r"target creature deals damage to itself equal to its power", low)
    if m:
        return (TargetSpec("creature"),), (PowerDamage(0, 0),)
    return None
