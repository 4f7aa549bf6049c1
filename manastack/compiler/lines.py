"""The ability level of the Oracle grammar (CR 113.3): what kind of ability a line of
rules text is -- a spell's instructions, an activated ability ``cost: effect`` (CR 602.1),
a triggered ability ``[When/Whenever/At] event, effect`` (CR 603.1) -- and its compiled
form.

``compile_line`` returns the abilities a line compiles to, or None when some word of it
isn't understood (the line is then unsupported).
"""

from __future__ import annotations

from dataclasses import dataclass

from .abilities import ActivatedAbility, AddMana, SpellAbility, TriggeredAbility
from .clauses import INSTRUCTIONS
from .combinators import Rule, alt, opt, parse, seq, word, words
from .discourse import Unresolved, finish
from .phrases import COST
from .tokens import tokenize
from ..ir.render import renders
from . import costs  # noqa: F401  (the cost phrases)


@dataclass(frozen=True, slots=True)
class Compiled:
    """What one line compiled to."""

    spell: SpellAbility | None = None
    activated: ActivatedAbility | None = None
    triggered: TriggeredAbility | None = None
    static: tuple = ()
    keywords: tuple[str, ...] = ()


# CR 602.5: restrictions on when an ability may be activated
_RESTRICTION = alt(
    words("activate only as a sorcery", "sorcery"),
    words("activate only once each turn", "once"),
)
_RESTRICTIONS = opt(seq(_RESTRICTION, opt(word("."), None)).map(lambda v: v[0]), None)

ACTIVATED = seq(COST, word(":"), INSTRUCTIONS, _RESTRICTIONS).map(lambda v: (v[0], v[2], v[3]))


LINE = Rule("line")   # a whole line -> Compiled (rules areas add the kinds of line they read)


def compile_line(text: str, is_spell: bool) -> Compiled | None:
    """The abilities one line of rules text compiles to, or None."""
    if is_spell:
        sp = compile_spell(text)
        if sp is not None:
            return Compiled(spell=sp)
    else:
        ab = compile_activated(text)
        if ab is not None:
            return Compiled(activated=ab)
    line = tokenize(text)
    for value in parse(LINE, line, text)[0]:
        try:
            return value(text) if callable(value) else value
        except Unresolved:
            continue
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
    for cost, instrs, restriction in parse(ACTIVATED, line)[0]:
        try:
            effects, targets = finish(instrs)
        except Unresolved:
            continue
        if restriction == "once":
            continue   # not yet: a per-turn activation count (CR 602.5b)
        # CR 605.1a: no target, could add mana, not a loyalty ability -> a mana ability
        mana_ability = not targets and all(isinstance(e, AddMana) for e in effects)
        if mana_ability and (cost.mana.hybrid or cost.mana.phyrexian or cost.mana.x):
            continue
        return ActivatedAbility(cost, effects, targets, mana_ability, restriction == "sorcery",
                                text)
    return None


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


def _render_mana(n: AddMana) -> str:
    """CR 106.3: "add {G}", "add one mana of any color"."""
    if n.kind == "fixed":
        s = "add " + "".join("{%s}" % m for m in n.mana)
        return s + (f" for each {n.per}" if n.per else "")
    if n.kind == "one_type":
        return f"add {n.count} mana of one of " + ", ".join("{%s}" % m for m in n.choices)
    if n.kind == "combination":
        return f"add {n.count} mana in any combination of " + ", ".join(
            "{%s}" % m for m in n.choices)
    return f"add mana ({n.kind})"


renders(AddMana)(_render_mana)


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
