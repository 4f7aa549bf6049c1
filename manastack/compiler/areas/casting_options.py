"""Compiler area `casting_options`: how spells are cast (CR 601.2b, 601.2f, 118.9, 702).

* cost changes (CR 601.2f, 118.7): "This spell costs {N} less to cast for each ... / if
  ...", and static abilities of permanents ("Instant and sorcery spells you cast cost {1}
  less to cast.", "Noncreature spells cost {1} more to cast.") -> ``CostChange``;
* alternative costs with a condition (CR 118.9): "If you control a Swamp, you may pay 4
  life rather than pay this spell's mana cost." -> ``ConditionalAltCost``;
* "It can't be regenerated." (CR 701.19c) -> ``NoRegeneration``;
* keyword abilities about casting, see ``casting_keywords`` (storm, escape, ...).

See ``areas/__init__.py`` for the hooks an area defines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..abilities import TargetSpec

TRIGGERS: list = []

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8}
_TYPE_WORDS = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment",
               "instant": "Instant", "sorcery": "Sorcery", "planeswalker": "Planeswalker",
               "land": "Land", "battle": "Battle", "kindred": "Kindred"}
_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@dataclass(frozen=True, slots=True)
class CostChange:
    """CR 601.2f / 118.7: a static ability that changes the total cost to cast spells by
    ``amount`` generic mana (``more``: an increase).

    ``scope``: ``self`` (the spell with this ability, functioning on the stack and while
    its cost is determined, CR 601.2f) or ``spells`` (spells matching ``filter`` cast by
    ``who``: ``you``, ``opponents``, ``all``, from a permanent on the battlefield).
    ``per`` counts what the amount is multiplied by (``graveyard``: cards of ``spec`` in
    your graveyard; ``drawn``: cards you've drawn this turn; ``party``: CR 700.8; ``count``:
    permanents matching ``spec``; ``domain``: basic land types among your lands, CR 305.6);
    ``condition`` says when it applies (``control``: you control a permanent matching
    ``spec``; ``targets``: the spell targets an object matching ``spec``;
    ``human_and_nonhuman``; ``cast_another``: you've cast another spell this turn)."""

    kind: str = "cost_change"
    text: str = ""
    amount: int = 1
    more: bool = False
    scope: str = "self"
    who: str = "you"
    filter: TargetSpec | None = None
    per: str = ""
    condition: str = ""
    spec: TargetSpec | None = None
    count: int = 0   # "if you control three or more artifacts": at least ``count``
    colored: tuple = ()   # scope ``ability``: colored mana (W U B R G C) it reduces too
    ability: int = 0      # scope ``ability``: the activated ability (numbered from 1)


@dataclass(frozen=True, slots=True)
class ConditionalAltCost:
    """CR 118.9: an alternative cost that may be paid only while its controller controls
    a permanent matching ``condition`` ("If you control a Swamp, you may pay 4 life rather
    than pay this spell's mana cost."). Read like ``AltCost``."""

    name: str
    cost: object
    zone: str = "hand"
    condition: TargetSpec | str | None = None   # "cast_another": surge (CR 702.117a)


@dataclass(frozen=True, slots=True)
class NoRegeneration:
    """CR 701.19c: ``effects`` happen, and a permanent they destroy can't be regenerated
    ("Destroy target nonblack creature. It can't be regenerated.")."""

    effects: tuple = ()


# ---------------------------------------------------------------- cost changes


def spell_filter(words: str) -> TargetSpec | None:
    """The spells a cost change applies to: "instant and sorcery", "noncreature",
    "artifact", "Dragon", "green creature", "" (all spells)."""
    words = words.strip()
    types: list[str] = []
    subtypes: list[str] = []
    quals: list[str] = []
    colors: list[str] = []
    m = re.fullmatch(r"(\w+) (?:and|or) (\w+)", words.lower())
    if m and m.group(1) in _TYPE_WORDS and m.group(2) in _TYPE_WORDS:
        quals.append("anytype:" + _TYPE_WORDS[m.group(1)] + "," + _TYPE_WORDS[m.group(2)])
        return TargetSpec("card", zone="stack", quals=tuple(quals))
    for w in words.split():
        lw = w.lower()
        if lw in _TYPE_WORDS:
            types.append(_TYPE_WORDS[lw])
        elif lw.startswith("non") and lw[3:] in _TYPE_WORDS:
            quals.append("non:" + _TYPE_WORDS[lw[3:]])
        elif lw in _COLORS:
            colors.append(_COLORS[lw])
        elif w[:1].isupper() and w.isalpha() and lw not in ("spells",):
            from ..keywords import is_creature_type
            if not is_creature_type(w):
                return None
            subtypes.append(w)
        else:
            return None
    return TargetSpec("card", zone="stack", types=tuple(types), subtypes=tuple(subtypes),
                      colors=tuple(colors), quals=tuple(quals))


def _graveyard_spec(words: str) -> TargetSpec | None:
    """"instant and sorcery card", "creature card", "card" in your graveyard."""
    w = words.strip()
    if w == "card":
        return TargetSpec("card", zone="graveyard", controller="you")
    m = re.fullmatch(r"(\w+) (?:and|or) (\w+) card", w)
    if m and m.group(1) in _TYPE_WORDS and m.group(2) in _TYPE_WORDS:
        return TargetSpec("card", zone="graveyard", controller="you", quals=(
            "anytype:" + _TYPE_WORDS[m.group(1)] + "," + _TYPE_WORDS[m.group(2)],))
    m = re.fullmatch(r"(\w+) card", w)
    if m and m.group(1) in _TYPE_WORDS:
        return TargetSpec("card", zone="graveyard", controller="you",
                          types=(_TYPE_WORDS[m.group(1)],))
    return None


def _self_reduction(low: str, line: str):
    """"~ costs {N} less to cast [for each ... | if ...]" (CR 601.2f)."""
    from ..effect_text import object_phrase
    # CR 207.2c: an ability word ("Metalcraft —", "Raid —") has no rules meaning
    m = re.fullmatch(r"(?:[a-z]+(?: [a-z]+)? — )?~ costs \{(\d+)\} (less|more) to cast (.+)", low)
    if not m:
        return None
    n, more, rest = int(m.group(1)), m.group(2) == "more", m.group(3)
    orig = line.rstrip(".")[m.start(3):m.end(3)]   # the same words with their case
    if n == 0:
        return None

    def cc(**kw):
        return CostChange(text=line, amount=n, more=more, **kw)

    mm = re.fullmatch(r"for each (.+) in your graveyard", rest)
    if mm:
        spec = _graveyard_spec(mm.group(1))
        return cc(per="graveyard", spec=spec) if spec is not None else None
    if rest == "for each card you've drawn this turn":
        return cc(per="drawn")
    if rest == "for each creature in your party":
        return cc(per="party")
    if rest == "for each basic land type among lands you control":
        return cc(per="domain")
    mm = re.fullmatch(r"for each (.+?) (you control|your opponents control|on the battlefield)",
                      rest)
    if mm:
        spec = object_phrase(orig[mm.start(1):mm.end(1)])
        if spec is None or spec.zone != "battlefield" or spec.controller or spec.other:
            return None
        ctl = {"you control": "you", "your opponents control": "opponent",
               "on the battlefield": None}[mm.group(2)]
        spec = TargetSpec(spec.kind, controller=ctl, types=spec.types, subtypes=spec.subtypes,
                          colors=spec.colors, quals=spec.quals)
        return cc(per="count", spec=spec)
    if rest == "if you control a human creature and a non-human creature":
        return cc(condition="human_and_nonhuman")
    if rest == "if you've cast another spell this turn":
        return cc(condition="cast_another")
    if rest == "if it's bargained":
        return cc(condition="bargained")   # CR 702.166b
    if rest == "if a creature died this turn":
        return cc(condition="creature_died")   # CR 700.4
    if rest == "if you attacked this turn":
        return cc(condition="attacked")   # CR 508.1
    mm = re.fullmatch(r"if your life total is (\d+) or less", rest)
    if mm:
        return cc(condition="life_at_most", count=int(mm.group(1)))
    mm = re.fullmatch(r"if you control (two|three|four|five|six|seven) or more (.+)", rest)
    if mm:
        spec = object_phrase(orig[mm.start(2):mm.end(2)], plural=True)
        if spec is None or spec.zone != "battlefield" or spec.controller or spec.other:
            return None
        spec = TargetSpec(spec.kind, controller="you", types=spec.types, subtypes=spec.subtypes,
                          colors=spec.colors, quals=spec.quals)
        return cc(condition="control_n", spec=spec, count=_NUMBERS[mm.group(1)])
    mm = re.fullmatch(r"if there are (two|three|four|five|six|seven) or more (.+) in your "
                      r"graveyard", rest)
    if mm:
        w = mm.group(2)
        w = w[:-1] if w.endswith("cards") else w
        spec = _graveyard_spec(w)
        if spec is None:
            return None
        return cc(condition="graveyard_n", spec=spec, count=_NUMBERS[mm.group(1)])
    mm = re.fullmatch(r"if an opponent controls (?:a|an) (.+)", rest)
    if mm:
        spec = object_phrase(orig[mm.start(1):mm.end(1)])
        if spec is None or spec.zone != "battlefield" or spec.controller or spec.other:
            return None
        spec = TargetSpec(spec.kind, controller="opponent", types=spec.types,
                          subtypes=spec.subtypes, colors=spec.colors, quals=spec.quals)
        return cc(condition="control", spec=spec)
    mm = re.fullmatch(r"if you control (?:a|an) (.+)", rest)
    if mm:
        spec = object_phrase(orig[mm.start(1):mm.end(1)])
        if spec is None or spec.zone != "battlefield" or spec.controller or spec.other:
            return None
        spec = TargetSpec(spec.kind, controller="you", types=spec.types, subtypes=spec.subtypes,
                          colors=spec.colors, quals=spec.quals)
        return cc(condition="control", spec=spec)
    mm = re.fullmatch(r"if it targets (?:a|an) (.+)", rest)
    if mm:
        spec = object_phrase(orig[mm.start(1):mm.end(1)])
        if spec is None or spec.zone != "battlefield" or spec.controller or spec.other:
            return None
        return cc(condition="targets", spec=spec)
    return None


def _static_change(low: str, line: str):
    """"[Filter] spells you cast cost {N} less to cast." / "[Filter] spells cost {N} more to
    cast." / "... your opponents cast ..." (CR 601.2f)."""
    m = re.fullmatch(r"(.*?)spells( you cast| your opponents cast)? cost \{(\d+)\} (less|more) "
                     r"to cast", low)
    if not m or int(m.group(3)) == 0:
        return None
    start = len(m.group(1))
    filt = spell_filter(line[:start]) if start else TargetSpec("card", zone="stack")
    if filt is None:
        return None
    who = {" you cast": "you", " your opponents cast": "opponents", None: "all"}[m.group(2)]
    return CostChange(text=line, amount=int(m.group(3)), more=m.group(4) == "more",
                      scope="spells", who=who, filter=filt)


# ---------------------------------------------------------------- alternative costs


def _conditional_alternative(low: str):
    """CR 118.9: "If you control a Swamp, you may pay 4 life rather than pay ~'s mana cost."""
    from ..effect_text import object_phrase
    from ..oracle import _printed_alternative
    m = re.fullmatch(r"if you control (?:a|an) (\w+), you may (.+) rather than pay "
                     r"(?:this spell's|~'s) mana cost", low)
    if not m:
        return None
    word = m.group(1)
    spec = object_phrase(word.capitalize() if word not in _TYPE_WORDS else word)
    if spec is None or spec.zone != "battlefield":
        return None
    spec = TargetSpec(spec.kind, controller="you", types=spec.types, subtypes=spec.subtypes)
    cost = _printed_alternative(m.group(2))
    if cost is None:
        return None
    return ConditionalAltCost("card", cost, "hand", spec)


# ---------------------------------------------------------------- hooks


def compile_line(line: str, low: str, is_spell: bool, out: dict) -> bool:
    from . import casting_keywords
    if casting_keywords.compile_line(line, low, is_spell, out):
        return True
    if " cost" in low:
        ch = _self_reduction(low, line) or _static_change(low, line)
        if ch is not None:
            out["static"].append(ch)
            return True
    m = re.fullmatch(r"if it's not your turn, you may (.+) rather than pay (?:this spell's|~'s) "
                     r"mana cost", low)
    if m:
        # CR 118.9: an alternative cost usable only during another player's turn
        from ..oracle import _printed_alternative
        cost = _printed_alternative(m.group(1))
        if cost is None:
            return False
        out["alternatives"].append(ConditionalAltCost("card", cost, "hand", "not_your_turn"))
        return True
    if low.startswith("if you control"):
        alt = _conditional_alternative(low)
        if alt is not None:
            out["alternatives"].append(alt)
            return True
    m = re.fullmatch(r"(.+?): (.+?) this ability costs ((?:\{[^}]+\})+) less to activate if "
                     r"you've drawn (two|three|four|five) or more cards this turn\.?"
                     r"( activate only once each turn\.?)?", low)
    if m and not is_spell:
        return _ability_reduction(line, m, out)
    if low.startswith(("you may pay {", "as an additional cost to cast ~, exile")):
        return _printed_costs(line, low, out)
    return False


def _ability_reduction(line: str, m, out: dict) -> bool:
    """CR 601.2f / 602.2b: "[Cost]: [Effect.] This ability costs {4}{B} less to activate if
    you've drawn three or more cards this turn. [Activate only once each turn.]" - the
    ability without the middle sentence, and a ``CostChange`` of scope ``ability``."""
    from ...mana import ManaCost
    from ..oracle import compile_line as core_line
    i = line.lower().index(" this ability costs ")
    once = " Activate only once each turn." if m.group(5) else ""
    stripped = line[:i] + once
    before = len(out["activated"])
    if not core_line(stripped, False, out) or len(out["activated"]) != before + 1:
        return False
    try:
        red = ManaCost.parse(m.group(3))
    except ValueError:
        return False
    if red.x or red.hybrid or red.phyrexian:
        return False
    out["static"].append(CostChange(text=line, amount=red.generic, scope="ability",
                                    condition="drawn_n", count=_NUMBERS[m.group(4)],
                                    colored=tuple(red.colored), ability=before + 1))
    return True


def _printed_costs(line: str, low: str, out: dict) -> bool:
    """CR 118.9: "You may pay {W}{U}{B}{R}{G} rather than pay this spell's mana cost." /
    "You may pay {1} and return a basic land you control to its owner's hand rather than
    pay ..."; CR 118.8: "As an additional cost to cast this spell, exile a creature card
    from your graveyard." """
    from ...mana import ManaCost
    from ..abilities import AltCost, ChoiceCost, Cost
    m = re.fullmatch(r"you may pay ((?:\{[^}]+\})+)(?: and (.+?))? rather than pay "
                     r"(?:this spell's|~'s) mana cost", low)
    if m:
        try:
            mana = ManaCost.parse(m.group(1))
        except ValueError:
            return False
        choices: tuple = ()
        rest = m.group(2)
        if rest == "return a basic land you control to its owner's hand":
            choices = (ChoiceCost("return", 1, TargetSpec("permanent", controller="you",
                                                          types=("Land",),
                                                          quals=("super:Basic",))),)
        elif rest == "exile a creature card from your graveyard":
            choices = (ChoiceCost("exile", 1, TargetSpec("card", zone="graveyard",
                                                         controller="you",
                                                         types=("Creature",))),)
        elif rest is not None:
            from ..oracle import _printed_alternative
            other = _printed_alternative(rest)
            if other is None or other.pay_life:
                return False
            choices = other.choices
        out["alternatives"].append(AltCost("card", Cost(mana, choices=choices), "hand"))
        return True
    m = re.fullmatch(r"as an additional cost to cast ~, exile (a|an|two|three|four|five) "
                     r"(?:(creature|instant|sorcery|artifact|land|enchantment) )?cards? from your "
                     r"graveyard", low)
    if m:
        n = _NUMBERS[m.group(1)]
        types = (_TYPE_WORDS[m.group(2)],) if m.group(2) else ()
        out.setdefault("required", []).append(Cost(choices=(ChoiceCost(
            "exile", n, TargetSpec("card", zone="graveyard", controller="you", types=types)),)))
        return True
    return False


def compile_sentence(s: str, low: str):
    # CR 701.19c: "Destroy ... . It can't be regenerated." / "They can't be regenerated."
    m = re.fullmatch(r"(destroy .+?\.) (?:it|they) can't be regenerated\.?", low)
    if m:
        from ..oracle import compile_sentence as core
        compiled = core(s[:len(m.group(1))])
        if compiled is None:
            return None
        targets, effects = compiled
        return targets, (NoRegeneration(tuple(effects)),)
    from . import casting_keywords
    return casting_keywords.compile_sentence(s, low)
