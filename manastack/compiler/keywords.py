"""Keyword abilities beyond the core set (CR 702), and the common static abilities that go
with them: compiled from keyword lines.

``compile_keyword_line`` is asked first for every line; it returns True when it compiled
the line into ``out`` (the card's ability lists).
"""

from __future__ import annotations

import re

from .abilities import (ActivatedAbility, DealDamage, IfKicked, ModifyPowerToughness,
                        Regenerate, SpellAbility, StaticAbility, TargetSpec, TriggeredAbility)

# CR 702: further keywords the engine implements by name (checked by ``is_keyword``).
EXTRA_KEYWORDS: frozenset = frozenset({
    "flash",            # CR 702.8a: cast any time you could cast an instant (legal.can_cast)
    "menace",           # CR 702.111b: combat.blocks_legal
    "indestructible",   # CR 702.12b: sba + zones.destroy
    "devoid",           # CR 702.114a: colorless (the card data has no colors)
    "changeling",       # CR 702.73a: characteristics.has_subtype
    "intimidate",       # CR 702.13b: combat.can_block
    "fear",             # CR 702.36b
    "shadow",           # CR 702.28b
    "horsemanship",     # CR 702.31b
    "skulk",            # CR 702.118b
    "plainswalk", "islandwalk", "swampwalk", "mountainwalk", "forestwalk",  # CR 702.14c
    "infect",           # CR 702.90b-c: effects.deal_damage
    "wither",           # CR 702.80a: effects.deal_damage (engine/areas/damage_text.wither)
    "convoke",          # CR 702.51a: casting (the pay stage)
    "delve",            # CR 702.66a: casting (the pay stage)
})

_COLOR_ADJ = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_IRREGULAR_PLURALS = {"elves": "Elf", "dwarves": "Dwarf", "wolves": "Wolf",
                      "werewolves": "Werewolf", "merfolk": "Merfolk", "mice": "Mouse",
                      "octopi": "Octopus", "fungi": "Fungus", "sphinxes": "Sphinx",
                      "foxes": "Fox", "humans": "Human", "allies": "Ally",
                      "faeries": "Faerie", "zombies": "Zombie", "slivers": "Sliver"}


_CREATURE_TYPES: frozenset | None = None
# Subtypes that creature cards may have but that aren't creature types (CR 205.3g-i).
_NON_CREATURE_SUBTYPES = frozenset({"Equipment", "Vehicle", "Aura", "Saga", "Cartouche",
                                    "Class", "Shrine", "Curse", "Rune", "Background", "Case",
                                    "Role", "Room", "Clue", "Food", "Treasure", "Blood",
                                    "Gold", "Powerstone", "Map", "Fortification", "Attraction",
                                    "Contraption", "Incubator", "Junk", "Lander", "Spacecraft",
                                    "Forest", "Island", "Mountain", "Plains", "Swamp", "Desert",
                                    "Gate", "Lair", "Locus", "Mine", "Power-Plant", "Tower",
                                    "Cave", "Sphere", "Town", "Urza's", "Planet"})


def is_creature_type(sub: str) -> bool:
    """CR 205.3m: whether ``sub`` is a creature type: one that creature or kindred cards
    of the database have, less the artifact, enchantment and land types (CR 205.3g-i)."""
    global _CREATURE_TYPES
    if _CREATURE_TYPES is None:
        from ..cards import get_database
        db = get_database()
        found: set = set()
        for name in db.names():
            c = db.get(name)
            if c is not None and ("Creature" in c.types or "Kindred" in c.types
                                  or "Tribal" in c.types):
                found.update(c.subtypes)
        _CREATURE_TYPES = frozenset(found - _NON_CREATURE_SUBTYPES)
    return sub in _CREATURE_TYPES


def _keyword_list(text: str) -> tuple[str, ...] | None:
    """"flying and lifelink", "flying, vigilance, and trample" -> keywords, or None when
    one of them isn't a keyword the engine implements."""
    from .oracle import is_keyword
    kws = tuple(k.strip() for k in re.split(r",\s*(?:and\s+)?|\s+and\s+", text) if k.strip())
    if not kws or not all(is_keyword(k) for k in kws):
        return None
    return kws


def _subject(text: str) -> TargetSpec | None:
    """The creatures an anthem affects: "creatures you control", "other Goblins you
    control", "white creatures", "artifact creatures you control", "other Merfolk"."""
    m = re.fullmatch(r"(other )?((?:(?:white|blue|black|red|green|artifact|enchantment) )*)"
                     r"(?:([A-Z][A-Za-z'-]+) (?=creatures))?"
                     r"([A-Za-z'-]+)( you control| your opponents control)?", text)
    if not m:
        return None
    if m.group(3) and not is_creature_type(m.group(3)):
        return None
    other = bool(m.group(1))
    colors: tuple = ()
    types: tuple = ()
    for w in m.group(2).split():
        if w in _COLOR_ADJ:
            colors += (_COLOR_ADJ[w],)
        else:
            types += (w.capitalize(),)
    noun = m.group(4)
    subtypes: tuple = (m.group(3),) if m.group(3) else ()
    if noun.lower() == "creatures":
        pass
    elif noun[:1].isupper():
        low = noun.lower()
        if low in _IRREGULAR_PLURALS:
            sub = _IRREGULAR_PLURALS[low]
        elif low.endswith("s"):
            sub = noun[:-1]
        else:
            return None
        if not is_creature_type(sub):
            return None
        subtypes = (sub,)
    else:
        return None
    controller = {" you control": "you", " your opponents control": "opponent"}.get(
        m.group(5) or "")
    return TargetSpec("creature", controller=controller, types=types, subtypes=subtypes,
                      colors=colors, other=other)


def compile_keyword_line(line: str, low: str, is_spell: bool, out: dict) -> bool:
    """Compile a keyword line with parameters ("Cycling {2}", "Ward {1}") or a common
    static ability; False if not."""
    if _kicker_line(line, low, is_spell, out):
        return True
    # CR 701.19a: "[Cost]: Regenerate this creature" / "Regenerate target creature".
    m = re.fullmatch(r"([^:\"]+): regenerate (~|target creature)", line.rstrip("."), re.I)
    if m and not is_spell:
        from .oracle import compile_cost
        cost = compile_cost(m.group(1))
        if cost is None:
            return False
        tgt = m.group(2) != "~"
        out["activated"].append(ActivatedAbility(
            cost, (Regenerate(0 if tgt else -1),), (TargetSpec("creature"),) if tgt else (),
            False, False, line))
        return True
    # CR 614.1d: "This permanent enters tapped."
    if low == "~ enters tapped" and not is_spell:
        out["static"].append(StaticAbility("enters_tapped", line))
        return True
    # CR 113.6g / 101.2: "This spell can't be countered."
    if low == "~ can't be countered":
        out["static"].append(StaticAbility("cant_be_countered", line))
        return True
    # CR 509.1b: "This creature can't be blocked."
    if low == "~ can't be blocked" and not is_spell:
        out["static"].append(StaticAbility("unblockable", line))
        return True
    # CR 502.3: "This permanent doesn't untap during your untap step."
    if low == "~ doesn't untap during your untap step" and not is_spell:
        out["static"].append(StaticAbility("doesnt_untap", line))
        return True
    if low == "enchanted creature doesn't untap during its controller's untap step" \
            and not is_spell:
        out["static"].append(StaticAbility("enchanted_doesnt_untap", line))
        return True
    # CR 509.1b: blocking restrictions.
    m = re.fullmatch(r"~ can't be blocked by creatures with power (\d+) or less", low)
    if m and not is_spell:
        out["static"].append(StaticAbility("unblockable_by_power_or_less", line,
                                           int(m.group(1))))
        return True
    if low == "~ can block only creatures with flying" and not is_spell:
        out["static"].append(StaticAbility("block_only_flying", line))
        return True
    # CR 508.1d: "This creature attacks each combat if able."
    if low == "~ attacks each combat if able" and not is_spell:
        out["static"].append(StaticAbility("attacks_each_combat", line))
        return True
    # CR 303.4b / 613.4c / 613.1f: "Enchanted creature gets +N/+N and has [keywords]."
    m = re.fullmatch(r"enchanted creature (?:gets ([+-]\d+)/([+-]\d+))?(?: and )?(?:has (.+))?",
                     low)
    if m and (m.group(1) or m.group(3)) and not is_spell:
        kws: tuple = ()
        if m.group(3):
            kws = _keyword_list(m.group(3))
            if kws is None:
                return False
        out["static"].append(StaticAbility("enchanted", line, int(m.group(1) or 0),
                                           int(m.group(2) or 0), kws))
        return True
    # CR 613.4c / 613.1f: anthems - "Creatures you control get +1/+1", "Other Elves you
    # control get +1/+1 and have flying", "Creatures you control have haste".
    if not is_spell:
        m = re.fullmatch(r"(.+?) (?:get ([+-]\d+)/([+-]\d+)(?: and have (.+))?|have (.+))",
                         line.rstrip("."))
        if m:
            subject = m.group(1)
            if subject[:1].isupper() and subject.split()[0].lower() in (
                    "creatures", "other", "white", "blue", "black", "red", "green",
                    "artifact", "enchantment"):
                subject = subject[0].lower() + subject[1:]
            spec = _subject(subject)
            if spec is not None:
                kw_text = m.group(4) or m.group(5)
                kws = ()
                if kw_text:
                    kws = _keyword_list(kw_text.lower())
                    if kws is None:
                        return False
                out["static"].append(StaticAbility("anthem", line, int(m.group(2) or 0),
                                                   int(m.group(3) or 0), kws, filter=spec))
                return True
    return False


_COUNT_WORDS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _kicker_line(line: str, low: str, is_spell: bool, out: dict) -> bool:
    """Kicker, multikicker and buyback costs (CR 702.33a-c, 702.27a), and the abilities
    linked to kicker (702.33e): "if this spell was kicked", "if it was kicked"."""
    if "kick" not in low:
        return False
    # CR 614.1c / 702.33d: "If this creature was kicked, it enters with two +1/+1 counters
    # on it." / "This creature enters with a +1/+1 counter on it for each time it was
    # kicked."
    m = re.fullmatch(r"if ~ was kicked, it enters with (a|two|three|four|five) (\+1/\+1|[a-z]+) "
                     r"counters? on it", low)
    if m and not is_spell:
        out["static"].append(StaticAbility("kicked_counters", line, _COUNT_WORDS[m.group(1)], 0,
                                           counter=m.group(2)))
        return True
    m = re.fullmatch(r"~ enters with (a|two|three) (\+1/\+1|[a-z]+) counters? on it for each "
                     r"time it was kicked", low)
    if m and not is_spell:
        out["static"].append(StaticAbility("kicked_counters", line, _COUNT_WORDS[m.group(1)], 1,
                                           counter=m.group(2)))
        return True
    # CR 603.4 / 702.33d: "When this creature enters, if it was kicked, [effect]."
    m = re.fullmatch(r"when ~ enters, if (?:it|~) was kicked, (.+)", line, re.I)
    if m and not is_spell:
        from .oracle import compile_effect
        body = m.group(1)
        optional = body.lower().startswith("you may ")
        if optional:
            body = body[len("you may "):]
        compiled = compile_effect(body)
        if compiled is None:
            return False
        out["triggered"].append(TriggeredAbility(("enters",), compiled[1], compiled[0],
                                                 optional, line, "kicked"))
        return True
    # CR 702.33d-e: "[Effect.] If this spell was kicked, [effect] (instead)."
    m = re.fullmatch(r"(.+?\.) if (?:this spell|~) was kicked, (.+?)\.?", line, re.I)
    if m and is_spell:
        from .oracle import compile_effect
        first = compile_effect(m.group(1))
        if first is None:
            return False
        targets, effects = first
        extra = _kicked_part(m.group(2), targets, effects)
        if extra is None:
            return False
        prev = out["spell"]
        if prev is not None:
            return False
        out["spell"] = SpellAbility(targets, extra, line)
        return True
    return False


def _kicked_part(text: str, targets: tuple, effects: tuple):
    """The effects of a spell whose last sentence is "If this spell was kicked, ...":
    ``effects`` followed by an IfKicked node (CR 702.33d). A kicked part with targets of
    its own (CR 702.33g) is not compiled."""
    low = text.lower().rstrip(".")
    last = effects[-1] if effects else None
    # "it deals N damage instead"
    m = re.fullmatch(r"it deals (\d+) damage instead", low)
    if m and isinstance(last, DealDamage):
        return effects[:-1] + (IfKicked((DealDamage(int(m.group(1)), last.target),), (last,)),)
    # "that creature gets +N/+N until end of turn instead"
    m = re.fullmatch(r"(?:that creature|it) gets ([+-]\d+)/([+-]\d+) until end of turn instead",
                     low)
    if m and isinstance(last, ModifyPowerToughness) and last.target >= 0:
        new = ModifyPowerToughness(int(m.group(1)), int(m.group(2)), last.target)
        return effects[:-1] + (IfKicked((new,), (last,)),)
    if "instead" in low or re.search(r"\b(?:it|that creature|that player|target)\b", low):
        return None
    from .oracle import compile_effect
    compiled = compile_effect(text)
    if compiled is None or compiled[0]:
        return None
    return effects + (IfKicked(compiled[1]),)
