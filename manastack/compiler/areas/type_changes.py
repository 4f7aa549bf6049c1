"""Compiler area `type_changes`: what an object is and what it has (CR 613 layers 4, 6, 7).

Static abilities that give +P/+T (layer 7c, CR 613.4c) or keyword abilities (layer 6,
CR 613.1f) to their own permanent ("~"), to the permanent an Aura or Equipment is
attached to ("enchanted creature", "equipped creature", CR 301.5a / 303.4b) or to every
creature matching a description (an anthem), with a count ("for each artifact you
control", CR 608.2h read continuously) or a condition ("as long as you control an
artifact", "during your turn", CR 604.1 / 611.3a); and "All Sliver creatures get +1/+1"
(an anthem that affects every player's creatures).

Compiled nodes live here (frozen dataclasses); the engine side is
``engine/areas/type_changes.py``.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from ..abilities import (ActivatedAbility, BecomeCreature, ChoiceCost, Cost, StaticAbility,
                         TargetSpec)

TRIGGERS: list = []

_NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
        "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def _n(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    return _NUM.get(word)


@dataclass(frozen=True, slots=True)
class Count:
    """What a static pump counts, read each time characteristics are (CR 611.3a):
    ``what`` is ``permanents`` (battlefield permanents matching ``spec``, "other" not
    counting the source), ``hand`` (cards in the source controller's hand), ``graveyard``
    (cards matching ``spec`` in the source controller's graveyard, or in every graveyard
    when ``spec.controller`` is None), ``counters`` (counters named ``name`` on the source,
    or on the affected object when ``on_affected``), ``attached`` (Auras and/or Equipment,
    ``name`` "Aura", "Equipment" or "Aura,Equipment", attached to the affected object)."""

    what: str
    spec: TargetSpec | None = None
    name: str = ""
    on_affected: bool = False


@dataclass(frozen=True, slots=True)
class Condition:
    """When a conditional static ability applies (CR 604.1, 611.3a). ``kind``:

    - ``control``: the source's controller controls at least ``n`` (``at_most``: at most
      ``n``) permanents matching ``spec`` ("other": not the source);
    - ``opponent_controls``: an opponent controls at least ``n`` matching ``spec``;
    - ``graveyard``: at least ``n`` cards in the controller's graveyard (threshold);
    - ``graveyard_types``: at least ``n`` card types among them (delirium);
    - ``hand``: at most ``n`` cards in the controller's hand (hellbent: 0);
    - ``life``: the controller has at least ``n`` life;
    - ``your_turn`` / ``not_your_turn``: whose turn it is (CR 500);
    - ``attacking``, ``blocking``, ``tapped``, ``untapped``, ``enchanted``, ``equipped``:
      the object ``it`` names (the affected object);
    - ``counter``: it has a ``name`` counter on it."""

    kind: str
    spec: TargetSpec | None = None
    n: int = 1
    at_most: bool = False
    name: str = ""
    of_source: bool = False   # "~ is tapped": the source, not the affected object


@dataclass(frozen=True, slots=True)
class StaticPump:
    """CR 613.4c / 613.1f: a static ability giving +``power``/+``toughness`` (times the
    ``per`` count, when set) and ``keywords`` to ``affected``: ``self`` (the source),
    ``enchanted`` / ``equipped`` (the permanent it is attached to), or ``filter`` (every
    creature matching ``filter``, any controller unless it says), while ``condition``
    holds (None: always)."""

    kind: str = "tc_pump"
    text: str = ""
    affected: str = "self"
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    per: Count | None = None
    condition: Condition | None = None
    filter: TargetSpec | None = None
    restrictions: tuple[str, ...] = ()   # cant_attack / cant_block / unblockable


@dataclass(frozen=True, slots=True)
class CrewCost(ChoiceCost):
    """CR 702.122a: "Tap any number of other untapped creatures you control with total
    power ``total_power`` or greater" (``count`` is unused: any number)."""

    total_power: int = 0


def crew_ability(n: int, line: str) -> ActivatedAbility:
    """CR 702.122a: "Crew N" means "Tap any number of other untapped creatures you control
    with total power N or greater: This permanent becomes an artifact creature until end
    of turn." """
    cost = Cost(choices=(CrewCost("tap", 0, TargetSpec("creature", controller="you",
                                                        other=True), n),))
    return ActivatedAbility(cost, (BecomeCreature(),), (), False, False, line)


@dataclass(frozen=True, slots=True)
class DefinedPowerToughness:
    """CR 604.3 / 613.4a (layer 7a): a characteristic-defining ability: power is the
    ``power`` count plus ``power_plus`` (None: printed), toughness likewise ("~'s power
    is equal to the number of card types among cards in all graveyards and its toughness
    is equal to that number plus 1"). It functions in every zone (CR 604.3)."""

    kind: str = "tc_cda"
    text: str = ""
    power: Count | None = None
    toughness: Count | None = None
    power_plus: int = 0
    toughness_plus: int = 0


def defines(static, face: str) -> bool:
    """Whether a characteristic-defining ability among ``static`` defines ``face``
    ("power" / "toughness"), so a printed "*" is accounted for (CR 208.2a)."""
    return any(s.kind == "tc_cda" and getattr(s, face) is not None for s in static)


def _amount(text: str) -> Count | None:
    """What a characteristic-defining ability counts: "your life total", "the number of
    creatures you control", "the number of cards in your hand", "the number of card types
    among cards in all graveyards"..."""
    from ..effect_text import each_phrase
    t = text.strip()
    if t == "your life total":
        return Count("life")
    if t == "the total number of cards in all players' hands":
        return Count("hands_total")
    m = re.fullmatch(r"the number of card types among cards in (all graveyards|your graveyard)", t)
    if m:
        return Count("graveyard_types", TargetSpec("card", zone="graveyard", controller=(
            None if m.group(1) == "all graveyards" else "you")))
    if t == "the number of basic land types among lands you control":
        return Count("basic_land_types")
    if t == "the number of cards in your hand":
        return Count("hand")
    m = re.fullmatch(r"the number of ((?:[a-z]+ )*)cards in (your graveyard|all graveyards)", t)
    if m:
        return _count(m.group(1) + "card in " + m.group(2))
    m = re.fullmatch(r"the number of (.+?)( on the battlefield)?", t)
    if m and not re.search(r"\b(counters?|cards?|you've|this turn|among|with an? )\b", m.group(1)):
        spec = each_phrase(m.group(1))
        if spec is None or spec.kind == "spell" or not _static_quals(spec):
            return None
        if m.group(2) and spec.controller is not None:
            return None
        if not m.group(2) and spec.controller is None:
            return None
        return Count("permanents", spec)
    return None


_CORE_CDA = re.compile(
    r"~'s power and toughness are each equal to the number of (creatures|lands|artifacts|"
    r"enchantments|forests|islands|swamps|mountains|plains) (you control|on the battlefield)|"
    r"~'s power and toughness are each equal to the number of (creature |artifact |instant |"
    r"sorcery |land )?cards in (your graveyard|all graveyards|your hand)")


def defined_pt(line: str, low: str) -> DefinedPowerToughness | None:
    """CR 604.3: "~'s power is equal to ...", "~'s toughness is equal to ...", "~'s power
    and toughness are each equal to ...", "... and its toughness is equal to that number
    plus N"."""
    body = line.strip().rstrip(".")
    aw = _ABILITY_WORD.match(body)
    if aw:
        body = body[aw.end():]   # CR 207.2c: "Domain — "
    if _CORE_CDA.fullmatch(body.lower()):
        return None   # compiled by the core (kind "cda_count")
    m = re.fullmatch(r"~'s power and toughness are each equal to (.+)", body)
    if m:
        c = _amount(m.group(1))
        return DefinedPowerToughness(text=line, power=c, toughness=c) if c else None
    m = re.fullmatch(r"~'s power is equal to (.+?) and its toughness is equal to that number "
                     r"plus (\d+)", body)
    if m:
        c = _amount(m.group(1))
        return (DefinedPowerToughness(text=line, power=c, toughness=c,
                                      toughness_plus=int(m.group(2))) if c else None)
    m = re.fullmatch(r"~'s (power|toughness) is equal to (.+)", body)
    if m:
        c = _amount(m.group(2))
        if c is None:
            return None
        return DefinedPowerToughness(text=line, **{m.group(1): c})
    return None


@dataclass(frozen=True, slots=True)
class Become:
    """CR 613.1d-f / 613.4b: target number ``target`` (-1: the source) becomes something
    else ``until`` end of turn (or for as long as it stays, "permanent"): card ``types``
    (added when ``keep`` - "in addition to its other types", "It's still a land", "artifact
    creature", CR 205.1b - else replacing them, CR 205.1a), creature ``subtypes`` (layer
    4), ``colors`` (None: unchanged; layer 5), base power and toughness (layer 7b; ``x``:
    X/X from the ability's X) and ``keywords`` (layer 6)."""

    target: int = -1
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    keep: bool = True
    colors: tuple[str, ...] | None = None
    power: int | None = None
    toughness: int | None = None
    x: bool = False
    keywords: tuple[str, ...] = ()
    until: str = "end_of_turn"
    earlier: bool = False   # "That artifact becomes ...": the first target chosen before

    def shift_targets(self, k: int):
        """A later clause's targets follow the earlier ones (effect_text.shift); "that
        artifact" keeps naming the first target (CR 608.2c)."""
        if self.earlier or self.target < 0:
            return self
        return dataclasses.replace(self, target=self.target + k)


_COLOR_CODES = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_TYPE_WORDS = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment",
               "land": "Land"}


def _become_what(what: str):
    """"a 2/2 white and blue Bird artifact creature with flying", "an X/X Construct
    artifact creature", "a 0/0 Homunculus artifact creature with flying", "an artifact
    creature", "a 3/3 Elemental creature with haste that's still a land" -> fields."""
    w = what.strip()
    keep = False
    m = re.fullmatch(r"(.+?)(?: that's still an? (land|artifact|enchantment))", w)
    if m:
        w, keep = m.group(1), True
    m = re.fullmatch(r"(.+?) in addition to its other types", w)
    if m:
        w, keep = m.group(1), True
    kws: tuple = ()
    m = re.fullmatch(r"(.+?) with (.+)", w)
    if m:
        kws = _keywords(m.group(2))
        if kws is None:
            return None
        w = m.group(1)
    m = re.fullmatch(r"an? (?:(\d+|X)/(\d+|X) )?((?:(?:white|blue|black|red|green|colorless)"
                     r"(?:,? and |, | ))*)((?:[A-Z][\w'-]* )*)((?:(?:artifact|enchantment|land) )*)"
                     r"creature", w)
    if not m:
        return None
    p = t = None
    x = False
    if m.group(1):
        if (m.group(1) == "X") != (m.group(2) == "X"):
            return None
        if m.group(1) == "X":
            x, p, t = True, 0, 0
        else:
            p, t = int(m.group(1)), int(m.group(2))
    colors = None
    if m.group(3).strip():
        words = re.findall(r"white|blue|black|red|green|colorless", m.group(3))
        colors = tuple(_COLOR_CODES[c] for c in words if c != "colorless")
    from ..keywords import is_creature_type
    subs = tuple(m.group(4).split())
    if not all(is_creature_type(x_) for x_ in subs):
        return None
    types = tuple(_TYPE_WORDS[x_] for x_ in m.group(5).split()) + ("Creature",)
    if "Artifact" in types:
        keep = True   # CR 205.1b: "becomes an artifact creature" keeps its other types
    return dict(types=types, subtypes=subs, keep=keep, colors=colors, power=p,
                toughness=t, x=x, keywords=kws)


def become_sentence(s: str):
    """"~ becomes a 2/2 Elemental creature with haste until end of turn. It's still a
    land.", "Until end of turn, ~ becomes ...", "target noncreature artifact you control
    becomes a 0/0 artifact creature" -> (targets, effects) or None."""
    from ..effect_text import target_phrase
    t = s.strip().rstrip(".")
    still = False
    m = re.fullmatch(r"(.+?)\.? it's still an? (land|artifact)", t, re.I)
    if m:
        t, still = m.group(1).rstrip("."), True
    until = "permanent"
    m = re.fullmatch(r"until end of turn, (.+)", t, re.I)
    if m:
        t, until = m.group(1), "end_of_turn"
    m = re.fullmatch(r"(.+) until end of turn", t)
    if m:
        t, until = m.group(1), "end_of_turn"
    m = re.fullmatch(r"(~|target [^.]+?|that (?:artifact|creature|land|permanent)) becomes (.+)",
                     t, re.I)
    if not m:
        return None
    fields = _become_what(m.group(2))
    if fields is None:
        return None
    if still:
        fields["keep"] = True
    subj = m.group(1)
    if subj == "~":
        return (), (Become(-1, until=until, **fields),)
    if subj.lower() in ("that artifact", "that creature", "that land", "that permanent"):
        # CR 608.2c: the object an earlier sentence targeted.
        return (), (Become(0, until=until, earlier=True, **fields),)
    spec = target_phrase(subj[0].lower() + subj[1:])
    if spec is None or spec.zone != "battlefield" or spec.maximum != 1:
        return None
    return (spec,), (Become(0, until=until, **fields),)


@dataclass(frozen=True, slots=True)
class AttachedBecomes:
    """CR 303.4b / 301.5a / 613: a static ability of an Aura or Equipment that changes
    what the object it is attached to (``affected``: ``enchanted`` / ``equipped``) is:
    ``lose_all`` (CR 613.1f, "loses all [other] abilities"), card ``types`` and
    ``subtypes`` (layer 4; ``keep``: "in addition to its other types"), ``colors``
    (layer 5), ``keywords`` (layer 6, kept by "loses all other abilities"), base power and
    toughness (layer 7b) and +``plus_power``/+``plus_toughness`` (7c). The engine keeps
    its effects in force while the source stays attached (CR 611.3a)."""

    kind: str = "tc_attached"
    text: str = ""
    affected: str = "enchanted"
    lose_all: bool = False
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    keep: bool = True
    colors: tuple[str, ...] | None = None
    keywords: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    plus_power: int = 0
    plus_toughness: int = 0
    control: bool = False   # "You control enchanted creature." (layer 2, CR 613.1b)
    grants: tuple = ()      # triggered abilities it has ('has "Whenever you cast ..."')


_GRANTABLE_EVENTS = {"you_cast_noncreature"}

_CLAUSE_SPLIT = re.compile(r",?\s+and\s+(?=(?:loses|has|is|gets)\b)|,\s+(?=(?:loses|has|is|gets)\b)")


def attached_becomes(line: str) -> AttachedBecomes | None:
    """"Enchanted creature has base power and toughness 0/2, has defender, and loses all
    other abilities.", "Enchanted creature loses all abilities and is a Toy artifact
    creature with base power and toughness 0/2 in addition to its other types.",
    "Equipped creature is a Knight in addition to its other types." """
    from ..keywords import is_creature_type
    body = line.strip().rstrip(".")
    m = re.fullmatch(r"(Enchanted|Equipped) creature (.+)", body)
    if not m:
        return None
    f: dict = {"affected": m.group(1).lower()}
    for cl in _CLAUSE_SPLIT.split(m.group(2)):
        cl = cl.strip()
        if cl in ("loses all abilities", "loses all other abilities"):
            f["lose_all"] = True
            continue
        mm = re.fullmatch(r"has base power and toughness (\d+)/(\d+)", cl)
        if mm:
            f["power"], f["toughness"] = int(mm.group(1)), int(mm.group(2))
            continue
        mm = re.fullmatch(r"gets ([+-]\d+)/([+-]\d+)", cl)
        if mm:
            f["plus_power"], f["plus_toughness"] = int(mm.group(1)), int(mm.group(2))
            continue
        mm = re.fullmatch(r'has "(.+?),?"', cl)
        if mm:
            # CR 613.1f: it has a triggered ability; only events whose firing also looks
            # at granted abilities (engine/areas/type_changes.fire_granted).
            from ..oracle import compile_triggered
            trig = compile_triggered(mm.group(1).rstrip(",") + ".")
            if trig is None or not set(trig.events) <= _GRANTABLE_EVENTS or trig.modes:
                return None
            f["grants"] = f.get("grants", ()) + (trig,)
            continue
        mm = re.fullmatch(r"has (.+)", cl)
        if mm:
            kws = _keywords(mm.group(1))
            if kws is None:
                return None
            f["keywords"] = f.get("keywords", ()) + kws
            continue
        mm = re.fullmatch(r"is an? ([A-Z][\w'-]*(?: [A-Z][\w'-]*)*) in addition to its other types",
                          cl)
        if mm:
            subs = tuple(mm.group(1).split())
            if not all(is_creature_type(x) for x in subs):
                return None
            f["subtypes"] = subs
            continue
        mm = re.fullmatch(r"is (an? .+?creature)(?: with base power and toughness (\d+)/(\d+))?"
                          r"( in addition to its other types)?", cl)
        if mm:
            what = _become_what(mm.group(1))
            if what is None or what["power"] is not None or what["keywords"]:
                return None
            f.update(types=what["types"], subtypes=what["subtypes"], colors=what["colors"],
                     keep=bool(mm.group(4)) or what["keep"])
            if mm.group(2):
                f["power"], f["toughness"] = int(mm.group(2)), int(mm.group(3))
            continue
        return None
    if not any(k in f for k in ("lose_all", "power", "types", "subtypes", "grants")):
        return None   # plain "gets"/"has": the core templates and static pumps
    return AttachedBecomes(text=line, **f)


@dataclass(frozen=True, slots=True)
class CreateAttached:
    """CR 702.92a / 702.182a: create ``token`` (a token spec as ``CreateTokens`` takes),
    then attach this Equipment to it (living weapon: a 0/0 black Phyrexian Germ; job
    select: a 1/1 colorless Hero)."""

    token: tuple = ()


# CR 702.92a: "a 0/0 black Phyrexian Germ creature token"; CR 702.182a: "a 1/1 colorless
# Hero creature token" (named as CR 111.4 names them).
GERM_TOKEN = (("name", "Phyrexian Germ Token"), ("types", ("Creature",)),
              ("subtypes", ("Phyrexian", "Germ")), ("colors", ("B",)), ("power", 0),
              ("toughness", 0), ("keywords", ()))
HERO_TOKEN = (("name", "Hero Token"), ("types", ("Creature",)), ("subtypes", ("Hero",)),
              ("colors", ()), ("power", 1), ("toughness", 1), ("keywords", ()))


@dataclass(frozen=True, slots=True)
class PumpAttached:
    """CR 613.4c / 613.1f / 611.2c: the creature the source is attached to ("enchanted
    creature", "equipped creature") gets +``power``/+``toughness`` and gains ``keywords``
    until end of turn (nothing, if the source is no longer attached as it resolves)."""

    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()


def pump_attached_sentence(low: str):
    """"enchanted creature gets +1/+0 until end of turn", "equipped creature gains
    first strike until end of turn", "... gets +2/+2 and gains trample until end of
    turn"."""
    m = re.fullmatch(r"(?:until end of turn, )?(?:enchanted|equipped) creature (?:gets ([+-]\d+)/"
                     r"([+-]\d+))?(?: and )?(?:gains (.+?))?(?: until end of turn)?", low)
    if not m or not (m.group(1) or m.group(3)):
        return None
    if not low.startswith("until end of turn, ") and not low.endswith(" until end of turn"):
        return None
    kws = ()
    if m.group(3):
        kws = _keywords(m.group(3))
        if kws is None:
            return None
    return (), (PumpAttached(int(m.group(1) or 0), int(m.group(2) or 0), kws),)


# ---------------------------------------------------------------- phrases


# Keyword abilities read outside the battlefield or through another path than
# ``has_keyword`` (flash from the hand, protection's colors, changeling's types, cost
# keywords): a static pump can't grant these yet.
_NOT_GRANTED = ("flash", "changeling", "devoid", "convoke", "delve", "affinity", "ward")


def _keywords(text: str):
    from ..effect_text import _keywords as kws
    out = kws(text.strip())
    if out is None or any(k.startswith("protection") or k.startswith(_NOT_GRANTED)
                          for k in out):
        return None
    return out


def _count(text: str) -> Count | None:
    """The phrase after "for each" ("artifact you control", "card in your hand",
    "creature card in your graveyard", "+1/+1 counter on ~", "Aura attached to it")."""
    from ..effect_text import object_phrase
    t = text.strip()
    if t == "card in your hand":
        return Count("hand")
    m = re.fullmatch(r"((?:[a-z]+ )*)card in (your graveyard|all graveyards)", t)
    if m:
        spec = _card_spec(m.group(1).strip())
        if spec is None:
            return None
        if m.group(2) == "all graveyards":
            spec = dataclasses.replace(spec, controller=None)
        return Count("graveyard", spec)
    m = re.fullmatch(r"([+-]\d/[+-]\d|[a-z]+) counter on (~|it)", t)
    if m:
        return Count("counters", name=m.group(1), on_affected=m.group(2) == "it")
    m = re.fullmatch(r"(aura|equipment|aura and equipment) attached to it", t, re.I)
    if m:
        w = m.group(1).lower()
        return Count("attached", name={"aura": "Aura", "equipment": "Equipment",
                                       "aura and equipment": "Aura,Equipment"}[w])
    m = re.fullmatch(r"(.+) (you control|on the battlefield|your opponents control|an opponent "
                     r"controls)", t)
    if m:
        spec = object_phrase(m.group(1))
        if spec is None or spec.zone != "battlefield" or spec.kind == "spell" or not _static_quals(spec):
            return None
        ctl = {"you control": "you", "on the battlefield": None}.get(m.group(2), "opponent")
        return Count("permanents", dataclasses.replace(spec, controller=ctl))
    return None


def _static_quals(spec: TargetSpec) -> bool:
    """Qualities that never read power or keyword abilities (no loop through layers 6-7)."""
    return all(not (q.startswith("kw:") or q.startswith("nokw:") or q.startswith("power"))
               for q in spec.quals)


_CARD_TYPES = {"creature": "Creature", "artifact": "Artifact", "land": "Land",
               "enchantment": "Enchantment", "instant": "Instant", "sorcery": "Sorcery",
               "planeswalker": "Planeswalker"}


def _card_spec(words: str) -> TargetSpec | None:
    """"" (any card), "creature", "land" -> a card in a graveyard."""
    if not words:
        return TargetSpec("card", zone="graveyard", controller="you")
    if words in _CARD_TYPES:
        return TargetSpec("card", zone="graveyard", controller="you",
                          types=(_CARD_TYPES[words],))
    if words == "instant and sorcery":
        return TargetSpec("card", zone="graveyard", controller="you",
                          quals=("anytype:Instant,Sorcery",))
    return None


_AMOUNT = r"(a|an|another|one|two|three|four|five|six|seven|eight|\d+)( or more)?"


def _condition(text: str) -> Condition | None:
    """A condition after "as long as" / "if" (CR 604.1)."""
    from ..effect_text import object_phrase
    t = text.strip()
    m = re.fullmatch(r"(~|it)(?:'s| is) (attacking|blocking|tapped|untapped|enchanted|equipped)",
                     t)
    if m:
        return Condition(m.group(2), of_source=m.group(1) == "~")
    m = re.fullmatch(r"(~|it) has an? ([+-]\d/[+-]\d|[a-z]+) counter on it", t)
    if m:
        return Condition("counter", name=m.group(2), of_source=m.group(1) == "~")
    if t in ("it's your turn",):
        return Condition("your_turn")
    if t in ("it's not your turn", "it isn't your turn"):
        return Condition("not_your_turn")
    m = re.fullmatch(r"(you control|an opponent controls) (?:" + _AMOUNT + r" )?(.+)", t)
    if m:
        word = m.group(2) or ""
        plural = bool(m.group(3))
        phrase = m.group(4)
        if word == "another":
            phrase, n = "other " + phrase, 1
        elif word:
            n = _n(word)
            if n is None or (n > 1 and not plural):
                return None
        else:
            return None
        if phrase.startswith("no "):
            return None
        spec = object_phrase(phrase, plural=plural)
        if (spec is None or spec.zone != "battlefield" or spec.kind == "spell"
                or spec.controller is not None or not _static_quals(spec)):
            return None
        kind = "control" if m.group(1) == "you control" else "opponent_controls"
        return Condition(kind, spec, n)
    m = re.fullmatch(r"you control no (.+)", t)
    if m:
        spec = object_phrase(m.group(1), plural=True)
        if spec is None or spec.zone != "battlefield" or spec.kind == "spell" or \
                spec.controller is not None or not _static_quals(spec):
            return None
        return Condition("control", spec, 0, at_most=True)
    m = re.fullmatch(r"(?:there are )?(\w+) or more cards (?:are )?in your graveyard", t)
    if m and _n(m.group(1)):
        return Condition("graveyard", n=_n(m.group(1)))
    m = re.fullmatch(r"(?:there are )?(\w+) or more (permanent|creature|land|artifact|instant|"
                     r"sorcery|enchantment) cards (?:are )?in your graveyard", t)
    if m and _n(m.group(1)):
        return Condition("graveyard", n=_n(m.group(1)), name=m.group(2))
    m = re.fullmatch(r"(?:enchanted|equipped) creature is an? ([A-Z][\w'-]+)", t)
    if m:
        from ..keywords import is_creature_type
        if is_creature_type(m.group(1)):
            return Condition("subtype", name=m.group(1))
    m = re.fullmatch(r"there are (\w+) or more card types among cards in your graveyard", t)
    if m and _n(m.group(1)):
        return Condition("graveyard_types", n=_n(m.group(1)))
    if t == "you have no cards in hand":
        return Condition("hand", n=0)
    m = re.fullmatch(r"you have (\w+) or fewer cards in hand", t)
    if m and _n(m.group(1)) is not None:
        return Condition("hand", n=_n(m.group(1)))
    m = re.fullmatch(r"you have (\d+) or more life", t)
    if m:
        return Condition("life", n=int(m.group(1)))
    return None


_GETS = r"(gets?) ([+-]\d+)/([+-]\d+)"


_RESTRICTIONS = {"can't attack": ("cant_attack",), "can't block": ("cant_block",),
                 "can't attack or block": ("cant_attack", "cant_block"),
                 "can't be blocked": ("unblockable",)}


def _restricted_effect(verb_text: str, plural: bool):
    """"gets +2/+2 and can't block" -> (power, toughness, restrictions) or None (singular
    subjects only)."""
    if plural:
        return None
    m = re.fullmatch(r"gets ([+-]\d+)/([+-]\d+) and (can't attack or block|can't attack|"
                     r"can't block|can't be blocked)", verb_text.strip())
    if not m:
        return None
    return int(m.group(1)), int(m.group(2)), _RESTRICTIONS[m.group(3)]


def _effect(verb_text: str, plural: bool):
    """"gets +1/+1", "gets +1/+0 and has haste", "has flying", "gets +1/+1 for each X
    and has trample" -> (power, toughness, keywords, count text) or None."""
    v = verb_text.strip()
    get, have = ("get", "have") if plural else ("gets", "has")
    m = re.fullmatch(get + r" ([+-]\d+)/([+-]\d+)(?: for each (.+?))?(?:,? and " + have +
                     r" (.+?))?(?: for each (.+))?", v)
    if m:
        per = m.group(3) or m.group(5)
        if m.group(3) and m.group(5):
            return None
        kws = ()
        if m.group(4):
            kws = _keywords(m.group(4))
            if kws is None:
                return None
        return int(m.group(1)), int(m.group(2)), kws, per
    m = re.fullmatch(have + r" (.+)", v)
    if m:
        kws = _keywords(m.group(1))
        if kws is None:
            return None
        return 0, 0, kws, None
    return None


_LOWER_FIRST = {"Creatures", "Other", "All", "Attacking", "Blocking", "Tapped", "Untapped",
                "White", "Blue", "Black", "Red", "Green", "Colorless", "Artifact",
                "Enchantment", "Each", "Enchanted", "Equipped", "Legendary", "Nontoken"}


def _subject(subj: str):
    """(affected, filter, plural) for "~", "enchanted creature", "equipped creature", or
    a group of creatures ("creatures you control", "other Zombies you control",
    "attacking creatures you control", "all Sliver creatures"); None if not."""
    from ..effect_text import each_phrase
    s = subj.strip()
    if s == "~":
        return "self", None, False
    if s in ("enchanted creature", "equipped creature"):
        return s.split()[0], None, False
    s2 = s[0].lower() + s[1:] if s.split()[0] in _LOWER_FIRST else s
    if s2 in ("enchanted creature", "equipped creature"):
        return s2.split()[0], None, False
    m = re.fullmatch(r"all (\w+?)s?", s2)
    if m and m.group(1)[:1].isupper():
        # "All Slivers" - every permanent of that creature type that is a creature.
        from ..keywords import is_creature_type
        if not is_creature_type(m.group(1)):
            return None
        return "filter", TargetSpec("creature", subtypes=(m.group(1),)), True
    spec = each_phrase(s2)
    if spec is None or not _static_quals(spec):
        return None
    from ..keywords import is_creature_type
    if not all(is_creature_type(x) for x in spec.subtypes):
        return None
    if spec.kind == "permanent" and not spec.types and spec.subtypes:
        spec = dataclasses.replace(spec, kind="creature")
    if spec.kind != "creature":
        return None
    return "filter", spec, True


def _pump(subj: str, verb: str, cond: Condition | None, line: str) -> StaticPump | None:
    sub = _subject(subj)
    if sub is None:
        return None
    affected, spec, plural = sub
    restr: tuple = ()
    eff = _effect(verb, plural)
    if eff is None:
        r = _restricted_effect(verb, plural)
        if r is None:
            return None
        eff = (r[0], r[1], (), None)
        restr = r[2]
    p, t, kws, per_text = eff
    per = None
    if per_text is not None:
        per = _count(per_text)
        if per is None:
            return None
        if per.what == "counters" and not per.on_affected and affected == "self":
            per = dataclasses.replace(per, on_affected=True)
    if cond is None and per is None and affected != "filter" and not restr:
        return None   # the core templates compile these
    return StaticPump(text=line, affected=affected, power=p, toughness=t, keywords=kws,
                      per=per, condition=cond, filter=spec, restrictions=restr)


_ABILITY_WORD = re.compile(r"[A-Za-z][A-Za-z0-9' -]{1,30} — ")


def pump_line(line: str) -> list | None:
    """A whole line of static pumps, or None."""
    body = line.strip().rstrip(".")
    aw = _ABILITY_WORD.match(body)
    if aw:
        body = body[aw.end():]   # CR 207.2c: an ability word has no rules meaning
    # "Equipped creature has deathtouch during your turn. Otherwise, it has reach."
    m = re.fullmatch(r"(.+?) (has .+?) during your turn\. otherwise, it (has .+)", body, re.I)
    if m:
        a = _pump(m.group(1), m.group(2), Condition("your_turn"), line)
        b = _pump(m.group(1), m.group(3), Condition("not_your_turn"), line)
        return [a, b] if a and b else None
    if "." in body:
        return None
    m = re.fullmatch(r"as long as ((?:enchanted|equipped) creature) (is an? [A-Z][\w'-]+), it gets "
                     r"an additional ([+-]\d+/[+-]\d+)", body, re.I)
    if m:
        cond = _condition(m.group(1).lower() + " " + m.group(2))
        return _one(_pump(m.group(1), "gets " + m.group(3), cond, line) if cond else None)
    m = re.fullmatch(r"as long as (.+?), (.+?) ((?:gets?|has|have) .+)", body, re.I)
    if m:
        cond = _condition(m.group(1))
        return _one(_pump(m.group(2), m.group(3), cond, line) if cond else None)
    m = re.fullmatch(r"during your turn, (.+?) ((?:gets?|has|have) .+)", body, re.I)
    if m:
        return _one(_pump(m.group(1), m.group(2), Condition("your_turn"), line))
    m = re.fullmatch(r"(.+?) ((?:gets?|has|have) .+?) as long as (.+)", body, re.I)
    if m:
        cond = _condition(m.group(3))
        return _one(_pump(m.group(1), m.group(2), cond, line) if cond else None)
    m = re.fullmatch(r"(.+?) ((?:gets?|has|have) .+?) during your turn", body, re.I)
    if m:
        return _one(_pump(m.group(1), m.group(2), Condition("your_turn"), line))
    m = re.fullmatch(r"(.+?) ((?:gets?|has|have) .+)", body, re.I)
    if m:
        return _one(_pump(m.group(1), m.group(2), None, line))
    return None


def _one(p):
    return [p] if p is not None else None


# ---------------------------------------------------------------- hooks


def compile_line(line: str, low: str, is_spell: bool, out: dict) -> bool:
    if is_spell:
        return False
    m = re.fullmatch(r"([^:\"]+):\s*(.+)", low)
    if m and "sacrifice ~" in m.group(1) and re.search(r"\b(enchanted|equipped) creature\b",
                                                      m.group(2)):
        # CR 608.2h: the creature it was attached to would be its last known information,
        # which isn't kept once it is sacrificed: the line stays unsupported (the
        # compiler reports a ValueError as unsupported text).
        raise ValueError("needs last known information of what ~ was attached to")
    # CR 207.2d: a flavor word before an equip ability ("Murasame — Equip {5}") has no
    # rules meaning.
    m = re.fullmatch(r"[A-Z][\w' ,-]{0,40} — ([Ee]quip\b.+)", line)
    if m:
        from ..oracle import compile_line as core_line
        return core_line(m.group(1), is_spell, out)
    # CR 613.1b (layer 2): "You control enchanted creature." (Control Magic).
    m = re.fullmatch(r"you control enchanted (creature|permanent|artifact|land|enchantment)", low)
    if m:
        out["static"].append(AttachedBecomes(text=line, control=True))
        return True
    if low.startswith(("enchanted creature ", "equipped creature ")) and (
            " loses all" in low or "base power" in low or " is a" in low or ' has "' in low):
        ab = attached_becomes(line)
        if ab is not None:
            out["static"].append(ab)
            return True
    # CR 708 / 702.37: no permanent is ever face down in this engine (no morph,
    # manifest or disguise yet), so this restriction never applies; recorded by kind so
    # that an implementation of face-down permanents honours it.
    if low == "as long as enchanted creature is face down, it can't be turned face up":
        out["static"].append(StaticAbility("enchanted_cant_turn_face_up", line))
        return True
    if "equal to" in low and "~'s" in low:
        cda = defined_pt(line, low)
        if cda is not None:
            out["static"].append(cda)
            return True
    if " get" in low or " ha" in low:
        pumps = pump_line(line)
        if pumps and all(p.condition is None and p.per is None for p in pumps):
            # an ordinary anthem the core compiles (compiler/keywords.py) stays its own
            from ..keywords import compile_keyword_line
            probe = {"keywords": set(), "static": [], "activated": [], "triggered": []}
            if compile_keyword_line(line, low, is_spell, probe):
                return False
        if pumps:
            out["static"].extend(pumps)
            return True
    return False


def compile_sentence(s: str, low: str):
    if "becomes" in low:
        return become_sentence(s)
    if low.startswith(("enchanted creature ", "equipped creature ", "until end of turn, e")):
        return pump_attached_sentence(low)
    return None


_ = StaticAbility
