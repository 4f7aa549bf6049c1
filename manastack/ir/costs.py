"""Costs (CR 118): what is paid to activate an ability (CR 602.2b) or as a spell's
additional or alternative cost (CR 601.2b, 601.2f-h).

A ``Cost`` is mana (CR 107.4) plus the other actions of its parts, each paid as the
cost is paid (CR 601.2h): {T} (107.5), {Q} (107.6), sacrificing, discarding, exiling or
returning to its owner's hand the object itself, paying life (119.4), removing counters from it (122.8-style), and
choices of other objects to sacrifice, tap, return, discard or exile (118.3).
"""

from __future__ import annotations

from dataclasses import field
from enum import Enum

from ..mana import ManaCost
from .node import node
from .refs import Zone


class CostAction(str, Enum):
    """CR 118.3: what a cost does to the objects its controller chooses."""

    SACRIFICE = "sacrifice"   # CR 701.21a
    TAP = "tap"               # CR 701.26a: untapped permanents ("Tap an untapped creature")
    RETURN = "return"         # to its owner's hand
    DISCARD = "discard"       # CR 701.9a: cards in hand
    EXILE = "exile"           # CR 406: cards in a graveyard or a hand


@node
class ChoiceCost:
    """CR 118.3 / 601.2h: ``action`` on ``count`` objects chosen as the cost is paid,
    each matching ``spec`` (an ``ir.refs.ObjectFilter``; the templates still write a
    ``TargetSpec`` used as a filter, its ``zone`` saying where the objects are)."""

    action: CostAction
    count: int
    spec: object

    def __post_init__(self) -> None:
        if not isinstance(self.action, CostAction):
            object.__setattr__(self, "action", CostAction(self.action))


@node
class CounterCost:
    """CR 118.3: remove ``count`` counters of ``kind`` from the object itself
    ("Remove a +1/+1 counter from ~")."""

    kind: str
    count: int = 1


@node
class LoyaltyCost:
    """CR 606.4: a loyalty ability's cost, to put on (``change`` > 0) or remove
    (``change`` < 0) that many loyalty counters, or none ("0:"); ``x``: "−X", remove X
    counters, X chosen as it is activated (CR 107.3)."""

    change: int = 0
    x: bool = False


@node
class Cost:
    """A cost (CR 118.1): mana plus {T} (CR 107.5), {Q} (CR 107.6) and other actions."""

    mana: ManaCost = field(default_factory=ManaCost)
    tap: bool = False
    untap: bool = False
    sacrifice_self: bool = False
    pay_life: int = 0
    choices: tuple[ChoiceCost, ...] = ()
    remove_counters: CounterCost | None = None
    discard_self: bool = False   # "Discard this card" (cycling, CR 702.29a)
    exile_self: bool = False     # "Exile this card" (craft, CR 702.167a; from a graveyard)
    return_self: bool = False    # "Return ~ to its owner's hand" (CR 118.3)
    discard_random: int = 0      # "Discard a card at random" (CR 701.9b: nobody chooses)
    loyalty: LoyaltyCost | None = None   # CR 606.2: a loyalty symbol makes a loyalty ability
    # CR 113.6m: the zone the object itself is paid from ("Exile this card from your
    # graveyard", "Discard this card"): an ability with such a cost functions there
    zone: Zone | None = None

    @property
    def has_mana(self) -> bool:
        return not self.mana.is_zero() or self.mana.x > 0
