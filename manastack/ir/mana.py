"""Mana production (CR 106): what an "Add ..." instruction makes, one node per meaning.

A mana ability (CR 605.1a) is an activated ability without a target whose instructions
are all of these; it resolves at once (CR 605.3b, ``engine/mana_abilities.py``). In a
spell or another ability they are ordinary instructions (CR 106.3, ``engine/verbs``).

Mana is written by its symbols: ``W U B R G`` and ``C`` for colorless (CR 106.1b).
"""

from __future__ import annotations

from typing import Union

from .node import node
from .quantity import Fixed, Quantity

ANY_COLOR = ("W", "U", "B", "R", "G")


@node
class AddMana:
    """CR 106.3: add the mana ``mana`` (``("G",)``, ``("C", "C")``), ``times`` times
    ("Add {G} for each Elf you control" is ``times`` = the number of Elves)."""

    mana: tuple[str, ...]
    times: Quantity = Fixed(1)


@node
class AddOneOf:
    """CR 106.6a-style choice: ``count`` mana of one type chosen from ``choices`` as the
    ability resolves ("Add {R} or {G}", "Add one mana of any color", "Add two mana of
    any one color")."""

    choices: tuple[str, ...]
    count: Quantity = Fixed(1)


@node
class AddCombination:
    """CR 106.1: ``count`` mana in any combination of ``choices`` ("Add two mana in any
    combination of colors", "... of {R} and/or {G}")."""

    choices: tuple[str, ...]
    count: Quantity = Fixed(1)


@node
class AddCouldProduce:
    """CR 106.7: one mana of any type (``colors_only``: color) that a land its controller
    (``opponents``: an opponent) controls could produce."""

    colors_only: bool = True
    opponents: bool = False


@node
class AddPermanentColor:
    """One mana of a color of a permanent its controller controls (CR 105.2)."""


@node
class AddChosenColor:
    """CR 614.12 / 106.3: ``count`` mana of the color chosen for the source."""

    count: int = 1


@node
class AddProducedType:
    """CR 106.12a: one more mana of a type the tapped land just produced."""


Production = Union[AddMana, AddOneOf, AddCombination, AddCouldProduce, AddPermanentColor,
                   AddChosenColor, AddProducedType]
PRODUCTION = (AddMana, AddOneOf, AddCombination, AddCouldProduce, AddPermanentColor,
              AddChosenColor, AddProducedType)


def is_production(instr) -> bool:
    """Whether an instruction adds mana (CR 605.1a's "could add mana")."""
    return isinstance(instr, PRODUCTION)
