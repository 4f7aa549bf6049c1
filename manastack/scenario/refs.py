"""References in scenarios: ids, unique card names, ``stack#N``, ``p1``/``p2``.

A reference names a physical card (followed through zone changes, although each zone
change makes a new object, CR 400.7), a player, or an object on the stack.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PLAYERS = {"p1": 0, "p2": 1}
_STACK = re.compile(r"stack#(\d+)$")
_NUMBERED = re.compile(r"(.+?)\s*#(\d+)$")


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
    card: int = -1       # card number in the game (``Obj.card``), known once built
    token: dict | None = None   # a token's characteristics (CR 111.3), for tokens


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
        m = _NUMBERED.match(r)
        if m:
            # `Thopter Token#2`: the second token of that name created in the scenario
            # (the setup's first), found as the game runs.
            n = int(m.group(2))
            if n < 1:
                raise RefError(f"{r}: tokens are counted from 1")
            return "token", (m.group(1), n)
        found = self.by_name.get(canon(r))
        if not found and canon(r).endswith(" token"):
            return "token", (r, None)   # a token created while the scenario runs
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

def card_name(g, card: int) -> str:
    """The name of card number ``card`` (a token's when negative)."""
    if hasattr(g, "card_definition"):
        return g.card_definition(card).name
    return g.setup.cards[card]


def card_definition(g, card: int):
    if hasattr(g, "card_definition"):
        return g.card_definition(card)
    return g.setup.definitions[card]


def token_card(g, name: str, n: int | None) -> int:
    """CR 111.4: the card number of the ``n``th token called ``name`` created so far."""
    specs = getattr(g, "tokens", [])
    cards = [-i - 2 for i, s in enumerate(specs) if canon(s.get("name", "")) == canon(name)]
    if n is None:
        if len(cards) == 1:
            return cards[0]
        if not cards:
            raise RefError(f"no token called {name!r} has been created")
        raise RefError(f"ambiguous reference {name!r}: {len(cards)} tokens have that name; "
                       f"write {name}#N")
    if n > len(cards):
        raise RefError(f"{name}#{n}: only {len(cards)} token(s) of that name were created")
    return cards[n - 1]


def card_of(g, table: "RefTable", ref, stack=None) -> int:
    """The card number a (non-player) reference follows."""
    kind, v = table.lookup(ref)
    if kind == "card":
        return v.card
    if kind == "token":
        return token_card(g, *v)
    if kind == "stack":
        st = stack if stack is not None else [s.oid for s in g.stack]
        if v > len(st):
            raise RefError(f"{ref}: the stack holds only {len(st)} object(s)")
        oid = st[-v]
        item = next((s for s in g.stack if s.oid == oid), None)
        if item is None:
            raise RefError(f"{ref}: that object has left the stack")
        return item.source_card
    raise RefError(f"{ref!r} is a player; a card is needed here")


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
    card = token_card(g, *v) if kind == "token" else v.card
    o = current_obj(g, card)
    if o is None:
        raise RefError(f"{ref!r} is in zone {card_zone(g, card)}: it is no object that can "
                       "be named now")
    return o.oid


def describe(g, table: RefTable, oid: int) -> str:
    """How a scenario would name an object id or player."""
    if oid in (0, 1):
        return f"p{oid + 1}"
    o = g.objects.get(oid)
    if o is None:
        for s in g.stack:
            if s.oid == oid:
                return card_name(g, s.source_card)
        return f"#{oid}"
    return table.name_of_card(o.card) or o.defn.name
