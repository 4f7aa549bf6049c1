"""Compiler area `optional_costs`: costs paid by discarding or sacrificing (CR 118.3,
601.2b/f-h, 602.1), the effects that refer to what was paid (CR 608.2h), "you may [do
something]. If you do, [effect]" (CR 608.2c-d, 117.12-style choices), Blood and Map tokens
(CR 111.10g, 111.10s) and explore (CR 701.44).

See ``areas/__init__.py`` for the hooks an area defines.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field

from ..abilities import ChoiceCost, CreateTokens, TargetSpec

# CR 603.1 / 601.2i: "When you cast this spell" triggers as the spell becomes cast (its
# source is the spell on the stack).
TRIGGERS: list = [(r"when you cast ~", ("cast_self",)),
                  (r"when you cast ~ and when ~ dies", ("cast_self", "dies"))]

_NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker", "battle", "instant",
          "sorcery")


# ---------------------------------------------------------------- effects


@dataclass(frozen=True, slots=True)
class PaidValue:
    """CR 608.2h / 118.3: ``effect`` with its ``field`` (``amount``, ``count``) equal to a
    characteristic (``attr``: ``mana_value``, ``power``, ``toughness``) of the object paid
    by the cost ``action`` (``sacrifice``, ``discard``), as it last existed ("You gain life
    equal to the sacrificed permanent's mana value")."""

    effect: object
    field: str
    attr: str
    action: str = "sacrifice"

    def shift_targets(self, k: int):
        from ..effect_text import shift
        return dataclasses.replace(self, effect=shift((self.effect,), k)[0])


@dataclass(frozen=True, slots=True)
class IfPaid:
    """CR 608.2c / 608.2h: ``effects`` happen only if the object paid by the cost
    ``action`` had ``quals`` as it last existed ("If the discarded card wasn't a land
    card, ...")."""

    quals: tuple
    effects: tuple
    action: str = "discard"

    def shift_targets(self, k: int):
        from ..effect_text import shift
        return dataclasses.replace(self, effects=shift(self.effects, k))


@dataclass(frozen=True, slots=True)
class IfYouDo:
    """CR 608.2c-d: "[You may] [discard a card / sacrifice a land / pay {B}]. If you do,
    [effects]." ``actions`` are the alternatives (a ChoiceCost each, or a ``pay`` of
    ``mana``/``life``); the player chooses one of them if ``may`` (or must do one if able);
    ``effects`` happen only if it was done."""

    actions: tuple = ()
    effects: tuple = ()
    may: bool = True
    mana: object = None       # a ManaCost to pay ("you may pay {B}")
    life: int = 0             # "you may pay 2 life"
    draw: int = 0             # "you may draw a card. If you do, ..." (CR 121.1)
    otherwise: tuple = ()     # "Sacrifice ~ unless you pay {1}": what happens if not done
    who: str = "you"          # "spell_controller": the controller of the spell or ability
    #                           the trigger refers to (ward, CR 702.21a)

    def shift_targets(self, k: int):
        from ..effect_text import shift
        return dataclasses.replace(self, effects=shift(self.effects, k))


@dataclass(frozen=True, slots=True)
class ReturnSelfToBattlefield:
    """CR 113.6m / 400.7: "Return this card from your graveyard to the battlefield
    [tapped]" -- the card, if still in the graveyard, is put onto the battlefield under its
    owner's control."""

    tapped: bool = False


@dataclass(frozen=True, slots=True)
class SacrificeUnlessReturn:
    """CR 118.12 / 701.21a: "Sacrifice ~ unless you return an artifact you control to its
    owner's hand" -- the controller chooses whether to return a permanent matching
    ``spec`` (other than the source); if they don't, they sacrifice the source."""

    spec: TargetSpec = field(default_factory=TargetSpec)


@dataclass(frozen=True, slots=True)
class UnlessEnteredThisTurn:
    """CR 608.2c: ``effects`` happen unless the source entered the battlefield this turn
    ("discard a card unless ~ entered this turn")."""

    effects: tuple = ()

    def shift_targets(self, k: int):
        from ..effect_text import shift
        return dataclasses.replace(self, effects=shift(self.effects, k))


@dataclass(frozen=True, slots=True)
class DiscardOrYouDraw:
    """CR 701.9a / 608.2c: "Each opponent discards a card. For each opponent who can't, you
    draw a card." -- an opponent with no card in hand can't discard."""

    count: int = 1


@dataclass(frozen=True, slots=True)
class Explore:
    """CR 701.44a: target creature number ``target`` (-1: the source) explores: its
    controller reveals the top card of their library; a land card goes to their hand,
    otherwise a +1/+1 counter goes on the creature and the card may be put into the
    graveyard."""

    target: int = -1


# ---------------------------------------------------------------- predefined tokens

# CR 111.10g: a Blood token is an artifact token with "{1}, {T}, Discard a card, Sacrifice
# this token: Draw a card."
BLOOD_TOKEN = (("name", "Blood Token"), ("types", ("Artifact",)), ("subtypes", ("Blood",)),
               ("colors", ()),
               ("text", "{1}, {T}, Discard a card, Sacrifice this token: Draw a card."))
# CR 111.10s: a Map token is an artifact token with "{1}, {T}, Sacrifice this token:
# Target creature you control explores. Activate only as a sorcery."
MAP_TOKEN = (("name", "Map Token"), ("types", ("Artifact",)), ("subtypes", ("Map",)),
             ("colors", ()),
             ("text", "{1}, {T}, Sacrifice this token: Target creature you control explores. "
                      "Activate only as a sorcery."))
_TOKENS = {"blood": BLOOD_TOKEN, "map": MAP_TOKEN}


# ---------------------------------------------------------------- costs


def _card_spec(zone: str, non: str | None, card_type: str | None) -> TargetSpec:
    """"a [non]creature card" in your hand or graveyard, as the spec of a cost's choice."""
    types, quals = (), ()
    if card_type:
        t = card_type.capitalize()
        if non:
            quals = (f"non:{t}",)
        else:
            types = (t,)
    return TargetSpec("card", zone=zone, controller="you", types=types, quals=quals)


def choice_cost(part: str):
    """CR 118.3: a cost that discards or sacrifices chosen objects: "Discard a card",
    "Discard two cards", "Discard a creature card", "Sacrifice an artifact or creature",
    "Sacrifice another creature or artifact". None for anything else."""
    low = part.strip().lower()
    m = re.fullmatch(r"discard (a|an|one|two|three) (?:(non)?(artifact|creature|land|instant|"
                     r"sorcery|enchantment) )?cards?", low)
    if m:
        n = _NUM[m.group(1)]
        if n > 1 and not low.endswith("cards") or n == 1 and low.endswith("cards"):
            return None
        return ChoiceCost("discard", n, _card_spec("hand", m.group(2), m.group(3)))
    m = re.fullmatch(r"exile (a|an|one|two|three) (?:(non)?(artifact|creature|land|instant|sorcery|"
                     r"enchantment) )?cards? from your graveyard", low)
    if m:
        return ChoiceCost("exile", _NUM[m.group(1)],
                          _card_spec("graveyard", m.group(2), m.group(3)))
    m = re.fullmatch(r"sacrifice (an?|another) (artifact|creature|enchantment|land) or "
                     r"(artifact|creature|enchantment|land)", low)
    if m and m.group(2) != m.group(3):
        types = ",".join(sorted({m.group(2).capitalize(), m.group(3).capitalize()}))
        return ChoiceCost("sacrifice", 1, TargetSpec(
            "permanent", controller="you", other=m.group(1) == "another",
            quals=(f"anytype:{types}",)))
    return None


# ---------------------------------------------------------------- lines


_RETURN_SELF = r"return this card from your graveyard to the battlefield( tapped)?"
_ORDINAL = {"second": 2, "third": 3}


def compile_line(line: str, low: str, is_spell: bool, out: dict) -> bool:
    """Abilities that work from the hand or the graveyard (CR 113.6m): "Discard this card:
    [effect]" (602.1; its cost is discarding the card, 118.3); "[Cost]: Return this card
    from your graveyard to the battlefield"; "When you draw your third card in a turn,
    return this card from your graveyard to the battlefield tapped" (603.6, 113.6k), and
    "When you draw your second card each turn, [effect]" on a permanent."""
    if not is_spell and _from_graveyard(line, low, out):
        return True
    m = re.fullmatch(r"ward—(.+)", low)
    if m and not is_spell:
        # CR 702.21a: "Whenever this permanent becomes the target of a spell or ability an
        # opponent controls, counter that spell or ability unless that player [pays cost]."
        from ..abilities import CounterSpell, TriggeredAbility
        act = _action(m.group(1).strip())
        if act is None or isinstance(act, tuple) and act[0] not in ("life", "mana"):
            return False
        if isinstance(act, tuple):
            eff = IfYouDo((), (), True, act[1] if act[0] == "mana" else None,
                          act[1] if act[0] == "life" else 0, 0, (CounterSpell(-1),),
                          "spell_controller")
        else:
            eff = IfYouDo((act,), (), True, None, 0, 0, (CounterSpell(-1),), "spell_controller")
        out["keywords"].add("ward")
        out["triggered"].append(TriggeredAbility(("becomes_target_of_opponent",), (eff,), (),
                                                 False, line))
        return True
    if _sacrifice_trigger(line, low, out):
        return True
    if _discard_trigger(line, low, out):
        return True
    m = re.fullmatch(r"((?:[^:\"]+, )?)discard this card: (.+)", line, re.I)
    if m and not is_spell:
        from .. import oracle
        from ..abilities import ActivatedAbility, Cost
        body = m.group(2).strip()
        sorcery = body.endswith("Activate only as a sorcery.")
        if sorcery:
            body = body[: -len("Activate only as a sorcery.")].strip()
        if re.search(r"\bactivate\b", body, re.I):
            return False
        cost = oracle.compile_cost(m.group(1).rstrip(", ")) if m.group(1) else Cost()
        compiled = oracle.compile_instructions(body)
        if cost is None or compiled is None or cost.tap or cost.untap or cost.sacrifice_self:
            return False
        targets, effects = compiled
        out["activated"].append(ActivatedAbility(dataclasses.replace(cost, discard_self=True),
                                                 effects, targets, False, sorcery, line, "hand"))
        return True
    return False


def _from_graveyard(line: str, low: str, out: dict) -> bool:
    from .. import oracle
    from ..abilities import ActivatedAbility, TriggeredAbility
    m = re.fullmatch(r"((?:[^:\"]+, )?)exile this card from your graveyard: (.+)", line, re.I)
    if m:
        from ..abilities import Cost
        body = m.group(2).strip()
        sorcery = body.endswith("Activate only as a sorcery.")
        if sorcery:
            body = body[: -len("Activate only as a sorcery.")].strip()
        if re.search(r"\bactivate\b", body, re.I):
            return False
        cost = oracle.compile_cost(m.group(1).rstrip(", ")) if m.group(1) else Cost()
        compiled = oracle.compile_instructions(body)
        if cost is None or compiled is None or cost.tap or cost.untap or cost.sacrifice_self:
            return False
        # CR 113.6m / 118.3: exiling the card from the graveyard is part of the cost.
        out["activated"].append(ActivatedAbility(dataclasses.replace(cost, exile_self=True),
                                                 compiled[1], compiled[0], False, sorcery, line,
                                                 "graveyard"))
        return True
    m = re.fullmatch(r"([^:\"]+): " + _RETURN_SELF + r"(\. activate only as a sorcery)?", low)
    if m:
        cost = oracle.compile_cost(line[: m.end(1)])
        if cost is None or cost.tap or cost.untap or cost.sacrifice_self:
            return False
        out["activated"].append(ActivatedAbility(
            cost, (ReturnSelfToBattlefield(bool(m.group(2))),), (), False, bool(m.group(3)),
            line, "graveyard"))
        return True
    m = re.fullmatch(r"(?:when|whenever) you draw your (second|third) card (?:each|in a) turn, "
                     r"(you may )?(.+)", low)
    if m:
        compiled = oracle.compile_effect(line[m.start(3):])
        if compiled is None:
            return False
        targets, effects = compiled
        back = any(isinstance(e, ReturnSelfToBattlefield) for e in effects)
        if back and (targets or len(effects) != 1):
            return False
        # CR 113.6m: an ability that returns this card from the graveyard works there.
        event = ("draw_nth_graveyard|" if back else "draw_nth|") + str(_ORDINAL[m.group(1)])
        out["triggered"].append(TriggeredAbility((event,), effects, targets, bool(m.group(2)),
                                                 line))
        return True
    return False


_SAC_WORD = {"permanent": "", "creature": "Creature", "artifact": "Artifact", "land": "Land",
             "enchantment": "Enchantment", "token": "token", "nontoken permanent": "nontoken",
             "nontoken creature": "nontoken;Creature"}


def _sacrificed_quals(words: str) -> str | None:
    """The qualities of "[another] X" in "Whenever you sacrifice another X", as the
    engine's event writes them (``;``-separated): a type, ``token``, ``sub:Eldrazi``, or
    ``anytype:Artifact,Creature`` for "an artifact or creature"."""
    if words in _SAC_WORD:
        return _SAC_WORD[words]
    m = re.fullmatch(r"(artifact|creature|enchantment|land) or (artifact|creature|enchantment|"
                     r"land)", words)
    if m:
        return "anytype:" + ",".join(sorted({m.group(1).capitalize(), m.group(2).capitalize()}))
    if re.fullmatch(r"[a-z]+", words) and words not in ("spell", "card", "player"):
        from ..keywords import is_creature_type
        sub = words.capitalize()
        if is_creature_type(sub) or sub in ("Clue", "Food", "Treasure", "Blood", "Map"):
            return "sub:" + sub
    return None


def _discard_trigger(line: str, low: str, out: dict) -> bool:
    """CR 603.2 / 701.9a: "Whenever you discard a [creature / land / nonland] card,
    [effect]" (once per card discarded)."""
    from .. import oracle
    from ..abilities import TriggeredAbility
    m = re.fullmatch(r"whenever you discard an? (?:(non)?(artifact|creature|land|instant|sorcery|"
                     r"enchantment) )?card, (you may )?(.+)", low)
    if not m or "triggers only once" in low or "that card" in low:
        return False
    quals = ""
    if m.group(2):
        quals = ("non:" if m.group(1) else "anytype:") + m.group(2).capitalize()
    compiled = oracle.compile_effect(line[m.start(4):])
    if compiled is None:
        return False
    out["triggered"].append(TriggeredAbility((f"discarded|{quals}",), compiled[1], compiled[0],
                                             bool(m.group(3)), line))
    return True


def _sacrifice_trigger(line: str, low: str, out: dict) -> bool:
    """CR 603.2 / 701.21a: "Whenever you sacrifice [another] [a/an] X, [effect]"; "When you
    sacrifice ~" and "When ~ enters and when you sacrifice it" (the sacrificed permanent's
    own ability triggers as it leaves, CR 603.10a)."""
    from .. import oracle
    from ..abilities import TriggeredAbility
    m = re.fullmatch(r"(when ~ enters and when you sacrifice it|when you sacrifice ~|whenever you "
                     r"sacrifice (another )?(?:an? )?([a-z ]+?)), (you may )?(.+)", low)
    if not m or "triggers only once" in low:
        return False
    if m.group(1).startswith("when ~ enters"):
        events = ("enters", "sacrificed_self")
    elif m.group(1) == "when you sacrifice ~":
        events = ("sacrificed_self",)
    else:
        quals = _sacrificed_quals(m.group(3))
        if quals is None:
            return False
        events = (f"sacrificed|{quals}|{'other' if m.group(2) else ''}",)
    compiled = oracle.compile_effect(line[m.start(5):])
    if compiled is None:
        return False
    out["triggered"].append(TriggeredAbility(events, compiled[1], compiled[0],
                                             bool(m.group(4)), line))
    return True


# ---------------------------------------------------------------- sentences

_PAID_NOUN = r"(?:the )?(sacrificed|discarded) (?:creature|permanent|artifact|enchantment|land|card)"
_ATTR = {"mana value": "mana_value", "power": "power", "toughness": "toughness"}


def compile_sentence(s: str, low: str):
    """One effect sentence of this area -> (targets, effects) or None."""
    from .. import oracle
    # CR 111.10g / 111.10s: "Create a Blood token", "create two Map tokens".
    m = re.fullmatch(r"create (a|an|one|two|three|four|five) (blood|map) tokens?", low)
    if m:
        return (), (CreateTokens(_TOKENS[m.group(2)], _NUM[m.group(1)]),)
    r = _token_with_ability(s, low)
    if r is not None:
        return r
    # "Create a 1/1 colorless Eldrazi Scion creature token. It has "Sacrifice ~: Add {C}.""
    m = re.fullmatch(r'(?:(.*?\.) )?((?:[Yy]ou )?(?:[^.]+ and )?[Cc]reate [^.]+ creature '
                     r'tokens?)\. (?:It has|They have) ("[^"]+")\.?', s)
    if m and '"' not in (m.group(1) or "") + m.group(2):
        text = re.sub(r"^[Yy]ou create", "create", m.group(2))
        text = text[0].lower() + text[1:] + " with " + m.group(3)
        tok = _token_with_ability(text, text.lower())
        if tok is None or not m.group(1):
            return tok
        from ..effect_text import shift
        pre = oracle.compile_effect(m.group(1))
        if pre is None:
            return None
        return pre[0] + tok[0], pre[1] + shift(tok[1], len(pre[0]))
    # "Draw two cards and create a Map token": two effects, one after the other.
    m = re.fullmatch(r"(.+?) and (create (?:a|an|one|two|three) (?:blood|map) tokens?)", low)
    if m and "." not in m.group(1):
        first = oracle.compile_sentence(s[: m.end(1)])
        second = compile_sentence(s[m.start(2):], m.group(2))
        if first is not None and second is not None:
            return first[0], first[1] + second[1]
        return None
    m = re.fullmatch(_RETURN_SELF, low)
    if m:
        return (), (ReturnSelfToBattlefield(bool(m.group(1))),)
    # CR 406.1: "Exile up to two target cards from graveyards".
    m = re.fullmatch(r"exile (?:up to )?(one|two|three) target cards? from (?:a single graveyard|"
                     r"graveyards)", low)
    if m and "single" not in low:
        from ..abilities import MoveTargetTo
        n = _NUM[m.group(1)]
        lo = 0 if "up to" in low else n
        return (TargetSpec("card", lo, n, zone="graveyard"),), (MoveTargetTo("exile", 0),)
    # CR 701.44a: explore.
    if low in ("~ explores", "target creature you control explores"):
        if low == "~ explores":
            return (), (Explore(-1),)
        return (TargetSpec("creature", controller="you"),), (Explore(0),)
    r = _if_you_do(s, low)
    if r is not None:
        return r
    # CR 118.12: "Sacrifice ~ unless you pay {1}" / "unless you discard a card".
    m = re.fullmatch(r"sacrifice (?:it|~) unless you (" + _ACTION + r")", low)
    if m and not m.group(1).startswith("draw"):
        from ..abilities import SacrificeSelf
        act = _action(m.group(1))
        if act is None or isinstance(act, tuple) and act[0] not in ("mana", "life"):
            return None
        if isinstance(act, tuple) and act[0] == "mana" and low.startswith("sacrifice ~"):
            return None   # "sacrifice ~ unless you pay {N}": areas/designations
        if isinstance(act, tuple):
            mana = act[1] if act[0] == "mana" else None
            life = act[1] if act[0] == "life" else 0
            return (), (IfYouDo((), (), True, mana, life, 0, (SacrificeSelf(),)),)
        return (), (IfYouDo((act,), (), True, None, 0, 0, (SacrificeSelf(),)),)
    m = re.fullmatch(r"sacrifice (?:it|~) unless you return an? (non-)?([a-z]+) (artifact|creature|"
                     r"land|permanent|enchantment)? ?you control to its owner's hand", low)
    if m:
        word, kind = m.group(2), m.group(3)
        if kind is None:
            kind, word = word, None
        if kind not in ("artifact", "creature", "land", "permanent", "enchantment"):
            return None
        types = () if kind == "permanent" else (kind.capitalize(),)
        quals: tuple = ()
        if word is not None:
            from ..keywords import is_creature_type
            sub = word.capitalize()
            if not m.group(1) or sub not in ("Lair", "Locus", "Gate", "Desert", "Forest",
                                               "Island", "Swamp", "Mountain", "Plains") \
                    and not is_creature_type(sub):
                return None
            quals = (f"nonsub:{sub}",)
        elif m.group(1):
            return None
        return (), (SacrificeUnlessReturn(TargetSpec("permanent", controller="you", types=types,
                                                     other=True, quals=quals)),)
    if low == "each opponent discards a card. for each opponent who can't, you draw a card":
        return (), (DiscardOrYouDraw(1),)
    if "." in low:
        return None
    m = re.fullmatch(r"(.+) unless ~ entered this turn", low)
    if m:
        inner = oracle.compile_sentence(s[: m.end(1)])
        if inner is None or inner[0]:
            return None
        return (), (UnlessEnteredThisTurn(inner[1]),)
    # CR 608.2h: "If the discarded card wasn't a land card, ~ deals 2 damage to each
    # opponent" (the paid card as it last existed).
    m = re.fullmatch(_PAID_NOUN.replace("(?:the )?", "if the ") + r" (was|wasn't) an? (non)?("
                     + "|".join(_TYPES) + r") card, (.+)", low)
    if m:
        inner = oracle.compile_sentence(s[m.start(5):])
        if inner is None or inner[0]:
            return None
        t = m.group(4).capitalize()
        has = (m.group(2) == "was") != bool(m.group(3))
        quals = (f"anytype:{t}",) if has else (f"non:{t}",)
        return (), (IfPaid(quals, inner[1], "sacrifice" if m.group(1) == "sacrificed"
                           else "discard"),)
    # CR 608.2h: "[...] equal to the sacrificed creature's power [...]".
    m = re.search(r"(\w+) equal to " + _PAID_NOUN + r"'s (mana value|power|toughness)", low)
    if m and m.group(1) in ("life", "damage", "cards"):
        text = s[: m.start()] + "99 " + m.group(1) + s[m.end():]
        return _paid_value(text, m.group(2), _ATTR[m.group(3)])
    m = re.fullmatch(r"(.+), where x is " + _PAID_NOUN + r"'s (mana value|power|toughness)", low)
    if m and len(re.findall(r"\bX\b", s[: m.end(1)])) == 1:
        text = re.sub(r"\bX\b", "99", s[: m.end(1)])
        return _paid_value(text, m.group(2), _ATTR[m.group(3)])
    return None


_COLOR = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _token_with_ability(s: str, low: str):
    """CR 111.4 / 111.2: "[Draw three cards and] create two 0/1 colorless Eldrazi Spawn
    creature tokens with "Sacrifice this creature: Add {C}."" -- the quoted ability is the
    token's rules text, and must compile as a card's would."""
    from .. import oracle
    m = re.fullmatch(r'(?:(.+?) and )?create (a|an|one|two|three|four|five) (\d+)/(\d+) '
                     r'((?:(?:colorless|white|blue|black|red|green)(?:,? and |, )?)+) '
                     r'((?:[A-Z][a-z]+ )+)(artifact )?creature tokens? with "([^"]+)"\.?', s)
    if not m:
        return None
    n = _NUM[m.group(2)]
    if (n > 1) != low.split('"')[0].rstrip().endswith("tokens with"):
        return None
    text = m.group(8).strip()
    if not text.endswith("."):
        text += "."
    inner = {"keywords": set(), "static": [], "activated": [], "triggered": [], "spell": None,
             "alternatives": []}
    try:
        ok = oracle.compile_line(text, False, inner)
    except ValueError:
        ok = False
    if not ok or inner["static"] or inner["keywords"] or inner["spell"] is not None:
        return None
    colors = tuple(_COLOR[c] for c in re.findall(r"white|blue|black|red|green", m.group(5)))
    subtypes = tuple(m.group(6).split())
    types = (("Artifact",) if m.group(7) else ()) + ("Creature",)
    token = (("name", " ".join(subtypes) + " Token"), ("types", types), ("subtypes", subtypes),
             ("colors", colors), ("power", int(m.group(3))), ("toughness", int(m.group(4))),
             ("keywords", ()), ("text", text))
    effects = (CreateTokens(token, n),)
    targets = ()
    if m.group(1):
        first = oracle.compile_sentence(m.group(1))
        if first is None:
            return None
        targets, effects = first[0], first[1] + effects
    return targets, effects


def _paid_value(text: str, action: str, attr: str):
    from .. import oracle
    if "99" in text.replace("99", "", 1):
        return None
    r = oracle.compile_sentence(text)
    if r is None:
        return None
    out, found = [], 0
    for e in r[1]:
        if not dataclasses.is_dataclass(e):
            return None
        fs = [f.name for f in dataclasses.fields(e) if getattr(e, f.name) == 99]
        if not fs:
            out.append(e)
            continue
        if len(fs) != 1 or fs[0] not in ("amount", "count", "power", "toughness"):
            return None
        found += 1
        out.append(PaidValue(dataclasses.replace(e, **{fs[0]: 0}), fs[0], attr,
                             "sacrifice" if action == "sacrificed" else "discard"))
    if found != 1:
        return None
    return r[0], tuple(out)


_ACTION = (r"draw a card|discard (?:a|an|one) (?:[a-z]+ )?card|exile an? [a-z]+ card from your graveyard|sacrifice (?:a|an|another) [a-z]+(?: or [a-z]+)?|"
           r"pay (?:\{[^}]+\})+|pay \d+ life")


def _action(part: str):
    """One thing "you may" do as a cost-like action: a ChoiceCost, ("mana", cost) or
    ("life", n)."""
    from ...mana import ManaCost
    from .. import oracle
    m = re.fullmatch(r"pay ((?:\{[^}]+\})+)", part)
    if m:
        try:
            mana = ManaCost.parse(m.group(1).upper())
        except ValueError:
            return None
        if mana.x or mana.hybrid or mana.phyrexian or "{E}" in m.group(1).upper():
            return None
        return ("mana", mana)
    m = re.fullmatch(r"pay (\d+) life", part)
    if m:
        return ("life", int(m.group(1)))
    if part == "draw a card":
        return ("draw", 1)
    cc = choice_cost(part)
    if cc is None and part.startswith(("sacrifice", "discard")):
        cc = oracle.compile_choice_cost(part)
    if cc is None or cc.count != 1 or cc.action not in ("sacrifice", "discard", "exile"):
        return None
    return cc


def _if_you_do(s: str, low: str):
    """CR 608.2c-d: "[Earlier effects.] [You may] ACTION. If you do, EFFECT." -- the
    effect happens only if the action was done."""
    from .. import oracle
    from ...mana import ManaCost
    if re.fullmatch(r"you may discard a card\. if you do, draw \w+ cards?", low):
        return None   # compiler/staples.py: MayDiscardToDraw
    m = re.fullmatch(r"(.*?\.\s+)?(you may )?((?:" + _ACTION + r")(?: or (?:" + _ACTION
                     + r"))?)\. if you do, (.+)", low)
    if not m:
        return None
    parts = [p for p in re.split(r" or (?=discard|sacrifice|pay)", m.group(3))]
    actions = [_action(p) for p in parts]
    if any(a is None for a in actions):
        return None
    mana = next((a[1] for a in actions if isinstance(a, tuple) and a[0] == "mana"), None)
    life = next((a[1] for a in actions if isinstance(a, tuple) and a[0] == "life"), 0)
    draw = next((a[1] for a in actions if isinstance(a, tuple) and a[0] == "draw"), 0)
    choices = tuple(a for a in actions if isinstance(a, ChoiceCost))
    if len(actions) > 1 and (mana is not None or life or draw):
        return None   # "pay {1} or discard a card": not yet
    then = oracle.compile_effect(s[m.start(4):])
    if then is None:
        return None
    pre_t, pre_e = (), ()
    if m.group(1):
        pre = oracle.compile_effect(s[: m.end(1)].strip())
        if pre is None:
            return None
        pre_t, pre_e = pre
    from ..effect_text import shift
    # CR 601.2c / 603.3d: the targets of the "if you do" part are chosen with the others,
    # as the spell is cast or the ability put on the stack, whether or not it is done.
    eff = IfYouDo(choices, shift(then[1], len(pre_t)), bool(m.group(2)),
                  mana if mana is not None else None, life, draw)
    _ = ManaCost
    return pre_t + then[0], pre_e + (eff,)
