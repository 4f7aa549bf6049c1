"""The trigger clause of the Oracle grammar (CR 603): a triggered ability's line is a
trigger condition -- "When"/"Whenever" and an event, or "At the beginning of" and a step
or phase -- a comma, and the instructions of ``clauses.INSTRUCTIONS``.

A trigger condition reads as a ``TriggerCondition``: the engine's names of its trigger
events (``engine/triggers.py`` fires and matches them: ``enters``, ``attacks``,
``enters|Creature|you|other``, ``cast|Instant|you``, ``dies|Creature;nontoken|you|``)
and what the event's object and player are, which "it", "that creature", "that spell",
"that player" in the instructions may mean (CR 603.2, 608.2h). Only what the engine
checks of an event is read: card types, subtypes, the controller, "another", "nontoken";
a description with more in it leaves the line unsupported.

The line compiles to the same ``TriggeredAbility`` the templates of ``oracle.py`` build.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..ir import effects as I
from ..ir import refs as R
from .abilities import TriggeredAbility
from .clauses import INSTRUCTIONS
from .combinators import (ANY, Parser, Reject, alt, listing, many, opt, parse, seq, table,
                          token, word, words)
from .discourse import Unresolved, finish
from .lines import LINE, Compiled
from .phrases.objects import DESC_SG, SELF
from .tokens import Line


@dataclass(frozen=True, slots=True)
class TriggerCondition:
    """CR 603.1: what a triggered ability waits for. ``events``: the engine's names of
    its trigger events (any of them triggers it); ``event_object`` / ``event_player``:
    the object and the player of the event the instructions may refer to (CR 608.2h),
    or None when the event gives none the engine remembers."""

    events: tuple[str, ...]
    event_object: Any = None
    event_player: Any = None


def _joined(conditions) -> TriggerCondition:
    """CR 603.2: "[event] or [event]": either event triggers the ability; its object and
    player are those both events share."""
    first = conditions[0]
    events: tuple = ()
    for c in conditions:
        events += tuple(e for e in c.events if e not in events)
    same_obj = all(c.event_object == first.event_object for c in conditions)
    same_pl = all(c.event_player == first.event_player for c in conditions)
    return TriggerCondition(events, first.event_object if same_obj else None,
                            first.event_player if same_pl else None)


# ---------------------------------------------------------------- events of the source itself

_SELF_OBJECT = R.Self()

# CR 603.6a / 508.3a / 509.3a,c / 510.3a / 700.4 / 603.6c / 603.10a: events that happen to
# the source itself. The object of "enters", "attacks", "blocks", "becomes blocked",
# "deals combat damage" and "becomes tapped" is the permanent itself (still the same
# object, CR 400.7); a permanent that died or left the battlefield is a new object, of
# which the engine's events remember nothing.
_OWN_EVENT = table({
    "enters": TriggerCondition(("enters",), _SELF_OBJECT),
    "enters the battlefield": TriggerCondition(("enters",), _SELF_OBJECT),
    "attacks": TriggerCondition(("attacks",), _SELF_OBJECT),
    "blocks": TriggerCondition(("blocks",), _SELF_OBJECT),
    "becomes blocked": TriggerCondition(("becomes_blocked",), _SELF_OBJECT),
    "becomes tapped": TriggerCondition(("becomes_tapped",), _SELF_OBJECT),
    # CR 510.3a / 603.2: the player dealt the damage is "that player"
    "deals combat damage to a player": TriggerCondition(
        ("combat_damage_to_player",), _SELF_OBJECT, R.EventPlayer()),
    "dies": TriggerCondition(("dies",)),
    "leaves the battlefield": TriggerCondition(("leaves_battlefield",)),
    "is put into a graveyard from the battlefield": TriggerCondition(
        ("graveyard_from_battlefield",)),
}, "event of the source")

_OWN_EVENTS = listing(_OWN_EVENT, ("or",)).map(_joined)

_SOURCE_EVENT = seq(SELF, _OWN_EVENTS).map(lambda v: v[1])


# ---------------------------------------------------------------- other permanents entering

def _who(part: dict) -> str:
    """The controller an event string names: ``you``, ``opponent`` or any ("")."""
    c = part.get("controller")
    if c is None:
        return ""
    if isinstance(c, R.You):
        return "you"
    if isinstance(c, R.Opponents):
        return "opponent"
    raise Reject


def _only(part: dict, allowed: frozenset) -> None:
    """A description may say only what the engine checks of the event's object."""
    if any(k not in allowed for k in part):
        raise Reject


_ENTERS_KEYS = frozenset({"types", "subtypes", "controller", "other", "noun"})


def _enters_event(part: dict, other: bool) -> str:
    """CR 603.6a: ``enters|TYPES|WHO|other`` (engine/triggers._enters_matches): every card
    type and subtype (``sub:``) given, the controller, and "another"."""
    _only(part, _ENTERS_KEYS)
    if part.get("noun", "permanent") != "permanent":
        raise Reject
    quals = tuple(part.get("types", ())) + tuple("sub:" + s for s in part.get("subtypes", ()))
    return f"enters|{','.join(quals)}|{_who(part)}|{'other' if other else ''}"


def _under_your_control(part: dict, under: Any) -> dict:
    """"enters the battlefield under your control": controlled by you as it enters."""
    if under is None:
        return part
    if part.get("controller") not in (None, R.You()):
        raise Reject
    return dict(part, controller=R.You())


_ENTERS_WORDS = seq(word("enters"), opt(words("the battlefield"), None),
                    opt(words("under your control"), None)).map(lambda v: v[2])

_ENTERED = R.EventObject()   # the permanent that entered (the event's "entered")

_ANOTHER = alt(word("another").map(lambda v: True), word("a", "an").map(lambda v: False))

_PERMANENT_ENTERS = alt(
    # CR 603.6a: "Whenever a creature you control enters", "Whenever another Ally enters"
    seq(_ANOTHER, DESC_SG, _ENTERS_WORDS).map(lambda v: TriggerCondition(
        (_enters_event(_under_your_control(v[1], v[2]), v[0]),), _ENTERED)),
    # "Whenever ~ or another creature you control enters": ~'s own event or the other's
    seq(SELF, words("or another"), DESC_SG, _ENTERS_WORDS).map(lambda v: TriggerCondition(
        ("enters", _enters_event(_under_your_control(v[2], v[3]), True)))),
)


# ---------------------------------------------------------------- creatures dying

_DIES_KEYS = frozenset({"types", "controller", "other", "token"})


def _dies_event(part: dict, other: bool) -> str:
    """CR 700.4: ``dies|QUALS|WHO|other`` (engine/triggers._dies_matches): the card types
    (a creature among them), "nontoken", the controller, and "another"."""
    _only(part, _DIES_KEYS)
    types = tuple(part.get("types", ()))
    if "Creature" not in types or part.get("token") is True:
        raise Reject
    quals = types + (("nontoken",) if part.get("token") is False else ())
    return f"dies|{';'.join(quals)}|{_who(part)}|{'other' if other else ''}"


_CREATURE_DIES = alt(
    # CR 700.4 / 603.10a: "Whenever another creature you control dies"
    seq(_ANOTHER, DESC_SG, word("dies")).map(
        lambda v: TriggerCondition((_dies_event(v[1], v[0]),))),
    seq(SELF, words("or another"), DESC_SG, word("dies")).map(
        lambda v: TriggerCondition(("dies", _dies_event(v[2], True)))),
)


# ---------------------------------------------------------------- spells being cast

_CAST_KEYS = frozenset({"types", "not_types", "alternatives", "noun"})


def _cast_event(part: dict, who: str) -> str:
    """CR 601.2i: ``cast|QUALS|WHO`` (engine/triggers._cast_matches): the spell's card
    types, "non-" types and "[type] or [type]"; "a noncreature spell" you cast is the
    engine's ``you_cast_noncreature`` (as prowess, CR 702.108a)."""
    _only(part, _CAST_KEYS)
    if part.get("noun") != "spell":
        raise Reject
    if part == {"not_types": ("Creature",), "noun": "spell"} and who == "you":
        return "you_cast_noncreature"
    quals = list(part.get("types", ())) + ["non:" + t for t in part.get("not_types", ())]
    alts = part.get("alternatives", ())
    if alts:
        names = []
        for f in alts:
            if f != R.ObjectFilter(types=f.types) or len(f.types) != 1:
                raise Reject
            names.append(f.types[0])
        quals.append("anytype:" + ",".join(names))
    return f"cast|{';'.join(quals)}|{who}"


_CASTER = alt(
    words("you cast", "you"),
    words("an opponent casts", "opponent"),
    words("a player casts", ""),
)

_THE_SPELL = R.EventObject()   # the spell cast (the event's "spell")

# CR 601.2i / 603.2: "Whenever you cast an instant or sorcery spell"
_SPELL_CAST = seq(_CASTER, word("a", "an"), DESC_SG).map(
    lambda v: TriggerCondition((_cast_event(v[2], v[0]),), _THE_SPELL))


# ---------------------------------------------------------------- steps and phases

_ACTIVE = R.ActivePlayer()   # "that player": the player whose step it is

# CR 503.1a / 507.1 / 505.1 / 513.1a: "at the beginning of [step or phase]" triggers as it
# begins (engine: flow.py, triggers.fire_upkeep, fire_end_step, areas/trigger_text)
_STEP = table({
    "your upkeep": TriggerCondition(("upkeep",)),
    "each upkeep": TriggerCondition(("each_upkeep",), None, _ACTIVE),
    "each player 's upkeep": TriggerCondition(("each_upkeep",), None, _ACTIVE),
    "each opponent 's upkeep": TriggerCondition(("opponent_upkeep",), None, _ACTIVE),
    "your end step": TriggerCondition(("your_end_step",)),
    "each end step": TriggerCondition(("end_step",), None, _ACTIVE),
    "the end step": TriggerCondition(("end_step",), None, _ACTIVE),
    "each player 's end step": TriggerCondition(("end_step",), None, _ACTIVE),
    "combat on your turn": TriggerCondition(("begin_combat_yours",)),
    "each combat": TriggerCondition(("begin_combat_each",), None, _ACTIVE),
    "your precombat main phase": TriggerCondition(("begin_main1_yours",)),
    "your first main phase": TriggerCondition(("begin_main1_yours",)),
    "your postcombat main phase": TriggerCondition(("begin_main2_yours",)),
    "your second main phase": TriggerCondition(("begin_main2_yours",)),
}, "step or phase")


# ---------------------------------------------------------------- the trigger condition

# CR 603.1: "When" or "Whenever" [event], or "At" [a step or phase]
TRIGGER_CONDITION = alt(
    seq(word("when", "whenever"), alt(_SOURCE_EVENT, _PERMANENT_ENTERS, _CREATURE_DIES,
                                       _SPELL_CAST)).map(lambda v: v[1]),
    seq(words("at the beginning of"), _STEP).map(lambda v: v[1]),
)


def _you_may(effects: tuple, targets: tuple, condition: TriggerCondition,
             rest: Line) -> tuple[tuple, tuple, bool]:
    """CR 603.5: an ability whose instructions are all "you may ..." is an optional
    triggered ability (the ``optional`` of ``TriggeredAbility``, as the templates build
    it); its controller chooses as it resolves. Its instructions are those after "you
    may", read from there (as the templates read them)."""
    if len(effects) != 1 or not isinstance(effects[0], I.Optional):
        return effects, targets, False
    e = effects[0]
    if e.chooser != R.You() or e.then or e.otherwise:
        return effects, targets, False
    if rest.low[:2] == ("you", "may"):
        after = Line(rest.low[2:], rest.raw[2:], rest.text)
        for instrs in parse(INSTRUCTIONS, after)[0]:
            try:
                got, specs = finish(instrs, condition.event_object or False,
                                    condition.event_player or False)
            except Unresolved:
                continue
            if _unplaced(repr((got, specs))) == _unplaced(repr((e.effects, targets))):
                return got, specs, True
    return e.effects, targets, True


def _unplaced(written: str) -> str:
    """A compiled form written out without the positions in its labels ("found@4")."""
    out = []
    skipping = False
    for ch in written:
        if skipping and ch.isdigit():
            continue
        skipping = ch == "@"
        out.append(ch)
    return "".join(out)


def _triggered(condition: TriggerCondition, instrs, rest: Line):
    """The compiled ability, once its text is known: the instructions' references
    settled with the event's object and player (CR 603.2, 608.2h)."""
    def build(text: str) -> Compiled:
        effects, targets = finish(instrs, condition.event_object or False,
                                  condition.event_player or False)
        effects, targets, optional = _you_may(effects, targets, condition, rest)
        return Compiled(triggered=TriggeredAbility(condition.events, effects, targets,
                                                   optional, text),
                        grammar_instructions=True)
    return build


# CR 603.4: "When/Whenever/At [trigger event], if [condition], [effect]" is an intervening
# "if" clause, checked as the event happens and again as the ability resolves -- not read
# here yet (an "if" first in the instructions would be read as checked only on resolution)
_NO_INTERVENING_IF = Parser(
    lambda st, i: [] if i < len(st.toks) and st.toks[i] == "if" else [(None, i)],
    ANY, "no intervening if", True)



def _read_instructions(st, i: int) -> list:
    """The rest of the line as the ability's instructions, read as a text of their own
    (the positions that name remembered objects count from their first word, as when
    the templates read them)."""
    line = st.line
    rest = Line(line.low[i:], line.raw[i:], line.text)
    values, _ = parse(INSTRUCTIONS, rest, st.context)
    return [((v, rest), len(line.low)) for v in values]


_INSTRUCTIONS = Parser(_read_instructions, ANY, "instructions")

# CR 603.1: "[trigger condition], [instructions]"
TRIGGERED = seq(TRIGGER_CONDITION, word(","), _NO_INTERVENING_IF, _INSTRUCTIONS).map(
    lambda v: _triggered(v[0], *v[3]))

# CR 207.2c: an ability word ("Landfall — Whenever ...") has no rules meaning
_ABILITY_WORD = many(token(lambda t: t if t.replace("'", "").replace("-", "").isalpha()
                           else None, name="ability word"), 1)

LINE.add(
    TRIGGERED,
    seq(_ABILITY_WORD, word("—"), TRIGGERED).map(lambda v: v[2]),
)
