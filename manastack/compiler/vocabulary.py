"""The words of the Oracle grammar: numbers, colors, card types, supertypes, subtypes
(with their plurals), keywords and counter kinds (CR 105, 107.1, 205, 702, 122).

Subtypes are read from the bundled card database (every subtype printed on a card), so
the grammar knows every creature, land, artifact, enchantment, spell and planeswalker
type without a hand-kept list.
"""

from __future__ import annotations

from functools import lru_cache

# CR 207.2c: the ability words. They tie abilities together but have no rules meaning,
# so a line that begins "<ability word> — " is read as the text after the dash.
ABILITY_WORDS = frozenset((
    "adamant", "addendum", "alliance", "battalion", "bloodrush", "celebration", "channel",
    "chroma", "cohort", "constellation", "converge", "council's dilemma", "coven",
    "delirium", "descend 4", "descend 8", "disappear", "domain", "eerie", "eminence",
    "enrage", "fateful hour", "fathomless descent", "ferocious", "flurry", "formidable",
    "grandeur", "hellbent", "heroic", "imprint", "infusion", "inspired", "join forces",
    "kinship", "landfall", "lieutenant", "magecraft", "metalcraft", "morbid", "opus",
    "pack tactics", "paradox", "parley", "radiance", "raid", "rally", "renew", "repartee",
    "revolt", "secret council", "spell mastery", "strive", "survival", "sweep",
    "tempting offer", "threshold", "undergrowth", "valiant", "vivid", "void",
    "will of the council"))


def without_ability_word(line: str) -> str:
    """``line`` without a leading CR 207.2c ability word and its dash ("Landfall — ")."""
    head, dash, rest = line.partition(" — ")
    if dash and head.lower().replace("\u2019", "'") in ABILITY_WORDS:
        return rest
    return line


# CR 107.1: numbers written as words.
NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "thirteen": 13, "fourteen": 14, "fifteen": 15, "twenty": 20,
}
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}

# CR 105.1: the five colors, as words and as mana symbols.
COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
COLOR_NAMES = {v: k for k, v in COLORS.items()}

# CR 205.2a: card types; CR 205.4a: supertypes.
CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "instant", "kindred", "land",
              "planeswalker", "sorcery")
CARD_TYPE_PLURALS = {"artifacts": "artifact", "battles": "battle", "creatures": "creature",
                     "enchantments": "enchantment", "instants": "instant", "lands": "land",
                     "planeswalkers": "planeswalker", "sorceries": "sorcery"}
SUPERTYPES = ("basic", "legendary", "snow", "world", "ongoing")

# CR 702: keyword abilities as written in rules text (after "with", "has", "gains").
KEYWORD_WORDS = (
    "flying", "reach", "first strike", "double strike", "trample", "deathtouch", "lifelink",
    "vigilance", "haste", "defender", "shroud", "hexproof", "indestructible", "menace",
    "flash", "infect", "wither", "intimidate", "fear", "shadow", "horsemanship", "skulk",
    "changeling", "devoid", "plainswalk", "islandwalk", "swampwalk", "mountainwalk",
    "forestwalk", "prowess", "banding", "flanking", "phasing", "persist", "undying",
    "exalted", "convoke", "delve", "cascade", "storm", "split second", "rebound",
    "protection from white", "protection from blue", "protection from black",
    "protection from red", "protection from green", "toxic 1", "toxic 2", "toxic 3",
    "ward {1}", "ward {2}", "ward {3}", "ward {4}",
)

# CR 122.1: counters as rules text names them ("a +1/+1 counter", "an oil counter").
COUNTER_PT = ("+1/+1", "-1/-1", "+1/+0", "+0/+1", "+1/+2", "+2/+2", "-0/-1", "-0/-2",
              "-1/-0", "-2/-1", "-2/-2", "+0/+2", "+2/+0")

_IRREGULAR_PLURALS = {
    "elf": "elves", "dwarf": "dwarves", "wolf": "wolves", "werewolf": "werewolves",
    "mouse": "mice", "fungus": "fungi", "sorcery": "sorceries", "ox": "oxen",
    "octopus": "octopuses", "cyclops": "cyclopes", "homunculus": "homunculi",
    "thief": "thieves", "elk": "elk", "sheep": "sheep", "fish": "fish", "deer": "deer",
    "moonfolk": "moonfolk", "kithkin": "kithkin", "merfolk": "merfolk", "aetherborn":
    "aetherborn", "leech": "leeches", "lich": "liches", "sphinx": "sphinxes",
    "fox": "foxes", "ally": "allies", "faerie": "faeries", "human": "humans",
    "plains": "plains", "mongoose": "mongooses", "phoenix": "phoenixes",
    "djinn": "djinn", "efreet": "efreet", "samurai": "samurai", "ninja": "ninjas",
    "hippo": "hippos", "knight": "knights", "zombie": "zombies",
}


def plural(word: str) -> str:
    """The plural of a lower-case type word ("goblin" -> "goblins", "elf" -> "elves")."""
    if word in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[word]
    if word.endswith(("s", "x", "ch", "sh", "z")):
        return word + "es"
    if word.endswith("y") and len(word) > 1 and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


# words of rules text that some joke cards print as subtypes ("Time Lord of the ...",
# "You Control ..."): never read as subtypes
_NOT_SUBTYPES = frozenset({"the", "you", "of", "control", "and", "or", "a", "an", "to", "it",
                           "its", "each", "target", "with", "that", "this", "from", "all",
                           "other", "in", "on", "for", "as", "is", "are", "no", "may"})


@lru_cache(maxsize=1)
def subtypes() -> dict[str, str]:
    """Every subtype printed on a card, lower case (singular and plural) -> as printed
    ("assembly-worker" -> "Assembly-Worker", "goblins" -> "Goblin")."""
    from ..cards import get_database
    found: dict[str, str] = {}
    for card in get_database():
        if card.layout in ("planar", "scheme", "vanguard", "token", "emblem"):
            continue
        if "Plane" in card.types:
            continue
        for s in card.subtypes:
            if s.replace("-", "").replace("'", "").isalpha() and s.lower() not in _NOT_SUBTYPES:
                found[s.lower()] = s
    out = dict(found)
    for low, s in found.items():
        if plural(low) not in _NOT_SUBTYPES:
            out.setdefault(plural(low), s)
    return out


def card_type(word: str) -> str | None:
    """A card type word, singular or plural -> its capitalised name."""
    w = CARD_TYPE_PLURALS.get(word, word)
    return w.capitalize() if w in CARD_TYPES else None
