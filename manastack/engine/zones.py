"""Zones and zone changes (CR 400): moving objects, drawing, shuffling, tokens (CR 111).

Every zone change makes a new object with a new id (CR 400.7); the physical card is
kept in ``Obj.card`` so outside tools can follow it. Tokens have card numbers of -2 and
below, indexing ``game.tokens``.
"""

from __future__ import annotations

from .areas import trigger_text, trigger_text_turn
from .state import BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY, STACK, Obj


def new_object(g, card: int, owner: int, zone: str) -> Obj:
    """Make the object that a card becomes in ``zone`` (CR 400.7)."""
    oid = g.next_id
    g.next_id += 1
    g.timestamp += 1
    o = Obj(oid, card, g.card_definition(card), owner, zone, g.timestamp)
    g.objects[oid] = o
    return o


def card_to_zone(g, card: int, owner: int, zone: str) -> Obj:
    """Put a card that has no object (from a library) into its owner's hand, graveyard or
    exile (CR 400.7: it becomes a new object there)."""
    n = new_object(g, card, owner, zone)
    pl = g.players[owner]
    {HAND: pl.hand, GRAVEYARD: pl.graveyard, EXILE: pl.exile}[zone].append(n.oid)
    return n


def remove_from_zone(g, o: Obj) -> int:
    """Take an object out of its zone list; returns its index there."""
    z = o.zone
    if z == BATTLEFIELD:
        lst = g.battlefield
    elif z == STACK:
        for i, it in enumerate(g.stack):
            if it.source == o.oid and it.is_spell:
                del g.stack[i]
                return i
        return -1
    else:
        lst = getattr(g.players[o.owner], {HAND: "hand", GRAVEYARD: "graveyard",
                                           EXILE: "exile"}[z])
    i = lst.index(o.oid)
    del lst[i]
    return i


def _enters(g, n: Obj, x: int = 0, chosen=None, alt=None, kicked: int = 0) -> None:
    """Replacement effects and triggers as a permanent enters (CR 614.1c, 614.12,
    603.6a); ``x`` is the X of the spell it was (CR 107.3m), 0 otherwise; ``kicked`` the
    times its kicker cost was paid (CR 702.33d)."""
    n.sick = True  # CR 302.6
    if chosen is not None:
        n.chosen = chosen
    n.cast_alt = alt
    n.kicked = kicked
    if n.defn.loyalty is not None:
        from .areas.planeswalkers import enters_with_loyalty
        enters_with_loyalty(g, n)   # CR 306.5b
    for s in n.defn.static:
        if s.kind == "enters_tapped" or (s.kind == "enters_tapped_unless"
                                         and trigger_text.enters_tapped(g, n, s)):
            # CR 614.1d: "This permanent enters tapped" replaces how it enters.
            n.tapped = True
            g.event("614.1d", f"{n.defn.name} enters tapped")
        if s.kind == "enters_with_counters" and x > 0:
            # CR 614.1c / 107.3m: it enters with X counters, X from the spell.
            n.counters = dict(n.counters or {})
            n.counters[s.counter] = n.counters.get(s.counter, 0) + x
            g.event("614.1c", f"{n.defn.name} enters with {x} {s.counter} counter(s)")
        if s.kind == "enters_with_n_counters" or (s.kind == "enters_with_counters_if"
                                                   and trigger_text.enters_with(g, n, s)):
            # CR 614.1c: "This permanent enters with N counters" (``power`` = N).
            n.counters = dict(n.counters or {})
            n.counters[s.counter] = n.counters.get(s.counter, 0) + s.power
            g.event("614.1c", f"{n.defn.name} enters with {s.power} {s.counter} counter(s)")
        if s.kind == "kicked_counters" and kicked:
            # CR 614.1c / 702.33d: "If this creature was kicked, it enters with N +1/+1
            # counters on it" (``power`` = N; ``toughness`` = 1: N for each time, 702.33c).
            k = s.power * (kicked if s.toughness else 1)
            n.counters = dict(n.counters or {})
            n.counters[s.counter] = n.counters.get(s.counter, 0) + k
            g.event("614.1c", f"{n.defn.name} enters with {k} {s.counter} counter(s) (kicked)")
    g.battlefield.append(n.oid)
    if n.defn.faces or n.defn.face or "Saga" in n.defn.subtypes:
        from .areas.faces import entered
        entered(g, n)   # CR 702.145d/g day and night; 714.3a a Saga's lore; 722.3a prepared
    if n.defn.triggered:
        from .triggers import fire_self
        fire_self(g, "enters", n)   # CR 603.6a
    from .triggers import fire_enters
    fire_enters(g, n)   # CR 603.6a: "whenever a [permanent] enters" of other permanents


def _leaves(g, o: Obj, zone: str) -> None:
    """What happens as a permanent leaves the battlefield: effects on it end (CR 400.7),
    Equipment and Auras become unattached (704.5m-n handle Auras), leaves-the-battlefield
    abilities look back (603.10a), and cards it exiled "until" return (610.3)."""
    g.players[o.controller].permanent_left = True   # revolt (Fatal Push)
    # CR 603.10a / 700.4: "dies" looks back at the permanent as it last existed (a
    # crewed Vehicle was a creature).
    from .characteristics import is_creature
    was_creature = is_creature(o, g)
    if any(e.affected == o.oid for e in g.effects):
        g.effects = [e for e in g.effects if e.affected != o.oid]
    for other in g.battlefield:
        a = g.objects[other]
        if a.attached_to == o.oid and "Aura" not in a.defn.subtypes:
            a.attached_to = None
    if o.defn.triggered and zone == GRAVEYARD:
        from .triggers import fire_self
        info = {"counters": dict(o.counters) if o.counters else {}}
        if was_creature:
            fire_self(g, "dies", o, info)
        fire_self(g, "graveyard_from_battlefield", o, info)
    trigger_text.fire_leaves(g, o, zone)   # CR 603.6c: leaves for any zone
    if zone == GRAVEYARD and was_creature:
        trigger_text_turn.record_death(g, o)   # CR 700.4: morbid
        from .triggers import fire_dies
        fire_dies(g, o)   # CR 700.4 / 603.10a: "whenever a creature dies" looks back
        if g.effects:
            from .areas.damage_text import fire_damaged_dies
            fire_damaged_dies(g, o)   # "a creature dealt damage by ~ this turn dies"


def _return_linked(g, source_oid: int) -> None:
    """CR 610.3c: the exiled cards return under their owners' control."""
    keep = []
    back = []
    for link in g.links:
        # a link of a linked ability (a third item, CR 607.2a) waits for that ability
        (back if link[0] == source_oid and len(link) == 2 else keep).append(link)
    g.links = keep
    for _, exiled in back:
        e = g.objects.get(exiled)
        if e is not None and e.zone == EXILE:
            n = move(g, e, BATTLEFIELD, e.owner)
            g.event("610.3c", f"{n.defn.name} returns to the battlefield")


def move(g, o: Obj, zone: str, controller: int | None = None, top: bool = True,
         x: int = 0, chosen=None, alt=None, kicked: int = 0) -> Obj | None:
    """Move ``o`` to ``zone`` (CR 400.7: a new object; 400.3: cards go to their owner's
    zones). Returns the new object (None for a library, where the card has no object)."""
    if zone == GRAVEYARD and g.effects:
        # CR 614.1a: "If it would die this turn, exile it instead."
        from .areas.damage_text import dies_destination
        zone = dies_destination(g, o, zone)
    if g.cast_permits and o.zone == BATTLEFIELD and zone != EXILE:
        from .areas.casting_keywords import unearth_exile_instead
        zone = unearth_exile_instead(g, o, zone)   # CR 702.84a
    if g.faces or g.adventures or g.designations:
        from .areas.faces import exile_instead, leaves_zone
        zone = exile_instead(g, o, zone)   # CR 702.127a
        leaves_zone(g, o, zone)   # CR 712.8a / 712.13: which face is up in the new zone
    remove_from_zone(g, o)
    del g.objects[o.oid]
    left_battlefield = o.zone == BATTLEFIELD
    if left_battlefield:
        _leaves(g, o, zone)
    owner = g.players[o.owner]
    result = None
    if zone == LIBRARY:
        if o.card <= -2:
            pass   # CR 111.7: a token that leaves the battlefield ceases to exist
        elif top:
            owner.library.insert(0, o.card)
        else:
            owner.library.append(o.card)
    else:
        n = new_object(g, o.card, o.owner, zone)
        if zone == BATTLEFIELD:
            n.controller = o.owner if controller is None else controller
            _enters(g, n, x, chosen, alt, kicked)
        elif zone == HAND:
            owner.hand.append(n.oid)
        elif zone == GRAVEYARD:
            owner.graveyard.append(n.oid)
        elif zone == EXILE:
            owner.exile.append(n.oid)
        elif zone == STACK:
            n.controller = o.controller if controller is None else controller
        result = n
    if left_battlefield and g.links:
        _return_linked(g, o.oid)
    return result


def put_onto_battlefield(g, card: int, owner: int, controller: int, tapped: bool = False):
    """Put a card that has no object (from a library) onto the battlefield (CR 400.7)."""
    n = new_object(g, card, owner, BATTLEFIELD)
    n.controller = controller
    n.tapped = tapped
    _enters(g, n)
    return n


def create_token(g, spec: dict, controller: int, tapped: bool = False) -> Obj:
    """CR 111.2: create a token (tapped when the effect says so); its characteristics
    come from ``spec``."""
    card = g.register_token(spec)
    n = new_object(g, card, controller, BATTLEFIELD)
    n.controller = controller
    n.tapped = n.tapped or tapped
    g.event("111.2", f"{g.pname(controller)} creates {n.defn.name}")
    _enters(g, n)
    return n


def destroy(g, o: Obj, rule: str = "701.8a") -> bool:
    """CR 701.8a: destroy a permanent (move it to its owner's graveyard); 702.12b: an
    indestructible one isn't destroyed. Returns whether it was destroyed."""
    from .characteristics import has_keyword
    if has_keyword(g, o, "indestructible"):
        g.event("702.12b", f"{g.oname(o.oid)} is indestructible and isn't destroyed")
        return False
    if regenerated(g, o):
        return False
    g.event(rule, f"{g.oname(o.oid)} is destroyed")
    move(g, o, GRAVEYARD)
    return True


def regenerated(g, o: Obj) -> bool:
    """CR 701.19a / 614.8: if ``o`` has a regeneration shield, the shield is used up and
    replaces its destruction: it is tapped, all damage is removed from it, and it is
    removed from combat. Returns whether the destruction was replaced."""
    # CR 616.1: the replacement its controller chose to apply first, if they chose.
    from .areas.replacement_order import UMBRA, shield_source, stored_choice
    chosen = stored_choice(g, o, pop=True)
    if g.attachments_exist():
        from .areas.type_changes import umbra_armor
        aura = next((a for a in g.battlefield if chosen is not None and chosen[1] == UMBRA
                     and g.objects[a].card == chosen[0] and g.objects[a].attached_to == o.oid),
                    None)
        if (chosen is None or aura is not None) and umbra_armor(g, o, aura):
            return True   # CR 702.89a: an Aura with umbra armor is destroyed instead
    shields = [e for e in g.effects if e.affected == o.oid and e.layer == "shield"]
    shield = next((e for e in shields if chosen is not None and (
        shield_source(e) or (-1, -1)) == tuple(chosen)), shields[0] if shields else None)
    from .areas.casting_options import cant_be_regenerated
    if shield is None or cant_be_regenerated(g, o):   # CR 701.19c
        return False
    g.effects = [e for e in g.effects if e is not shield]
    tap(g, o)
    o.damage = 0
    o.deathtouched = False
    c = g.combat
    if c is not None:
        # CR 506.4: a permanent removed from combat stops being an attacking or blocking
        # creature.
        c.attackers.pop(o.oid, None)
        c.blockers.pop(o.oid, None)
        for blockers in c.blocked.values():   # CR 509.1h: the attacker stays blocked
            if o.oid in blockers:
                blockers.remove(o.oid)
    g.event("701.19a", f"{g.oname(o.oid)} regenerates: tapped, damage removed, removed from "
            "combat")
    return True


def tap(g, o) -> None:
    """CR 701.26a: tap a permanent ("becomes tapped" abilities trigger)."""
    if not o.tapped:
        o.tapped = True
        if o.defn.triggered:
            from .triggers import fire_tapped
            fire_tapped(g, o)
        if g.attachments_exist():
            from .areas.damage_text import fire_enchanted
            fire_enchanted(g, o, "enchanted_becomes_tapped")   # CR 603.2


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
        p.drawn += 1
        g.event("121.1", f"{g.pname(player)} draws a card")
        if p.drawn in (2, 3):   # "when you draw your third card in a turn"
            from .areas.optional_costs import fire_nth_draw
            fire_nth_draw(g, player, p.drawn)


def shuffle_library(g, player: int) -> None:
    """CR 701.24a: randomise the order of the library."""
    g.rng.shuffle(g.players[player].library)
