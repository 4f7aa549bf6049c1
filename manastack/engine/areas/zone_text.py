"""Engine area `zone_text`: effect class -> function(g, item, eff, legal), registered into
``effects._EFFECTS`` (see ``areas/__init__.py``). Moving cards between zones, looking at
and revealing them (CR 400-408, 607, 701)."""

from __future__ import annotations

from ...compiler.areas import zone_text as Z
from .. import zones

# A link made by a linked ability (CR 607.2a) is kept in ``game.links`` as
# ``(source oid, exiled oid, LINKED)``; the plain pairs there are "until" exiles (610.3).
LINKED = "607"


def _permanent(g, item, target: int, legal):
    """The permanent an effect acts on: the source (-1) or target number ``target``."""
    from ..effects import first_target
    oid = item.source if target < 0 else first_target(item, target)
    if target >= 0 and oid not in legal:
        return None, None
    o = g.objects.get(oid)
    if o is None or o.zone != "battlefield":
        return oid, None
    return oid, o


def _connive(g, item, eff, legal):
    """CR 701.50a: draw a card, then discard a card; if a nonland card is discarded, put
    a +1/+1 counter on the conniving permanent. 701.50c: if it has left the battlefield,
    its controller still draws and discards (no counter). 701.50b: it connives even if
    some of this is impossible."""
    from ..effects import choose_from_hand, discard, put_counters
    info = item.info
    oid, o = _permanent(g, item, eff.target, legal)
    if oid is None:
        return None
    player = item.controller
    if not info.get("connive_drawn"):
        info["connive_drawn"] = True
        zones.draw(g, player, 1)
    chosen = choose_from_hand(g, item, 1, "701.50a", "discard")
    if chosen == "ask":
        return "ask"
    info.pop("connive_drawn", None)
    nonland = False
    for c in chosen:
        nonland = nonland or "Land" not in g.objects[c].defn.types
        discard(g, player, c)
    o = g.objects.get(oid)
    if nonland and o is not None and o.zone == "battlefield":
        put_counters(g, o, "+1/+1", 1)
    g.event("701.50a", f"{g.oname(oid) if o is not None else 'a permanent'} connives")
    return None


def _learn(g, item, eff, legal):
    """CR 701.48a: you may discard a card; if you do, draw a card."""
    from ..effects import choose_from_hand, discard
    from ..flow import ask
    info = item.info
    player = item.controller
    if not g.players[player].hand:
        return None
    if info.get("learn") is None:
        info["learn"] = "ask"
        ask(g, player, "yes_no", {"rule": "701.48a", "resolving": True})
        if g.pending is not None:
            return "ask"
    if info.get("learn") == "ask":
        if not info.pop("answer", False):
            info.pop("learn", None)
            return None
        info["learn"] = "discard"
    chosen = choose_from_hand(g, item, 1, "701.48a", "discard")
    if chosen == "ask":
        return "ask"
    info.pop("learn", None)
    for c in chosen:
        discard(g, player, c)
    if chosen:
        zones.draw(g, player, 1)
    return None


def _exile_linked(g, item, eff, legal):
    """CR 607.2a: exile the target; the source's linked ability can find it. If the
    source has already left the battlefield, the card stays exiled for good (the new
    object has no memory of it, CR 400.7)."""
    from ..effects import first_target
    t = first_target(item, eff.target)
    o = g.objects.get(t) if t in legal else None
    if o is None:
        return None
    name = g.oname(t)
    n = zones.move(g, o, "exile")
    g.event("406.1", f"{name} is exiled")
    src = g.objects.get(item.source)
    if n is not None and src is not None and src.zone == "battlefield":
        g.links.append((item.source, n.oid, LINKED))
    return None


def _return_linked(g, item, eff, legal):
    """CR 607.2a: the cards exiled by the linked ability return to the battlefield under
    their owners' control (a card that left exile is a new object, CR 400.7: it stays)."""
    back = [x for x in g.links if len(x) == 3 and x[0] == item.source]
    if not back:
        return None
    g.links = [x for x in g.links if not (len(x) == 3 and x[0] == item.source)]
    for _, exiled, _tag in back:
        e = g.objects.get(exiled)
        if e is not None and e.zone == "exile" and e.card > -2:
            if eff.to == "hand":
                n = zones.move(g, e, "hand")
                g.event("607.2a", f"{n.defn.name} returns to its owner's hand")
            else:
                n = zones.move(g, e, "battlefield", e.owner)
                g.event("607.2a", f"{n.defn.name} returns to the battlefield")
    return None


def _reveal_hand_choose(g, item, eff, legal):
    """CR 701.20a: the player reveals their hand; the ability's controller chooses a card
    with the stated qualities from it (none if there is none); 701.9a: that player
    discards it (or it is exiled, CR 406.1)."""
    from ..effects import discard, first_target
    from ..flow import ask
    from ..effects_more import card_matches
    t = first_target(item, eff.target)
    if t not in legal or t not in (0, 1):
        return None
    hand = g.players[t].hand
    info = item.info
    if "answer" not in info:
        names = ", ".join(g.objects[c].defn.name for c in hand) or "no cards"
        g.event("701.20a", f"{g.pname(t)} reveals their hand: {names}")
        cands = [c for c in hand if card_matches(g, g.objects[c].card, eff.spec)]
        if not cands:
            return None
        ask(g, item.controller, "choose_cards", {"cards": cands, "count": 1, "owner": t,
                                                 "resolving": True, "rule": "701.20a",
                                                 "purpose": eff.to})
        if g.pending is not None:
            return "ask"
    for c in info.pop("answer", None) or ():
        o = g.objects.get(c)
        if o is None or o.zone != "hand":
            continue
        if eff.to == "discard":
            discard(g, t, c)
        else:
            n = zones.move(g, o, "exile")
            g.event("406.1", f"{o.defn.name} is exiled from {g.pname(t)}'s hand")
            src = g.objects.get(item.source)
            if eff.linked and n is not None and src is not None and src.zone == "battlefield":
                g.links.append((item.source, n.oid, LINKED))   # CR 607.2a
    return None


# ---------------------------------------------------------------- libraries

def _put_into_library(g, item, eff, legal):
    """CR 401.4 / 400.3: the target goes into its owner's library second from the top or
    on the bottom (its owner chooses where, when both are offered: a ``yes_no`` "on the
    bottom?"); a token ceases to exist (CR 111.7)."""
    from ..effects import first_target
    from ..flow import ask
    t = first_target(item, eff.target)
    o = g.objects.get(t) if t in legal else None
    if o is None or o.zone != "battlefield":
        return None
    info = item.info
    bottom = eff.places == ("bottom",)
    if len(eff.places) > 1 and o.card > -2:
        if "answer" not in info:
            ask(g, o.owner, "yes_no", {"rule": "401.4", "resolving": True,
                                       "purpose": "library_bottom", "object": t})
            if g.pending is not None:
                return "ask"
        bottom = bool(info.pop("answer"))
    name = g.oname(t)
    card = o.card
    lib = g.players[o.owner].library
    zones.move(g, o, "library", top=not bottom)
    second = "second" in eff.places
    if card > -2 and not bottom and second and len(lib) > 1:
        lib.insert(1, lib.pop(0))
    g.event("401.4", f"{name} is put into its owner's library "
            + ("on the bottom" if bottom else "second from the top" if second else "on top"))
    return None


def _flicker_group(g, item, eff, legal):
    """CR 400.7: the targets are exiled, then return to the battlefield as new objects (a
    token ceases to exist in exile, CR 111.7)."""
    from ..effects_more import group_targets
    back = []
    for t in group_targets(item, eff.target, legal):
        o = g.objects.get(t)
        if o is None or o.zone != "battlefield":
            continue
        g.event("406.1", f"{g.oname(t)} is exiled")
        n = zones.move(g, o, "exile")
        if n is not None and n.card > -2:
            back.append(n)
    for n in back:
        if n.oid in g.objects and n.zone == "exile":
            controller = item.controller if eff.under_your_control else n.owner
            b = zones.move(g, n, "battlefield", controller)
            g.event("400.7", f"{b.defn.name} returns to the battlefield as a new object")
    return None


def _named_controllers_draw(g, item, eff, legal):
    """CR 201.2: each player who controls a permanent with the source's name draws (once,
    however many they control), in APNAP order (CR 101.4)."""
    from ..effects import item_source_name
    name = item_source_name(g, item)
    for p in (g.active, 1 - g.active):
        if any(g.objects[x].controller == p and g.objects[x].defn.name == name
               for x in g.battlefield):
            zones.draw(g, p, eff.count)
    return None


def _destroy_then_controller_searches(g, item, eff, legal):
    """CR 701.8a: destroy the target; then its controller (last known information, CR
    608.2h) may search their library (701.23a) -- even if it wasn't destroyed -- put the
    card found onto the battlefield, and shuffle (701.24a)."""
    from ..effects import first_target
    from ..effects_more import card_matches
    from ..flow import ask
    info = item.info
    st = info.get("wildfire")
    if st is None:
        t = first_target(item, eff.target)
        o = g.objects.get(t) if t in legal else None
        if o is None or o.zone != "battlefield":
            return None
        player = o.controller
        zones.destroy(g, o)
        st = info["wildfire"] = {"player": player, "stage": "may"}
        ask(g, player, "yes_no", {"rule": "701.23a", "resolving": True})
        if g.pending is not None:
            return "ask"
    player = st["player"]
    lib = g.players[player].library
    if st["stage"] == "may":
        if not info.pop("answer", False):
            del info["wildfire"]
            return None
        st["stage"] = "search"
        found = [c for c in lib if card_matches(g, c, eff.spec)]
        ask(g, player, "choose_cards", {"from": "library", "cards": found, "max": 1, "min": 0,
                                        "rule": "701.23a", "resolving": True})
        if g.pending is not None:
            return "ask"
    del info["wildfire"]
    for c in info.pop("answer", None) or ():
        if c in lib:
            lib.remove(c)
            n = zones.put_onto_battlefield(g, c, player, player, tapped=eff.tapped)
            g.event("701.23a", f"{g.pname(player)} puts {n.defn.name} onto the battlefield")
    zones.shuffle_library(g, player)
    g.event("701.24a", f"{g.pname(player)} shuffles their library")
    return None


# ---------------------------------------------------------------- graveyards

def _players_of(g, item, who: str, target: int, legal) -> list[int]:
    from ..effects import first_target
    if who == "all":
        return [g.active, 1 - g.active]
    t = first_target(item, target)
    return [t] if t in legal and t in (0, 1) else []


def _exile_graveyard(g, item, eff, legal):
    """CR 406.1: the cards (of the stated quality) of the graveyards are exiled at once;
    "for each card exiled this way" counts them (CR 119.3)."""
    from ..effects_more import card_matches
    n = 0
    for p in _players_of(g, item, eff.who, eff.target, legal):
        gy = g.players[p].graveyard
        for oid in list(gy):
            o = g.objects[oid]
            if eff.spec is None or card_matches(g, o.card, eff.spec):
                zones.move(g, o, "exile")
                n += 1
        g.event("406.1", f"cards of {g.pname(p)}'s graveyard are exiled")
    if eff.life_each and n:
        from ..effects import _gain_life
        from ...compiler.abilities import GainLife
        _gain_life(g, item, GainLife(eff.life_each * n), legal)
    return None


def _player_exiles_from_graveyard(g, item, eff, legal):
    """CR 406.1 / 608.2d: the target player chooses a card in their graveyard as the
    ability resolves and exiles it (Relic of Progenitus ruling)."""
    from ..effects import first_target
    from ..flow import ask
    t = first_target(item, eff.target)
    if t not in legal or t not in (0, 1):
        return None
    gy = g.players[t].graveyard
    if not gy:
        return None
    info = item.info
    if "answer" not in info:
        ask(g, t, "choose_cards", {"cards": list(gy), "count": 1, "resolving": True,
                                   "rule": "406.1", "purpose": "exile"})
        if g.pending is not None:
            return "ask"
    for c in info.pop("answer", None) or ():
        o = g.objects.get(c)
        if o is not None and o.zone == "graveyard":
            zones.move(g, o, "exile")
            g.event("406.1", f"{g.pname(t)} exiles {o.defn.name} from their graveyard")
    return None


def _shuffle_graveyard_into_library(g, item, eff, legal):
    """CR 701.24a: the player's graveyard goes into their library, which is shuffled."""
    who = [item.controller] if eff.target < 0 else _players_of(g, item, "target", eff.target,
                                                              legal)
    for p in who:
        for oid in list(g.players[p].graveyard):
            zones.move(g, g.objects[oid], "library")
        zones.shuffle_library(g, p)
        g.event("701.24a", f"{g.pname(p)} shuffles their graveyard into their library")
    return None


def _reveal_until_to_graveyard(g, item, eff, legal):
    """CR 701.20a: reveal cards from the top of the library until one matching the spec
    is revealed (all of them if none is); those cards are put into the graveyard."""
    from ..effects import first_target
    from ..effects_more import card_matches
    t = first_target(item, eff.target)
    if t not in legal or t not in (0, 1):
        return None
    lib = g.players[t].library
    k = 0
    while k < len(lib):
        k += 1
        if card_matches(g, lib[k - 1], eff.spec):
            break
    cards = lib[:k]
    del lib[:k]
    for c in cards:
        n = zones.new_object(g, c, t, "graveyard")
        g.players[t].graveyard.append(n.oid)
    g.event("701.20a", f"{g.pname(t)} reveals {k} card(s) and puts them into their graveyard")
    return None


def _return_at_random(g, item, eff, legal):
    """A card with the stated quality is chosen at random (the game's seeded RNG) from the
    controller's graveyard and returned to their hand (CR 400.6)."""
    from ..effects_more import card_matches
    p = item.controller
    cands = [oid for oid in g.players[p].graveyard
             if card_matches(g, g.objects[oid].card, eff.spec)]
    if not cands:
        return None
    o = g.objects[g.rng.choice(cands)]
    n = zones.move(g, o, "hand")
    g.event("400.6", f"{n.defn.name} is returned at random to {g.pname(p)}'s hand")
    return None


def _search_to_top(g, item, eff, legal):
    """CR 701.23a / 701.20a / 701.24a: search for a card, reveal it, shuffle, then put
    that card on top of the library."""
    from ..effects_more import card_matches
    from ..flow import ask
    player = item.controller
    lib = g.players[player].library
    info = item.info
    if "answer" not in info:
        found = [c for c in lib if card_matches(g, c, eff.spec)]
        ask(g, player, "choose_cards", {"from": "library", "cards": found, "max": 1, "min": 0,
                                        "rule": "701.23a", "resolving": True})
        if g.pending is not None:
            return "ask"
    chosen = [c for c in info.pop("answer", None) or () if c in lib]
    for c in chosen:
        lib.remove(c)
        g.event("701.20a", f"{g.pname(player)} reveals {g.card_definition(c).name}")
    zones.shuffle_library(g, player)
    g.event("701.24a", f"{g.pname(player)} shuffles their library")
    for c in chosen:
        lib.insert(0, c)
        g.event("401.4", f"{g.card_definition(c).name} is put on top of the library")
    return None


def _look_at_hand(g, item, eff, legal):
    """The controller looks at the target player's hand (CR 402.3: shown to them only)."""
    from ..effects import first_target
    t = first_target(item, eff.target)
    if t not in legal or t not in (0, 1):
        return None
    names = ", ".join(g.objects[c].defn.name for c in g.players[t].hand) or "no cards"
    g.event("402.3", f"{g.pname(item.controller)} looks at {g.pname(t)}'s hand: {names}")
    return None


def _put_land_from_hand(g, item, eff, legal):
    """The controller may put a land card from their hand onto the battlefield (CR 305.9:
    it isn't played; no land play is used)."""
    from ..flow import ask
    player = item.controller
    info = item.info
    lands = [c for c in g.players[player].hand if "Land" in g.objects[c].defn.types]
    if not lands:
        return None
    if "answer" not in info:
        ask(g, player, "choose_cards", {"cards": lands, "up_to": 1, "resolving": True,
                                        "rule": "305.9", "purpose": "battlefield"})
        if g.pending is not None:
            return "ask"
    for c in info.pop("answer", None) or ():
        o = g.objects.get(c)
        if o is not None and o.zone == "hand":
            n = zones.move(g, o, "battlefield", player)
            n.tapped = eff.tapped
            g.event("305.9", f"{g.pname(player)} puts {n.defn.name} onto the battlefield")
    return None


# ---------------------------------------------------------------- impulse draw

PLAY_PERMISSION = "play_permission"


def _exile_to_play(g, item, eff, legal):
    """Exile the top cards of the library face up (CR 406.3); the controller may play them
    (a continuous effect from a resolved ability, CR 611.2a) this turn or until the end of
    their next turn. The permission names the exiled object: a card that leaves exile is a
    new object and can no longer be played this way (CR 400.7)."""
    from ..effects import _add_effect
    player = item.controller
    lib = g.players[player].library
    until = "end_of_turn" if eff.until == "end_of_turn" else f"end_of_next_turn:{g.turn}"
    for _ in range(min(eff.count, len(lib))):
        card = lib.pop(0)
        n = zones.new_object(g, card, player, "exile")
        g.players[player].exile.append(n.oid)
        _add_effect(g, layer=PLAY_PERMISSION, affected=n.oid, until=until, controller=player)
        g.event("406.3", f"{g.pname(player)} exiles {n.defn.name}; they may play it "
                + ("this turn" if eff.until == "end_of_turn" else "until the end of their next turn"))
    return None


def play_permitted(g, player: int, o) -> bool:
    """Whether an effect lets ``player`` play the exiled object ``o`` (CR 611.2a)."""
    return o.zone == "exile" and any(e.layer == PLAY_PERMISSION and e.affected == o.oid
                                     and e.controller == player for e in g.effects)


def exile_play_actions(g, player: int) -> list:
    """The exiled cards ``player`` may play now: a land as the land play of the turn (CR
    305.1-2, with the usual timing), a spell with the usual timing and costs (CR 601.2)."""
    from ..actions import Action
    from ..legal import can_cast, can_play_land, is_land
    from .faces import _view
    acts = []
    for e in g.effects:
        if e.layer != PLAY_PERMISSION or e.controller != player:
            continue
        o = g.objects.get(e.affected)
        if o is None or o.zone != "exile" or o.card in g.adventures:
            continue
        v = _view(o, o.defn, "hand")
        v.owner = player
        if is_land(o):
            if can_play_land(g, player, v) is None:
                acts.append(Action("play", o.oid))
        elif can_cast(g, player, v) is None:
            acts.append(Action("cast", o.oid))
    return acts


def end_permissions(g) -> None:
    """CR 514.2: in the cleanup step of their next turn, "until the end of your next
    turn" permissions end; so do those whose card has left exile (CR 400.7)."""
    keep = []
    for e in g.effects:
        if e.layer == PLAY_PERMISSION:
            o = g.objects.get(e.affected)
            if o is None or o.zone != "exile":
                continue
            if e.until.startswith("end_of_next_turn:") and g.active == e.controller \
                    and g.turn > int(e.until[17:]):
                continue
        keep.append(e)
    g.effects = keep


# ---------------------------------------------------------------- activation limits

ACTIVATED = "activated_this_turn"


def record_activation(g, o, number: int, ab) -> None:
    """CR 602.5b: remember that ability ``number`` of ``o`` was activated this turn (only
    for abilities limited to once each turn; the record ends with the turn, CR 514.2, or
    when the object leaves the battlefield, CR 400.7)."""
    if ab.timing == "once_each_turn":
        from ..effects import _add_effect
        _add_effect(g, layer=ACTIVATED, affected=o.oid, until="end_of_turn", data=number)


def once_each_turn_used(g, o, number: int) -> bool:
    """CR 602.5b: whether a once-each-turn ability of ``o`` was activated this turn."""
    return any(e.layer == ACTIVATED and e.affected == o.oid and e.data == number
               for e in g.effects)


def _put_commanders_into_hand(g, item, eff, legal):
    """CR 903.3: only the Commander variant designates commanders; a manastack game has
    none, so no card is put into the hand."""
    g.event("903.3", f"{g.pname(item.controller)} owns no commander: nothing is put into "
            "their hand")
    return None


EFFECTS: dict = {
    Z.PutCommandersIntoHand: _put_commanders_into_hand,
    Z.Connive: _connive, Z.Learn: _learn,
    Z.ExileLinked: _exile_linked, Z.ReturnLinked: _return_linked,
    Z.RevealHandChoose: _reveal_hand_choose, Z.ExileToPlay: _exile_to_play,
    Z.PutIntoLibrary: _put_into_library, Z.FlickerGroup: _flicker_group,
    Z.NamedControllersDraw: _named_controllers_draw,
    Z.DestroyThenControllerSearches: _destroy_then_controller_searches,
    Z.ExileGraveyards: _exile_graveyard, Z.PlayerExilesFromGraveyard: _player_exiles_from_graveyard,
    Z.ShuffleGraveyardIntoLibrary: _shuffle_graveyard_into_library,
    Z.RevealUntilToGraveyard: _reveal_until_to_graveyard, Z.ReturnAtRandom: _return_at_random,
    Z.SearchToTop: _search_to_top, Z.LookAtHand: _look_at_hand,
    Z.PutLandFromHand: _put_land_from_hand,
}
