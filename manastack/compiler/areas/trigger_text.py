"""Compiler area `trigger_text` (see ``areas/__init__.py`` for the hooks an area defines):
more trigger events (CR 603), lands that enter tapped unless a condition holds (CR
614.1d), and combat restrictions and requirements (CR 508.1c-d, 509.1b-c)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..abilities import Restrict, StaticAbility, TargetSpec

_N = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
_NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
        "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_BASIC = {"plains": "Plains", "island": "Island", "swamp": "Swamp", "mountain": "Mountain",
          "forest": "Forest", "islands": "Island", "swamps": "Swamp", "mountains": "Mountain",
          "forests": "Forest"}
_TYPES = {"artifact": "Artifact", "enchantment": "Enchantment", "planeswalker": "Planeswalker",
          "battle": "Battle"}


def _num(w: str) -> int:
    return int(w) if w.isdigit() else _NUM[w]


# ---------------------------------------------------------------- dataclasses


@dataclass(frozen=True, slots=True)
class ConditionalStatic(StaticAbility):
    """A static ability that applies depending on a game condition (``condition``, read by
    ``engine/areas/trigger_text.condition_met``): ``enters_tapped_unless`` (CR 614.1d),
    ``attack_unless`` (CR 508.1c). Conditions: ``life_at_most`` (a player has ``count``
    or less life), ``control_at_least`` / ``control_at_most`` (you control ``count`` or
    more / fewer permanents matching ``filter``), ``opponents_control_at_least``,
    ``opponents_at_least`` (you have ``count`` or more opponents), ``defender_controls``
    (the defending player controls a permanent matching ``filter``)."""

    condition: str = ""
    count: int = 0


@dataclass(frozen=True, slots=True)
class UntapUpTo:
    """CR 701.26b: "Untap up to N lands": the controller chooses up to ``count``
    permanents matching ``spec`` as the effect resolves (not targets)."""

    count: int
    spec: TargetSpec


@dataclass(frozen=True, slots=True)
class TapOrUntap:
    """CR 701.26: "tap or untap target creature": the controller chooses as it resolves."""

    target: int = 0


@dataclass(frozen=True, slots=True)
class DamageSubject:
    """CR 120.3: the source deals ``amount`` damage to "that creature" (``info[subject]``,
    the object its trigger event remembers, CR 603.2)."""

    amount: int
    subject: str = "creature"


@dataclass(frozen=True, slots=True)
class IfCondition:
    """``effects`` happen if ``condition`` holds as they would happen, ``otherwise`` if
    not (read by ``engine/areas/trigger_text.condition_now``): ``creature_died`` (a
    creature died this turn, morbid), ``you_attacked`` (raid), ``another_named`` (you
    control another creature with the source's name), ``no_creatures`` (no creatures are
    on the battlefield). With an intervening "if" (CR 603.4) it is the resolution check."""

    condition: str
    effects: tuple = ()
    otherwise: tuple = ()


@dataclass(frozen=True, slots=True)
class ReturnSourceToHand:
    """CR 400.7: "return ~ to its owner's hand": the source, if it is still the permanent
    the ability came from, moves to its owner's hand."""


@dataclass(frozen=True, slots=True)
class SacrificeUnlessReturn:
    """CR 118.12 / 701.21a: "sacrifice ~ unless you return a [spec] you control to its
    owner's hand": the controller chooses as it resolves."""

    spec: TargetSpec


@dataclass(frozen=True, slots=True)
class ModifyEachOfPlayer:
    """CR 611.2c / 613.4c: each creature target player number ``target`` controls as the
    effect begins gets +``power``/+``toughness`` until end of turn."""

    power: int
    toughness: int
    target: int = 0


@dataclass(frozen=True, slots=True)
class GainLifePerHand:
    """CR 119.3: you gain life equal to the number of cards in your hand (counted as the
    effect happens, CR 608.2h)."""


@dataclass(frozen=True, slots=True)
class ReturnDiedCard:
    """CR 603.6c / 400.7: "When ~ dies, return it to its owner's hand": the card put into
    the graveyard by the trigger event, if it is still there, moves to ``to``."""

    to: str = "hand"


@dataclass(frozen=True, slots=True)
class PumpPerBlocker:
    """CR 509.3c / 613.4c: ~ gets +``power``/+``toughness`` until end of turn for each
    creature blocking it (counted as the ability resolves)."""

    power: int
    toughness: int


# ---------------------------------------------------------------- trigger events (CR 603.1)

TRIGGERS: list = [
    # CR 603.6c / 603.10a: leaves-the-battlefield abilities (any zone).
    (r"(?:when|whenever) ~ enters or leaves the battlefield", ("enters", "leaves_battlefield")),
    (r"(?:when|whenever) ~ leaves the battlefield", ("leaves_battlefield",)),
    # CR 601.2i / 603.2: more "whenever you cast" events (``cast|QUALS|WHO``).
    (r"whenever a player casts a spell", ("cast||",)),
    (r"whenever you cast an artifact spell", ("cast|Artifact|you",)),
    (r"whenever you cast an enchantment spell", ("cast|Enchantment|you",)),
    (r"whenever an opponent casts a creature spell", ("cast|Creature|opponent",)),
    (r"whenever an opponent casts a noncreature spell", ("cast|non:Creature|opponent",)),
    # Older wordings and aliases of core events.
    (r"(?:when|whenever) ~ enters the battlefield", ("enters",)),
    (r"(?:when|whenever) ~ enters or dies", ("enters", "dies")),
    (r"whenever ~ attacks or blocks", ("attacks", "blocks")),
    (r"at the beginning of each player's upkeep", ("each_upkeep",)),
    (r"at the beginning of each player's end step", ("end_step",)),
    # CR 503.1a: "at the beginning of each opponent's upkeep".
    (r"at the beginning of each opponent's upkeep", ("opponent_upkeep",)),
    # CR 507.2 / 505.1: beginning of combat and of main phases.
    (r"at the beginning of combat on your turn", ("begin_combat_yours",)),
    (r"at the beginning of each combat", ("begin_combat_each",)),
    (r"at the beginning of your (?:first|precombat) main phase", ("begin_main1_yours",)),
    (r"at the beginning of your (?:second|postcombat) main phase", ("begin_main2_yours",)),
    # CR 508.1 / 603.2: "whenever you attack" (once, when you declare attackers).
    (r"whenever you attack", ("you_attack",)),
    # CR 603.6a: "whenever ~ or another creature (Ally) you control enters".
    (r"whenever ~ or another creature you control enters", ("enters", "enters|Creature|you|other")),
    (r"whenever ~ or another ally you control enters", ("enters", "enters|sub:Ally|you|other")),
    (r"whenever another ally you control enters", ("enters|sub:Ally|you|other",)),
    # CR 603.2: "when ~ becomes the target of a spell or ability".
    (r"(?:when|whenever) ~ becomes the target of a spell or ability", ("becomes_target",)),
    # CR 601.2i / 603.2: heroic -- "whenever you cast a spell that targets ~" (once for
    # each such spell, however often it targets ~).
    (r"whenever you cast a spell that targets ~", ("you_cast_spell_targeting",)),
    # CR 509.3d: once for each creature blocking it.
    (r"whenever ~ becomes blocked by a creature", ("becomes_blocked_by_creature",)),
    # CR 509.3b: once for each attacking creature it blocks.
    (r"whenever ~ blocks a creature", ("blocks_creature",)),
    (r"whenever ~ blocks a creature with flying", ("blocks_creature|kw:flying",)),
    (r"whenever ~ blocks or becomes blocked by a creature",
     ("blocks_creature", "becomes_blocked_by_creature")),
]
for _w, _t in (("creature", "Creature"), ("nontoken creature", "Creature;nontoken"),
               ("artifact", "Artifact"), ("permanent", "")):
    # CR 603.6c / 603.10a: "whenever another creature you control leaves the battlefield"
    # (leaves-the-battlefield abilities look back in time).
    TRIGGERS += [
        (rf"whenever another {_w} you control leaves the battlefield",
         (f"leaves|{_t}|you|other",)),
        (rf"whenever a {_w} you control leaves the battlefield", (f"leaves|{_t}|you|",)),
    ]
for _w, _t in _TYPES.items():
    # CR 603.6a: "whenever an artifact you control enters" and the like.
    TRIGGERS += [
        (rf"whenever ~ or another {_w} you control enters", ("enters", f"enters|{_t}|you|other")),
        (rf"whenever another {_w} (?:you control enters|enters the battlefield under your "
         rf"control)", (f"enters|{_t}|you|other",)),
        (rf"whenever an? {_w} (?:you control enters|enters the battlefield under your control)",
         (f"enters|{_t}|you|",)),
        (rf"whenever another {_w} enters", (f"enters|{_t}||other",)),
        (rf"whenever an? {_w} enters", (f"enters|{_t}||",)),
    ]


# ---------------------------------------------------------------- static lines


def _land_condition(cond: str):
    """The condition of "~ enters tapped unless [condition]" (CR 614.1d) as
    ``(condition, count, filter)``, or None."""
    m = re.fullmatch(r"a player has (\d+) or less life", cond)
    if m:
        return "life_at_most", int(m.group(1)), None
    m = re.fullmatch(r"you have " + _N + r" or more opponents", cond)
    if m:
        return "opponents_at_least", _num(m.group(1)), None
    m = re.fullmatch(r"your opponents control " + _N + r" or more lands", cond)
    if m:
        return "opponents_control_at_least", _num(m.group(1)), TargetSpec(
            "permanent", types=("Land",), controller="opponent")
    m = re.fullmatch(r"you control " + _N + r" or (more|fewer) (other )?(basic )?(lands|islands|"
                     r"swamps|mountains|forests|plains)", cond)
    if m:
        w = m.group(5)
        spec = TargetSpec("permanent", controller="you",
                          types=("Land",) if w == "lands" else (),
                          subtypes=() if w == "lands" else (_BASIC[w],),
                          quals=("super:Basic",) if m.group(4) else ())
        # "other": the land itself isn't on the battlefield yet as this is checked.
        return ("control_at_least" if m.group(2) == "more" else "control_at_most",
                _num(m.group(1)), spec)
    m = re.fullmatch(r"you control an? (basic land|plains|island|swamp|mountain|forest)"
                     r"(?: or an? (plains|island|swamp|mountain|forest))?", cond)
    if m:
        if m.group(1) == "basic land":
            spec = TargetSpec("permanent", controller="you", types=("Land",),
                              quals=("super:Basic",))
        elif m.group(2):
            spec = TargetSpec("permanent", controller="you", quals=(
                "anysub:" + _BASIC[m.group(1)] + "," + _BASIC[m.group(2)],))
        else:
            spec = TargetSpec("permanent", controller="you", subtypes=(_BASIC[m.group(1)],))
        return "control_at_least", 1, spec
    return None


_CONDITIONS = {
    "a creature died this turn": "creature_died",
    "you attacked this turn": "you_attacked",
    "you attacked with a creature this turn": "you_attacked",
    "you control another creature named ~": "another_named",
    "no creatures are on the battlefield": "no_creatures",
}
_ABILITY_WORD = re.compile(r"(?:[A-Z][A-Za-z' ]+) — ")


def _intervening_if(line: str, out: dict) -> bool:
    """CR 603.4: "When/Whenever/At [event], if [condition], [effect]." -- the ability
    triggers only if the condition holds, and does nothing if it no longer holds as it
    resolves. An ability word before it has no rules meaning (CR 207.2c)."""
    from ..abilities import TriggeredAbility
    from ..oracle import compile_effect, trigger_events
    text = line
    aw = _ABILITY_WORD.match(text)
    if aw:
        text = text[aw.end():]
    m = re.fullmatch(r"((?:when|whenever|at) [^,]+), if ([^,]+), (.+?)\.?", text, re.I)
    if not m:
        return False
    events = trigger_events(m.group(1).lower())
    cond = _CONDITIONS.get(m.group(2).lower())
    if events is None or cond is None:
        return False
    body = m.group(3)
    if body.lower().startswith("you may "):
        return False
    compiled = compile_effect(body + ".")
    if compiled is None:
        return False
    targets, effects = compiled
    out["triggered"].append(TriggeredAbility(events, (IfCondition(cond, effects),), targets,
                                             False, line, "tt:" + cond))
    return True


def _instead_if(line: str, low: str, out: dict) -> bool:
    """CR 608.2c / 614.1a: a spell's last instruction replaced "instead if [condition]"
    (Tragic Slip: "Morbid — That creature gets -13/-13 until end of turn instead if a
    creature died this turn"); Life Goes On: "You gain 4 life. If a creature died this
    turn, you gain 8 life instead." (checked as the spell resolves)."""
    from ..oracle import compile_effect
    from ..abilities import SpellAbility
    text = line
    aw = _ABILITY_WORD.match(text)
    if aw:
        text = text[aw.end():]
    sp = out["spell"]
    m = re.fullmatch(r"(that creature gets [+-]\d+/[+-]\d+ until end of turn) instead if (.+?)\.?",
                     text, re.I)
    if m and sp is not None and len(sp.targets) == 1 and sp.effects:
        cond = _CONDITIONS.get(m.group(2).lower())
        alt = compile_effect("Target creature" + m.group(1)[len("that creature"):] + ".")
        if cond is None or alt is None or len(alt[0]) != 1:
            return False
        last = sp.effects[-1]
        if getattr(last, "target", None) != 0:
            return False
        out["spell"] = SpellAbility(sp.targets, sp.effects[:-1] + (
            IfCondition(cond, alt[1], (last,)),), sp.text + "\n" + line)
        return True
    m = re.fullmatch(r"(.+?)\. if (.+?), (.+?) instead\.?", text, re.I)
    if m and sp is None:
        cond = _CONDITIONS.get(m.group(2).lower())
        first = compile_effect(m.group(1) + ".")
        alt = compile_effect(m.group(3) + ".")
        if cond is None or first is None or alt is None or first[0] or alt[0]:
            return False
        out["spell"] = SpellAbility((), (IfCondition(cond, alt[1], first[1]),), line)
        return True
    return False


def compile_line(line: str, low: str, is_spell: bool, out: dict) -> bool:
    if is_spell:
        if re.search(r"\b(?:return ~ to its owner's hand|sacrifice ~)\b", low):
            # a spell's own "~" is on the stack (CR 608.2n), not a permanent: the
            # permanent-only effects below don't apply; the line stays unsupported.
            raise ValueError("a spell returning or sacrificing itself")
        return _instead_if(line, low, out)
    if _intervening_if(line, out):
        return True
    # CR 614.1d: "This land enters tapped unless [condition]" -- a replacement effect
    # that applies when the condition is false as the land would enter.
    m = re.fullmatch(r"~ enters tapped unless (.+)", low)
    if m:
        cond = _land_condition(m.group(1))
        if cond is None:
            return False
        out["static"].append(ConditionalStatic("enters_tapped_unless", line, filter=cond[2],
                                               condition=cond[0], count=cond[1]))
        return True
    # CR 509.1b: "can't be blocked except by N or more creatures" (like menace, 702.111b)
    # and "can't be blocked by more than one creature" restrict the whole declaration.
    m = re.fullmatch(r"~ can't be blocked except by " + _N + r" or more creatures", low)
    if m:
        out["static"].append(StaticAbility("min_blockers", line, power=_num(m.group(1))))
        return True
    if low == "~ can't be blocked by more than one creature":
        out["static"].append(StaticAbility("max_blockers", line, power=1))
        return True
    # CR 614.1c: "Raid — ~ enters with a +1/+1 counter on it if you attacked this turn."
    m = re.fullmatch(r"(?:(?:raid|morbid) — )?~ enters with " + _N + r" \+1/\+1 counters? on it if "
                     r"(you attacked this turn|a creature died this turn)", low)
    if m:
        out["static"].append(ConditionalStatic("enters_with_counters_if", line,
                                               power=_num(m.group(1)), counter="+1/+1",
                                               condition=_CONDITIONS[m.group(2)]))
        return True
    # CR 509.1b: "can't be blocked by white creatures / Walls / creatures with flying".
    m = re.fullmatch(r"~ can't be blocked by (.+)", low)
    if m and not re.search(r"power|more than|this turn|except", m.group(1)):
        from ..effect_text import object_phrase
        phrase = re.sub(r"^.*? can't be blocked by ", "", line.rstrip("."))
        spec = object_phrase(phrase, plural=True)
        if spec is None or spec.controller or spec.other or spec.zone != "battlefield":
            return False
        out["static"].append(StaticAbility("unblockable_by", line, filter=spec))
        return True
    # CR 509.1b: "can't be blocked except by creatures with flying (or reach)".
    m = re.fullmatch(r"~ can't be blocked except by creatures with (flying|defender|haste|reach)"
                     r"(?: or (flying|defender|haste|reach))?", low)
    if m:
        out["static"].append(StaticAbility("blockable_only_by", line,
                                           keywords=tuple(k for k in m.groups() if k)))
        return True
    # CR 614.1c-d: "~ enters tapped with two charge counters on it."
    m = re.fullmatch(r"~ enters tapped (?:and )?with " + _N + r" (charge|depletion) counters? on it",
                     low)
    if m:
        out["static"].append(StaticAbility("enters_tapped", line))
        out["static"].append(StaticAbility("enters_with_n_counters", line, power=_num(m.group(1)),
                                           counter=m.group(2)))
        return True
    # CR 509.1b: "can't be blocked by creatures with power N or greater".
    m = re.fullmatch(r"~ can't be blocked by creatures with power (\d+) or greater", low)
    if m:
        out["static"].append(StaticAbility("unblockable_by_power_or_greater", line,
                                           power=int(m.group(1))))
        return True
    # CR 508.1c: "can't attack unless defending player controls an Island".
    m = re.fullmatch(r"~ can't attack unless defending player controls an? (plains|island|swamp|"
                     r"mountain|forest)", low)
    if m:
        out["static"].append(ConditionalStatic(
            "attack_unless", line, filter=TargetSpec("permanent", subtypes=(_BASIC[m.group(1)],)),
            condition="defender_controls", count=1))
        return True
    # CR 118.12: "When ~ enters, sacrifice it unless you pay {1}" / "unless you sacrifice a
    # land" ("it" is ~, the permanent that entered).
    m = re.fullmatch(r"(when ~ enters), sacrifice it unless (you .+)", low)
    if m:
        from ..abilities import TriggeredAbility
        from ..oracle import compile_effect
        body = line[len(line) - len(m.group(2)) - (1 if line.endswith(".") else 0):]
        compiled = compile_effect("Sacrifice ~ unless " + body)
        if compiled is None or compiled[0]:
            return False
        out["triggered"].append(TriggeredAbility(("enters",), compiled[1], (), False, line))
        return True
    # CR 603.2: "When ~ becomes the target of a spell or ability, sacrifice it." ("it" is ~)
    m = re.fullmatch(r"(?:when|whenever) ~ becomes the target of a spell or ability, "
                     r"(sacrifice it|return it to its owner's hand)", low)
    if m:
        from ..abilities import SacrificeSelf, TriggeredAbility
        eff = SacrificeSelf() if m.group(1) == "sacrifice it" else ReturnSourceToHand()
        out["triggered"].append(TriggeredAbility(("becomes_target",), (eff,), (), False, line))
        return True
    # "Whenever a creature you control attacks alone" (CR 506.5) and "when enchanted
    # creature dies" (CR 603.10a: the Aura looks back): only effects that don't refer to
    # "it" / "that creature" / "this card" (the attacker or the dead creature, or the
    # card the Aura became: not yet).
    m = re.fullmatch(r"((?:heroic|[a-z' ]+) — )?(whenever a creature you control attacks alone|"
                     r"(?:when|whenever) (?:enchanted|equipped) creature dies), (.+)", low)
    if m and not re.search(r"\b(?:it|its|it's|that creature|this card|them)\b", m.group(3)):
        from ..abilities import TriggeredAbility
        from ..oracle import compile_effect
        ev = ("creature_you_control_attacks_alone" if "attacks alone" in m.group(2)
              else "attached_creature_dies")
        body = line[len(line) - len(m.group(3)) - (1 if line.endswith(".") else 0):]
        optional = body.lower().startswith("you may ")
        if optional:
            body = body[len("you may "):]
        compiled = compile_effect(body)
        if compiled is None:
            return False
        out["triggered"].append(TriggeredAbility((ev,), compiled[1], compiled[0], optional,
                                                 line))
        return True
    # CR 603.6a: "When ~ enters untapped, [effect]" (the trigger event is entering
    # untapped; lands that enter tapped unless ...).
    m = re.fullmatch(r"when ~ enters untapped, (.+)", line[:-1] if line.endswith(".") else line,
                     re.I)
    if m:
        from ..abilities import TriggeredAbility
        from ..oracle import compile_effect
        body = m.group(1)
        optional = body.lower().startswith("you may ")
        if optional:
            body = body[len("you may "):]
        compiled = compile_effect(body + ".")
        if compiled is None:
            return False
        out["triggered"].append(TriggeredAbility(("enters",), compiled[1], compiled[0],
                                                 optional, line, "tt:entered_untapped"))
        return True
    # CR 118.12: "When ~ enters, sacrifice it unless you return an artifact you control to
    # its owner's hand."
    m = re.fullmatch(r"when ~ enters, sacrifice (?:it|~) unless you return an? (artifact|creature|"
                     r"land|enchantment) you control to its owner's hand", low)
    if m:
        from ..abilities import TriggeredAbility
        spec = TargetSpec("permanent", controller="you", types=(m.group(1).capitalize(),))
        out["triggered"].append(TriggeredAbility(("enters",), (SacrificeUnlessReturn(spec),),
                                                 (), False, line))
        return True
    # CR 603.6c / 603.10a: "When ~ dies, return it to its owner's hand."
    m = re.fullmatch(r"when ~ (dies|is put into a graveyard from the battlefield), return it to "
                     r"its owner's hand", low)
    if m:
        from ..abilities import TriggeredAbility
        ev = "dies" if m.group(1) == "dies" else "graveyard_from_battlefield"
        out["triggered"].append(TriggeredAbility((ev,), (ReturnDiedCard("hand"),), (), False,
                                                 line))
        return True
    # CR 509.3c: "Whenever ~ becomes blocked, it gets +1/+1 until end of turn for each
    # creature blocking it."
    m = re.fullmatch(r"whenever ~ becomes blocked, (?:it|~) gets \+(\d+)/\+(\d+) until end of turn "
                     r"for each creature blocking it", low)
    if m:
        from ..abilities import TriggeredAbility
        out["triggered"].append(TriggeredAbility(("becomes_blocked",), (PumpPerBlocker(
            int(m.group(1)), int(m.group(2))),), (), False, line))
        return True
    # CR 603.2: heroic -- "put a +1/+1 counter on it" ("it" is ~).
    m = re.fullmatch(r"(?:heroic — )?whenever you cast a spell that targets ~, put " + _N +
                     r" \+1/\+1 counters? on it", low)
    if m:
        from ..abilities import PutCounters, TriggeredAbility
        out["triggered"].append(TriggeredAbility(
            ("you_cast_spell_targeting",), (PutCounters("+1/+1", _num(m.group(1)), -1),), (),
            False, line))
        return True
    # CR 509.3b / 509.3d / 120.3: "Whenever ~ blocks or becomes blocked by a creature, ~
    # deals N damage to that creature" ("that creature": the other creature).
    m = re.fullmatch(r"(whenever ~ (?:blocks|becomes blocked by|blocks or becomes blocked by) a "
                     r"creature), ~ deals (\d+) damage to that creature", low)
    if m:
        from ..abilities import TriggeredAbility
        from ..oracle import trigger_events
        events = trigger_events(m.group(1))
        if events is None:
            return False
        out["triggered"].append(TriggeredAbility(events, (DamageSubject(int(m.group(2))),),
                                                 (), False, line))
        return True
    # CR 506.5 / 508.1c / 509.1b: "~ can't attack alone", "~ can't attack or block alone".
    m = re.fullmatch(r"~ can't (attack|block|attack or block) alone", low)
    if m:
        if "attack" in m.group(1):
            out["static"].append(StaticAbility("cant_attack_alone", line))
        if "block" in m.group(1):
            out["static"].append(StaticAbility("cant_block_alone", line))
        return True
    # CR 508.1c / 509.1b: an Aura's "Enchanted creature can't attack or block."
    m = re.fullmatch(r"enchanted creature can't (attack or block|attack|block|be blocked)", low)
    if m:
        kinds = {"attack or block": ("cant_attack", "cant_block"), "attack": ("cant_attack",),
                 "block": ("cant_block",), "be blocked": ("cant_be_blocked",)}[m.group(1)]
        out["static"].append(StaticAbility("enchanted_restricted", line, keywords=kinds))
        return True
    # CR 509.1c: "All creatures able to block ~ do so." (a requirement on each of them).
    if low == "all creatures able to block ~ do so":
        out["static"].append(StaticAbility("lure", line))
        return True
    return False


# ---------------------------------------------------------------- effect sentences


def compile_sentence(s: str, low: str):
    # CR 509.1b / 611.2a: "[Target creature / ~] can't be blocked this turn."
    m = re.fullmatch(r"(.+?) can't be blocked this turn", low)
    if m:
        subject = m.group(1)
        if subject in ("~", "it"):
            return (), (Restrict(("cant_be_blocked",), -1),)
        from ..effect_text import target_phrase
        spec = target_phrase(s[m.start(1):m.end(1)].strip())
        if spec is None or spec.zone != "battlefield" or spec.kind not in ("creature",
                                                                           "permanent"):
            return None
        if spec.kind == "permanent" and "Creature" not in spec.types:
            return None
        return (spec,), (Restrict(("cant_be_blocked",), 0),)
    # CR 115.1 / 202.3: "counter target spell with mana value X or less, where X is the
    # number of Faeries you control" (X is checked on targeting and on resolution).
    m = re.fullmatch(r"counter target spell with mana value x or less, where x is the number "
                     r"of ([a-z]+)s you control", low)
    if m:
        from ..abilities import CounterSpell
        sub = m.group(1).capitalize()
        if sub.lower() in ("creature", "artifact", "land", "enchantment", "permanent"):
            return None
        return ((TargetSpec("spell", zone="stack", quals=(f"mv_at_most_count:{sub}",)),),
                (CounterSpell(0),))
    # CR 701.21a: "sacrifice ~"; CR 400.7: "return ~ to its owner's hand".
    if low == "sacrifice ~":
        from ..abilities import SacrificeSelf
        return (), (SacrificeSelf(),)
    if low == "return ~ to its owner's hand":
        return (), (ReturnSourceToHand(),)
    # CR 509.1b / 611.2a: "~ can't be blocked this turn except by creatures with haste".
    m = re.fullmatch(r"~ can't be blocked this turn except by creatures with (flying|defender|"
                     r"haste|reach)", low)
    if m:
        return (), (Restrict((f"cant_be_blocked_except_by_{m.group(1)}",), -1),)
    # CR 509.1c / 611.2a: "All creatures able to block target creature this turn do so."
    if low == "all creatures able to block target creature this turn do so":
        return (TargetSpec("creature"),), (Restrict(("lure",), 0),)
    # CR 611.2c: "Creatures target player controls get -2/-2 until end of turn."
    m = re.fullmatch(r"creatures target player controls get ([+-]\d+)/([+-]\d+) until end of turn",
                     low)
    if m:
        return ((TargetSpec("player"),),
                (ModifyEachOfPlayer(int(m.group(1)), int(m.group(2)), 0),))
    # CR 119.3: "you gain life equal to the number of cards in your hand".
    if low == "you gain life equal to the number of cards in your hand":
        return (), (GainLifePerHand(),)
    m = re.fullmatch(r"draw (a|one|two|three) cards?, then you gain life equal to the number of "
                     r"cards in your hand", low)
    if m:
        from ..abilities import DrawCards
        return (), (DrawCards(_num(m.group(1))), GainLifePerHand())
    # CR 701.26b: "Untap up to two lands."
    m = re.fullmatch(r"untap up to " + _N + r" (lands|creatures)", low)
    if m:
        kind = TargetSpec("permanent", types=("Land",)) if m.group(2) == "lands" else \
            TargetSpec("creature")
        return (), (UntapUpTo(_num(m.group(1)), kind),)
    # CR 701.26: "tap or untap target creature / permanent".
    m = re.fullmatch(r"tap or untap (target (?:creature|permanent|artifact|land))", low)
    if m:
        from ..effect_text import target_phrase
        spec = target_phrase(m.group(1))
        if spec is None:
            return None
        return (spec,), (TapOrUntap(0),)
    return None
