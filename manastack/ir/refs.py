"""Who and what an instruction speaks of: players, objects, filters and targets.

Every node is a small frozen dataclass with one meaning. A player reference evaluates to
a set of players and an object reference to a set of objects (``engine/evaluate.py``);
anaphora ("it", "that creature", "its controller") are resolved by the compiler to the
reference they stand for (CR 608.2c), so the engine never reads pronouns.
"""

from __future__ import annotations

from .node import node
from enum import Enum
from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:
    from .quantity import Comparison, Quantity


class Zone(str, Enum):
    """CR 400.1: the zones."""

    BATTLEFIELD = "battlefield"
    HAND = "hand"
    LIBRARY = "library"
    GRAVEYARD = "graveyard"
    EXILE = "exile"
    STACK = "stack"
    COMMAND = "command"


# ---------------------------------------------------------------- players (CR 102)


@node
class You:
    """"you": the controller of the spell or ability (CR 109.5)."""


@node
class Opponents:
    """"an opponent", "each opponent", "your opponents" (CR 102.2)."""


@node
class AllPlayers:
    """"each player", "all players"."""


@node
class TargetPlayer:
    """The player chosen as target number ``index`` of the ability (CR 115.1)."""

    index: int


@node
class ControllerOf:
    """"its controller", "that creature's controller" (CR 108.4, 110.2)."""

    object: "ObjectRef"


@node
class OwnerOf:
    """"its owner" (CR 108.3)."""

    object: "ObjectRef"


@node
class EventPlayer:
    """"that player" of a trigger event: the player the event happened to or was done by
    (dealt damage, cast a spell, drew a card; CR 603.2, 608.2h)."""


@node
class DefendingPlayer:
    """CR 506.2: "defending player", of the source creature's combat."""


@node
class ActivePlayer:
    """CR 102.1: the player whose turn it is ("that player's upkeep" of an each-upkeep
    trigger)."""


@node
class Chooser:
    """The player making the choice of a ``Choice`` ("each player sacrifices a creature
    they control": "they")."""


PlayerRef = Union[You, Opponents, AllPlayers, TargetPlayer, ControllerOf, OwnerOf,
                  EventPlayer, DefendingPlayer, ActivePlayer, Chooser]


# ---------------------------------------------------------------- object filters (CR 109, 205)


class Combat(str, Enum):
    """A creature's role in combat (CR 506.4)."""

    ATTACKING = "attacking"
    BLOCKING = "blocking"
    ATTACKING_OR_BLOCKING = "attacking or blocking"
    BLOCKED = "blocked"
    UNBLOCKED = "unblocked"


@node
class CounterCheck:
    """"with a +1/+1 counter on it" (``kind``, present), "with no counters on it"
    (``kind`` None, not present) (CR 122)."""

    kind: str | None = None
    present: bool = True


@node
class ObjectFilter:
    """What an object must be (CR 109.2, 205, 700.1): every field given must hold.

    ``types``/``subtypes``/``supertypes``/``colors`` are conjunctive ("artifact creature",
    "white Knight"); ``any_color`` is "red or green"; ``not_*`` are "non-" words;
    ``alternatives``: the object must also match one of these ("artifact or enchantment";
    "creature or planeswalker an opponent controls" shares its controller). ``zone``: where
    it is (a permanent is on the battlefield; "card in your graveyard"). ``controller`` is
    checked on the battlefield and the stack, ``owner`` elsewhere. ``other``: not the
    source itself ("another"). ``noun``: the word naming it (``permanent``, ``card``,
    ``spell``) is kept for the plain-English form only. The filters of ``alternatives``
    speak of characteristics only; zone, controller and the rest are given once, outside.
    """

    types: tuple[str, ...] = ()
    not_types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    not_subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    not_supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    any_color: tuple[str, ...] = ()
    not_colors: tuple[str, ...] = ()
    multicolored: bool | None = None
    colorless: bool | None = None
    alternatives: tuple["ObjectFilter", ...] = ()
    zone: Zone = Zone.BATTLEFIELD
    controller: PlayerRef | None = None
    owner: PlayerRef | None = None
    other: bool = False
    token: bool | None = None
    tapped: bool | None = None
    combat: Combat | None = None
    keywords: tuple[str, ...] = ()
    not_keywords: tuple[str, ...] = ()
    power: "Comparison | None" = None
    toughness: "Comparison | None" = None
    mana_value: "Comparison | None" = None
    counters: CounterCheck | None = None
    named: str | None = None           # "named ~" / "named Hill Giant"
    face_down: bool | None = None
    damaged: bool | None = None        # "damaged creature": marked damage (CR 120.6)
    among: "ObjectRef | None" = None   # "from among them", "a card from it": one of these
    noun: str = "permanent"


# ---------------------------------------------------------------- objects


@node
class Self:
    """"~", "this creature": the object the ability belongs to (CR 201.4b)."""


@node
class Targets:
    """The objects or players chosen as target number ``index`` (CR 115.1, 601.2c)."""

    index: int


@node
class Each:
    """Every object matching ``filter`` ("each creature you control", "all lands")."""

    filter: ObjectFilter


@node
class EventObject:
    """The object of the trigger event ("that creature", "that spell", "the attacking
    creature"; CR 603.2, 608.2h). ``role`` names which one when an event has two
    (``subject``: the object the event happened to; ``source``: a damage source)."""

    role: str = "subject"


@node
class AttachedTo:
    """"enchanted creature", "equipped creature": what the source is attached to
    (CR 301.5, 303.4)."""

    noun: str = "creature"


@node
class Choice:
    """Objects a player chooses as the instruction is carried out, not targeted
    (CR 608.2d, 701.21a "sacrifice a creature"): for each player of ``chooser``,
    ``count`` objects matching ``filter`` (which may speak of ``Chooser()``);
    ``up_to``: fewer may be chosen; ``random``: chosen at random (CR 701.9b)."""

    chooser: PlayerRef
    filter: ObjectFilter
    count: "Quantity"
    up_to: bool = False
    random: bool = False


@node
class Remembered:
    """Objects an earlier instruction of the same ability acted on, named ``label``
    ("the exiled card", "the sacrificed creature", "those cards", "it" after a search;
    CR 608.2c, and linked abilities CR 607)."""

    label: str


@node
class Cards:
    """The cards of a player's zone taken together ("your hand", "their graveyard",
    "the top three cards of your library")."""

    player: PlayerRef
    zone: Zone
    top: "Quantity | None" = None


ObjectRef = Union[Self, Targets, Each, EventObject, AttachedTo, Choice, Remembered, Cards]


# ---------------------------------------------------------------- targets (CR 115)


@node
class TargetSpec:
    """CR 115.1: what one target (or group of targets) may be: an object matching
    ``objects`` or a player in ``players`` (either may be None). ``minimum``/``maximum``
    give the count ("up to two", "any number of": 0..None, CR 115.1d)."""

    objects: ObjectFilter | None = None
    players: PlayerRef | None = None
    minimum: int = 1
    maximum: int | None = 1
