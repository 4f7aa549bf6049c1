"""The ability level of the Oracle grammar (CR 113.3): what kind of ability a line of
rules text is -- a spell's instructions, an activated ability ``cost: effect`` (CR 602.1),
a triggered ability ``[When/Whenever/At] event, effect`` (CR 603.1) -- and its compiled
form.

``compile_line`` returns the abilities a line compiles to, or None when some word of it
isn't understood (the line is then unsupported).
"""

from __future__ import annotations

from dataclasses import dataclass

from .abilities import ActivatedAbility, SpellAbility, TriggeredAbility
from .clauses import INSTRUCTIONS
from .combinators import Rule, alt, many, opt, parse, seq, table, word, words
from .discourse import Unresolved, finish
from .phrases import CONDITION, COST
from .tokens import tokenize
from ..ir import refs as R
from ..ir.effects import DealDamage, Draw, GainLife, LoseLife
from ..ir.mana import is_production
from . import costs  # noqa: F401  (the cost phrases)


@dataclass(frozen=True, slots=True)
class Compiled:
    """What one line compiled to."""

    spell: SpellAbility | None = None
    activated: ActivatedAbility | None = None
    triggered: TriggeredAbility | None = None
    static: tuple = ()
    keywords: tuple[str, ...] = ()
    # keyword lines (compiler/keyword_lines.py) may give several abilities and costs
    more: tuple = ()            # further activated and triggered abilities
    alternatives: tuple = ()    # AltCost: alternative costs (CR 118.9)
    additional: tuple = ()      # AdditionalCost: optional additional costs (CR 601.2b)
    required: tuple = ()        # Cost: "As an additional cost to cast this spell" (CR 118.8)
    spells_only: bool | None = None   # True: read only on an instant or sorcery; False:
    #                                   only on a permanent (CR 702.27a buyback, 702.6a equip)
    grammar_instructions: bool = False   # its abilities' instructions are the grammar's
    #                                      (not read while the templates compile a card alone)


# CR 602.5 / 602.5b: restrictions on when an ability may be activated
_WINDOW = table({
    "as a sorcery": ("sorcery",),
    "once each turn": ("once",),
    "during your turn": ("your_turn",),
    "during an opponent's turn": ("opponent_turn",),
    "during combat": ("combat",),
    "during your upkeep": ("your_turn", "step:upkeep"),
    "during the end of combat step": ("step:end_of_combat",),
    "during the declare blockers step": ("step:declare_blockers",),
    "during the declare attackers step": ("step:declare_attackers",),
    "during your turn , before attackers are declared": ("your_turn", "before_attackers"),
}, "activation window")
_AND_ONLY = alt(words("and only"), seq(word(","), words("and only")), seq(word(","), word("only")),
                seq(word(","), word("and")))
# CR 602.5b: "Activate only if you control a Swamp" -- a condition checked as it is
# activated
_WHEN = alt(_WINDOW, seq(word("if"), CONDITION).map(lambda v: (v[1],)))
_RESTRICTION = seq(words("activate only"), _WHEN,
                   many(seq(_AND_ONLY, _WHEN).map(lambda v: v[1])), opt(word("."), None)).map(
    lambda v: v[1] + tuple(w for part in v[2] for w in part))
_RESTRICTIONS = opt(_RESTRICTION, ())

ACTIVATED = seq(COST, word(":"), INSTRUCTIONS, _RESTRICTIONS).map(lambda v: (v[0], v[2], v[3]))


LINE = Rule("line")   # a whole line -> Compiled (rules areas add the kinds of line they read)


def compile_line(text: str, is_spell: bool, instructions: bool = True) -> Compiled | None:
    """The abilities one line of rules text compiles to, or None. Without
    ``instructions``, only lines that give no spell instructions are read (while the
    templates compile a card's spell alone, oracle.compile_card)."""
    if is_spell and instructions:
        sp = compile_spell(text)
        if sp is not None:
            return Compiled(spell=sp)
    elif instructions:
        ab = compile_activated(text)
        if ab is not None:
            return Compiled(activated=ab)
    line = tokenize(text)
    for value in parse(LINE, line, text)[0]:
        try:
            got = value(text) if callable(value) else value
        except Unresolved:
            continue
        if got.spells_only is not None and got.spells_only != is_spell or \
                (got.spell is not None or got.grammar_instructions) and not instructions:
            continue
        return got
    return None


def merge(out: dict, got: Compiled) -> None:
    """Add a line's abilities to the card being compiled (``out`` of oracle.compile_card)."""
    if got.spell is not None:
        from .effect_text import shift
        prev = out["spell"]
        sp = got.spell
        if prev is None:
            out["spell"] = sp
        else:
            # CR 608.2c: a later line's target numbers follow the earlier lines' targets.
            out["spell"] = SpellAbility(prev.targets + sp.targets,
                                        prev.effects + shift(sp.effects, len(prev.targets)),
                                        prev.text + "\n" + sp.text)
    if got.activated is not None:
        out["activated"].append(got.activated)
    if got.triggered is not None:
        out["triggered"].append(got.triggered)
    for s in got.static:
        out["static"].append(s)
    out["keywords"].update(got.keywords)
    for ab in got.more:
        out["activated" if isinstance(ab, ActivatedAbility) else "triggered"].append(ab)
    out["alternatives"].extend(got.alternatives)
    if got.additional:
        out.setdefault("additional", []).extend(got.additional)
    if got.required:
        out.setdefault("required", []).extend(got.required)


def compile_spell(text: str):
    """A spell's line of instructions (CR 608.2c), or None."""
    line = tokenize(text)
    for instrs in parse(INSTRUCTIONS, line)[0]:
        try:
            effects, targets = finish(instrs)
        except Unresolved:
            continue
        return SpellAbility(targets, effects, text)
    return None


def compile_activated(text: str):
    """``cost: effect`` (CR 602.1), or None."""
    line = tokenize(text)
    for cost, instrs, limits in parse(ACTIVATED, line)[0]:
        try:
            effects, targets = finish(instrs)
        except Unresolved:
            continue
        if cost.loyalty is not None:
            if limits:
                continue   # CR 606.3 is the loyalty ability's window (no others yet)
            # CR 606.3: a loyalty ability is activated as a sorcery, once each turn per
            # permanent; CR 605.1a: it is never a mana ability.
            return ActivatedAbility(cost, effects, targets, False, True, text,
                                    timing="loyalty")
        mana_ability = is_mana_ability(effects, targets)
        conditions = [w for w in limits if not isinstance(w, str)]
        if len(conditions) > 1:
            continue
        only = tuple(w for w in limits if isinstance(w, str) and w not in ("sorcery", "once"))
        if mana_ability is None or mana_ability and (
                cost.mana.hybrid or cost.mana.phyrexian or cost.mana.x or only):
            continue   # not yet: choices in a mana ability's own cost, its windows
        # CR 113.6m: an ability whose cost moves its object from a zone functions there
        zone = cost.zone.value if cost.zone is not None else "battlefield"
        return ActivatedAbility(cost, effects, targets, mana_ability, "sorcery" in limits,
                                text, zone, timing="once_each_turn" if "once" in limits else "",
                                only=only, condition=conditions[0] if conditions else None)
    return None


def is_mana_ability(effects: tuple, targets: tuple) -> bool | None:
    """CR 605.1a: an activated ability without a target that could add mana (and isn't a
    loyalty ability) is a mana ability. None: one whose other instructions can't be done
    as it resolves at once (CR 605.3b) -- those that ask nothing can: damage to its
    controller ("~ deals 1 damage to you", the pain lands), its controller drawing,
    gaining or losing life ("Draw a card", "You gain 1 life")."""
    if targets or not any(is_production(e) for e in effects):
        return False
    for e in effects:
        if not (is_production(e) or _at_once(e)):
            return None
    return True


def _at_once(e) -> bool:
    if isinstance(e, DealDamage):
        return e.to == (R.You(),) and isinstance(e.source, R.Self) and not e.divided
    return isinstance(e, (Draw, GainLife, LoseLife)) and e.players == R.You()


def compile_effect_after_trigger(text: str, event_object: bool = True,
                                 event_player: bool = True):
    """The instructions of a triggered ability (CR 603.1), or None: (targets, effects)."""
    line = tokenize(text)
    for instrs in parse(INSTRUCTIONS, line)[0]:
        try:
            effects, targets = finish(instrs, event_object, event_player)
        except Unresolved:
            continue
        return targets, effects
    return None


_STOPS = frozenset({",", ".", ":", ";", "—", '"'})


def blocking_phrase(text: str) -> str:
    """Where the grammar stops reading a line it can't compile: the word before and the
    words from there to the next punctuation (at most four), numbers written N -- the
    phrase to add next (``manastack cards coverage`` counts them)."""
    line = tokenize(text)
    furthest = 0
    readable = False
    for rule in (INSTRUCTIONS, ACTIVATED, LINE):
        vals, st = parse(rule, line, text)
        readable = readable or bool(vals)
        furthest = max(furthest, st.furthest)
    toks = line.low
    if readable or furthest >= len(toks):
        return "(a reference the text doesn't settle)" if readable else "(the end of the line)"
    end = furthest
    while end < len(toks) and toks[end] not in _STOPS and end - furthest < 4:
        end += 1
    before = toks[furthest - 1] if furthest > 0 else ""
    words = [("N" if t.isdigit() else t) for t in toks[furthest:max(end, furthest + 1)]]
    return (before + " ▸ " if before else "▸ ") + " ".join(words)


from . import keyword_lines  # noqa: E402,F401  (keyword lines, CR 702)
from . import triggers  # noqa: E402,F401  (triggered abilities, CR 603)
