"""Keyword lines of the Oracle grammar (CR 702): a line of keyword abilities separated by
commas ("Flying, vigilance", "Protection from red", "Bushido 2", "Ward {2}"), keywords
with a cost ("Equip {2}", "Cycling {2}", "Kicker {1}{G}", "Flashback {3}{R}",
"Flashback—Tap three untapped white creatures you control", "Ninjutsu {1}{U}"), and the
lines about a spell's own costs: "As an additional cost to cast this spell, sacrifice a
creature" (CR 118.8, 601.2b) and "You may pay 1 life and exile a blue card from your hand
rather than pay this spell's mana cost" (CR 118.9).

Each keyword means the abilities its rule in CR 702 says; they are built here (the
``LINE`` rule of ``compiler.lines`` reads the line).
"""

from __future__ import annotations

from dataclasses import fields, replace

from ..ir import effects as I
from ..ir import quantity as Q
from ..ir import refs as R
from ..ir.costs import ChoiceCost, Cost, CostAction
from ..mana import ManaCost
from .abilities import (KEYWORDS, ActivatedAbility, AdditionalCost, AltCost, Attach,
                        CastMadness, CounterUnlessPays, ModifyPowerToughness, PumpSubject,
                        PutOntoBattlefieldAttacking, SacrificeSelf, SearchToZone,
                        StaticAbility, TargetSpec, TriggeredAbility)
from .combinators import Reject, Rule, alt, many, opt, seq, table, token, word, words
from .areas.casting_keywords import (CASTING_KEYWORDS, Cascade, CastRebound, ExileToCastLater,
                                     GraveyardCast, RemoveTimeCounter, ReplicateCopies,
                                     SourceTo, StormCopies, TransmuteSearch, Unearth)
from .areas.casting_options import ConditionalAltCost
from .costs import MANA_SYMBOL
from .keywords import (_IRREGULAR_PLURALS, _NON_CREATURE_SUBTYPES, EXTRA_KEYWORDS,
                       is_creature_type)
from .lines import LINE, Compiled
from .phrases import COST, NUMBER
from .vocabulary import COLORS


def _mana(symbols) -> ManaCost:
    try:
        return ManaCost.parse("".join(s.upper() for s in symbols))
    except ValueError:
        raise Reject from None


_MANA_COST = many(MANA_SYMBOL, 1).map(_mana)
# a cost without X, hybrid or Phyrexian symbols (their choices aren't offered here yet)
_PLAIN = _MANA_COST.where(lambda m: not (m.x or m.hybrid or m.phyrexian))


def _written(mana: ManaCost) -> str:
    return "".join("{%s}" % s for s in mana.symbols)


# ---------------------------------------------------------------- keywords without a cost

# CR 702.16a: protection from a color (and the color chosen for the object, CR 702.16j)
_PROTECTION = seq(words("protection from"), alt(
    table({c: c for c in COLORS}, "color"),
    words("the chosen color"), words("the last chosen color"))).map(
    lambda v: "protection from " + v[1])

_SIMPLE = alt(table({k: k for k in KEYWORDS | EXTRA_KEYWORDS | CASTING_KEYWORDS}, "keyword"),
              _PROTECTION).map(
    lambda k: Compiled(keywords=(k,)))

_BLOCKS = ("blocks", "becomes_blocked")

_ABILITY_KEYWORD = alt(
    # CR 702.108a: "Whenever you cast a noncreature spell, this creature gets +1/+1 until
    # end of turn."
    words("prowess", Compiled(keywords=("prowess",), more=(TriggeredAbility(
        ("you_cast_noncreature",), (ModifyPowerToughness(1, 1, -1),), (), False,
        "Prowess"),))),
    # CR 702.83a: "Whenever a creature you control attacks alone, that creature gets +1/+1
    # until end of turn." (each instance triggers, 702.83b)
    words("exalted", Compiled(keywords=("exalted",), more=(TriggeredAbility(
        ("creature_you_control_attacks_alone",), (PumpSubject(1, 1),), (), False,
        "Exalted"),))),
    # CR 702.45a: "Whenever this creature blocks or becomes blocked, it gets +N/+N until
    # end of turn."
    seq(word("bushido"), NUMBER).map(lambda v: Compiled(keywords=("bushido",), more=(
        TriggeredAbility(_BLOCKS, (ModifyPowerToughness(v[1], v[1], -1),), (), False,
                         f"Bushido {v[1]}"),))),
    # CR 702.164a-c: toxic N (combat damage to a player also gives poison counters)
    seq(word("toxic"), NUMBER).map(lambda v: Compiled(
        keywords=("toxic",), static=(StaticAbility("toxic", f"Toxic {v[1]}", v[1]),))),
    # CR 702.21a: "Whenever this permanent becomes the target of a spell or ability an
    # opponent controls, counter that spell or ability unless that player pays [cost]."
    seq(word("ward"), _PLAIN).map(lambda v: Compiled(keywords=("ward",), more=(
        TriggeredAbility(("becomes_target_of_opponent",), (CounterUnlessPays(v[1], -1),),
                         (), False, "Ward " + _written(v[1])),))),
)

# ---------------------------------------------------------------- cycling (CR 702.29)

_BASIC_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def _typecycling_spec(word_: str) -> TargetSpec:
    """CR 702.29e: the card a typecycling ability finds: a basic land type or a creature
    type ("Wizardcycling"), any land, or a basic land card."""
    if word_ == "basic land":
        return TargetSpec("card", zone="library", types=("Land",), quals=("super:Basic",))
    if word_ == "land":
        return TargetSpec("card", zone="library", types=("Land",))
    sub = word_.capitalize()
    if sub in _BASIC_TYPES or is_creature_type(sub):
        return TargetSpec("card", zone="library", subtypes=(sub,))
    raise Reject


_TYPECYCLING = alt(
    words("basic landcycling", "basic land"),
    token(lambda t: t[:-len("cycling")] if t.endswith("cycling") and len(t) > 7 else None,
          name="typecycling"),
)


def _discard_self(mana: ManaCost) -> Cost:
    # CR 702.29a: "[Cost], Discard this card" -- paid from the hand (CR 113.6m)
    return Cost(mana, discard_self=True, zone=R.Zone.HAND)


_CYCLING = alt(
    # CR 702.29a: Cycling [cost] means "[Cost], Discard this card: Draw a card."
    seq(word("cycling"), _PLAIN).map(lambda v: Compiled(more=(ActivatedAbility(
        _discard_self(v[1]), (I.Draw(R.You(), Q.Fixed(1)),), (), False, False,
        "Cycling " + _written(v[1]), "hand"),))),
    # CR 702.29e: "[Type]cycling [cost]" means "[Cost], Discard this card: Search your
    # library for a [type] card, reveal it, and put it into your hand. Then shuffle."
    seq(_TYPECYCLING, _PLAIN).map(lambda v: Compiled(more=(ActivatedAbility(
        _discard_self(v[1]), (SearchToZone(_typecycling_spec(v[0]), "hand"),), (), False,
        False, f"{v[0].capitalize()}cycling {_written(v[1])}", "hand"),))),
)



# ---------------------------------------------------------------- keywords with a cost


def _text_of(value: Compiled):
    """A keyword ability's text is its line as printed."""
    def build(text: str) -> Compiled:
        more = tuple(replace(a, text=text) for a in value.more)
        static = tuple(replace(s, text=text) for s in value.static)
        return replace(value, more=more, static=static)
    return build


def _optional_cost(name: str, spells_only: bool | None = None):
    # CR 702.33a / 702.33c / 702.27a: kicker, multikicker, buyback -- optional additional
    # costs (CR 601.2b)
    return seq(word(name), _PLAIN).map(lambda v: Compiled(
        additional=(AdditionalCost(name, Cost(v[1]), name == "multikicker"),),
        spells_only=spells_only))


_ATTACH_TARGET = TargetSpec("creature", controller="you")
# CR 702.49a: ninjutsu's cost returns an unblocked attacker you control to its owner's hand
_UNBLOCKED = ChoiceCost(CostAction.RETURN, 1, TargetSpec("creature", controller="you",
                                                         unblocked_attacker=True))
_EVOKED = TriggeredAbility(("enters",), (SacrificeSelf(),), (), False, "", "evoked")
_MADNESS = TriggeredAbility(("discarded_to_exile",), (CastMadness(),), (), False, "")
_FLASHBACK_COST = alt(_MANA_COST.map(Cost), seq(word("—"), COST).map(lambda v: v[1]))

_ENCHANTABLE = {
    "permanent": TargetSpec("permanent"),
    **{w: TargetSpec("permanent", types=(w.capitalize(),)) for w in ("land", "creature",
                                                                   "artifact")},
    **{w: TargetSpec("permanent", subtypes=(w.capitalize(),))
       for w in ("forest", "plains", "island", "swamp", "mountain")},
}

_COSTED = alt(
    # CR 702.6a: Equip [cost] means "[Cost]: Attach this permanent to target creature you
    # control. Activate only as a sorcery."
    seq(word("equip"), _MANA_COST).map(lambda v: Compiled(more=(ActivatedAbility(
        Cost(v[1]), (Attach(0),), (_ATTACH_TARGET,), False, True, "Equip " + _written(v[1])),),
        spells_only=False)),
    _optional_cost("kicker"), _optional_cost("multikicker"), _optional_cost("buyback", True),
    # CR 702.34a: flashback -- cast from the graveyard paying the flashback cost
    seq(word("flashback"), _FLASHBACK_COST).map(lambda v: Compiled(
        alternatives=(AltCost("flashback", v[1], "graveyard"),))),
    # CR 702.74a: evoke -- cast paying the evoke cost; "When this permanent enters, if its
    # evoke cost was paid, its controller sacrifices it."
    seq(word("evoke"), _MANA_COST).map(lambda v: Compiled(
        alternatives=(AltCost("evoke", Cost(v[1]), "hand"),),
        more=(replace(_EVOKED, text="Evoke " + _written(v[1])),))),
    # CR 702.35a: madness -- a discarded card is exiled instead and may be cast from exile
    # paying its madness cost
    seq(word("madness"), _MANA_COST).map(lambda v: Compiled(
        alternatives=(AltCost("madness", Cost(v[1]), "exile"),),
        more=(replace(_MADNESS, text="Madness " + _written(v[1])),))),
    # CR 702.49a: Ninjutsu [cost] means "[Cost], Reveal this card from your hand, Return an
    # unblocked attacker you control to hand: Put this card onto the battlefield from your
    # hand tapped and attacking."
    seq(word("ninjutsu"), _MANA_COST).map(lambda v: Compiled(more=(ActivatedAbility(
        Cost(v[1], choices=(_UNBLOCKED,)), (PutOntoBattlefieldAttacking(),), (), False, False,
        "Ninjutsu " + _written(v[1]), "hand", "ninjutsu"),), spells_only=False)),
    # CR 702.5a / 303.4a: "Enchant [object]" -- what an Aura can target and be attached to
    seq(word("enchant"), table(_ENCHANTABLE, "enchantable"), opt(words("you control"), None)).map(
        lambda v: Compiled(static=(StaticAbility("enchant", filter=replace(
            v[1], controller="you" if v[2] else None)),), spells_only=False)),
)

# ---------------------------------------------------------------- a spell's own costs


def _both(a: Cost, b: Cost) -> Cost:
    """Two costs paid together ("pay 1 life and exile a blue card from your hand")."""
    kw = {}
    for f in fields(Cost):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if f.name == "choices":
            kw["choices"] = x + y
        elif f.name == "mana":
            if not y.is_zero() or y.x:
                raise Reject
            kw["mana"] = x
        elif y and x:
            raise Reject
        else:
            kw[f.name] = x or y
    return Cost(**kw)


def _nothing_of_the_object(c: Cost) -> Cost:
    """A spell's additional or alternative cost spends no mana here and nothing of the
    spell itself (its {T}, its sacrifice)."""
    if c.has_mana or c.tap or c.untap or c.sacrifice_self or c.discard_self or \
            c.exile_self or c.remove_counters or c.return_self or c.discard_random:
        raise Reject
    return c


_SPELL_COST = alt(COST, seq(COST, word("and"), COST).map(lambda v: _both(v[0], v[2]))).map(
    _nothing_of_the_object)

_THIS_SPELL = alt(words("this spell"), word("~"))

_SPELL_COSTS = alt(
    # CR 118.8 / 601.2b: "As an additional cost to cast this spell, sacrifice a creature."
    seq(words("as an additional cost to cast"), _THIS_SPELL, word(","), _SPELL_COST).map(
        lambda v: Compiled(required=(v[3],))),
    # CR 118.9: an alternative cost printed without a keyword, named "card"
    seq(words("you may"), _SPELL_COST, words("rather than pay"),
        alt(seq(_THIS_SPELL, word("'s")), words("this spell 's")), words("mana cost")).map(
        lambda v: Compiled(alternatives=(AltCost("card", v[1], "hand"),))),
)


# ---------------------------------------------------------------- keywords about casting


def _trigger(events: tuple, effect, text: str) -> TriggeredAbility:
    return TriggeredAbility(events, (effect,), (), False, text)


_DISCARD_LAND = ChoiceCost(CostAction.DISCARD, 1, TargetSpec("card", zone="hand",
                                                             controller="you", types=("Land",)))
_DISCARD_CARD = ChoiceCost(CostAction.DISCARD, 1, TargetSpec("card", zone="hand",
                                                             controller="you"))


def _suspend(v) -> Compiled:
    # CR 702.62a: pay [cost] and exile it from the hand with N time counters (a special
    # action, CR 116.2f, whenever it could be cast); at the beginning of your upkeep remove
    # a time counter; when the last is removed, you may cast it without paying its mana
    # cost (a creature spell cast this way gains haste).
    n, mana = v[1], v[3]
    if mana.x or n < 1:
        raise Reject
    text = f"Suspend {n}—{_written(mana)}"
    return Compiled(more=(
        ActivatedAbility(Cost(mana), (ExileToCastLater("suspend", n),), (), False, False,
                         text, "hand", "special_cast"),
        _trigger(("suspend_upkeep",), RemoveTimeCounter(), text),
        _trigger(("suspend_last",), CastRebound(True), text)))


_CASTING = alt(
    # CR 702.88a: exiled as it resolves if cast from the hand; at the beginning of its
    # owner's next upkeep they may cast it from exile without paying its mana cost
    words("rebound", Compiled(keywords=("rebound",), more=(
        _trigger(("rebound_upkeep",), CastRebound(), "Rebound"),), spells_only=True)),
    # CR 702.40a: "When you cast this spell, copy it for each other spell that was cast
    # before it this turn. If the spell has any targets, you may choose new targets for
    # any of the copies."
    words("storm", Compiled(keywords=("storm",), more=(
        _trigger(("cast_self",), StormCopies(), "Storm"),), spells_only=True)),
    # CR 702.85a: "When you cast this spell, exile cards from the top of your library until
    # you exile a nonland card whose mana value is less than this spell's mana value. You
    # may cast that card without paying its mana cost ... Then put all cards exiled this
    # way that weren't cast on the bottom of your library in a random order."
    words("cascade", Compiled(keywords=("cascade",), more=(
        _trigger(("cast_self",), Cascade(), "Cascade"),))),
    # CR 702.81a: cast from the graveyard by discarding a land card in addition to paying
    # its other costs
    words("retrace", Compiled(alternatives=(GraveyardCast("retrace", Cost(
        choices=(_DISCARD_LAND,))),), spells_only=True)),
    # CR 702.133a: cast from the graveyard by discarding a card in addition to its other
    # costs; exiled instead of going anywhere else as it leaves the stack
    words("jump-start", Compiled(alternatives=(GraveyardCast("jump-start", Cost(
        choices=(_DISCARD_CARD,))),), spells_only=True)),
    seq(word("suspend"), NUMBER, word("—"), _MANA_COST).map(_suspend),
    # CR 702.84a: "[Cost]: Return this card from your graveyard to the battlefield. It
    # gains haste. Exile it at the beginning of the next end step. If it would leave the
    # battlefield, exile it instead of putting it anywhere else. Activate only as a
    # sorcery."
    seq(word("unearth"), _MANA_COST).map(lambda v: Compiled(more=(
        ActivatedAbility(Cost(v[1]), (Unearth(),), (), False, True,
                         "Unearth " + _written(v[1]), "graveyard"),
        _trigger(("unearth_end",), SourceTo("exile"), "Unearth " + _written(v[1]))),
        spells_only=False)),
    # CR 702.109a: an alternative cost; the permanent has haste, and returns to its
    # owner's hand at the beginning of the next end step
    seq(word("dash"), _MANA_COST).map(lambda v: Compiled(
        alternatives=(AltCost("dash", Cost(v[1]), "hand"),),
        more=(_trigger(("dash_end",), SourceTo("hand"), "Dash " + _written(v[1])),),
        spells_only=False)),
)

def _affinity_for(word_: str) -> TargetSpec:
    """CR 702.41a: what "Affinity for [text]" counts: a card type, a land or artifact
    subtype, or a creature type, written in the plural."""
    types = {"artifacts": "Artifact", "creatures": "Creature", "enchantments": "Enchantment",
             "lands": "Land", "planeswalkers": "Planeswalker"}
    if word_ in types:
        return TargetSpec("permanent", types=(types[word_],))
    sub = _IRREGULAR_PLURALS.get(word_) or {"equipment": "Equipment", "plains": "Plains"}.get(
        word_) or (word_[:-1].capitalize() if word_.endswith("s") else "")
    if not sub or not (is_creature_type(sub) or sub in _NON_CREATURE_SUBTYPES):
        raise Reject
    return TargetSpec("permanent", subtypes=(sub,))


_TAPPED_CREATURE = ChoiceCost(CostAction.RETURN, 1, TargetSpec(
    "permanent", controller="you", types=("Creature",), quals=("tapped",)))
_UNBLOCKED_CREATURE = ChoiceCost(CostAction.RETURN, 1, TargetSpec(
    "permanent", controller="you", types=("Creature",), unblocked_attacker=True))
# CR 702.166a: "you may sacrifice an artifact, enchantment, or token"
_BARGAIN = ChoiceCost(CostAction.SACRIFICE, 1, TargetSpec(
    "permanent", controller="you", quals=("either:anytype:Artifact,Enchantment|token",)))


def _foretell(mana: ManaCost) -> Compiled:
    # CR 702.143a: a special action any time during your turn: pay {2} and exile it from
    # your hand face down; cast it later from exile for its foretell cost
    return Compiled(more=(ActivatedAbility(Cost(ManaCost.parse("{2}")),
                                           (ExileToCastLater("foretell"),), (), False, False,
                                           "Foretell " + _written(mana), "hand",
                                           "special_turn"),),
                    alternatives=(AltCost("foretell", Cost(mana), "exile"),))


_MORE_CASTING = alt(
    # CR 702.170a: plot -- a special action from the hand (main phase, empty stack); cast
    # it on a later turn without paying its mana cost
    seq(word("plot"), _MANA_COST).map(lambda v: Compiled(more=(ActivatedAbility(
        Cost(v[1]), (ExileToCastLater("plot"),), (), False, True, "Plot " + _written(v[1]),
        "hand", "special"),))),
    seq(word("foretell"), _MANA_COST).map(lambda v: _foretell(v[1])),
    # CR 702.138a: "Escape—[cost], exile N other cards from your graveyard"
    seq(word("escape"), word("—"), _MANA_COST, word(","), word("exile"), NUMBER,
        words("other cards from your graveyard")).map(lambda v: Compiled(alternatives=(
            AltCost("escape", Cost(v[2], choices=(ChoiceCost(CostAction.EXILE, v[5], TargetSpec(
                "card", zone="graveyard", controller="you", other=True)),)), "graveyard"),))),
    # CR 702.188a: web-slinging -- pay [cost] and return a tapped creature you control to
    # its owner's hand rather than pay the mana cost
    seq(word("web-slinging"), _MANA_COST).map(lambda v: Compiled(alternatives=(
        AltCost("web-slinging", Cost(v[1], choices=(_TAPPED_CREATURE,)), "hand"),))),
    # CR 702.190a: sneak -- during your declare blockers step, pay [cost] and return an
    # unblocked creature you control to its owner's hand
    seq(word("sneak"), _MANA_COST).map(lambda v: Compiled(alternatives=(
        AltCost("sneak", Cost(v[1], choices=(_UNBLOCKED_CREATURE,)), "hand"),))),
    # CR 702.187b: mayhem -- cast from the graveyard for [cost] if discarded this turn
    seq(word("mayhem"), _MANA_COST).map(lambda v: Compiled(alternatives=(
        AltCost("mayhem", Cost(v[1]), "graveyard"),))),
    # CR 702.166a: bargain -- an optional additional cost
    words("bargain", Compiled(additional=(AdditionalCost("bargain", Cost(
        choices=(_BARGAIN,))),))),
    # CR 702.41a: "Affinity for [text]" -- this spell costs {1} less to cast for each
    # [text] its controller controls
    seq(words("affinity for"), token(lambda t: t if t.isalpha() else None, name="plural"))
    .map(lambda v: Compiled(static=(StaticAbility("affinity", filter=_affinity_for(v[1])),))),
    # CR 702.53a: "[Cost], Discard this card: Search your library for a card with the same
    # mana value as the discarded card, reveal that card, and put it into your hand. Then
    # shuffle your library. Activate only as a sorcery."
    seq(word("transmute"), _MANA_COST).map(lambda v: Compiled(more=(ActivatedAbility(
        _discard_self(v[1]), (TransmuteSearch(),), (), False, True,
        "Transmute " + _written(v[1]), "hand"),))),
    # CR 702.56a: an additional cost paid any number of times, and "When you cast this
    # spell, if a replicate cost was paid for it, copy it for each time its replicate cost
    # was paid. If the spell has any targets, you may choose new targets for any of the
    # copies."
    seq(word("replicate"), _MANA_COST).map(lambda v: Compiled(
        additional=(AdditionalCost("replicate", Cost(v[1]), True),),
        more=(_trigger(("cast_self",), ReplicateCopies(), "Replicate " + _written(v[1])),),
        spells_only=True)),
    # CR 702.117a: surge -- an alternative cost paid if you cast another spell this turn
    seq(word("surge"), _MANA_COST).map(lambda v: Compiled(alternatives=(
        ConditionalAltCost("surge", Cost(v[1]), "hand", "cast_another"),))),
)

# one item of a keyword line; a line is items separated by commas (CR 702.1); other
# modules add keywords (compiler/keyword_counters.py)
KEYWORD = Rule("keyword")
KEYWORD.add(_SIMPLE, _ABILITY_KEYWORD, _CYCLING, _COSTED, _CASTING, _MORE_CASTING)
_ITEM = KEYWORD


def _union(parts) -> Compiled:
    only = {p.spells_only for p in parts} - {None}
    if len(only) > 1:
        raise Reject
    return Compiled(keywords=tuple(k for p in parts for k in p.keywords),
                    static=tuple(s for p in parts for s in p.static),
                    more=tuple(a for p in parts for a in p.more),
                    alternatives=tuple(a for p in parts for a in p.alternatives),
                    additional=tuple(a for p in parts for a in p.additional),
                    spells_only=only.pop() if only else None)


def _keyword_line(v):
    items = (v[0],) + v[1]
    value = _union(items)
    # a keyword written alone: its ability's text is the line
    return _text_of(value) if len(items) == 1 else value


_KEYWORD_LIST = seq(_ITEM, many(seq(word(","), _ITEM).map(lambda v: v[1])),
                    opt(word("."), None)).map(_keyword_line)

LINE.add(
    _KEYWORD_LIST,
    seq(_SPELL_COSTS, opt(word("."), None)).map(lambda v: v[0]),
)

from . import keyword_counters  # noqa: E402,F401  (keywords about counters)
