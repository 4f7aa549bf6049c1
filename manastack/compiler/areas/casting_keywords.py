"""Keyword abilities about casting spells (CR 702), compiled for the `casting_options`
area (``casting_options.compile_line`` asks this module first).

* keywords the engine checks by name: improvise (702.126), split second (702.61);
* permissions to cast from the graveyard: escape (702.138), retrace (702.81), jump-start
  (702.133) -> ``AltCost`` / ``GraveyardCast``;
* surge (702.117) -> a ``ConditionalAltCost``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...mana import ManaCost
from ..abilities import Cost

#: CR 702: keywords about casting that the engine implements by name.
CASTING_KEYWORDS = frozenset({"improvise", "split second"})

_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10}


@dataclass(frozen=True, slots=True)
class GraveyardCast:
    """CR 702.81a / 702.133a: a permission to cast the card from ``zone`` paying its own
    mana cost (``cost.mana`` is empty: the card's mana cost is used, ``costs.base_cost``)
    and, as an additional cost, ``cost``'s other parts (retrace: discard a land card;
    jump-start: discard a card). Read like ``AltCost`` (``name`` is the keyword)."""

    name: str
    cost: Cost
    zone: str = "graveyard"
    mana_cost_too: bool = True


@dataclass(frozen=True, slots=True)
class ExileToCastLater:
    """CR 702.170a / 702.143a: the special action of plot or foretell (``kind``): the card
    is exiled from its owner's hand and becomes plotted (cast later without paying its
    mana cost) or foretold (cast later for its foretell cost), CR 116.2h, 116.2k."""

    kind: str
    count: int = 0   # suspend: the number of time counters (CR 702.62a)


@dataclass(frozen=True, slots=True)
class CastRebound:
    """CR 702.88a: "you may cast this card from exile without paying its mana cost" (the
    delayed triggered ability of rebound); ``suspend``: the last time counter was removed
    (CR 702.62a), and a creature spell cast this way gains haste."""

    suspend: bool = False


@dataclass(frozen=True, slots=True)
class RemoveTimeCounter:
    """CR 702.62a: "remove a time counter from it" (a suspended card in exile)."""


@dataclass(frozen=True, slots=True)
class StormCopies:
    """CR 702.40a / 707.10: copy the spell once for each other spell cast before it this
    turn; its controller may choose new targets for each copy (707.10c)."""


@dataclass(frozen=True, slots=True)
class Cascade:
    """CR 702.85a: the cascade trigger's effect."""


@dataclass(frozen=True, slots=True)
class ReplicateCopies:
    """CR 702.56a / 707.10: copy the spell for each time its replicate cost was paid; new
    targets may be chosen for each copy (707.10c)."""


@dataclass(frozen=True, slots=True)
class Unearth:
    """CR 702.84a: return this card from the graveyard to the battlefield; it gains haste;
    it is exiled at the next end step or if it would leave the battlefield."""


@dataclass(frozen=True, slots=True)
class SourceTo:
    """The delayed trigger of unearth or dash: the permanent (the source) is exiled
    (CR 702.84a) or returned to its owner's hand (CR 702.109a), if it is still there."""

    to: str = "exile"


@dataclass(frozen=True, slots=True)
class IfBargained:
    """CR 702.166b: ``effects`` if the spell was bargained, else ``otherwise``."""

    effects: tuple = ()
    otherwise: tuple = ()


@dataclass(frozen=True, slots=True)
class TransmuteSearch:
    """CR 702.53a: search for a card with the same mana value as the discarded card (the
    source, as it last existed), reveal it, put it into the hand, then shuffle."""


@dataclass(frozen=True, slots=True)
class OverloadCost:
    """CR 702.96a: "Overload [cost]" - an alternative cost (read like ``AltCost``) with the
    overloaded spell ability (CR 702.96b: each "target" in its text becomes "each")."""

    name: str
    cost: Cost
    zone: str = "hand"
    spell: object = None


def compile_line(line: str, low: str, is_spell: bool, out: dict) -> bool:
    m = re.fullmatch(r"you may exile the top (\w+) (white|blue|black|red|green) cards of your "
                     r"graveyard rather than pay (?:this spell's|~'s) mana cost", low)
    if m and m.group(1) in _NUMBERS:
        # CR 118.9: an alternative cost that exiles particular cards (no choice).
        from .casting_options import ConditionalAltCost
        color = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}[m.group(2)]
        out["alternatives"].append(ConditionalAltCost(
            "card", Cost(), "hand", f"exile_top:{_NUMBERS[m.group(1)]}:{color}"))
        return True
    m = re.fullmatch(r"when ~ enters, if it was bargained, (.+)", low)
    if m:
        # CR 702.166b / 603.4: an intervening "if".
        from ..abilities import TriggeredAbility
        from ..oracle import compile_effect
        body = line[line.lower().index(m.group(1)):]
        compiled = compile_effect(body)
        if compiled is None:
            return False
        out["triggered"].append(TriggeredAbility(("enters",), compiled[1], compiled[0], False,
                                                 line, "bargained"))
        return True
    m = re.fullmatch(r"(~ deals (\d+) damage to (target [^.]+))\. if ~ was bargained, instead it "
                     r"deals (\d+) damage to that (?:permanent|creature)(?: and you scry (\d+))?",
                     low)
    if m and is_spell:
        # CR 702.166b: "If this spell was bargained, instead ..."
        from ..abilities import Scry, SpellAbility
        from ..oracle import compile_sentence
        first = compile_sentence(line[:len(m.group(1))])
        second = compile_sentence(f"~ deals {m.group(4)} damage to "
                                  + line[m.start(3):m.end(3)])
        if first is None or second is None or first[0] != second[0] or len(first[0]) != 1:
            return False
        better = second[1] + ((Scry(int(m.group(5))),) if m.group(5) else ())
        eff = IfBargained(better, first[1])
        prev = out["spell"]
        if prev is not None:
            return False
        out["spell"] = SpellAbility(first[0], (eff,), line)
        return True
    m = re.fullmatch(r"overload (\{[^ ]+\})", low)
    if m and is_spell:
        # CR 702.96a-b: an alternative cost; cast for it, the spell's text has each
        # "target" changed to "each" (and it has no targets).
        from ..abilities import SpellAbility
        from ..oracle import compile_effect
        sp = out["spell"]
        if sp is None or sp.modes or "\n" in sp.text or not sp.targets:
            return False
        text = re.sub(r"\b[Tt]arget\b", lambda t: "Each" if t.group(0)[0] == "T" else "each",
                      sp.text)
        compiled = compile_effect(text)
        if compiled is None or compiled[0]:
            return False
        try:
            mana = ManaCost.parse(m.group(1))
        except ValueError:
            return False
        out["alternatives"].append(OverloadCost("overload", Cost(mana), "hand",
                                                SpellAbility((), compiled[1], text)))
        return True
    return False


def compile_sentence(s: str, low: str):
    # CR 115.1 / 301.7: "target creature or Vehicle" (one of either).
    if "target creature or vehicle" in low and low.count("target") == 1:
        from dataclasses import replace
        from ..oracle import compile_sentence as core
        i = low.index("target creature or vehicle")
        compiled = core(s[:i] + "target creature" + s[i + len("target creature or vehicle"):])
        if compiled is None or len(compiled[0]) != 1 or compiled[0][0].kind != "creature":
            return None
        spec = compiled[0][0]
        if spec.types or spec.subtypes:
            return None
        spec = replace(spec, kind="permanent",
                       quals=spec.quals + ("either:anytype:Creature|anysub:Vehicle",))
        return (spec,), compiled[1]
    return None
