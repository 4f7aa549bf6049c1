"""Object phrases (CR 109, 115, 205, 700.1): descriptions of objects ("another target
nonland permanent an opponent controls with mana value 3 or less") and references to
them ("target creature", "each land you control", "it", "enchanted creature", "a card").

A description is read as adjectives, a head (card types, subtypes and a noun, with "or"
between alternatives) and qualifiers after it; each part is a ``Part`` -- a few fields of
``ir.ObjectFilter`` -- and the parts are merged into one filter.
"""

from __future__ import annotations

from dataclasses import replace

from ...ir import quantity as Q
from ...ir import refs as R
from ..combinators import Reject, Rule, alt, listing, located, many, opt, seq, table, token, word, words
from ..discourse import Indefinite, NewTarget, Pronoun
from ..vocabulary import (CARD_TYPE_PLURALS, CARD_TYPES, COLORS, KEYWORD_WORDS, SUPERTYPES,
                          subtypes)
from . import (DESCRIPTION, DESCRIPTIONS, NUMBER, OBJECT, OBJECT_SUBJECT, PLAYER, POSSESSOR,
               QUANTITY)

Part = dict   # some fields of an ObjectFilter; tuples are joined when parts merge

_TUPLES = frozenset(f for f in R.ObjectFilter.__dataclass_fields__
                    if f in ("types", "not_types", "subtypes", "not_subtypes", "supertypes",
                             "not_supertypes", "colors", "any_color", "not_colors",
                             "alternatives", "keywords", "not_keywords"))


def merge(*parts: Part) -> Part:
    """Join parts of a filter; two parts that give one field different values don't
    make sense together."""
    out: Part = {}
    for p in parts:
        if not p:
            continue
        for k, v in p.items():
            if k in _TUPLES:
                out[k] = out.get(k, ()) + tuple(x for x in v if x not in out.get(k, ()))
            elif k in out and out[k] != v:
                if k == "noun":
                    continue   # "creature card": the later noun wins only for cards
                raise Reject
            else:
                out[k] = v
    return out


def build(part: Part) -> R.ObjectFilter:
    """The filter of a merged part: a card noun reads cards, a spell noun reads the stack."""
    part = dict(part)
    noun = part.get("noun", "permanent")
    if noun == "spell" and "zone" not in part:
        part["zone"] = R.Zone.STACK
    return R.ObjectFilter(**part)


# ---------------------------------------------------------------- words of a description

_TYPE_SINGULAR = {t: t.capitalize() for t in CARD_TYPES}
_TYPE_PLURAL = {p: s.capitalize() for p, s in CARD_TYPE_PLURALS.items()}


SUBTYPE = token(lambda t: subtypes().get(t), name="subtype")

_COLOR = table(COLORS, "color")


def _non(t: str):
    """"nonland", "noncreature", "non-Human", "nonblack", "nonbasic", "nontoken"."""
    if not t.startswith("non"):
        return None
    rest = t[3:].lstrip("-")
    if rest in _TYPE_SINGULAR:
        return {"not_types": (_TYPE_SINGULAR[rest],)}
    if rest in COLORS:
        return {"not_colors": (COLORS[rest],)}
    if rest in SUPERTYPES:
        return {"not_supertypes": (rest.capitalize(),)}
    if rest == "token":
        return {"token": False}
    s = subtypes().get(rest)
    if s is not None:
        return {"not_subtypes": (s,)}
    return None


# what areas add to: adjectives before the head, qualifiers after it (each a Part)
ADJECTIVE = Rule("adjective")
QUALIFIER = Rule("qualifier")

ADJECTIVE.add(
    _COLOR.map(lambda c: {"colors": (c,)}),
    seq(_COLOR, word("or"), _COLOR).map(lambda v: {"any_color": (v[0], v[2])}),
    words("multicolored", {"multicolored": True}),
    words("monocolored", {"multicolored": False, "colorless": False}),
    words("colorless", {"colorless": True}),
    table({s: {"supertypes": (s.capitalize(),)} for s in SUPERTYPES}, "supertype"),
    token(_non, name="non-word"),
    words("tapped", {"tapped": True}), words("untapped", {"tapped": False}),
    words("attacking or blocking", {"combat": R.Combat.ATTACKING_OR_BLOCKING}),
    words("attacking", {"combat": R.Combat.ATTACKING}),
    words("blocking", {"combat": R.Combat.BLOCKING}),
    words("blocked", {"combat": R.Combat.BLOCKED}),
    words("unblocked", {"combat": R.Combat.UNBLOCKED}),
    words("face-down", {"face_down": True}),
    words("damaged", {"damaged": True}),
    words("token", {"token": True}),
)

# "creature", "artifact creature", "Goblin", "Elf Warrior", "Aura", "Equipment"
_TYPES_SG = many(table(_TYPE_SINGULAR, "card type"), 1).map(lambda ts: {"types": ts})
_TYPES_PL_TAIL = table(_TYPE_PLURAL, "card types")
_SUBTYPES = many(SUBTYPE, 1).map(lambda ss: {"subtypes": ss})

_NOUN_SG = table({"permanent": {"noun": "permanent"}, "card": {"noun": "card"},
                  "spell": {"noun": "spell"}, "token": {"noun": "permanent", "token": True},
                  "source": {"noun": "source"}, "object": {"noun": "object"}}, "noun")
_NOUN_PL = table({"permanents": {"noun": "permanent"}, "cards": {"noun": "card"},
                  "spells": {"noun": "spell"}, "tokens": {"noun": "permanent", "token": True},
                  "sources": {"noun": "source"}}, "nouns")


def _core_sg():
    """One alternative of a singular head: types and subtypes, without the noun."""
    return alt(
        seq(_SUBTYPES, opt(_TYPES_SG, {})).map(lambda v: merge(v[0], v[1])),
        _TYPES_SG,
    )


def _core_pl():
    """One alternative of a plural head: "creatures", "artifact creatures", "Goblins",
    "Goblin creatures"; the last word is plural."""
    return alt(
        seq(opt(many(table(_TYPE_SINGULAR, "card type"), 1), ()), _TYPES_PL_TAIL).map(
            lambda v: {"types": tuple(v[0]) + (v[1],)}),
        seq(opt(_SUBTYPES, {}), _TYPES_PL_TAIL).map(
            lambda v: merge(v[0], {"types": (v[1],)})),
        many(SUBTYPE, 1).map(lambda ss: {"subtypes": ss}),
    )


def _alternatives(cores: tuple[Part, ...]) -> Part:
    if len(cores) == 1:
        return cores[0]
    return {"alternatives": tuple(build(c) for c in cores)}


def _head(core, noun):
    """A head: alternatives of types joined by "or", and a noun for them all ("instant or
    sorcery card"); or a noun alone ("permanent", "card")."""
    return alt(
        seq(listing(core, ("or", "and/or")), opt(noun, {})).map(
            lambda v: merge(_alternatives(v[0]), v[1])),
        noun,
    )


_HEAD_SG = _head(_core_sg(), _NOUN_SG)
_HEAD_PL = alt(
    # "artifact or enchantment cards", "instant and sorcery spells": singular types, a plural noun
    seq(listing(_core_sg(), ("or", "and", "and/or"), 2), _NOUN_PL).map(
        lambda v: merge(_alternatives(v[0]), v[1])),
    _head(_core_pl(), _NOUN_PL),
    # "creature cards", "artifact cards", "Goblin cards": singular types, a plural noun
    seq(_core_sg(), _NOUN_PL).map(lambda v: merge(v[0], v[1])),
)


def _keyword_list():
    kw = table({k: k for k in KEYWORD_WORDS}, "keyword")
    return listing(kw, ("and", "or"))


_KEYWORDS = _keyword_list()

_COMPARE = table({"or less": Q.Op.LE, "or greater": Q.Op.GE, "or more": Q.Op.GE}, "comparison")


def _comparison():
    """"3 or less", "X or greater", "less than or equal to ~'s power"."""
    return alt(
        seq(QUANTITY, _COMPARE).map(lambda v: Q.Comparison(v[1], v[0])),
        seq(words("greater than"), QUANTITY).map(lambda v: Q.Comparison(Q.Op.GT, v[1])),
        seq(words("less than"), QUANTITY).map(lambda v: Q.Comparison(Q.Op.LT, v[1])),
        seq(words("equal to"), QUANTITY).map(lambda v: Q.Comparison(Q.Op.EQ, v[1])),
        QUANTITY.map(lambda q: Q.Comparison(Q.Op.EQ, q)),
    )


COMPARISON = _comparison()

_CONTROLS = alt(
    words("you control", {"controller": R.You()}),
    words("you don't control", {"controller": R.Opponents()}),
    words("an opponent controls", {"controller": R.Opponents()}),
    words("your opponents control", {"controller": R.Opponents()}),
    located(words("they control"), lambda v, i: {"controller": Pronoun("player", i)}),
    seq(PLAYER, word("controls")).map(lambda v: {"controller": v[0]}),
    words("you own", {"owner": R.You()}),
    words("an opponent owns", {"owner": R.Opponents()}),
)

_ZONE_WORD = table({"graveyard": R.Zone.GRAVEYARD, "graveyards": R.Zone.GRAVEYARD,
                    "hand": R.Zone.HAND, "hands": R.Zone.HAND, "library": R.Zone.LIBRARY},
                   "zone")

_IN_ZONE = alt(
    seq(word("in", "from"), POSSESSOR, _ZONE_WORD).map(
        lambda v: {"zone": v[2], "owner": v[1]}),
    seq(word("in", "from"), word("a", "any"), _ZONE_WORD).map(lambda v: {"zone": v[2]}),
    seq(words("in all"), _ZONE_WORD).map(lambda v: {"zone": v[1]}),
    words("in exile", {"zone": R.Zone.EXILE}), words("from exile", {"zone": R.Zone.EXILE}),
    words("exiled with ~", {"zone": R.Zone.EXILE}),
    words("on the battlefield", {"zone": R.Zone.BATTLEFIELD}),
)

_COUNTER_KIND = alt(token(lambda t: t if "/" in t and t[0] in "+-" else None, name="p/t counter"),
                    token(lambda t: t if t.isalpha() else None, name="counter word"))

_WITH = alt(
    seq(word("with"), _KEYWORDS).map(lambda v: {"keywords": v[1]}),
    seq(word("without"), _KEYWORDS).map(lambda v: {"not_keywords": v[1]}),
    seq(words("with power"), COMPARISON).map(lambda v: {"power": v[1]}),
    seq(words("with toughness"), COMPARISON).map(lambda v: {"toughness": v[1]}),
    seq(words("with mana value"), COMPARISON).map(lambda v: {"mana_value": v[1]}),
    seq(word("with"), word("a", "an", "one"), _COUNTER_KIND, words("counter on it")).map(
        lambda v: {"counters": R.CounterCheck(v[2])}),
    seq(word("with"), _COUNTER_KIND, words("counters on them")).map(
        lambda v: {"counters": R.CounterCheck(v[1])}),
    words("with no counters on it", {"counters": R.CounterCheck(None, False)}),
    words("with a counter on it", {"counters": R.CounterCheck(None, True)}),
    seq(word("that's", "that", "which"), opt(word("is"), None),
        alt(words("attacking", {"combat": R.Combat.ATTACKING}),
            words("blocking", {"combat": R.Combat.BLOCKING}),
            words("tapped", {"tapped": True}), words("untapped", {"tapped": False}))).map(
        lambda v: v[2]),
)

QUALIFIER.add(_CONTROLS, _IN_ZONE, _WITH)


def _description(head):
    return seq(many(ADJECTIVE), head, many(QUALIFIER)).map(
        lambda v: merge(*v[0], v[1], *v[2]))


# singular and plural descriptions, as merged parts; DESCRIPTION(S) give filters
DESC_SG = _description(_HEAD_SG)
DESC_PL = _description(_HEAD_PL)
DESCRIPTION.add(DESC_SG.map(build))
DESCRIPTIONS.add(DESC_PL.map(build))

# ---------------------------------------------------------------- references


def _target(spec_of):
    return lambda v, i: NewTarget(spec_of(v), i)


_ANY_TARGET_OBJECTS = R.ObjectFilter(alternatives=(
    R.ObjectFilter(types=("Creature",)), R.ObjectFilter(types=("Planeswalker",)),
    R.ObjectFilter(types=("Battle",))))


_TARGET_COUNT = alt(
    words("up to one", (0, 1)),
    seq(words("up to"), NUMBER).map(lambda v: (0, v[1])),
    words("any number of", (0, None)),
    seq(NUMBER, word("or"), NUMBER).map(lambda v: (v[0], v[2])),
    NUMBER.where(lambda n: n > 1).map(lambda n: (n, n)),
)


def _spec(part: Part, count=(1, 1), other=False, players=None) -> R.TargetSpec:
    f = build(merge(part, {"other": True} if other else {}))
    return R.TargetSpec(objects=f, players=players, minimum=count[0], maximum=count[1])


_TARGET = alt(
    # CR 115.4: "any target" is a creature, player, planeswalker or battle.
    located(words("any target"), _target(lambda v: R.TargetSpec(_ANY_TARGET_OBJECTS,
                                                                R.AllPlayers()))),
    located(words("any other target"), _target(
        lambda v: R.TargetSpec(replace(_ANY_TARGET_OBJECTS, other=True), R.AllPlayers()))),
    located(seq(opt(word("another"), None), word("target"), DESC_SG, words("or player")),
            _target(lambda v: _spec(v[2], other=bool(v[0]), players=R.AllPlayers()))),
    located(seq(words("target player or"), DESC_SG),
            _target(lambda v: _spec(v[1], players=R.AllPlayers()))),
    located(seq(words("target opponent or"), DESC_SG),
            _target(lambda v: _spec(v[1], players=R.Opponents()))),
    located(seq(opt(word("another"), None), word("target"), DESC_SG),
            _target(lambda v: _spec(v[2], other=bool(v[0])))),
    located(seq(_TARGET_COUNT, opt(word("other"), None), word("target"), DESC_PL),
            _target(lambda v: _spec(v[3], v[0], other=bool(v[1])))),
    located(seq(_TARGET_COUNT, word("target"), DESC_SG),
            _target(lambda v: _spec(v[2], v[0]))).where(lambda t: t.spec.maximum == 1),
)

_EACH = alt(
    seq(word("each"), opt(word("other"), None), DESC_SG).map(
        lambda v: R.Each(build(merge(v[2], {"other": True} if v[1] else {})))),
    seq(word("all"), opt(word("other"), None), DESC_PL).map(
        lambda v: R.Each(build(merge(v[2], {"other": True} if v[1] else {})))),
    # "creatures you control", "other creatures you control": a plural with a qualifier
    seq(opt(word("other"), None), many(ADJECTIVE), _HEAD_PL, many(QUALIFIER, 1)).map(
        lambda v: R.Each(build(merge({"other": True} if v[0] else {}, *v[1], v[2], *v[3])))),
)

_PRONOUN = located(
    alt(word("it", "them"),
        seq(word("that", "those"), alt(_NOUN_SG, _NOUN_PL, table(_TYPE_SINGULAR),
                                       table(_TYPE_PLURAL), SUBTYPE)),
        seq(word("the"), word("exiled", "sacrificed", "destroyed", "discarded", "revealed",
                              "chosen", "returned", "tapped", "milled"),
            alt(_NOUN_SG, _NOUN_PL, table(_TYPE_SINGULAR), table(_TYPE_PLURAL), SUBTYPE))),
    lambda v, i: Pronoun("object", i))

_ATTACHED = seq(word("enchanted", "equipped"),
                table({"creature": "creature", "permanent": "permanent", "land": "land",
                       "artifact": "artifact", "enchantment": "enchantment",
                       "planeswalker": "planeswalker"})).map(lambda v: R.AttachedTo(v[1]))

_INDEFINITE = alt(
    located(seq(word("a", "an"), opt(word("another"), None), DESC_SG),
            lambda v, i: Indefinite(build(v[2]), Q.Fixed(1), i)),
    located(seq(word("another"), DESC_SG),
            lambda v, i: Indefinite(build(merge(v[1], {"other": True})), Q.Fixed(1), i)),
    located(seq(NUMBER.where(lambda n: n > 1), opt(word("other"), None), DESC_PL),
            lambda v, i: Indefinite(build(merge(v[2], {"other": True} if v[1] else {})),
                                    Q.Fixed(v[0]), i)),
    located(seq(words("up to"), NUMBER, opt(word("other"), None), alt(DESC_PL, DESC_SG)),
            lambda v, i: Indefinite(build(merge(v[3], {"other": True} if v[2] else {})),
                                    Q.Fixed(v[1]), i, up_to=True)),
    located(seq(word("x"), DESC_PL), lambda v, i: Indefinite(build(v[1]), Q.X(), i)),
)

SELF = words("~", R.Self())

# "its" and "~'s", "target creature's", "that player's"... as the object they belong to
ITS = located(word("its"), lambda v, i: Pronoun("object", i))

OBJECT_SUBJECT.add(SELF, _TARGET, _EACH, _PRONOUN, _ATTACHED)
OBJECT.add(OBJECT_SUBJECT)
INDEFINITE = _INDEFINITE
