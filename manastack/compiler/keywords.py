"""Keyword abilities beyond the core set (CR 702), and the common static abilities that go
with them: compiled from keyword lines.

``compile_keyword_line`` is asked first for every line; it returns True when it compiled
the line into ``out`` (the card's ability lists).
"""

from __future__ import annotations

import re

from ..mana import ManaCost
from .abilities import (ActivatedAbility, Cost, CounterUnlessPays, DrawCards,
                        ModifyPowerToughness, StaticAbility, TargetSpec, TriggeredAbility)

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


def _prowess() -> TriggeredAbility:
    # CR 702.108a: "Whenever you cast a noncreature spell, this creature gets +1/+1 until
    # end of turn."
    return TriggeredAbility(("you_cast_noncreature",), (ModifyPowerToughness(1, 1, -1),), (),
                            False, "Prowess")


def _ward(cost_text: str) -> TriggeredAbility | None:
    # CR 702.21a: "Whenever this permanent becomes the target of a spell or ability an
    # opponent controls, counter that spell or ability unless that player pays [cost]."
    try:
        mana = ManaCost.parse(cost_text.upper())
    except ValueError:
        return None
    if mana.x or mana.hybrid or mana.phyrexian:
        return None
    return TriggeredAbility(("becomes_target_of_opponent",), (CounterUnlessPays(mana, -1),),
                            (), False, f"Ward {cost_text.upper()}")


def _keyword_item(word: str, out: dict) -> bool:
    """One item of a keyword line that implies an ability (prowess, ward {N})."""
    from .oracle import is_keyword
    if is_keyword(word):
        out["keywords"].add(word)
        return True
    m = re.fullmatch(r"bushido (\d+)", word)
    if m:
        # CR 702.45a: "Whenever this creature blocks or becomes blocked, it gets +N/+N
        # until end of turn."
        n = int(m.group(1))
        out["keywords"].add("bushido")
        out["triggered"].append(TriggeredAbility(("blocks", "becomes_blocked"),
                                                 (ModifyPowerToughness(n, n, -1),), (), False,
                                                 f"Bushido {n}"))
        return True
    if word == "prowess":
        out["keywords"].add("prowess")
        out["triggered"].append(_prowess())
        return True
    m = re.fullmatch(r"ward (\{[^}]+\}(?:\{[^}]+\})*)", word)
    if m:
        t = _ward(m.group(1))
        if t is None:
            return False
        out["keywords"].add("ward")
        out["triggered"].append(t)
        return True
    return False


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
    # CR 702: a line of keywords where some imply abilities ("Flying, prowess").
    words = [w.strip() for w in low.split(",")]
    probe = {"keywords": set(), "triggered": []}
    if words and all(_keyword_item(w, probe) for w in words):
        out["keywords"].update(probe["keywords"])
        out["triggered"].extend(probe["triggered"])
        return True
    # CR 702.29a: Cycling [cost] means "[Cost], Discard this card: Draw a card."
    m = re.fullmatch(r"cycling (\{[^}]+\}(?:\{[^}]+\})*)", low)
    if m:
        try:
            mana = ManaCost.parse(m.group(1).upper())
        except ValueError:
            return False
        if mana.x or mana.hybrid or mana.phyrexian:
            return False
        out["activated"].append(ActivatedAbility(Cost(mana, discard_self=True),
                                                 (DrawCards(1),), (), False, False,
                                                 line, "hand"))
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
    # CR 702.41a: "Affinity for artifacts."
    m = re.fullmatch(r"affinity for (artifacts)", low)
    if m:
        out["static"].append(StaticAbility("affinity", line,
                                           filter=TargetSpec("permanent", types=("Artifact",))))
        return True
    # CR 303.4a / 702.5a: "Enchant creature you control".
    if low == "enchant creature you control":
        out["static"].append(StaticAbility("enchant", line, filter=TargetSpec(
            "permanent", controller="you", types=("Creature",))))
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
