"""Further Oracle templates: effect sentences, static abilities and triggers beyond the
core ones in ``oracle`` (DESIGN layer 2). ``oracle`` asks these last.

A small grammar rather than one regex per card: object phrases ("target nonland
permanent an opponent controls", "each creature without flying", "creatures you
control"), player phrases ("target player", "each opponent"), numbers ("a", "two",
"3") and the verbs that act on them.
"""

from __future__ import annotations

import dataclasses
import re

from .abilities import (KEYWORDS, CounterSpell, CreateTokens, DamageEach, DealDamage, Destroy,
                        DestroyEach, Discard, DrawCards, Fight, GainControl, GainKeywords,
                        GainLife,
                        LoseLife, Mill, ModifyEach, ModifyPowerToughness, MoveTargetTo,
                        PlayerDiscards, PlayerDraws, PlayerGainsLife, PlayerSacrifices,
                        PutCounters, Restrict, RestrictEach, WithX, LookAtTop, LookedToHand,
                        LookedToRest,
                        PutCountersEach, Scry, SearchToZone, Surveil, TapTarget, TargetSpec,
                        Untap)

_NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
        "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_N = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"


def number(word: str) -> int | None:
    word = word.lower()
    if word.isdigit():
        return int(word)
    return _NUM.get(word)


_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
# singular and plural type nouns -> card type (None: "permanent")
_TYPES = {"creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment",
          "land": "Land", "planeswalker": "Planeswalker", "battle": "Battle",
          "instant": "Instant", "sorcery": "Sorcery", "permanent": None}
_PLURAL = {"creatures": "creature", "artifacts": "artifact", "enchantments": "enchantment",
           "lands": "land", "planeswalkers": "planeswalker", "permanents": "permanent",
           "battles": "battle", "instants": "instant", "sorceries": "sorcery",
           "spells": "spell", "cards": "card"}
_NOUNS = set(_TYPES) | {"spell", "card"}


def _keyword_ok(k: str) -> bool:
    from .oracle import is_keyword
    return is_keyword(k)


def _keywords(text: str) -> tuple[str, ...] | None:
    """"flying", "flying and trample", "first strike, vigilance, and lifelink"."""
    kws = tuple(k.strip() for k in re.split(r",\s*(?:and\s+)?|\s+and\s+", text) if k.strip())
    if not kws or not all(_keyword_ok(k) for k in kws):
        return None
    return kws


def object_phrase(phrase: str, plural: bool = False) -> TargetSpec | None:
    """An object phrase without its determiner ("nonland permanent an opponent
    controls", "creature card from your graveyard", "noncreature spell", "Goblin") as a
    TargetSpec (CR 115.1, 109.1), or None when a word isn't understood."""
    p = phrase.strip()
    quals: list[str] = []
    controller = None
    zone = "battlefield"
    # suffixes
    while True:
        m = re.search(r" (you control|you don't control|an opponent controls|your opponents "
                      r"control|from your graveyard|from a graveyard|from an opponent's "
                      r"graveyard|with flying|without flying|with power (\d+) or (less|greater)"
                      r"|with mana value (\d+) or (less|greater)|with toughness (\d+) or "
                      r"(less|greater))$", p)
        if not m:
            break
        suf = m.group(1)
        p = p[:m.start()]
        if suf == "you control":
            controller = "you"
        elif suf in ("you don't control", "an opponent controls", "your opponents control"):
            controller = "opponent"
        elif suf == "from your graveyard":
            zone, controller = "graveyard", "you"
        elif suf == "from a graveyard":
            zone = "graveyard"
        elif suf == "from an opponent's graveyard":
            zone, controller = "graveyard", "opponent"
        elif suf == "with flying":
            quals.append("kw:flying")
        elif suf == "without flying":
            quals.append("nokw:flying")
        elif suf.startswith("with power"):
            quals.append(("power<=" if m.group(3) == "less" else "power>=") + m.group(2))
        elif suf.startswith("with mana value"):
            quals.append(("mv<=" if m.group(5) == "less" else "mv>=") + m.group(4))
        else:
            return None   # toughness: not yet
    words = p.split()
    if not words:
        return None
    colors: list[str] = []
    other = False
    i = 0
    while i < len(words):
        w = words[i].lower()
        if w == "another" or w == "other":
            other = True
        elif w in ("snow", "legendary", "basic"):
            quals.append("super:" + w.capitalize())   # CR 205.4a: supertypes
        elif w == "nontoken":
            quals.append("nontoken")   # CR 111.1: a card, not a token
        elif w in ("tapped", "untapped", "attacking", "blocking"):
            if w == "attacking" and words[i + 1:i + 3] == ["or", "blocking"]:
                quals.append("attacking_or_blocking")
                i += 2
            else:
                quals.append(w)
        elif w in _COLORS:
            colors.append(_COLORS[w])
        elif w.startswith("non") and w[3:] in _TYPES and _TYPES[w[3:]]:
            quals.append("non:" + _TYPES[w[3:]])
        elif w.startswith("non") and w[3:] in _COLORS:
            quals.append("noncolor:" + _COLORS[w[3:]])
        elif re.fullmatch(r"non-[A-Z][a-z]+", words[i]) and w[4:] not in _TYPES:
            quals.append("nonsub:" + words[i][4:])   # "non-Dragon" (CR 205.3)
        else:
            break
        i += 1
    rest = words[i:]
    if not rest:
        return None
    noun = rest[-1].lower()
    if plural:
        if noun not in _PLURAL:
            return _subtype_phrase(rest, plural, quals, controller, zone, colors, other)
        noun = _PLURAL[noun]
    elif noun not in _NOUNS:
        return _subtype_phrase(rest, plural, quals, controller, zone, colors, other)
    mods = rest[:-1]
    types: list[str] = []
    subtypes: list[str] = []
    alts: list[str] = []
    j = 0
    while j < len(mods):
        w = mods[j]
        lw = w.lower()
        if lw in _TYPES and _TYPES[lw] and j + 1 < len(mods) and mods[j + 1] == "or":
            alts.append(_TYPES[lw])
            j += 2
            continue
        if lw in _TYPES and _TYPES[lw]:
            if alts:
                alts.append(_TYPES[lw])
            else:
                types.append(_TYPES[lw])
        elif w[:1].isupper() and w.isalpha() and not alts:
            subtypes.append(w)
        else:
            return None
        j += 1
    kind = "permanent"
    if noun in ("spell", "card"):
        kind = noun
        if noun == "spell":
            zone = "stack"
        elif zone == "battlefield":
            return None
    elif zone != "battlefield":
        return None
    if alts:
        if noun not in ("spell", "card") and _TYPES.get(noun):
            alts.append(_TYPES[noun])
        elif noun not in ("spell", "card", "permanent"):
            return None
        quals.append("anytype:" + ",".join(alts))
    elif noun == "creature" and not types:
        kind = "creature"
    elif _TYPES.get(noun):
        types.append(_TYPES[noun])
    if kind == "permanent" and any(t in ("Instant", "Sorcery") for t in types):
        return None
    return TargetSpec(kind, controller=controller, types=tuple(types),
                      subtypes=tuple(subtypes), zone=zone, other=other, colors=tuple(colors),
                      quals=tuple(quals))


def _subtype_phrase(rest, plural, quals, controller, zone, colors, other):
    """"Goblin", "Goblins", "Elf or Warrior" (a creature type on its own)."""
    if len(rest) != 1 or not rest[0][:1].isupper() or not rest[0].isalpha() or zone != "battlefield":
        return None
    w = rest[0]
    if plural:
        if w.endswith("ves"):
            w = w[:-3] + "f"
        elif w.endswith("s"):
            w = w[:-1]
        else:
            return None
    return TargetSpec("permanent", controller=controller, subtypes=(w,), other=other,
                      colors=tuple(colors), quals=tuple(quals))


def target_phrase(phrase: str, multi: bool = False) -> TargetSpec | None:
    """"target creature", "another target creature you control", "up to one target
    artifact", "any target", "target player or planeswalker" (CR 115.1)."""
    p = phrase.strip()
    if p in ("any target", "target creature or player"):
        return TargetSpec("any")
    if p in ("target player", "target player or planeswalker"):
        return TargetSpec("player")
    if p in ("target opponent", "target opponent or planeswalker"):
        return TargetSpec("player", controller="opponent")
    if p == "target creature or planeswalker":
        return TargetSpec("permanent", quals=("anytype:Creature,Planeswalker",))
    if p == "target creature or planeswalker an opponent controls":
        return TargetSpec("permanent", controller="opponent",
                          quals=("anytype:Creature,Planeswalker",))
    lo, hi = 1, 1
    m = re.match(r"up to (one|two|three|four|five) ", p)
    if m:
        lo, hi = 0, number(m.group(1))
        p = p[m.end():]
    # CR 601.2c: "two target artifacts" - exactly that many different targets.
    m = re.match(r"(two|three|four) (?=(?:other )?target )", p)
    if m:
        lo = hi = number(m.group(1))
        p = p[m.end():]
    other = False
    if p.startswith("another "):
        other = True
        p = p[len("another "):]
    if not p.startswith("target "):
        return None
    if hi > 1 and not multi:
        return None
    spec = object_phrase(p[len("target "):], plural=hi > 1)
    if spec is None or spec.kind == "spell" and spec.zone != "stack":
        return None
    return dataclasses.replace(spec, minimum=lo, maximum=hi, other=other or spec.other)


def each_phrase(phrase: str) -> TargetSpec | None:
    """"each creature you control", "all creatures", "creatures you control", "other
    creatures you control", "each other creature" (not targeted, CR 115.10)."""
    p = phrase.strip()
    m = re.match(r"(each|all) ", p)
    if m:
        p = p[m.end():]
        plural = m.group(1) == "all"
    else:
        plural = True
    other = False
    if p.startswith("other "):
        other = True
        p = p[len("other "):]
    spec = object_phrase(p, plural=plural)
    if spec is None or spec.zone != "battlefield" or spec.kind == "spell":
        return None
    return dataclasses.replace(spec, other=other or spec.other)


_PLAYERS = {"you": "you", "each opponent": "each_opponent", "each player": "each_player",
            "target player": "target", "target opponent": "target",
            # CR 608.2h: "that player" - the player the trigger event named (the player
            # dealt combat damage), else the player this spell or ability targets.
            "that player": "that_player"}


def _player_target(who: str):
    if who == "target player":
        return (TargetSpec("player"),)
    if who == "target opponent":
        return (TargetSpec("player", controller="opponent"),)
    return ()


def shift(effects: tuple, k: int) -> tuple:
    """Renumber the targets of effects by ``k`` (a second clause's targets follow the
    first's)."""
    if not k:
        return effects
    from ..engine.verbs import is_compiled
    if is_compiled(effects):
        from ..ir.shift import shift_targets
        return shift_targets(tuple(effects), k)
    out = []
    for e in effects:
        if hasattr(e, "shift_targets"):   # an effect holding effects (areas/optional_costs)
            out.append(e.shift_targets(k))
            continue
        if isinstance(e, WithX):
            out.append(WithX(shift((e.effect,), k)[0], e.field))
            continue
        ch = {}
        for f in ("target", "first", "second"):
            if hasattr(e, f) and isinstance(getattr(e, f), int) and getattr(e, f) >= 0:
                if f == "target" and type(e).__name__ in (
                        "LoseLife", "PlayerGainsLife", "PlayerDraws", "PlayerDiscards", "Mill",
                        "PlayerSacrifices") and e.who != "target":
                    continue
                ch[f] = getattr(e, f) + k
        out.append(dataclasses.replace(e, **ch) if ch else e)
    return tuple(out)


# ---------------------------------------------------------------- tokens (CR 111.10)

# CR 111.10a-c: predefined tokens.
PREDEFINED_TOKENS = {
    "Treasure": (("name", "Treasure Token"), ("types", ("Artifact",)),
                 ("subtypes", ("Treasure",)), ("colors", ()),
                 ("text", "{T}, Sacrifice this token: Add one mana of any color.")),
    "Food": (("name", "Food Token"), ("types", ("Artifact",)), ("subtypes", ("Food",)),
             ("colors", ()), ("text", "{2}, {T}, Sacrifice this token: You gain 3 life.")),
    "Clue": (("name", "Clue Token"), ("types", ("Artifact",)), ("subtypes", ("Clue",)),
             ("colors", ()), ("text", "{2}, Sacrifice this token: Draw a card.")),
}


def _tokens(s: str):
    m = re.fullmatch(_N + r" (Treasure|Food|Clue) tokens?", s)
    if m:
        return (), (CreateTokens(PREDEFINED_TOKENS[m.group(2)], number(m.group(1))),)
    return None


# ---------------------------------------------------------------- sentences

def compile_sentence(s: str, low: str):
    """One effect sentence -> (targets, effects) or None."""
    if re.search(r"\.\s", s) or '"' in s:
        return None
    if re.search(r"\bX\b", s):
        return _with_x(s)
    r = _sentence(s, low)
    if r is not None:
        return r
    # One subject, two verbs: "target player draws two cards and loses 2 life" (the same
    # player both times).
    m = re.fullmatch(r"(you|target player|target opponent|each opponent|each player) "
                     r"((?:draw|lose|gain|discard|mill)s? .+?) and ((?:draw|lose|gain|discard|"
                     r"mill)s? .+)", low)
    if m:
        n = len(m.group(1)) + 1
        a = compile_sentence(s[:m.end(2)], low[:m.end(2)])
        b = compile_sentence(s[:n] + s[m.start(3):], low[:n] + low[m.start(3):])
        if a is not None and b is not None and len(a[0]) == len(b[0]) <= 1:
            return a[0], a[1] + b[1]
    # "[clause] and [clause]": "~ deals 2 damage to any target and you gain 2 life"
    for m in re.finditer(r" and (?=(?:you |each |target |draw |create |scry |surveil |"
                         r"mill |put ))", low):
        a = compile_sentence(s[:m.start()], low[:m.start()])
        b = compile_sentence(s[m.end():], low[m.end():])
        if a is not None and b is not None:
            return a[0] + b[0], a[1] + shift(b[1], len(a[0]))
    return None


def _with_x(s: str):
    """CR 107.3a: "deals X damage", "draw X cards": the amount is the X announced for
    the spell or ability (a number ``_XN`` stands for it while the sentence compiles)."""
    if "99" in s or re.search(r"\bX (is|can't|must)\b|where X\b", s):
        return None
    n = len(re.findall(r"\bX\b", s))
    t = re.sub(r"\bX\b", "99", s)
    r = compile_sentence(t, t.lower())
    if r is None:
        return None
    out, found = [], 0
    for e in r[1]:
        fs = [f.name for f in dataclasses.fields(e) if getattr(e, f.name) == 99]
        if not fs:
            out.append(e)
            continue
        if len(fs) != 1 or fs[0] not in ("amount", "count"):
            return None
        found += 1
        out.append(WithX(dataclasses.replace(e, **{fs[0]: 0}), fs[0]))
    if found != n:
        return None
    return r[0], tuple(out)


def _sentence(s: str, low: str):
    if low.startswith("create "):
        return _tokens(s[len("create "):])
    # CR 120.3: damage.
    m = re.fullmatch(r"(?:~|it) deals (\d+) damage to (.+)", low)
    if m:
        return _damage(int(m.group(1)), m.group(2), s[m.start(2):])
    # CR 119.3: life.
    m = re.fullmatch(r"(you|each opponent|each player|target player|target opponent|that player) (?:lose|"
                     r"loses) (\d+) life", low)
    if m:
        return _player_target(m.group(1)), (LoseLife(int(m.group(2)), _PLAYERS[m.group(1)]),)
    m = re.fullmatch(r"(each player|target player|target opponent) gains (\d+) life", low)
    if m:
        return (_player_target(m.group(1)),
                (PlayerGainsLife(int(m.group(2)), _PLAYERS[m.group(1)]),))
    m = re.fullmatch(r"you gain (\d+) life", low)
    if m:
        return (), (GainLife(int(m.group(1))),)
    # CR 121.1: drawing.
    m = re.fullmatch(r"(?:(you|each player|target player|target opponent|each opponent|that player) )?"
                     r"(?:draw|draws) " + _N + r" cards?", low)
    if m:
        who = m.group(1) or "you"
        n = number(m.group(2))
        if who == "you":
            return (), (DrawCards(n),)
        return _player_target(who), (PlayerDraws(n, _PLAYERS[who]),)
    # CR 701.9: discarding.
    m = re.fullmatch(r"(?:(you|each player|target player|target opponent|each opponent|that player) )?"
                     r"(?:discard|discards) " + _N + r" cards?( at random)?", low)
    if m:
        who = m.group(1) or "you"
        n = number(m.group(2))
        if who == "you" and not m.group(3):
            return (), (Discard(n),)
        return _player_target(who), (PlayerDiscards(n, _PLAYERS[who], 0, bool(m.group(3))),)
    # CR 701.17: milling.
    m = re.fullmatch(r"(?:(you|each player|target player|target opponent|each opponent|that player) )?"
                     r"(?:mill|mills) " + _N + r" cards?", low)
    if m:
        who = m.group(1) or "you"
        return _player_target(who), (Mill(number(m.group(2)), _PLAYERS[who]),)
    # CR 701.21a: sacrificing permanents of one's choice (an edict).
    m = re.fullmatch(r"(?:(you|each player|target player|target opponent|each opponent|that player) )?"
                     r"(sacrifice|sacrifices) " + _N + r" (.+?)(?: of their choice)?", low)
    if m:
        who = m.group(1) or "you"
        if (m.group(2) == "sacrifice") != (who == "you"):
            return None
        n = number(m.group(3))
        spec = object_phrase(s[m.start(4):m.end(4)], plural=n > 1)
        if spec is None or spec.zone != "battlefield" or spec.kind not in ("creature",
                                                                           "permanent") \
                or spec.controller is not None or spec.other:
            return None
        return _player_target(who), (PlayerSacrifices(n, spec, _PLAYERS[who]),)
    # CR 508.1c / 509.1b: "can't attack", "can't block" restrictions this turn.
    m = re.fullmatch(r"(.+?) (can't|cannot) (attack or block|block|attack) this turn", s)
    if m:
        kinds = {"attack or block": ("cant_attack", "cant_block"), "block": ("cant_block",),
                 "attack": ("cant_attack",)}[m.group(3)]
        subject = m.group(1)
        if subject in ("~", "it"):
            return (), (Restrict(kinds, -1),)
        spec = target_phrase(subject, multi=True)
        if spec is not None:
            if spec.zone != "battlefield" or spec.kind not in ("creature", "permanent"):
                return None
            return (spec,), (Restrict(kinds, 0),)
        each = each_phrase(subject)
        if each is not None and subject.startswith(("each ", "all ", "other ", "creatures ")):
            return (), (RestrictEach(kinds, _creatures(each)),)
        return None
    # CR 613.1b / 611.2a: gaining control; with no duration stated, the effect lasts until
    # the end of the game (it ends when the permanent leaves the battlefield, 400.7).
    m = re.fullmatch(r"gain control of (target .+?)( until end of turn)?", s)
    if m:
        spec = target_phrase(m.group(1))
        if spec is None or spec.zone != "battlefield" or spec.kind not in ("creature",
                                                                           "permanent"):
            return None
        return (spec,), (GainControl(0, "end_of_turn" if m.group(2) else "permanent"),)
    # CR 401.2: looking at the top cards of one's library, then putting them away.
    m = re.fullmatch(r"look at the top " + _N + r" cards of your library", low)
    if m:
        return (), (LookAtTop(number(m.group(1))),)
    m = re.fullmatch(r"put " + _N + r" of (?:them|those cards) into your hand and the "
                     r"(rest|other) (into your graveyard|on the bottom of your library"
                     r"(?: in (any|a random) order)?)", low)
    if m:
        k = number(m.group(1))
        rest = (LookedToRest("graveyard") if m.group(3) == "into your graveyard"
                else LookedToRest("bottom", m.group(4) == "a random"))
        return (), (LookedToHand(k), rest)
    m = re.fullmatch(r"put the rest (into your graveyard|on the bottom of your library in "
                     r"(any|a random) order)", low)
    if m:
        if m.group(1) == "into your graveyard":
            return (), (LookedToRest("graveyard"),)
        return (), (LookedToRest("bottom", m.group(2) == "a random"),)
    # CR 701.22 / 701.25: scry and surveil.
    m = re.fullmatch(r"(scry|surveil) (\d+)", low)
    if m:
        n = int(m.group(2))
        return (), ((Scry(n) if m.group(1) == "scry" else Surveil(n)),)
    # CR 701.8: destroying.
    m = re.fullmatch(r"destroy (.+)", s)
    if m:
        return _one_or_each(m.group(1), Destroy(0), DestroyEach, multi=True)
    # CR 406.1 / 400.6: exiling, returning to hand, putting into a library.
    m = re.fullmatch(r"exile (.+)", s)
    if m:
        spec = target_phrase(m.group(1), multi=True)
        if spec is not None and spec.kind != "spell":
            return (spec,), (MoveTargetTo("exile", 0),)
        return None
    m = re.fullmatch(r"return (.+?) to (?:its owner's hand|their owners' hands?)", s)
    if m:
        spec = target_phrase(m.group(1), multi=True)
        if spec is not None and spec.zone == "battlefield":
            return (spec,), (MoveTargetTo("hand", 0),)
        return None
    m = re.fullmatch(r"return (.+?) to your hand", s)
    if m:
        spec = target_phrase(m.group(1), multi=True)
        if spec is not None and spec.zone == "graveyard" and spec.controller == "you":
            return (spec,), (MoveTargetTo("hand", 0),)
        return None
    m = re.fullmatch(r"put (.+?) on (top|the bottom) of its owner's library", s)
    if m:
        spec = target_phrase(m.group(1))
        if spec is not None and spec.zone == "battlefield":
            to = "library_top" if m.group(2) == "top" else "library_bottom"
            return (spec,), (MoveTargetTo(to, 0),)
        return None
    # CR 701.26: tapping and untapping.
    m = re.fullmatch(r"(tap|untap) (.+)", s)
    if m:
        spec = target_phrase(m.group(2), multi=m.group(1) == "tap")
        if spec is None or spec.zone != "battlefield":
            return None
        return (spec,), ((TapTarget(0) if m.group(1) == "tap" else Untap(0)),)
    # CR 122.1: counters.
    m = re.fullmatch(r"put " + _N + r" ([+-]1/[+-]1) counters? on (.+)", s)
    if m:
        n, kind, what = number(m.group(1)), m.group(2), m.group(3)
        if what in ("~", "it"):
            return (), (PutCounters(kind, n, -1),)
        spec = target_phrase(what)
        if spec is not None:
            if spec.zone != "battlefield":
                return None
            return (spec,), (PutCounters(kind, n, 0),)
        each = each_phrase(what)
        if each is not None and what.startswith("each "):
            return (), (PutCountersEach(kind, n, each),)
        return None
    # CR 701.14: fighting.
    m = re.fullmatch(r"(~|target .+?) fights (.+)", s)
    if m:
        b = target_phrase(m.group(2))
        if b is None or b.kind not in ("creature",):
            return None
        if m.group(1) == "~":
            return (b,), (Fight(-1, 0),)
        a = target_phrase(m.group(1))
        if a is None or a.kind != "creature":
            return None
        return (a, b), (Fight(0, 1),)
    # CR 701.6: countering.
    m = re.fullmatch(r"counter (target .+)", s)
    if m:
        spec = target_phrase(m.group(1))
        if spec is not None and spec.kind == "spell":
            return (spec,), (CounterSpell(0),)
        return None
    # CR 701.23: searching.
    # CR 201.2: "search your library for up to three cards named ~" (this object's name).
    m = re.fullmatch(r"search your library for (a card|up to (?:one|two|three|four) cards) "
                     r"named ~, (?:reveal (?:it|them), )?put (?:it|them) into your hand, "
                     r"then shuffle", s)
    if m:
        n = 1 if m.group(1) == "a card" else number(m.group(1).split()[2])
        return (), (SearchToZone(TargetSpec("card", zone="library", quals=("named:~",)),
                                 "hand", n),)
    m = re.fullmatch(r"search your library for (an?|up to (?:one|two|three)) (.+?) cards?, "
                     r"(?:reveal (?:it|them), )?put (?:it|them) (into your hand|onto the "
                     r"battlefield( tapped)?), then shuffle", s)
    if m:
        spec = _search_spec(m.group(2))
        if spec is None:
            return None
        n = 1 if m.group(1) == "a" else number(m.group(1).split()[-1])
        to = "hand" if m.group(3) == "into your hand" else "battlefield"
        if to == "battlefield" and not _permanent_search(spec):
            return None
        return (), (SearchToZone(spec, to, n, bool(m.group(4))),)
    # CR 613.4c / 613.1f: power/toughness changes and keywords until end of turn.
    m = re.fullmatch(r"(.+?) (gets?|gains?) (.+) until end of turn", s)
    if m:
        return _pump(m.group(1), m.group(2), m.group(3))
    return None


def _damage(n: int, rest_low: str, rest: str):
    spec = target_phrase(rest)
    if spec is not None:
        if spec.zone != "battlefield":
            return None
        return (spec,), (DealDamage(n, 0),)
    if rest_low == "you":
        return (), (DealDamage(n, -1),)
    players = None
    m = re.fullmatch(r"(.*?)(?:,? and )?(each opponent|each player)", rest_low)
    objs = rest
    if m:
        players = "each_opponent" if m.group(2) == "each opponent" else "each_player"
        objs = rest[:len(m.group(1))]
    if not objs:
        return (), (DamageEach(n, None, players),)
    if not objs.startswith("each "):
        return None
    spec = each_phrase(objs)
    if spec is None:
        return None
    return (), (DamageEach(n, spec, players),)


def _one_or_each(phrase: str, single, each_cls, multi: bool):
    spec = target_phrase(phrase, multi=multi)
    if spec is not None:
        if spec.zone != "battlefield":
            return None
        return (spec,), (single,)
    if phrase.startswith("all ") or phrase.startswith("each "):
        spec = each_phrase(phrase)
        if spec is not None:
            return (), (each_cls(spec),)
    return None


def _search_spec(p: str) -> TargetSpec | None:
    """"basic land", "Forest", "basic Plains", "creature", "Plains or Island" (a card in
    a library)."""
    quals = []
    if p.startswith("basic "):
        quals.append("super:Basic")
        p = p[len("basic "):]
    if p == "":
        return None
    if p == "card" or p == "":
        return TargetSpec("card", zone="library", quals=tuple(quals))
    m = re.fullmatch(r"([A-Z][a-z]+) or ([A-Z][a-z]+)", p)
    if m:
        return TargetSpec("card", zone="library",
                          quals=tuple(quals) + (f"anysub:{m.group(1)},{m.group(2)}",))
    words = p.split()
    types, subs = [], []
    for w in words:
        if w in _TYPES and _TYPES[w]:
            types.append(_TYPES[w])
        elif w[:1].isupper() and w.isalpha():
            subs.append(w)
        else:
            return None
    return TargetSpec("card", zone="library", types=tuple(types), subtypes=tuple(subs),
                      quals=tuple(quals))


def _permanent_search(spec: TargetSpec) -> bool:
    return bool(spec.types and all(t in ("Land", "Creature", "Artifact", "Enchantment")
                                   for t in spec.types)
                or (spec.subtypes and not spec.types) or any(q.startswith("anysub:")
                                                             for q in spec.quals))


def _pump(subject: str, verb: str, what: str):
    power = toughness = 0
    kws: tuple[str, ...] = ()
    m = re.fullmatch(r"([+-]\d+)/([+-]\d+)(?: and gains? (.+))?", what)
    if m:
        power, toughness = int(m.group(1)), int(m.group(2))
        if m.group(3):
            kws = _keywords(m.group(3))
            if kws is None:
                return None
        if not verb.startswith("get"):
            return None
    elif verb.startswith("gain"):
        kws = _keywords(what)
        if kws is None:
            return None
    else:
        return None
    plural = verb in ("get", "gain")
    if not plural and subject in ("~", "it"):
        effs: tuple = ()
        if power or toughness:
            effs += (ModifyPowerToughness(power, toughness, -1),)
        if kws:
            effs += (GainKeywords(kws, -1),)
        return (), effs
    if not plural:
        spec = target_phrase(subject)
        if spec is not None and spec.kind in ("creature", "permanent") \
                and spec.zone == "battlefield":
            effs = ()
            if power or toughness:
                effs += (ModifyPowerToughness(power, toughness, 0),)
            if kws:
                effs += (GainKeywords(kws, 0),)
            return (spec,), effs
        if subject.startswith("each "):
            each = each_phrase(subject)
            if each is not None:
                return (), (ModifyEach(_creatures(each), power, toughness, kws),)
        return None
    if re.match(r"up to (two|three) target ", subject) and not (power or toughness):
        spec = target_phrase(subject, multi=True)
        if spec is not None and spec.zone == "battlefield":
            return (spec,), (GainKeywords(kws, 0),)
        return None
    each = each_phrase(subject)
    if each is None:
        return None
    return (), (ModifyEach(_creatures(each), power, toughness, kws),)


def _creatures(spec: TargetSpec) -> TargetSpec:
    """Group pumps affect creatures ("Goblins you control get +1/+1")."""
    if spec.kind == "permanent" and not spec.types:
        return dataclasses.replace(spec, kind="creature")
    return spec


# ---------------------------------------------------------------- triggers and lines

# (regex, events) pairs added to oracle's trigger conditions (CR 603.1). An event
# "enters|TYPES|CONTROLLER|other" watches other permanents entering; "cast|QUALS|you"
# watches spells being cast (engine/triggers.py reads them).
TRIGGERS: list = [
    (r"whenever a land (?:you control enters|enters the battlefield under your control)",
     ("enters|Land|you|",)),
    (r"whenever another creature (?:you control enters|enters the battlefield under your "
     r"control)", ("enters|Creature|you|other",)),
    (r"whenever a creature (?:you control enters|enters the battlefield under your control)",
     ("enters|Creature|you|",)),
    (r"whenever another creature enters", ("enters|Creature||other",)),
    (r"whenever a creature enters", ("enters|Creature||",)),
    (r"whenever you cast a noncreature spell", ("you_cast_noncreature",)),
    (r"whenever you cast an instant or sorcery spell", ("cast|anytype:Instant,Sorcery|you",)),
    (r"whenever you cast a creature spell", ("cast|Creature|you",)),
    (r"whenever you cast a spell", ("cast||you",)),
    (r"whenever an opponent casts a spell", ("cast||opponent",)),
    # CR 509.3a / 509.3c: blocking and becoming blocked.
    (r"whenever ~ blocks or becomes blocked", ("blocks", "becomes_blocked")),
    (r"whenever ~ blocks", ("blocks",)),
    (r"whenever ~ becomes blocked", ("becomes_blocked",)),
    # CR 119.9: once for each life-gain event.
    (r"whenever you gain life", ("gain_life|you",)),
    (r"at the beginning of your end step", ("your_end_step",)),
    (r"at the beginning of (?:each|the) end step", ("end_step",)),
    (r"at the beginning of each upkeep", ("each_upkeep",)),
]


# CR 700.4: "whenever a creature dies" (events ``dies|QUALS|WHO|other``, read by
# engine/triggers.fire_dies).
TRIGGERS.append((r"whenever ~ or another creature you control dies",
                 ("dies", "dies|Creature|you|other")))
TRIGGERS.append((r"whenever ~ or another creature dies", ("dies", "dies|Creature||other")))
for _who, _w in (("you control ", "you"), ("an opponent controls ", "opponent"),
                 ("you don't control ", "opponent"), ("", "")):
    for _tok in ("nontoken ", ""):
        for _det, _other in (("another", "other"), ("a", "")):
            TRIGGERS.append((rf"whenever {_det} {_tok}creature {_who}dies",
                             (f"dies|Creature{';nontoken' if _tok else ''}|{_w}|{_other}",)))


_RULES_COUNTERS = {"shield", "stun", "finality", "loyalty", "defense", "lore", "poison", "rad",
                   "time", "fade", "age", "level", "experience", "energy", "ticket"}


def compile_line(line: str, low: str, is_spell: bool, out: dict) -> bool:
    """A whole line (a static ability, a trigger...) into ``out``; False if not."""
    # CR 614.1c: "This permanent enters with N [kind] counters on it" (a replacement
    # effect on how it enters, however it enters).
    m = re.fullmatch(r"~ enters with " + _N + r" ([+-]1/[+-]1|[a-z]+) counters? on it", low)
    # CR 122.1b / 122.1c / 122.1d / 122.1h: keyword, shield, stun and finality counters
    # have rules meaning of their own (not yet).
    if m and not is_spell and m.group(2) not in _RULES_COUNTERS \
            and not _keyword_ok(m.group(2)):
        from .abilities import StaticAbility
        out["static"].append(StaticAbility("enters_with_n_counters", line,
                                           power=number(m.group(1)), counter=m.group(2)))
        return True
    # CR 207.2c: an ability word ("Landfall — Whenever ...") has no rules meaning.
    m = re.fullmatch(r"([A-Z][A-Za-z' ]+) — ((?:When|Whenever|At) .+)", line)
    if m:
        from .oracle import compile_triggered
        trig = compile_triggered(m.group(2))
        if trig is None:
            return False
        out["triggered"].append(dataclasses.replace(trig, text=line))
        return True
    return False


_ = KEYWORDS
