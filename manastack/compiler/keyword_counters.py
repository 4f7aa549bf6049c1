"""Keyword abilities that put or count counters, and upkeep costs (CR 702): persist,
undying, echo, cumulative upkeep, fading, vanishing, modular, renown, fabricate, evolve,
afterlife, soulshift; and those about permanents' forms: crew, bestow, living weapon, job
select, umbra armor, daybound/nightbound, fuse, disturb. Items of a keyword
line (``keyword_lines.KEYWORD``); their effects are executed by
``engine/areas/designations.py``, ``engine/areas/type_changes.py``,
``engine/areas/faces.py`` and the crew cost by ``engine/casting.py``."""

from __future__ import annotations

from .abilities import (CreateTokens, MoveTargetTo, SacrificeSelf, StaticAbility, TargetSpec,
                        TriggeredAbility)
from .areas.designations import (Evolve, Fabricate, PutDiedCounters, RemoveCounterOrSacrifice,
                                 Renown, ReturnDiedWithCounter, SacrificeUnlessPays)
from .abilities import AltCost
from .areas.type_changes import GERM_TOKEN, HERO_TOKEN, CreateAttached, crew_ability
from ..ir.costs import Cost
from .combinators import Reject, seq, word, words
from .keyword_lines import _MANA_COST, _PLAIN, KEYWORD, Compiled, _written
from .phrases import NUMBER

_DIES = ("graveyard_from_battlefield",)


def _t(events, effect, text, targets=(), optional=False, condition=None):
    return TriggeredAbility(events, (effect,), targets, optional, text, condition)


def _dies_returns(kw: str, kind: str) -> Compiled:
    # CR 702.79a / 702.93a: "When this permanent is put into a graveyard from the
    # battlefield, if it had no -1/-1 (+1/+1) counters on it, return it to the battlefield
    # under its owner's control with a -1/-1 (+1/+1) counter on it."
    return Compiled(more=(_t(_DIES, ReturnDiedWithCounter(kind), kw.capitalize(),
                             condition="designations:no_counters:" + kind),))


def _fading(n: int) -> Compiled:
    # CR 702.32a: it enters with N fade counters; "At the beginning of your upkeep, remove
    # a fade counter from it. If you can't, sacrifice it."
    text = f"Fading {n}"
    return Compiled(static=(StaticAbility("enters_with_n_counters", text, power=n,
                                          counter="fade"),),
                    more=(_t(("upkeep",), RemoveCounterOrSacrifice("fade"), text),))


def _vanishing(n: int) -> Compiled:
    # CR 702.63a: it enters with N time counters; "At the beginning of your upkeep, if this
    # permanent has a time counter on it, remove a time counter from it." and "When the
    # last time counter is removed from this permanent, sacrifice it."
    text = f"Vanishing {n}"
    return Compiled(static=(StaticAbility("enters_with_n_counters", text, power=n,
                                          counter="time"),),
                    more=(_t(("upkeep",), RemoveCounterOrSacrifice("time", False), text,
                             condition="designations:has_counter:time"),
                          _t(("last_counter_removed",), SacrificeSelf(), text)))


def _modular(n: int) -> Compiled:
    # CR 702.43a: "This permanent enters with N +1/+1 counters on it" and "When this
    # permanent is put into a graveyard from the battlefield, you may put a +1/+1 counter
    # on target artifact creature for each +1/+1 counter on this permanent."
    text = f"Modular {n}"
    spec = TargetSpec("creature", types=("Artifact", "Creature"))
    return Compiled(static=(StaticAbility("enters_with_n_counters", text, power=n,
                                          counter="+1/+1"),),
                    more=(_t(_DIES, PutDiedCounters("+1/+1", 0), text, (spec,), True),))


# CR 702.135a: afterlife's token
_SPIRIT = (("name", "Spirit Token"), ("types", ("Creature",)), ("subtypes", ("Spirit",)),
           ("colors", ("W", "B")), ("power", 1), ("toughness", 1), ("keywords", ("flying",)))


def _number(v) -> int:
    if v < 1:
        raise Reject
    return v


KEYWORD.add(
    words("persist").map(lambda v: _dies_returns("persist", "-1/-1")),
    words("undying").map(lambda v: _dies_returns("undying", "+1/+1")),
    # CR 702.30a: "At the beginning of your upkeep, if this permanent came under your
    # control since the beginning of your last upkeep, sacrifice it unless you pay [cost]."
    seq(word("echo"), _PLAIN).map(lambda v: Compiled(more=(_t(
        ("upkeep",), SacrificeUnlessPays(v[1]), "Echo " + _written(v[1]),
        condition="designations:echo"),), spells_only=False)),
    # CR 702.24a: "At the beginning of your upkeep, if this permanent is on the
    # battlefield, put an age counter on this permanent. Then you may pay [cost] for each
    # age counter on it. If you don't, sacrifice it."
    seq(words("cumulative upkeep"), _PLAIN).map(lambda v: Compiled(more=(_t(
        ("upkeep",), SacrificeUnlessPays(v[1], "age"), "Cumulative upkeep " + _written(v[1])),),
        spells_only=False)),
    seq(word("fading"), NUMBER).map(lambda v: _fading(_number(v[1]))),
    seq(word("vanishing"), NUMBER).map(lambda v: _vanishing(_number(v[1]))),
    seq(word("modular"), NUMBER).map(lambda v: _modular(_number(v[1]))),
    # CR 702.112a: "When this creature deals combat damage to a player, if it isn't
    # renowned, put N +1/+1 counters on it and it becomes renowned."
    seq(word("renown"), NUMBER).map(lambda v: Compiled(more=(_t(
        ("combat_damage_to_player",), Renown(_number(v[1])), f"Renown {v[1]}",
        condition="designations:not_renowned"),))),
    # CR 702.123a: "When this permanent enters, you may put N +1/+1 counters on it. If you
    # don't, create N 1/1 colorless Servo artifact creature tokens."
    seq(word("fabricate"), NUMBER).map(lambda v: Compiled(more=(_t(
        ("enters",), Fabricate(_number(v[1])), f"Fabricate {v[1]}"),))),
    # CR 702.100a: "Whenever a creature you control enters, if that creature's power is
    # greater than this creature's power and/or that creature's toughness is greater than
    # this creature's toughness, put a +1/+1 counter on this creature."
    words("evolve").map(lambda v: Compiled(more=(_t(
        ("enters|Creature|you|other",), Evolve(), "Evolve", condition="designations:evolve"),))),
    # CR 702.135a: "When this permanent is put into a graveyard from the battlefield,
    # create N 1/1 white and black Spirit creature tokens with flying."
    seq(word("afterlife"), NUMBER).map(lambda v: Compiled(more=(_t(
        _DIES, CreateTokens(_SPIRIT, _number(v[1])), f"Afterlife {v[1]}"),))),
    # CR 702.46a: "When this permanent is put into a graveyard from the battlefield, you
    # may return target Spirit card with mana value N or less from your graveyard to your
    # hand."
    seq(word("soulshift"), NUMBER).map(lambda v: Compiled(more=(_t(
        _DIES, MoveTargetTo("hand", 0), f"Soulshift {v[1]}",
        (TargetSpec("card", controller="you", subtypes=("Spirit",), zone="graveyard",
                    max_mana_value=v[1]),), True),))),
    # CR 702.122a: "Crew N" means "Tap any number of other untapped creatures you control
    # with total power N or greater: This permanent becomes an artifact creature until end
    # of turn."
    seq(word("crew"), NUMBER).map(lambda v: Compiled(
        more=(crew_ability(v[1], f"Crew {v[1]}"),), spells_only=False)),
)

KEYWORD.add(
    # CR 702.103a: "Bestow [cost]" -- an alternative cost; cast so, the spell is an Aura
    # with enchant creature (engine/areas/type_changes.py)
    seq(word("bestow"), _MANA_COST).map(lambda v: Compiled(
        alternatives=(AltCost("bestow", Cost(v[1]), "hand"),))),
    # CR 702.92a / 702.182a: "When this Equipment enters, create a [token], then attach
    # this Equipment to it."
    words("living weapon").map(lambda v: Compiled(more=(_t(
        ("enters",), CreateAttached(GERM_TOKEN), "Living weapon"),), spells_only=False)),
    words("job select").map(lambda v: Compiled(more=(_t(
        ("enters",), CreateAttached(HERO_TOKEN), "Job select"),), spells_only=False)),
    # CR 702.89a-b: umbra armor (formerly totem armor)
    words("umbra armor", Compiled(static=(StaticAbility("umbra_armor", "Umbra armor"),),
                                  spells_only=False)),
    words("totem armor", Compiled(static=(StaticAbility("umbra_armor", "Totem armor"),),
                                  spells_only=False)),
    # CR 702.145b / 702.145e: daybound and nightbound (engine/areas/faces.py: day and night)
    words("daybound", Compiled(keywords=("daybound",), spells_only=False)),
    words("nightbound", Compiled(keywords=("nightbound",), spells_only=False)),
    # CR 702.102a: fuse (a split card's fused half, areas/faces.py ``_fused``)
    words("fuse", Compiled(keywords=("fuse",), spells_only=True)),
    # CR 702.146a: "Disturb [cost]" (moved to the back face by ``with_faces``)
    seq(word("disturb"), _MANA_COST).map(lambda v: Compiled(
        alternatives=(AltCost("disturb", Cost(v[1]), "graveyard"),), spells_only=False)),
)
