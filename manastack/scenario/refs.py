"""References in scenarios: ids, unique card names, ``stack#N``, ``p1``/``p2``.

A reference names a physical card (followed through zone changes, although each zone
change makes a new object, CR 400.7), a player, or an object on the stack.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PLAYERS = {"p1": 0, "p2": 1}
_STACK = re.compile(r"stack#(\d+)$")


class RefError(Exception):
    """An unknown or ambiguous reference."""


@dataclass
class Entry:
    """A card written in the scenario's setup."""

    player: int          # whose zone lists it (the controller, on the battlefield)
    zone: str
    pos: int             # position in that zone's list
    name: str            # Oracle name
    id: str | None
    path: tuple          # key path of the entry, for messages
    owner: int = 0
    card: int = -1       # card index in the game (``Obj.card``), known once built


def canon(name: str) -> str:
    return " ".join(str(name).split()).casefold()


class RefTable:
    def __init__(self, entries: list[Entry]) -> None:
        self.entries = entries
        self.by_id: dict[str, Entry] = {}
        self.by_name: dict[str, list[Entry]] = {}
        for e in entries:
            if e.id is not None:
                self.by_id[str(e.id)] = e
            self.by_name.setdefault(canon(e.name), []).append(e)

    def lookup(self, ref):
        """('player', index) / ('stack', n) / ('card', Entry); raises RefError."""
        if isinstance(ref, bool) or not isinstance(ref, (str, int)):
            raise RefError(f"{ref!r} is not a reference (an id, a card name, stack#N, p1, p2)")
        r = str(ref).strip()
        if r in PLAYERS:
            return "player", PLAYERS[r]
        m = _STACK.match(r)
        if m:
            n = int(m.group(1))
            if n < 1:
                raise RefError(f"{r}: stack positions count from 1")
            return "stack", n
        if r in self.by_id:
            return "card", self.by_id[r]
        found = self.by_name.get(canon(r))
        if not found:
            raise RefError(f"unknown reference {r!r}: no card, id or player of that name")
        if len(found) > 1:
            raise RefError(f"ambiguous reference {r!r}: {len(found)} cards have that name; "
                           "give each an `id`")
        return "card", found[0]

    def name_of_card(self, card: int) -> str | None:
        for e in self.entries:
            if e.card == card:
                return e.id or e.name
        return None


# ---------------------------------------------------------------- in a running game

def current_obj(g, card: int):
    """The object the physical card is now (None while it is in a library)."""
    for o in g.objects.values():
        if o.card == card:
            return o
    return None


def card_zone(g, card: int) -> str:
    o = current_obj(g, card)
    if o is not None:
        return o.zone
    for p in g.players:
        if card in p.library:
            return "library"
    return "none"


def resolve(g, table: RefTable, ref, stack_at_start=None, allow_players=True) -> int:
    """The object id (or player index 0/1) a reference names now."""
    kind, v = table.lookup(ref)
    if kind == "player":
        if not allow_players:
            raise RefError(f"{ref!r} is a player; a card is needed here")
        return v
    if kind == "stack":
        stack = stack_at_start if stack_at_start is not None else [s.oid for s in g.stack]
        if v > len(stack):
            raise RefError(f"{ref}: the stack holds only {len(stack)} object(s)")
        return stack[-v]
    o = current_obj(g, v.card)
    if o is None:
        raise RefError(f"{ref!r} is in a library ({card_zone(g, v.card)}): it is no object "
                       "that can be named")
    return o.oid


def describe(g, table: RefTable, oid: int) -> str:
    """How a scenario would name an object id or player."""
    if oid in (0, 1):
        return f"p{oid + 1}"
    o = g.objects.get(oid)
    if o is None:
        for s in g.stack:
            if s.oid == oid:
                return g.setup.cards[s.source_card] if s.source_card >= 0 else f"#{oid}"
        return f"#{oid}"
    return table.name_of_card(o.card) or o.defn.name
