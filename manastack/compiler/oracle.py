"""Oracle text -> typed abilities (DESIGN layer 2).

Each line of rules text (reminder text removed, CR 207.2) is matched against the templates
below; a line that matches none becomes an ``Unsupported`` node naming the text.
"""

from __future__ import annotations

import dataclasses
import re
from functools import lru_cache

from ..cards import CardData, get_database
from ..mana import ManaCost, parse_symbols
from . import areas, effect_text, keywords, staples
from .vocabulary import without_ability_word
from ..ir import mana as M
from ..ir.costs import CounterCost
from .abilities import (KEYWORDS, LoseAllAbilities, SwitchPowerToughness, SetBasePowerToughness, CounterUnlessPays, DestroyIf, Discard,
                        MayShuffle, RemoveCounters, ReorderTop,
                        ReturnChosen, ActivatedAbility, AttachTargetsToSelf,
                        CardDefinition, ChoiceCost, Cost, CounterSpell, CreateTokens,
                        ExileUntilLeaves, Flicker, GainControl, GrantKeyword, MoveTarget,
                        MustBlock, PutCounters, ReturnSelf, SacrificeUnless, Untap, DealDamage, Destroy, DrawCards, SearchLibrary,
                        TapSubject, TriggeredAbility, GainLife, ModifyPowerToughness, SpellAbility, StaticAbility,
                        TargetSpec, Unsupported)

# CR 305.6: the intrinsic mana ability of each basic land type.
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}

_REMINDER = re.compile(r"\s*\([^()]*\)")
_SELF = r"(?:this (?:creature|artifact|land|enchantment|permanent|spell)|~)"
_NUM_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
              "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}

_TARGET_PHRASES = {
    "any target": TargetSpec("any"),
    "target creature": TargetSpec("creature"),
    "target player": TargetSpec("player"),
    "target opponent": TargetSpec("player", controller="opponent"),
    "target creature or player": TargetSpec("any"),
    "target permanent": TargetSpec("permanent"),
}


_PROTECTION = re.compile(r"protection from (white|blue|black|red|green|the last chosen color|"
                         r"the chosen color)")


def is_keyword(word: str) -> bool:
    """CR 702: a keyword ability the engine implements (protection from a color, 702.16)."""
    return (word in KEYWORDS or word in keywords.EXTRA_KEYWORDS
            or bool(_PROTECTION.fullmatch(word)))


def _number(word: str) -> int | None:
    word = word.lower()
    if word.isdigit():
        return int(word)
    return _NUM_WORDS.get(word)


def _normalise(text: str, name: str) -> str:
    """Remove reminder text (CR 207.2) and write self-references as ``~`` (CR 201.4b)."""
    text = _REMINDER.sub("", text)
    if name:
        text = text.replace(name, "~")
        short = name.split(",")[0]
        if short != name and len(short) > 3:
            text = text.replace(short, "~")
    text = re.sub(r"\b[Tt]his (creature|artifact|land|enchantment|permanent|spell|Equipment|Aura|"
                  r"Vehicle|token)\b", "~", text)
    return text.strip()


def compile_effect(text: str):
    """Compile an effect of one or more sentences into (targets, effects) or None; "that
    creature" and "it" in a later sentence refer to the first target (CR 608.2c)."""
    text = text.strip()
    whole = compile_sentence(text)
    if whole is not None:
        return whole
    sentences = [x for x in re.split(r"(?<=\.)\s+(?=[A-Z])", text) if x.strip()]
    if len(sentences) == 1:
        return None
    targets: tuple = ()
    effects: tuple = ()
    for i, sent in enumerate(sentences):
        low = sent.strip().rstrip(".").lower()
        if i and targets:
            m = re.fullmatch(r"untap (?:that creature|it)", low)
            if m:
                effects += (Untap(0),)
                continue
            m = re.fullmatch(r"(?:that creature|it) gains (\w+) until end of turn", low)
            if m and m.group(1) in KEYWORDS:
                effects += (GrantKeyword(m.group(1), 0),)
                continue
        pronoun = re.search(r"\b(?:it|that creature)\b", low) if i else None
        if pronoun:
            # CR 608.2c: "it" / "that creature" is the first target; with no earlier
            # target it names something else (a token just made): not yet.
            if not targets:
                return None
            st = sent.strip()
            compiled = compile_sentence(st[:pronoun.start()] + "target creature"
                                        + st[pronoun.end():])
            if compiled is None or len(compiled[0]) != 1:
                return None
            effects += compiled[1]
            continue
        compiled = compile_sentence(sent)
        if compiled is None:
            return None
        effects += effect_text.shift(compiled[1], len(targets))
        targets += compiled[0]
    return targets, effects


_GRAMMAR = [True]   # whether compile_instructions tries the Oracle grammar first
TEMPLATES_USED = [False]   # set when a template (not the grammar) compiled some text
# card name -> whether the grammar alone compiled it (the migration's parity measure)
GRAMMAR_ONLY: dict[str, bool] = {}


def compile_instructions(text: str):
    """An ability's whole instructions: the Oracle grammar's reading (compiler.lines),
    else the templates below."""
    if _GRAMMAR[0]:
        from .lines import compile_effect_after_trigger as grammar
        parsed = grammar(text.strip(), False, False)
        if parsed is not None:
            return parsed
    got = compile_effect(text)
    if got is not None:
        TEMPLATES_USED[0] = True
    return got


# CR 111.10a: a Clue is an artifact token with "{2}, Sacrifice this token: Draw a card."
CLUE_TOKEN = (("name", "Clue Token"), ("types", ("Artifact",)), ("subtypes", ("Clue",)),
              ("colors", ()), ("text", "{2}, Sacrifice this token: Draw a card."))

_TOKEN_RE = re.compile(
    r"create (a|an|one|two|three|four|X) (tapped )?(\d+)/(\d+) ((?:(?:white|blue|black|red|green|colorless)"
    r"(?: and )?)+) ((?:[A-Z][a-z]+ )+)((?:artifact |enchantment )*)creature tokens?"
    r"(?: with ((?:[a-z ]+?)(?:, [a-z ]+)*(?:,? and [a-z ]+)?))?"
    r"( for each \+1/\+1 counter on ~)?")


def _token_effect(s: str):
    m = _TOKEN_RE.fullmatch(s)
    if not m:
        return None
    colors = tuple(_COLOR_ADJ[c] for c in re.findall(r"white|blue|black|red|green", m.group(5)))
    subtypes = tuple(m.group(6).split())
    extra = tuple(w.capitalize() for w in m.group(7).split())
    kws = ()
    if m.group(8):
        kws = tuple(k.strip() for k in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group(8)) if k.strip())
        if not all(is_keyword(k) for k in kws):   # CR 702 (menace...)
            return None
    token = (("name", " ".join(subtypes) + " Token"), ("types", extra + ("Creature",)),
             ("subtypes", subtypes), ("colors", colors), ("power", int(m.group(3))),
             ("toughness", int(m.group(4))), ("keywords", kws))
    count = _number(m.group(1)) if m.group(1) != "X" else None
    if count is None:
        return None
    per = "+1/+1" if m.group(9) else None
    # CR 111.2: a token may be created tapped ("create a tapped 2/2 ... token").
    return (), (CreateTokens(token, count, per, bool(m.group(2))),)


def compile_sentence(sentence: str):
    """Compile one effect sentence into (targets, effects) or None."""
    s = sentence.strip().rstrip(".").strip()
    if s[:1].isupper() and not s.startswith("~"):
        s = s[0].lower() + s[1:]
    low = s.lower()
    tok = _token_effect(s)
    if tok is not None:
        return tok
    m = re.fullmatch(r"draw (a|one|two|three) cards?, then discard (a|one|two|three) cards?", low)
    if m:
        return (), (DrawCards(_number(m.group(1))), Discard(_number(m.group(2))))
    m = re.fullmatch(r"discard (a|one|two|three) cards?", low)
    if m:
        return (), (Discard(_number(m.group(1))),)
    m = re.fullmatch(r"look at the top (two|three|four|five) cards of your library, then put them "
                     r"back in any order", low)
    if m:
        return (), (ReorderTop(_number(m.group(1))),)
    if low == "you may shuffle":
        return (), (MayShuffle(),)
    if low == "investigate":
        return (), (CreateTokens(CLUE_TOKEN, 1),)
    m = re.fullmatch(r"return an? (permanent|creature|land|artifact) you control to its owner's hand",
                     low)
    if m:
        t = m.group(1).capitalize()
        return (), (ReturnChosen(TargetSpec("permanent", controller="you",
                                            types=() if t == "Permanent" else (t,))),)
    m = re.fullmatch(r"counter target spell unless its controller pays (\{[^}]+\}(?:\{[^}]+\})*)", low)
    if m:
        return ((TargetSpec("spell", zone="stack"),),
                (CounterUnlessPays(ManaCost.parse(m.group(1).upper()), 0),))
    m = re.fullmatch(r"destroy target creature if it has mana value (\d+) or less", low)
    if m:
        return (TargetSpec("creature"),), (DestroyIf(int(m.group(1))),)
    if low == "destroy target creature with no counters on it":
        return (TargetSpec("creature", no_counters=True),), (Destroy(0),)
    m = re.fullmatch(r"remove up to (one|two|three|four|five) counters from target creature", low)
    if m:
        return (TargetSpec("creature"),), (RemoveCounters(_number(m.group(1)), 0),)
    if low == "switch target creature's power and toughness until end of turn":
        return (TargetSpec("creature"),), (SwitchPowerToughness(0),)
    m = re.fullmatch(r"target creature has base power and toughness (\d+)/(\d+) until end of turn",
                     low)
    if m:
        return (TargetSpec("creature"),), (SetBasePowerToughness(int(m.group(1)),
                                                                 int(m.group(2)), 0),)
    m = re.fullmatch(r"until end of turn, target creature loses all abilities and has base power "
                     r"and toughness (\d+)/(\d+)", low)
    if m:
        return (TargetSpec("creature"),), (LoseAllAbilities(0), SetBasePowerToughness(
            int(m.group(1)), int(m.group(2)), 0))
    if low in ("put a +1/+1 counter on ~",):
        return (), (PutCounters("+1/+1", 1, -1),)
    if low == "exile target creature you control, then return that card to the battlefield under your control":
        return (TargetSpec("creature", controller="you"),), (Flicker(0),)
    m = re.fullmatch(r"exile target (creature|artifact|nonland permanent|permanent)(?: with mana "
                     r"value (\d+) or less)?( an opponent controls)? until ~ leaves the "
                     r"battlefield", low)
    if m:
        kind = "creature" if m.group(1) == "creature" else "permanent"
        types = ("Artifact",) if m.group(1) == "artifact" else ()
        spec = TargetSpec(kind, controller="opponent" if m.group(3) else None, types=types,
                          max_mana_value=int(m.group(2)) if m.group(2) else None)
        return (spec,), (ExileUntilLeaves(0),)
    m = re.fullmatch(r"return (another )?target (artifact|creature|enchantment|land)? ?card(?: with "
                     r"mana value (\d+) or less)? from your graveyard to (your hand|the battlefield)",
                     low)
    if m:
        spec = TargetSpec("card", zone="graveyard", controller="you",
                          types=(m.group(2).capitalize(),) if m.group(2) else (),
                          other=bool(m.group(1)),
                          max_mana_value=int(m.group(3)) if m.group(3) else None)
        return (spec,), (MoveTarget("hand" if m.group(4) == "your hand" else "battlefield", 0),)
    if low in ("return this card from your graveyard to your hand", "return ~ from your graveyard to your hand"):
        return (), (ReturnSelf("hand"),)
    if low == "gain control of target creature until end of turn":
        return (TargetSpec("creature"),), (GainControl(0),)
    if low == "counter that spell":
        return (), (CounterSpell(-1),)
    if low == "have target creature block it this turn if able":
        return (TargetSpec("creature"),), (MustBlock(0),)
    m = re.fullmatch(r"sacrifice ~ unless you sacrifice an? (creature|artifact|land)", low)
    if m:
        return (), (SacrificeUnless(TargetSpec("permanent", controller="you",
                                               types=(m.group(1).capitalize(),))),)
    if low == "it deals 1 damage to any target":
        return (TargetSpec("any"),), (DealDamage(1, 0),)
    m = re.fullmatch(r"~ deals (\d+|\w+) damage to (any target|target creature or player|"
                     r"target creature|target player|target opponent)", s)
    if m and _number(m.group(1)) is not None:
        return (_TARGET_PHRASES[m.group(2)],), (DealDamage(_number(m.group(1)), 0),)
    m = re.fullmatch(r"(?:~|it) deals (\d+|\w+) damage to you", s)
    if m and _number(m.group(1)) is not None:
        return (), (DealDamage(_number(m.group(1)), -1),)
    if s.lower() == "attach any number of target equipment to it":
        return ((TargetSpec("permanent", 0, None, subtypes=("Equipment",)),),
                (AttachTargetsToSelf(),))
    if s == "tap that creature":
        return (), (TapSubject(),)
    m = re.fullmatch(r"search your library for an? (basic )?(land|creature|artifact) card, put "
                     r"it onto the battlefield( tapped)?, then shuffle", s)
    if m:
        return (), (SearchLibrary(("Basic",) if m.group(1) else (), (m.group(2).capitalize(),),
                                  "battlefield", bool(m.group(3))),)
    m = re.fullmatch(r"(target creature|~) gets ([+-]\d+)/([+-]\d+) until end of turn", s)
    if m:
        targets = (TargetSpec("creature"),) if m.group(1) != "~" else ()
        return targets, (ModifyPowerToughness(int(m.group(2)), int(m.group(3)),
                                              0 if targets else -1),)
    m = re.fullmatch(r"destroy target (artifact|creature|enchantment|land|permanent)", s)
    if m:
        kind = m.group(1)
        spec = (TargetSpec("creature") if kind == "creature" else TargetSpec("permanent")
                if kind == "permanent" else TargetSpec("permanent", types=(kind.capitalize(),)))
        return (spec,), (Destroy(0),)
    if re.fullmatch(r"choose a color of a permanent you control\. add one mana of that color", s,
                    re.I):
        return (), (M.AddPermanentColor(),)
    m = re.fullmatch(r"draw (a|one|two|three|four) cards?", s, re.I)
    if m:
        return (), (DrawCards(_number(m.group(1))),)
    m = re.fullmatch(r"you gain (\d+|\w+) life", s, re.I)
    if m and _number(m.group(1)) is not None:
        return (), (GainLife(_number(m.group(1))),)
    for hook in areas.SENTENCE_HOOKS:
        r = hook(s, low)
        if r is not None:
            return r
    staple = staples.compile_sentence(s, low)
    if staple is not None:
        return staple
    return effect_text.compile_sentence(s, low)


# CR 603.1: trigger conditions, as event names for the engine.
_TRIGGERS = [
    (r"(?:when|whenever) ~ enters or attacks", ("enters", "attacks")),
    (r"(?:when|whenever) ~ enters or is put into a graveyard from the battlefield",
     ("enters", "graveyard_from_battlefield")),
    (r"(?:when|whenever) ~ enters", ("enters",)),
    (r"(?:when|whenever) ~ attacks", ("attacks",)),
    (r"(?:when|whenever) ~ dies", ("dies",)),
    (r"(?:when|whenever) ~ is put into a graveyard from the battlefield",
     ("graveyard_from_battlefield",)),
    (r"whenever equipped creature attacks", ("equipped_attacks",)),
    (r"whenever ~ becomes attached to a creature", ("becomes_attached",)),
    (r"at the beginning of your upkeep", ("upkeep",)),
    (r"whenever ~ becomes tapped", ("becomes_tapped",)),
    (r"whenever ~ deals combat damage to a player", ("combat_damage_to_player",)),
]


def trigger_events(prefix: str):
    """The events of a trigger condition written alone ("when ~ enters"), or None."""
    for pattern, events in _TRIGGERS + effect_text.TRIGGERS + areas.TRIGGERS:
        if re.fullmatch(pattern, prefix):
            return events
    return None


def compile_triggered(line: str):
    """CR 603.1: "[When/Whenever/At] [trigger event], [effect]." or None."""
    low = line.lower()
    for pattern, events in _TRIGGERS + effect_text.TRIGGERS + areas.TRIGGERS:
        m = re.match(pattern + r", (.+)$", low)
        if not m:
            continue
        body = line[m.start(1):]
        optional = False
        if body.lower().startswith("you may "):
            optional = True
            body = body[len("you may "):]
        compiled = compile_instructions(body)
        if compiled is None:
            return None
        targets, effects = compiled
        return TriggeredAbility(events, effects, targets, optional, line)
    return None


def compile_cost(text: str) -> Cost | None:
    """Compile an activation cost such as ``{1}, {T}`` (CR 602.1a, 118)."""
    from .combinators import parse
    from .phrases import COST
    from .tokens import tokenize
    parsed = parse(COST, tokenize(text))[0]
    if parsed:
        return parsed[0]
    mana_syms: list[str] = []
    tap = untap = sac = False
    life = 0
    choices: list = []
    counters = None
    for part in (p.strip() for p in text.split(",")):
        if part == "{T}":
            tap = True
        elif part == "{Q}":
            untap = True
        elif re.fullmatch(r"(\{[^}]+\})+", part):
            mana_syms.extend(parse_symbols(part))
        elif re.fullmatch(r"sacrifice ~", part, re.I):
            sac = True
        elif (m := re.fullmatch(r"pay (\d+) life", part, re.I)):
            life = int(m.group(1))
        elif (m := re.fullmatch(r"remove (a|an|one|two|three) ([+-]\d/[+-]\d|\w+) counters? from ~",
                                part, re.I)):
            counters = CounterCost(m.group(2), _number(m.group(1)))
        elif (cc := compile_choice_cost(part)) is not None:
            choices.append(cc)
        else:
            return None
    try:
        mana = ManaCost.parse("".join(f"{{{s}}}" for s in mana_syms))
    except ValueError:
        return None
    return Cost(mana, tap, untap, sac, life, tuple(choices), counters)


_TYPE_WORDS = {"creature": "Creature", "artifact": "Artifact", "land": "Land",
               "enchantment": "Enchantment", "permanent": None, "creatures": "Creature",
               "artifacts": "Artifact", "lands": "Land", "permanents": None,
               "enchantments": "Enchantment"}
_COLOR_ADJ = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def compile_choice_cost(part: str):
    """CR 118.3: "Sacrifice a creature", "Sacrifice two artifacts", "Sacrifice a Forest",
    "Tap three untapped white creatures you control" and the like."""
    cc = areas.optional_costs.choice_cost(part)   # "Discard a card", "Sacrifice an X or Y"
    if cc is not None:
        return cc
    m = re.fullmatch(r"(sacrifice|tap) (a|an|one|two|three|another|four|five) (untapped )?"
                     r"(?:(white|blue|black|red|green) )?(\w+)( you control)?", part, re.I)
    if not m:
        return None
    action = m.group(1).lower()
    n = 1 if m.group(2).lower() == "another" else _number(m.group(2))
    word = m.group(5)
    colors = (_COLOR_ADJ[m.group(4).lower()],) if m.group(4) else ()
    if word.lower() in _TYPE_WORDS:
        t = _TYPE_WORDS[word.lower()]
        spec = TargetSpec("permanent", controller="you", types=(t,) if t else (),
                          other=m.group(2).lower() == "another", colors=colors)
    elif word[0].isupper():
        sub = word[:-1] if word.endswith("s") and n and n > 1 else word
        spec = TargetSpec("permanent", controller="you", subtypes=(sub,), colors=colors)
    else:
        return None
    return ChoiceCost(action, n, spec)


def compile_line(line: str, is_spell: bool, out: dict) -> bool:
    """Compile one line of rules text into ``out``; False when nothing matches. The
    Oracle grammar (compiler.lines) reads it first; the templates read what it can't."""
    low = line.lower().rstrip(".")
    from . import lines
    got = lines.compile_line(line, is_spell, _GRAMMAR[0])
    if got is not None and got.grammar_instructions and _templates_differ(line, low, is_spell,
                                                                        out, got):
        got = None   # the templates' reading stays until the grammar's is the same
    if got is not None:
        lines.merge(out, got)
        return True
    if _template_line(line, low, is_spell, out):
        TEMPLATES_USED[0] = True
        return True
    return False


def _templates_differ(line: str, low: str, is_spell: bool, out: dict, got) -> bool:
    """While the grammar's trigger clause (compiler/triggers.py) replaces the templates: a
    line the templates already compile keeps their reading unless the grammar's is the
    same."""
    trial = _copy(out)
    used = TEMPLATES_USED[0]
    try:
        ok = _template_line(line, low, is_spell, trial)
    except ValueError:
        ok = False
    finally:
        TEMPLATES_USED[0] = used
    if not ok:
        return False
    from . import lines
    mine = _copy(out)
    lines.merge(mine, got)
    return _added(out, trial) != _added(out, mine)


def _copy(out: dict) -> dict:
    return {k: (list(v) if isinstance(v, list) else set(v) if isinstance(v, set) else v)
            for k, v in out.items()}


def _added(before: dict, after: dict) -> str:
    """What compiling a line added to the card being compiled, written out."""
    parts = []
    for k in sorted(after):
        v = after[k]
        if isinstance(v, list):
            v = v[len(before.get(k, ())):]
        elif isinstance(v, set):
            v = sorted(v - set(before.get(k, ())))
        parts.append((k, v))
    return repr(parts)


def _template_line(line: str, low: str, is_spell: bool, out: dict) -> bool:
    """The templates' reading of a line (being replaced by the grammar)."""
    for hook in areas.LINE_HOOKS:
        if hook(line, low, is_spell, out):
            return True
    if keywords.compile_keyword_line(line, low, is_spell, out):
        return True
    if staples.compile_line(line, low, is_spell, out):
        return True
    # CR 614.12 / 201.4: "As this enters, choose a card name."
    if re.fullmatch(r"as ~ enters, choose a card name", low):
        out["static"].append(StaticAbility("choose_name_on_enter", line))
        return True
    if low == ("activated abilities of sources with the chosen name can't be activated unless "
               "they're mana abilities"):
        out["static"].append(StaticAbility("no_activation_named", line))
        return True
    # CR 301.5a / 613.1f: 'Equipped creature has "[activated ability]."'
    m = re.fullmatch(r'equipped creature has "(.+)"\.?', line, re.I)
    if m:
        inner = {"keywords": set(), "static": [], "activated": [], "triggered": [], "spell": None,
                 "alternatives": []}
        if not compile_line(m.group(1).replace("~", "this creature"), False, inner) or \
                not inner["activated"] or inner["static"] or inner["triggered"]:
            return False
        out["static"].append(StaticAbility("equipped", line, grants=tuple(inner["activated"])))
        return True
    # CR 301.5a / 613.4c / 613.1f: "Equipped creature gets +N/+N and has [keywords]."
    m = re.fullmatch(r"equipped creature (?:gets ([+-]\d+)/([+-]\d+))?(?: and )?(?:has (.+))?", low)
    if m and (m.group(1) or m.group(3)):
        kws: tuple[str, ...] = ()
        if m.group(3):
            kws = tuple(k.strip() for k in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group(3))
                        if k.strip())
            if not all(is_keyword(k) for k in kws):
                return False
        out["static"].append(StaticAbility(
            "equipped", line, int(m.group(1) or 0), int(m.group(2) or 0), kws))
        return True
    # CR 614.1c: "This creature enters with X +1/+1 counters on it."
    m = re.fullmatch(r"~ enters with x ([+-]\d/[+-]\d|\w+) counters on it", low)
    if m:
        out["static"].append(StaticAbility("enters_with_counters", line, counter=m.group(1)))
        return True
    # CR 601.2f: "This spell costs {X} less to cast, where X is the total mana value of
    # noncreature artifacts you control."
    if low == ("~ costs {x} less to cast, where x is the total mana value of noncreature "
               "artifacts you control"):
        out["static"].append(StaticAbility("costs_less_mana_value", line,
                                           filter=TargetSpec("permanent", types=("Artifact",)),
                                           exclude_types=("Creature",)))
        return True
    # CR 604.3 / 613.4a: a characteristic-defining ability ("~'s power and toughness are
    # each equal to the number of creatures you control").
    m = re.fullmatch(r"~'s power and toughness are each equal to the number of (creatures|lands|"
                     r"artifacts|enchantments|forests|islands|swamps|mountains|plains) (you control|"
                     r"on the battlefield)|~'s power and toughness are each equal to the number of "
                     r"(creature |artifact |instant |sorcery |land )?cards in (your graveyard|all "
                     r"graveyards|your hand)", low)
    if m:
        if m.group(1):
            w = m.group(1)
            basic = {"forests": "Forest", "islands": "Island", "swamps": "Swamp",
                     "mountains": "Mountain", "plains": "Plains"}
            spec = (TargetSpec("permanent", controller="you" if m.group(2) == "you control" else None,
                               subtypes=(basic[w],)) if w in basic else
                    TargetSpec("permanent", controller="you" if m.group(2) == "you control" else None,
                               types=(w[:-1].capitalize(),)))
        else:
            t = m.group(3).strip().capitalize() if m.group(3) else None
            zone = "hand" if m.group(4) == "your hand" else "graveyard"
            spec = TargetSpec("card", zone=zone, types=(t,) if t else (),
                              controller=None if m.group(4) == "all graveyards" else "you")
        out["static"].append(StaticAbility("cda_count", line, filter=spec))
        return True
    # CR 614.12: "As this Aura enters, choose a color."
    if re.fullmatch(r"as ~ enters, choose a color", low):
        out["static"].append(StaticAbility("choose_color_on_enter", line))
        return True
    # CR 106.12b: replacement effects on mana production.
    if low == "if you tap a permanent for mana, it produces twice as much of that mana instead":
        out["static"].append(StaticAbility("mana_doubling", line))
        return True
    m = re.fullmatch(r"if a land is tapped for mana, it produces \{([wubrgc])\} instead of any "
                     r"other type and amount", low)
    if m:
        out["static"].append(StaticAbility("land_mana_becomes", line, mana=(m.group(1).upper(),)))
        return True
    # CR 605.1b / 106.12a: triggered mana abilities.
    m = re.fullmatch(r"whenever enchanted (?:land|forest|plains|island|swamp|mountain) is tapped "
                     r"for mana( of the chosen color)?, its controller adds an additional "
                     r"(\{[wubrgc]\}|one mana of (?:the chosen|that) color)", low)
    if m:
        eff = (M.AddMana((m.group(2)[1].upper(),)) if m.group(2).startswith("{")
               else M.AddChosenColor())
        out["triggered"].append(TriggeredAbility(
            ("enchanted_tapped_for_mana",), (eff,), (), False, line,
            "produced_chosen_color" if m.group(1) else None))
        return True
    if low == ("whenever a player taps a land for mana, that player adds one mana of any type "
               "that land produced"):
        out["triggered"].append(TriggeredAbility(("land_tapped_for_mana",),
                                                 (M.AddProducedType(),), (), False, line))
        return True
    m = re.fullmatch(r"whenever a player casts a spell with mana value equal to the number of "
                     r"charge counters on ~, counter that spell", low)
    if m:
        out["triggered"].append(TriggeredAbility(("cast",), (CounterSpell(-1),), (), False, line,
                                                 "mana_value_equals_charge"))
        return True
    # CR 614.12 / 701.3: "As this Equipment becomes attached to a creature, choose a color."
    if low in ("as ~ becomes attached to a creature, choose a color",):
        out["static"].append(StaticAbility("choose_color_on_attach", line))
        return True
    # CR 509.1a / 508.1c: restrictions.
    if re.fullmatch(r"~ can't block", low):
        out["static"].append(StaticAbility("cant_block", line))
        return True
    if re.fullmatch(r"~ can't attack", low):
        out["static"].append(StaticAbility("cant_attack", line))
        return True
    if re.match(r"(when|whenever|at) ", low):
        trig = compile_triggered(line)
        if trig is None:
            return False
        out["triggered"].append(trig)
        return True
    # CR 602.1: "[Cost]: [Effect.]"
    from .lines import is_mana_ability
    m = re.fullmatch(r"([^:\"]+):\s*(.+)", line)
    if m and not is_spell:
        cost = compile_cost(m.group(1))
        body = m.group(2).strip()
        limits = activation_limits(body)
        if limits is None:
            return False
        body, sorcery, timing, only = limits
        compiled = compile_instructions(body)
        if cost is None or compiled is None:
            return False
        targets, effects = compiled
        # CR 605.1a: no target, could add mana, not a loyalty ability -> mana ability.
        mana_ability = is_mana_ability(effects, targets)
        if mana_ability is None:
            return False
        if mana_ability and (cost.mana.hybrid or cost.mana.phyrexian or cost.mana.x or only):
            return False   # not yet: choices in a mana ability's own cost, its windows
        # CR 113.6: "Return this card from your graveyard" works from the graveyard.
        zone = "graveyard" if any(isinstance(e, ReturnSelf) for e in effects) else "battlefield"
        out["activated"].append(ActivatedAbility(cost, effects, targets, mana_ability,
                                                 sorcery, line, zone, timing, only))
        return True
    if is_spell:
        compiled = compile_instructions(line)
        if compiled is None:
            return False
        targets, effects = compiled
        prev = out["spell"]
        if prev is None:
            out["spell"] = SpellAbility(targets, effects, line)
        else:
            # CR 608.2c: a later line's target numbers follow the earlier lines' targets.
            out["spell"] = SpellAbility(prev.targets + targets,
                                        prev.effects + effect_text.shift(effects,
                                                                         len(prev.targets)),
                                        prev.text + "\n" + line)
        return True
    return effect_text.compile_line(line, low, is_spell, out)


def _printed_alternative(text: str):
    """The cost of a printed alternative cost: "pay 1 life and exile a blue card from your
    hand", "return an Island you control to its owner's hand", "sacrifice two Mountains"."""
    life = 0
    choices = []
    for part in re.split(r",? and |, ", text):
        part = part.strip()
        m = re.fullmatch(r"pay (\d+) life", part)
        if m:
            life += int(m.group(1))
            continue
        m = re.fullmatch(r"exile an? (white|blue|black|red|green) card from your hand", part)
        if m:
            choices.append(ChoiceCost("exile", 1, TargetSpec(
                "card", zone="hand", controller="you", colors=(_COLOR_ADJ[m.group(1)],))))
            continue
        m = re.fullmatch(r"return (an?|two|three) (\w+?)s? you control to (?:its|their) owner's hand",
                         part)
        if m:
            word = m.group(2)
            sub = word.capitalize()
            choices.append(ChoiceCost("return", _number(m.group(1)),
                                      TargetSpec("permanent", controller="you", subtypes=(sub,))))
            continue
        m = re.fullmatch(r"sacrifice (an?|two|three) (\w+?)s?", part)
        if m and m.group(2) not in _TYPE_WORDS and m.group(2) + "s" not in _TYPE_WORDS:
            choices.append(ChoiceCost("sacrifice", _number(m.group(1)), TargetSpec(
                "permanent", controller="you", subtypes=(m.group(2).capitalize(),))))
            continue
        cc = compile_choice_cost(part)
        if cc is not None:
            choices.append(cc)
            continue
        return None
    return Cost(ManaCost(), pay_life=life, choices=tuple(choices))


def _revolt(line: str, out: dict) -> bool:
    """CR 608.2c: "Destroy that creature if it has mana value N or less instead if a
    permanent left the battlefield under your control this turn." (Fatal Push's revolt
    line, its ability word already read off, CR 207.2c)."""
    m = re.fullmatch(r"destroy that creature if it has mana value (\d+) or less instead "
                     r"if a permanent left the battlefield under your control this turn\.?", line,
                     re.I)
    sp = out["spell"]
    if not m or sp is None or not sp.effects or not isinstance(sp.effects[-1], DestroyIf):
        return False
    last = sp.effects[-1]
    out["spell"] = SpellAbility(sp.targets, sp.effects[:-1] + (
        DestroyIf(last.max_mana_value, int(m.group(1)), last.target),), sp.text + "\n" + line)
    return True


# CR 602.5 / 602.5b: "Activate only ..." restrictions on when an ability may be activated.
_ACTIVATE_ONLY = {
    "as a sorcery": ("sorcery", None),
    "once each turn": ("timing", "once_each_turn"),
    "during your turn": ("only", "your_turn"),
    "during an opponent's turn": ("only", "opponent_turn"),
    "during combat": ("only", "combat"),
    "during your upkeep": ("only", "your_turn", "step:upkeep"),
    "during the end of combat step": ("only", "step:end_of_combat"),
    "during the declare blockers step": ("only", "step:declare_blockers"),
    "during the declare attackers step": ("only", "step:declare_attackers"),
}


def activation_limits(body: str):
    """Split "Activate only during your turn and only once each turn." off an activated
    ability's effect text: ``(effect_text, sorcery, timing, only)``, or None for a
    restriction not understood (the line stays unsupported)."""
    m = re.search(r"\s*Activate only (.+?)\.$", body)
    if not m:
        return body, False, "", ()
    sorcery, timing, only = False, "", []
    for part in re.split(r",? and only |, only |, and ", m.group(1)):
        rule = _ACTIVATE_ONLY.get(part.strip())
        if rule is None:
            return None
        if rule[0] == "sorcery":
            sorcery = True
        elif rule[0] == "timing":
            timing = rule[1]
        else:
            only.extend(rule[1:])
    return body[:m.start()].strip(), sorcery, timing, tuple(only)


def _to_int(v: str | None) -> int | None:
    if v is None:
        return None
    try:
        return int(v)
    except ValueError:
        return None


def compile_card(card: CardData) -> CardDefinition:
    """Compile a card's Oracle data into a ``CardDefinition`` (unsupported text kept).

    While the Oracle grammar replaces the templates, an ability's instructions come all
    from one or all from the other: a spell whose lines (or modes) would mix them is
    compiled again by the templates alone."""
    TEMPLATES_USED[0] = False
    defn = _compile_card(card)
    if not defn.unsupported and not _mixed(defn):
        GRAMMAR_ONLY[card.name] = not TEMPLATES_USED[0]
        return defn
    _GRAMMAR[0] = False
    try:
        old = _compile_card(card)
    finally:
        _GRAMMAR[0] = True
    GRAMMAR_ONLY[card.name] = False
    if not old.unsupported or _mixed(defn):
        return old
    return defn


def _mixed(defn: CardDefinition) -> bool:
    """Whether a spell's instructions mix grammar IR and template effects."""
    from ..engine.verbs import is_compiled
    for d in (defn,) + tuple(defn.faces):
        sp = d.spell
        if sp is None:
            continue
        parts = [sp.effects] + [m.effects for m in sp.modes]
        kinds = {is_compiled(p) for p in parts if p}
        if len(kinds) > 1:
            return True
        for p in parts:
            if p and is_compiled(p) and not all(is_compiled((e,)) for e in p):
                return True
    return False


def _compile_card(card: CardData) -> CardDefinition:
    is_spell = "Instant" in card.types or "Sorcery" in card.types
    out = {"keywords": set(), "static": [], "activated": [], "triggered": [], "spell": None,
           "alternatives": []}
    unsupported: list[Unsupported] = []
    # CR 305.6: basic land types grant "{T}: Add [mana]."
    for sub in card.subtypes:
        if sub in BASIC_LAND_MANA and "Land" in card.types:
            out["activated"].append(ActivatedAbility(
                Cost(tap=True), (M.AddMana((BASIC_LAND_MANA[sub],)),), (), True, False,
                f"{{T}}: Add {{{BASIC_LAND_MANA[sub]}}}."))
    text = _normalise(card.text or "", card.name)
    modes: list | None = None
    choose = (1, 1)
    modal_trigger = None   # (events, text, index among triggered abilities)
    for line in (ln.strip() for ln in text.split("\n")):
        if not line:
            continue
        # CR 700.2 / 603.3c: "When ~ enters, choose one —" and bulleted modes.
        mt = re.fullmatch(r"((?:when|whenever|at) .+), choose (one|two)( or both)? —", line, re.I)
        if mt and modes is None and modal_trigger is None:
            events = trigger_events(mt.group(1).lower())
            if events is not None:
                n = _number(mt.group(2).lower())
                choose = (n, 2) if mt.group(3) else (n, n)
                modal_trigger = (events, line, len(out["triggered"]))
                modes = []
                continue
        # CR 700.2: "Choose one —" / "Choose two —" / "Choose one or both —" and modes.
        m = re.fullmatch(r"choose (one|two|three)( or both| or more)? —", line, re.I)
        if is_spell and m:
            n = _number(m.group(1).lower())
            choose = ((n, 2) if m.group(2) and "both" in m.group(2) else
                      (n, 99) if m.group(2) else (n, n))
            modes = []
            continue
        if modes is not None and line.startswith("•"):
            body = line[1:].strip()
            # CR 207.2d: a mode may begin with a flavor word ("Cure Wounds — ...")
            fw = re.match(r"[A-Z][\w' ,-]{0,40} — ", body)
            if fw:
                body = body[fw.end():]
            try:
                compiled = compile_instructions(body)
            except ValueError:
                compiled = None
            if compiled is None:
                unsupported.append(Unsupported(line))
            else:
                modes.append(SpellAbility(compiled[0], compiled[1], line))
            continue
        # CR 207.2c: an ability word has no rules meaning; the line is what follows it.
        bare = without_ability_word(line)
        if _revolt(bare, out):
            continue
        try:
            ok = compile_line(bare, is_spell, out)
        except ValueError:   # an unknown symbol in a cost: the line is unsupported
            ok = False
        if not ok:
            unsupported.append(Unsupported(line))
    if modal_trigger is not None:
        events, text_, index = modal_trigger
        lo, hi = choose[0], min(choose[1], len(modes or ()))
        if modes:
            out["triggered"].insert(index, TriggeredAbility(
                events, (), (), False, text_, None, tuple(modes), hi, lo if lo != hi else 0))
        else:
            unsupported.append(Unsupported(text_))
    elif modes:
        lo, hi = choose[0], min(choose[1], len(modes))
        out["spell"] = SpellAbility((), (), "Choose", tuple(modes), hi, lo if lo != hi else 0)
    cda = any(st.kind == "cda_count" for st in out["static"])
    for face in ("Power", "Toughness"):
        v = getattr(card, face.lower())
        if v is not None and _to_int(v) is None and not (cda and v == "*") \
                and not areas.type_changes.defines(out["static"], face.lower()):
            unsupported.append(Unsupported(f"{face} {v} (characteristic-defining)"))
    # CR 303.4a: an Aura spell targets what its enchant ability allows.
    enchant = next((st for st in out["static"] if st.kind == "enchant"), None)
    if enchant is not None and "Aura" in card.subtypes and out["spell"] is None:
        out["spell"] = SpellAbility((enchant.filter,), (), "Enchant")
    try:
        cost = ManaCost.parse(card.mana_cost)
    except ValueError as e:
        cost = ManaCost()
        unsupported.append(Unsupported(str(e)))
    defn = CardDefinition(
        name=card.name, mana_cost=cost, types=tuple(card.types), subtypes=tuple(card.subtypes),
        supertypes=tuple(card.supertypes),
        # CR 702.114a: devoid - the object is colorless (a characteristic-defining ability).
        colors=() if "devoid" in out["keywords"] else tuple(card.colors),
        power=_to_int(card.power), toughness=_to_int(card.toughness),
        loyalty=_to_int(card.loyalty), keywords=frozenset(out["keywords"]),
        spell=out["spell"], activated=tuple(out["activated"]),
        triggered=tuple(out["triggered"]), static=tuple(out["static"]),
        alternatives=tuple(out["alternatives"]), additional=tuple(out.get("additional", ())),
        required=tuple(out.get("required", ())),
        unsupported=tuple(unsupported), text=card.text or "", type_line=card.type_line)
    if (card.faces or card.layout in ("split", "prepare", "prototype")) and \
            card.layout not in ("normal",):
        # CR 709 / 712 / 715 / 722: each face compiled on its own (areas/faces.py); a split
        # or preparation card whose other half isn't known stays unsupported
        from .areas.faces import with_faces
        defn = with_faces(card, defn)
    missing = _missing_part(card)
    if missing:
        defn = dataclasses.replace(defn, unsupported=defn.unsupported + (Unsupported(missing),))
    return defn


def _missing_part(card: CardData) -> str:
    """Why a card can't be played as the card data has it, or "": the other face of a
    double-faced or Adventurer card isn't in the data (CR 712.1, 715.1); a melded
    permanent's card is only ever half of one (CR 712.4, 701.42); plane, phenomenon,
    scheme and Vanguard cards belong to casual variants (CR 901, 902, 904)."""
    if card.layout in ("planar", "scheme", "vanguard"):
        return f"{card.layout} cards are used only in casual variants (CR 901-904)"
    if card.layout in ("adventure", "modal_dfc", "transform", "flip", "meld") and \
            not card.faces:
        return f"{card.layout} card whose other face isn't in the card data"
    return ""


@lru_cache(maxsize=None)
def definition_for(name: str) -> CardDefinition:
    """The compiled definition of the real card ``name`` (cached; raises KeyError)."""
    card = get_database().get(name)
    if card is None:
        raise KeyError(name)
    return compile_card(card)
