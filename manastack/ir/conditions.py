"""Durations and conditions of rules text (CR 611.2, 603.4, 608.2c).

A ``Duration`` says how long a continuous effect from a resolving spell or ability lasts
(CR 611.2a-b); a ``Condition`` is checked when the rule that uses it says: an
intervening "if" as the ability triggers and resolves (603.4), "as long as" whenever the
effect's objects are determined (611.3a), "if" in an instruction as it is carried out.
"""

from __future__ import annotations

from .node import node
from enum import Enum
from typing import Union

from .quantity import Comparison, Quantity
from .refs import ObjectFilter, ObjectRef, PlayerRef


class Until(str, Enum):
    """CR 611.2, 514.2: how long a resolved effect lasts."""

    END_OF_TURN = "until end of turn"
    THIS_TURN = "this turn"
    YOUR_NEXT_TURN = "until your next turn"
    END_OF_COMBAT = "until end of combat"
    SOURCE_LEAVES = "for as long as ~ remains on the battlefield"
    CONTROL_SOURCE = "for as long as you control ~"
    FOREVER = ""          # no duration: the effect lasts for the rest of the game


@node
class AsLongAs:
    """CR 611.2b: "for as long as [condition]"."""

    condition: "Condition"


Duration = Union[Until, AsLongAs]


# ---------------------------------------------------------------- conditions


@node
class Controls:
    """"if you control an artifact", "as long as you control three or more creatures":
    the number of permanents ``player`` controls matching ``filter`` meets ``count``."""

    player: PlayerRef
    filter: ObjectFilter
    count: Comparison


@node
class Compare:
    """A quantity meets a comparison ("if you have 10 or less life", "if there are seven
    or more cards in your graveyard", CR 702.? thresholds)."""

    quantity: Quantity
    comparison: Comparison


@node
class Is:
    """"if it's a creature", "if that card is a land card": ``object`` matches
    ``filter`` (CR 608.2c; last known information if it has left its zone)."""

    object: ObjectRef
    filter: ObjectFilter


class Turn(str, Enum):
    """Whose turn it is (CR 500)."""

    YOURS = "it's your turn"
    NOT_YOURS = "it's not your turn"


@node
class OnTurn:
    turn: Turn


class Paid(str, Enum):
    """An optional or alternative cost paid as the object was cast (CR 601.2b, 702)."""

    KICKER = "it was kicked"
    BARGAIN = "it was bargained"
    EVOKE = "its evoke cost was paid"
    ADDITIONAL = "the additional cost was paid"


@node
class WasPaid:
    cost: Paid


class TurnEvent(str, Enum):
    """Things that happened this turn, as conditions read them (CR 700.4 morbid's
    "a creature died this turn", raid's "you attacked this turn", ...)."""

    CREATURE_DIED = "a creature died this turn"
    YOU_ATTACKED = "you attacked this turn"
    YOU_GAINED_LIFE = "you gained life this turn"
    OPPONENT_LOST_LIFE = "an opponent lost life this turn"
    YOU_CAST_ANOTHER = "you've cast another spell this turn"


# the turn events the game records (engine/areas/trigger_text_turn.py): only these are
# read as conditions, the others stay unsupported text until they are recorded
RECORDED_EVENTS = frozenset({TurnEvent.CREATURE_DIED, TurnEvent.YOU_ATTACKED})


@node
class Happened:
    """CR 700.4 / 508.1: ``event`` happened this turn (morbid, raid)."""

    event: TurnEvent


@node
class Not:
    condition: "Condition"


@node
class AllOf:
    conditions: tuple["Condition", ...]


@node
class AnyOf:
    conditions: tuple["Condition", ...]


Condition = Union[Controls, Compare, Is, OnTurn, WasPaid, Happened, Not, AllOf, AnyOf]
