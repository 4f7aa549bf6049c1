"""Instructions: what a spell or ability does as it resolves (CR 608.2c), one node per
verb, with the players, objects and quantities it speaks of as arguments.

Instructions are carried out in order (CR 608.2c). ``Optional``, ``Conditional`` and
``Unless`` hold further instructions; an instruction that acts on objects may ``label``
them, so a later one can speak of them (``Remembered(label)``: "the exiled card").
Handlers live in ``engine/verbs``, one per node type.
"""

from __future__ import annotations

from .node import node
from enum import Enum
from typing import Union

from .conditions import Condition, Duration, Until
from .quantity import Quantity
from .refs import ObjectFilter, ObjectRef, PlayerRef, Zone

Ref = Union[ObjectRef, PlayerRef]   # a recipient that may be an object or a player


# ---------------------------------------------------------------- damage and life (CR 119, 120)


@node
class DealDamage:
    """CR 120.1: ``source`` deals ``amount`` damage to each of ``to``; ``divided``: the
    amount is divided among the targets as the controller chose (CR 601.2d)."""

    amount: Quantity
    to: tuple[Ref, ...]
    source: ObjectRef
    divided: bool = False


@node
class GainLife:
    """CR 119.3: each of ``players`` gains ``amount`` life."""

    players: PlayerRef
    amount: Quantity


@node
class LoseLife:
    """CR 119.3: each of ``players`` loses ``amount`` life."""

    players: PlayerRef
    amount: Quantity


# ---------------------------------------------------------------- zones (CR 400, 701)


class Position(str, Enum):
    """Where in a library a card goes (CR 401)."""

    TOP = "on top of"
    BOTTOM = "on the bottom of"
    SHUFFLED = "shuffled into"


@node
class Destination:
    """A zone an object is put into: its owner's unless ``controller`` says whose
    battlefield (CR 400.3, 110.2); ``tapped``, ``attacking`` as it enters; ``position``
    in a library; ``face_down`` in exile (CR 406.3)."""

    zone: Zone
    controller: PlayerRef | None = None
    tapped: bool = False
    attacking: bool = False
    position: Position | None = None
    face_down: bool = False


@node
class Move:
    """Put ``objects`` into ``to``: exile (CR 406), return to hand, put onto the
    battlefield, into a graveyard, or into a library (CR 400.6, 401.4)."""

    objects: ObjectRef
    to: Destination
    label: str = ""


@node
class Destroy:
    """CR 701.8: destroy ``objects``; ``no_regeneration``: "It can't be regenerated"
    (CR 701.19c)."""

    objects: ObjectRef
    no_regeneration: bool = False
    label: str = ""


@node
class Sacrifice:
    """CR 701.21: the controller of each of ``objects`` sacrifices it (a ``Choice`` for
    "sacrifices a creature")."""

    objects: ObjectRef
    label: str = ""


@node
class Draw:
    """CR 121: each of ``players`` draws ``amount`` cards."""

    players: PlayerRef
    amount: Quantity


@node
class Discard:
    """CR 701.9: discard ``cards`` (a ``Choice`` of cards in hand: "discards two cards",
    "discards a card at random", "you choose a nonland card from it"; ``Cards`` for
    "discards their hand")."""

    cards: ObjectRef
    label: str = ""


@node
class Mill:
    """CR 701.17: each of ``players`` mills ``amount`` cards."""

    players: PlayerRef
    amount: Quantity
    label: str = ""


@node
class Reveal:
    """CR 701.20: reveal ``cards`` ("target player reveals their hand")."""

    cards: ObjectRef


@node
class Search:
    """CR 701.23: ``player`` searches their library for up to ``count`` cards matching
    ``filter`` (a search for cards with a stated quality may find none, CR 701.23b),
    reveals them if ``reveal``, and puts them ``to`` a zone ("put it onto the battlefield
    tapped", "put them into your hand"); ``label`` names the cards put there."""

    player: PlayerRef
    filter: ObjectFilter
    count: Quantity
    to: Destination
    reveal: bool = False
    label: str = ""


@node
class Choose:
    """"You choose a nonland card from it": the choice is made as the instruction is
    carried out (CR 608.2d) and remembered as ``label`` for the instructions after it."""

    objects: ObjectRef
    label: str


@node
class Shuffle:
    """CR 701.24: each of ``players`` shuffles their library."""

    players: PlayerRef


@node
class Scry:
    """CR 701.22: ``player`` scries ``amount``."""

    players: PlayerRef
    amount: Quantity


@node
class Surveil:
    """CR 701.25: ``player`` surveils ``amount``."""

    players: PlayerRef
    amount: Quantity


# ---------------------------------------------------------------- permanents (CR 701, 122)


@node
class Tap:
    """CR 701.26a: tap ``objects``."""

    objects: ObjectRef


@node
class Untap:
    """CR 701.26b: untap ``objects``."""

    objects: ObjectRef


@node
class PutCounters:
    """CR 122.1: put ``amount`` counters of ``kind`` on each of ``objects``."""

    objects: ObjectRef
    kind: str
    amount: Quantity


@node
class RemoveCounters:
    """CR 122.8: remove ``amount`` counters of ``kind`` (None: of any kinds) from each
    of ``objects``; ``up_to``: any number up to it."""

    objects: ObjectRef
    kind: str | None
    amount: Quantity
    up_to: bool = False


@node
class Token:
    """CR 111.4: a token's characteristics, as "create" instructions give them."""

    name: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    keywords: tuple[str, ...] = ()
    text: str = ""          # its own rules text, compiled like a card's


@node
class CreateTokens:
    """CR 111.2: ``controller`` creates ``amount`` tokens of ``token``; ``label`` names
    them for later instructions ("It gains haste")."""

    token: Token
    amount: Quantity
    controller: PlayerRef
    tapped: bool = False
    attacking: bool = False
    label: str = ""


@node
class CounterObject:
    """CR 701.6: counter ``objects`` (spells or abilities on the stack)."""

    objects: ObjectRef


@node
class Regenerate:
    """CR 701.19: the next time each of ``objects`` would be destroyed this turn, it is
    regenerated instead."""

    objects: ObjectRef


@node
class Fight:
    """CR 701.14: ``first`` and ``second`` fight (each deals damage equal to its power
    to the other)."""

    first: ObjectRef
    second: ObjectRef


# ---------------------------------------------------------------- continuous effects (CR 611, 613)


@node
class ModifyPT:
    """CR 613.4c (layer 7c): ``objects`` get +``power``/+``toughness``."""

    objects: ObjectRef
    power: Quantity
    toughness: Quantity
    duration: Duration = Until.END_OF_TURN


@node
class GainAbilities:
    """CR 613.1f (layer 6): ``objects`` gain ``keywords``."""

    objects: ObjectRef
    keywords: tuple[str, ...]
    duration: Duration = Until.END_OF_TURN


@node
class GainControl:
    """CR 613.1b (layer 2): ``player`` gains control of ``objects``."""

    objects: ObjectRef
    player: PlayerRef
    duration: Duration = Until.FOREVER


# ---------------------------------------------------------------- how instructions combine


@node
class Optional:
    """CR 608.2d: "[player] may [instructions]"; ``then``: "If you do, ..." and
    ``otherwise``: "If you don't, ..." (CR 608.2c)."""

    chooser: PlayerRef
    effects: tuple["Effect", ...]
    then: tuple["Effect", ...] = ()
    otherwise: tuple["Effect", ...] = ()


@node
class Conditional:
    """CR 608.2c: "If [condition], [instructions]. Otherwise, [instructions]." checked as
    the instruction is reached."""

    condition: Condition
    effects: tuple["Effect", ...]
    otherwise: tuple["Effect", ...] = ()


Effect = Union[DealDamage, GainLife, LoseLife, Move, Destroy, Sacrifice, Draw, Discard, Mill,
               Reveal, Search, Choose, Shuffle, Scry, Surveil, Tap, Untap, PutCounters, RemoveCounters,
               CreateTokens, CounterObject, Regenerate, Fight, ModifyPT, GainAbilities,
               GainControl, Optional, Conditional]
