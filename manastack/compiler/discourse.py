"""What an ability's words refer to, across its clauses (CR 115.1, 601.2c, 608.2c).

The phrase rules read references in place and leave compile-time placeholders, each
with the position of its words in the ability's text; ``finish`` replaces them once the
whole ability is read:

* ``NewTarget(spec, at)`` -- the word "target": targets are numbered in the order they
  are written (CR 601.2c) and the ability's target list is collected;
* ``Pronoun(noun, at)`` -- "it", "them", "that creature", "that player", "its": the most
  recent thing of that kind the ability spoke of before it (a target, the object or
  player of its trigger event, the cards a search found, the objects chosen);
* ``Said(value, mentions)`` -- a value that also introduces things later words can
  refer to ("sacrifice a creature" introduces the sacrificed creature);
* ``Indefinite(filter, count, at)`` -- "a creature", "two cards": objects the acting
  player chooses; the verb turns it into an ``ir.Choice`` (and may ``Said`` it).

A placeholder left over means the text isn't understood: ``finish`` raises
``Unresolved`` and the line is unsupported.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from ..ir import quantity as Q
from ..ir import refs as R


@dataclass(frozen=True, slots=True)
class NewTarget:
    """The word "target" with what it may be, at token ``at``."""

    spec: R.TargetSpec
    at: int


@dataclass(frozen=True, slots=True)
class Pronoun:
    """"it", "that creature", "them" (``noun`` "object") or "that player", "they",
    "their" (``noun`` "player"), at token ``at``."""

    noun: str
    at: int


@dataclass(frozen=True, slots=True)
class Indefinite:
    """"a creature", "two cards", "up to three cards": objects of ``filter`` the acting
    player chooses, at token ``at``."""

    filter: R.ObjectFilter
    count: Q.Quantity
    at: int
    up_to: bool = False
    random: bool = False


@dataclass(frozen=True, slots=True)
class Said:
    """``value``, which also introduces ``mentions``: ``(at, reference)`` pairs later
    pronouns may stand for."""

    value: Any
    mentions: tuple


class Unresolved(ValueError):
    """A reference the ability's text doesn't settle."""


def finish(node: Any, event_object: bool = False, event_player: bool = False):
    """Replace the placeholders of ``node`` (an instruction or a tuple of them); returns
    ``(node, target specs)``. ``event_object``/``event_player``: the ability is
    triggered by an event with an object/a player "it"/"that player" may mean -- True
    for the event's object (``R.EventObject``) or player (``R.EventPlayer``), or the
    reference that stands for it (``R.Self`` for an event of the source itself)."""
    found: list = []
    _collect(node, found)
    seen: set = set()
    found = [x for x in found if not (id(x) in seen or seen.add(id(x)))]
    targets = sorted((x for x in found if isinstance(x, NewTarget)), key=lambda t: t.at)
    index = {id(t): i for i, t in enumerate(targets)}
    objects: list = []     # (at, ref)
    players: list = []
    if event_object:
        objects.append((-1, R.EventObject() if event_object is True else event_object))
    if event_player:
        players.append((-1, R.EventPlayer() if event_player is True else event_player))
    for t in targets:
        i = index[id(t)]
        if t.spec.objects is not None:
            objects.append((t.at, R.Targets(i)))
        if t.spec.players is not None:
            players.append((t.at, R.TargetPlayer(i) if t.spec.objects is None else R.Targets(i)))
    for x in found:
        if isinstance(x, Said):
            for at, ref in x.mentions:
                (players if _is_player(ref) else objects).append((at, ref))
    objects.sort(key=lambda e: e[0])
    players.sort(key=lambda e: e[0])
    specs: list = [None] * len(targets)
    ctx = (index, objects, players)
    for t in targets:
        specs[index[id(t)]] = _replace(t.spec, ctx)
    return _replace(node, ctx), tuple(specs)


def _is_player(ref) -> bool:
    return isinstance(ref, (R.You, R.Opponents, R.AllPlayers, R.TargetPlayer, R.ControllerOf,
                            R.OwnerOf, R.EventPlayer, R.DefendingPlayer, R.ActivePlayer,
                            R.Chooser))


def _children(node):
    if isinstance(node, tuple):
        return node
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return tuple(getattr(node, f.name) for f in dataclasses.fields(node))
    return ()


def _collect(node, out: list) -> None:
    if isinstance(node, (NewTarget, Pronoun, Said, Indefinite)):
        out.append(node)
    for c in _children(node):
        if isinstance(c, tuple) or dataclasses.is_dataclass(c):
            _collect(c, out)


def _replace(node, ctx):
    index, objects, players = ctx
    if isinstance(node, tuple):
        return tuple(_replace(x, ctx) for x in node)
    if isinstance(node, NewTarget):
        i = index[id(node)]
        return R.TargetPlayer(i) if node.spec.objects is None else R.Targets(i)
    if isinstance(node, Pronoun):
        pool = players if node.noun == "player" else objects
        before = [ref for at, ref in pool if at < node.at]
        if not before:
            raise Unresolved(f"'{node.noun}' pronoun with nothing before it")
        # the referent as written, its own placeholders resolved
        return _replace(before[-1], ctx)
    if isinstance(node, Said):
        # a phrase's own mentions are for the words after it
        own = {id(ref) for _, ref in node.mentions}
        inner = (index, [m for m in objects if id(m[1]) not in own],
                 [m for m in players if id(m[1]) not in own])
        return _replace(node.value, inner)
    if isinstance(node, Indefinite):
        raise Unresolved("an object no verb chooses")
    if not dataclasses.is_dataclass(node) or isinstance(node, type):
        return node
    changes = {}
    for f in dataclasses.fields(node):
        v = getattr(node, f.name)
        if isinstance(v, tuple) or (dataclasses.is_dataclass(v) and not isinstance(v, type)):
            nv = _replace(v, ctx)
            if nv is not v:
                changes[f.name] = nv
    return dataclasses.replace(node, **changes) if changes else node
