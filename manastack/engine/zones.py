"""Zones and zone changes (CR 400): moving objects, drawing, shuffling.

Every zone change makes a new object with a new id (CR 400.7); the physical card is
kept in ``Obj.card`` so outside tools can follow it.
"""

from __future__ import annotations

from .state import BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY, STACK, Obj


def new_object(g, card: int, owner: int, zone: str) -> Obj:
    """Make the object that a card becomes in ``zone`` (CR 400.7)."""
    oid = g.next_id
    g.next_id += 1
    g.timestamp += 1
    o = Obj(oid, card, g.setup.definitions[card], owner, zone, g.timestamp)
    g.objects[oid] = o
    return o


def remove_from_zone(g, o: Obj) -> int:
    """Take an object out of its zone list; returns its index there."""
    z = o.zone
    if z == BATTLEFIELD:
        lst = g.battlefield
    elif z == STACK:
        for i, it in enumerate(g.stack):
            if it.source == o.oid and it.ability is None:
                del g.stack[i]
                return i
        return -1
    else:
        lst = getattr(g.players[o.owner], {HAND: "hand", GRAVEYARD: "graveyard",
                                           EXILE: "exile"}[z])
    i = lst.index(o.oid)
    del lst[i]
    return i


def move(g, o: Obj, zone: str, controller: int | None = None, top: bool = True) -> Obj | None:
    """Move ``o`` to ``zone`` (CR 400.7: a new object; 400.3: cards go to their owner's
    zones). Returns the new object (None for a library, where the card has no object)."""
    remove_from_zone(g, o)
    del g.objects[o.oid]
    if o.zone == BATTLEFIELD:
        # CR 400.7: the new object has no memory of the old, so effects on it end.
        if any(e.affected == o.oid for e in g.effects):
            g.effects = [e for e in g.effects if e.affected != o.oid]
        for other in g.battlefield:
            a = g.objects[other]
            if a.attached_to == o.oid:
                a.attached_to = None
    owner = g.players[o.owner]
    if o.zone == BATTLEFIELD and o.defn.triggered:
        # CR 603.10a: leaves-the-battlefield abilities look back in time.
        from .triggers import fire_self
        if zone == GRAVEYARD:
            info = {"counters": dict(o.counters) if o.counters else {}}
            if "Creature" in o.defn.types:
                fire_self(g, "dies", o, info)
            fire_self(g, "graveyard_from_battlefield", o, info)
    if zone == LIBRARY:
        if top:
            owner.library.insert(0, o.card)
        else:
            owner.library.append(o.card)
        return None
    n = new_object(g, o.card, o.owner, zone)
    if zone == BATTLEFIELD:
        n.controller = o.owner if controller is None else controller
        n.sick = True  # CR 302.6
        g.battlefield.append(n.oid)
        if n.defn.triggered:
            from .triggers import fire_self
            fire_self(g, "enters", n)   # CR 603.6a
    elif zone == HAND:
        owner.hand.append(n.oid)
    elif zone == GRAVEYARD:
        owner.graveyard.append(n.oid)
    elif zone == EXILE:
        owner.exile.append(n.oid)
    elif zone == STACK:
        n.controller = o.controller if controller is None else controller
    return n


def put_onto_battlefield(g, card: int, owner: int, controller: int, tapped: bool = False):
    """Put a card that has no object (from a library) onto the battlefield (CR 400.7)."""
    n = new_object(g, card, owner, BATTLEFIELD)
    n.controller = controller
    n.sick = True
    n.tapped = tapped
    g.battlefield.append(n.oid)
    if n.defn.triggered:
        from .triggers import fire_self
        fire_self(g, "enters", n)
    return n


def tap(g, o) -> None:
    """CR 701.26a: tap a permanent ("becomes tapped" abilities trigger)."""
    if not o.tapped:
        o.tapped = True
        if o.defn.triggered:
            from .triggers import fire_tapped
            fire_tapped(g, o)


def draw(g, player: int, count: int = 1) -> None:
    """CR 121.1: put the top card of the library into the hand; drawing from an empty
    library marks the player for CR 704.5b."""
    p = g.players[player]
    for _ in range(count):
        if not p.library:
            p.drew_from_empty = True
            continue
        card = p.library.pop(0)
        o = new_object(g, card, player, HAND)
        p.hand.append(o.oid)
        g.event("121.1", f"{g.pname(player)} draws a card")


def shuffle_library(g, player: int) -> None:
    """CR 701.24a: randomise the order of the library."""
    g.rng.shuffle(g.players[player].library)
