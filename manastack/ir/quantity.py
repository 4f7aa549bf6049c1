"""Numbers in rules text (CR 107): fixed numbers, X, counts and characteristics.

Each quantity evaluates to an integer when it is needed (``engine/evaluate.py``): a
count as an instruction is carried out (CR 608.2h), a characteristic-defining count
whenever the characteristic is read (CR 604.3).
"""

from __future__ import annotations

from .node import node
from enum import Enum
from typing import Union

from .refs import ObjectFilter, ObjectRef, PlayerRef


@node
class Fixed:
    """A number printed as digits or a word ("three")."""

    value: int


@node
class X:
    """CR 107.3: the value chosen for X (or announced; Y and Z alike)."""


@node
class CountOf:
    """"the number of creatures you control", "for each card in your graveyard": how
    many objects match ``filter`` (CR 107.1, 700.1)."""

    filter: ObjectFilter


class Characteristic(str, Enum):
    """Numeric characteristics and amounts an object has (CR 109.3, 122)."""

    POWER = "power"
    TOUGHNESS = "toughness"
    MANA_VALUE = "mana value"
    LOYALTY = "loyalty"


@node
class ValueOf:
    """"its power", "that creature's toughness", "the sacrificed creature's mana value"
    (CR 608.2h: last known information if the object has left its zone). With several
    objects, the total ("the total power of creatures you control")."""

    attribute: Characteristic
    object: ObjectRef


@node
class CountersOn:
    """"the number of +1/+1 counters on ~" (``kind`` None: counters of every kind)."""

    object: ObjectRef
    kind: str | None = None


class PlayerAmount(str, Enum):
    """Numbers a player has (CR 119, 402, 122.1)."""

    LIFE = "life total"
    HAND = "cards in hand"
    POISON = "poison counters"
    ENERGY = "energy counters"


@node
class OfPlayer:
    """"your life total", "the number of cards in target player's hand"."""

    amount: PlayerAmount
    player: PlayerRef


@node
class Devotion:
    """CR 700.5: devotion to one or more colors."""

    colors: tuple[str, ...]


@node
class ThatMuch:
    """"that much", "that many", "damage dealt this way": the amount of the previous
    instruction, or of the trigger event (life gained, damage dealt; CR 608.2h)."""


@node
class Times:
    """``factor`` times ``quantity`` ("twice X", "X for each" via ``CountOf``)."""

    factor: "Quantity"
    quantity: "Quantity"


@node
class Plus:
    """The sum of ``parts`` ("X plus 1", "1 plus the number of ...")."""

    parts: tuple["Quantity", ...]


@node
class Half:
    """CR 107.1a: half, rounded up or down."""

    quantity: "Quantity"
    round_up: bool


Quantity = Union[Fixed, X, CountOf, ValueOf, CountersOn, OfPlayer, Devotion, ThatMuch, Times,
                 Plus, Half]


class Op(str, Enum):
    """A comparison of rules text ("N or less", "N or greater", "exactly N")."""

    LE = "or less"
    GE = "or greater"
    EQ = "equal to"
    LT = "less than"
    GT = "greater than"


@node
class Comparison:
    """``op`` against ``value`` ("mana value 3 or less", "power greater than ~'s")."""

    op: Op
    value: Quantity

    def holds(self, n: int, value: int) -> bool:
        op = self.op
        if op is Op.LE:
            return n <= value
        if op is Op.GE:
            return n >= value
        if op is Op.LT:
            return n < value
        if op is Op.GT:
            return n > value
        return n == value
