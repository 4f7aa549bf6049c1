"""Engine area `faces`: which face of a card is up (CR 709 split cards, 712 double-faced
cards, 715 adventurers, 702.127 aftermath).

``game.faces`` maps a card number to the index of its face that is up while the card is a
spell or a permanent with another face than its usual one (the half of a split card
being cast, CR 709.3b; the face of a modal double-faced card cast or played, 712.8f; a
transformed permanent, 712.8e; an Adventure spell, 715.3b). ``game.card_definition``
gives that face's definition, so the object's characteristics and abilities are the
face's. A card leaving the stack or the battlefield has its usual face again (CR 712.8a,
709.4, 715.4), except a permanent spell that becomes a permanent with the same face up
(CR 712.13). ``game.adventures`` lists the cards exiled "on an adventure" that their
owner may cast (CR 715.3d).

Actions: ``Action("cast", card, choice=FACE_NAME)`` casts that face or half,
``Action("play", card, choice=FACE_NAME)`` plays that face of a modal double-faced card
as a land (CR 712.12); without ``choice`` the usual face is cast or played.
"""

from __future__ import annotations

from ...compiler.areas.faces import (GainLifeSourcePower, RevealTopTransform,
                                     ReturnTransformed, Transform)
from ..actions import Action


# ---------------------------------------------------------------- faces of an object

def full_definition(g, card: int):
    """The definition of the card itself, whatever face is up (None for a token)."""
    return g.setup.definitions[card] if card >= 0 else None


def face_index(g, card: int, name) -> int | None:
    """The index of the face called ``name`` (a face name, or an index) of ``card``."""
    d = full_definition(g, card)
    if d is None or not d.faces:
        return None
    if isinstance(name, int) and not isinstance(name, bool):
        return name if 0 <= name < len(d.faces) else None
    if isinstance(name, str) and name.lower() == "prototype":
        return 1 if is_prototype(d) else None   # CR 718.3: cast "prototyped"
    for i, f in enumerate(d.faces):
        if isinstance(name, str) and f.name.lower() == name.lower():
            return i
    return None


def item_definition(g, card: int, info: dict):
    """The definition of the face that was up as an ability triggered or was activated
    (``info["face"]``), whose abilities its index names even after the permanent
    transformed or left (CR 712.18, 603.10a)."""
    d = g.setup.definitions[card]
    f = info["face"]
    return d.faces[f] if f else d


def is_prototype(d) -> bool:
    """CR 718.1: a prototype card (its second face is the prototyped characteristics)."""
    return any(s.kind == "prototype" for s in d.static)


def is_split(d) -> bool:
    """CR 709.1: a split card (its own definition is both halves combined)."""
    return bool(d.faces) and d.spell is None and d.faces[0].spell is not None and \
        " // " in d.name and d.faces[0].name != d.name and not d.is_permanent_card and \
        all(not f.is_permanent_card for f in d.faces)


def is_adventurer(d) -> bool:
    """CR 715.1: a permanent card whose second face is an instant or sorcery Adventure."""
    return bool(d.faces) and d.is_permanent_card and "Adventure" in d.faces[1].subtypes


def leaves_zone(g, o, zone: str) -> None:
    """Called as ``o`` changes zones (CR 400.7): it has its usual face again unless it is a
    spell becoming a permanent (CR 712.13) or it is being put on the stack as the face its
    caster chose (CR 709.3, 712.11b, 715.3); an adventurer card leaving exile is no longer
    on an adventure. A daybound card entering the battlefield at night enters transformed
    (CR 702.145b)."""
    card = o.card
    if card < 0:
        return
    if o.zone in ("stack", "battlefield") and not (o.zone == "stack" and zone == "battlefield"):
        g.faces.pop(card, None)
    if o.zone == "exile" and card in g.adventures:
        g.adventures.remove(card)
    if o.zone == "battlefield" and g.designations and "prepared" in g.designations:
        from .faces_prepare import unprepare
        unprepare(g, o.oid)   # CR 722.3c: the designation doesn't follow it (400.7)
    if zone == "battlefield" and not g.faces.get(card) and \
            "daybound" in g.setup.definitions[card].keywords and day_night(g) == "night":
        g.faces[card] = 1
        g.event("702.145b", f"{o.defn.name} enters transformed (it is night)")


# ---------------------------------------------------------------- day and night (CR 731)

def day_night(g) -> str | None:
    """CR 731.1: "day", "night", or None (neither) -- a designation of the game, kept in
    ``g.designations["day_night"]``."""
    return g.designations.get("day_night") if g.designations else None


def becomes(g, which: str) -> None:
    """CR 731.1: it becomes day or night; as it does, daybound permanents front face up
    transform at night and nightbound ones back face up transform at day (702.145b/e)."""
    g.designations = dict(g.designations)
    g.designations["day_night"] = which
    g.event("731.1", f"it becomes {which}")
    kw = "daybound" if which == "night" else "nightbound"
    for oid in list(g.battlefield):
        o = g.objects[oid]
        if kw in o.defn.keywords:
            transform(g, o, "702.145b" if which == "night" else "702.145e")


def daybound_enters(g, n) -> None:
    """CR 702.145d / 702.145g: a permanent with daybound makes it day if it is neither day
    nor night; one with nightbound makes it night if there is no daybound permanent."""
    if day_night(g) is not None:
        return
    kws = n.defn.keywords
    if "daybound" in kws:
        becomes(g, "day")
    elif "nightbound" in kws and not any(
            "daybound" in g.objects[x].defn.keywords for x in g.battlefield):
        becomes(g, "night")


def untap_step_day_night(g) -> None:
    """CR 502.2: if it's day and the previous turn's active player cast no spells during
    that turn, it becomes night; if it's night and they cast two or more, it becomes day."""
    now = day_night(g)
    if now is None or g.turn <= 1:
        return
    cast = g.players[1 - g.active].spells_last_turn
    if now == "day" and cast == 0:
        becomes(g, "night")
    elif now == "night" and cast >= 2:
        becomes(g, "day")


def exile_instead(g, o, zone: str) -> str:
    """CR 702.127a: an aftermath half cast from a graveyard is exiled instead of going
    anywhere else as it leaves the stack. CR 614.1a: a face up with "If ~ would be put
    into a graveyard from anywhere, exile it instead" (a disturbed back face)."""
    if not o.defn.face:
        return zone
    if o.zone == "stack" and zone != "exile" and "aftermath" in o.defn.keywords:
        g.event("702.127a", f"{o.defn.name} is exiled (aftermath)")
        return "exile"
    if zone == "graveyard" and any(s.kind == "exile_instead_of_graveyard"
                                   for s in o.defn.static):
        g.event("614.1a", f"{o.defn.name} would be put into a graveyard; it is exiled instead")
        return "exile"
    return zone


def cast_permission(g, o, face) -> bool:
    """Whether ``o`` is cast from outside the hand for its mana cost: an aftermath half
    from a graveyard (CR 702.127a), a card on an adventure from exile (715.3d)."""
    if o.zone == "exile":
        # CR 722.3c: a prepare spell's copy is cast from exile for its mana cost
        return o.card in g.adventures or (o.card < 0 and "prepare_copy" in g.token_spec(o.card))
    if o.zone == "graveyard" and face is not None:
        d = full_definition(g, o.card)
        return d is not None and "aftermath" in d.faces[face].keywords
    return False


# ---------------------------------------------------------------- casting and playing

def _view(o, defn, zone: str | None = None):
    """``o`` as it would be with the face ``defn`` up (to check whether it can be cast)."""
    v = o.copy()
    v.defn = defn
    if zone is not None:
        v.zone = zone
    return v


def why_not_cast(g, player: int, o, face) -> str | None:
    """Why face ``face`` of ``o`` can't be cast now (CR 709.3a, 712.11c, 715.3a), or None."""
    from ..legal import can_cast
    i = face_index(g, o.card, face)
    if i is None:
        return f"709.3: {o.defn.name} has no face called {face!r}"
    d = full_definition(g, o.card)
    f = d.faces[i]
    from .faces_prepare import has_prepare_spell, why_not_cast_copy
    if o.zone == "battlefield":
        return why_not_cast_copy(g, player, o, i)   # CR 722.3c
    if i == 1 and has_prepare_spell(d):
        return "722.3: a prepare spell is cast only as a copy, while its permanent is prepared"
    if "Land" in f.types:
        return "305.9: a land face can't be cast; it is played"
    if is_split(d):
        # CR 702.127a: an aftermath half is cast only from a graveyard; the other half
        # (like any card) from the hand.
        if "aftermath" in f.keywords:
            if o.zone != "graveyard":
                return "702.127a: an aftermath half can be cast only from a graveyard"
            return can_cast(g, player, _view(o, f, "hand")) if o.owner == player else \
                "601.2a: only a card you own can be cast"
        if o.zone != "hand":
            return "601.2a: only a card in your hand can be cast"
        return can_cast(g, player, _view(o, f))
    if is_adventurer(d) and i == 1:
        # CR 715.3d: a card on an adventure can't be cast as an Adventure again this way.
        if o.zone != "hand":
            return "715.3d: an Adventure is cast from the hand"
        return can_cast(g, player, _view(o, f))
    if i == 0:
        return can_cast(g, player, o)
    if any(a.zone == "graveyard" for a in f.alternatives):
        # CR 702.146a: disturb casts the card transformed from the graveyard.
        if o.zone != "graveyard":
            return "702.146a: a card is cast with disturb from its owner's graveyard"
        return can_cast(g, player, _view(o, f))
    if not _modal(d):
        return "712.11: a nonmodal double-faced card is cast with its front face up"
    if o.zone != "hand":
        return "601.2a: only a card in your hand can be cast"
    return can_cast(g, player, _view(o, f))


def _modal(d) -> bool:
    """A modal double-faced card (CR 712.3): each face may be cast or played; a nonmodal
    one's back face has no mana cost (CR 712.8e gives it the front face's mana value)."""
    return bool(d.faces) and d.faces[1].front_mana_value is None and not is_split(d) and \
        not is_adventurer(d)


def why_not_play(g, player: int, o, face) -> str | None:
    """CR 712.12: a modal double-faced card is played as a land with a land face up."""
    from ..legal import can_play_land
    i = face_index(g, o.card, face)
    if i is None:
        return f"712.12: {o.defn.name} has no face called {face!r}"
    d = full_definition(g, o.card)
    if not _modal(d):
        return "305.1: only a modal double-faced card's land face can be chosen"
    return can_play_land(g, player, _view(o, d.faces[i]))


def can_cast_usual(g, player: int, o) -> str | None:
    """Why the card can't be cast with its usual face, for cards that have none (split
    cards: a half is chosen, CR 709.3) or from exile on an adventure (CR 715.3d)."""
    d = o.defn
    if d.faces and is_split(d):
        return "709.3: choose which half of a split card to cast"
    return None


def _any_faces(setup) -> bool:
    """Whether any card of the game has faces (cached on the shared setup: the hot path)."""
    v = setup.__dict__.get("_any_faces")
    if v is None:
        v = any(d.faces for d in setup.definitions)
        object.__setattr__(setup, "_any_faces", v)
    return v


def priority_actions(g, player: int) -> list:
    """The casts of other faces than the usual one, the land faces of modal
    double-faced cards, and the adventurers on an adventure, that ``player`` may take."""
    acts = []
    if not _any_faces(g.setup):
        return acts
    pl = g.players[player]
    for oid in pl.hand:
        o = g.objects[oid]
        d = full_definition(g, o.card)
        if d is None or not d.faces or not d.supported:
            continue
        for i, f in enumerate(d.faces):
            if i == 0 and not is_split(d):
                continue   # the usual face: a plain cast or play
            if "Land" in f.types:
                if why_not_play(g, player, o, i) is None:
                    acts.append(Action("play", oid, choice=f.name))
            elif why_not_cast(g, player, o, i) is None:
                acts.append(Action("cast", oid,
                                   choice="prototype" if is_prototype(d) else f.name))
    for oid in pl.graveyard:
        o = g.objects[oid]
        d = full_definition(g, o.card)
        if d is not None and d.faces and d.supported:
            for f in d.faces:
                if ("aftermath" in f.keywords or f.face and f.alternatives) and \
                        why_not_cast(g, player, o, f.name) is None:
                    acts.append(Action("cast", oid, choice=f.name))
    for oid in pl.exile:
        o = g.objects[oid]
        if o.card in g.adventures and why_not_cast_from_adventure(g, player, o) is None:
            acts.append(Action("cast", oid))
    if g.designations and "prepared" in g.designations:
        from .faces_prepare import prepared, why_not_cast_copy
        for oid in prepared(g):
            o = g.objects.get(oid)
            if o is not None and why_not_cast_copy(g, player, o, 1) is None:
                acts.append(Action("cast", oid, choice=full_definition(g, o.card).faces[1].name))
    return acts


def why_not_cast_from_adventure(g, player: int, o) -> str | None:
    """CR 715.3d: the owner of a card exiled on an adventure may cast it (as the card,
    not as an Adventure) for as long as it remains exiled."""
    from ..legal import can_cast
    if o.zone != "exile" or o.card not in g.adventures:
        return "601.2a: only a card in your hand can be cast"
    if o.owner != player:
        return "715.3d: only the player who went on the adventure may cast it"
    return can_cast(g, player, _view(o, o.defn, "hand"))


def begin_face(g, player: int, oid: int, choice, play: bool) -> None:
    """Cast or play face ``choice`` of ``oid`` (validated): the face is up as the card is
    put on the stack (CR 709.3, 712.11b, 715.3) or onto the battlefield (CR 712.12)."""
    from ..casting import begin_cast
    from .. import zones
    o = g.objects[oid]
    i = face_index(g, o.card, choice)
    if o.zone == "battlefield" and not play:
        from .faces_prepare import cast_copy
        g.passes = 0
        cast_copy(g, player, o, i)   # CR 722.3c
        return
    if play:
        g.players[player].lands_played += 1
        g.faces[o.card] = i
        n = zones.move(g, o, "battlefield", player)
        # CR 305.1 / 712.12: a land play, with the chosen face up
        g.event("305.1", f"{g.pname(player)} plays {n.defn.name}")
        g.passes = 0
        g.priority = player
        return
    g.passes = 0
    begin_cast(g, player, oid, face=i)


def finish_spell(g, item, o, countered: bool) -> bool:
    """CR 715.3d: an Adventure spell that resolves is exiled instead of going to the
    graveyard, and its owner may cast the card later from exile. True when handled."""
    from .. import zones
    if countered or o.card < 0 or not o.defn.face:
        return False
    d = full_definition(g, o.card)
    if not is_adventurer(d):
        return False
    n = zones.move(g, o, "exile")
    g.adventures.append(n.card)
    g.event("715.3d", f"{d.faces[0].name} goes on an adventure (exiled; it may be cast)")
    return True


# ---------------------------------------------------------------- transform

def condition_holds(g, name: str, o, info) -> bool:
    """The werewolves' intervening "if" (CR 603.4): no spells were cast during the
    previous turn, or a player cast two or more spells during it (spells counted as
    CR 601.2i casts them)."""
    if name.startswith("faces:chapter:"):
        from .faces_saga import chapter_triggers
        return chapter_triggers(g, name, o, info)   # CR 714.2b
    counts = [p.spells_last_turn for p in g.players]
    if name == "faces:no_spells_last_turn":
        return g.turn > 1 and sum(counts) == 0
    if name == "faces:two_spells_last_turn":
        return max(counts) >= 2
    raise ValueError(f"unknown trigger condition {name}")


def transform(g, o, by: str | None = None) -> bool:
    """CR 701.27a: turn a double-faced permanent over; it stays the same object and every
    effect on it goes on applying (CR 712.18). Nothing happens to a permanent that isn't
    a double-faced card (701.27c) or whose other face is an instant or sorcery (701.27d).
    ``by``: the daybound/nightbound rule doing it (a permanent with either transforms
    only by it, 702.145b/e)."""
    if by is None and ("daybound" in o.defn.keywords or "nightbound" in o.defn.keywords):
        g.event("702.145b", f"{g.oname(o.oid)} transforms only as day and night change")
        return False
    d = full_definition(g, o.card)
    if d is None or len(d.faces) != 2 or is_split(d) or is_prototype(d) or \
            o.zone != "battlefield":
        g.event("701.27c", f"{g.oname(o.oid)} can't transform")
        return False
    i = 1 - g.faces.get(o.card, 0)
    f = d.faces[i]
    if "Instant" in f.types or "Sorcery" in f.types:
        g.event("701.27d", f"{g.oname(o.oid)} can't transform into an instant or sorcery")
        return False
    old = o.defn.name
    if i:
        g.faces[o.card] = i
    else:
        g.faces.pop(o.card, None)
    o.defn = g.card_definition(o.card)
    g.event("701.27a", f"{old} transforms into {o.defn.name}")
    if o.defn.triggered:
        from ..triggers import fire_self
        fire_self(g, "transforms_into", o)   # CR 701.27e: "transforms into [this face]"
    return True


def _transform(g, item, eff, legal):
    o = g.objects.get(item.source)
    if o is None or o.zone != "battlefield":
        return None   # CR 400.7: the permanent left; a new object isn't transformed
    if not item.is_spell and item.info.get("face", g.faces.get(o.card, 0)) != \
            g.faces.get(o.card, 0):
        # CR 701.27f: an ability of a permanent transforms it only if it hasn't
        # transformed since the ability was put on the stack.
        g.event("701.27f", f"{g.oname(o.oid)} has transformed since; it doesn't again")
        return None
    transform(g, o)
    return None


def _gain_life_source_power(g, item, eff, legal):
    """CR 119.3: the controller gains life equal to the source's power (a source that has
    left the battlefield gives none: its last known power isn't kept yet)."""
    from ..characteristics import power
    o = g.objects.get(item.source)
    amount = power(g, o) if o is not None else 0
    if amount > 0:
        g.players[item.controller].life += amount
        g.event("119.3", f"{g.pname(item.controller)} gains {amount} life")
        from ..triggers import fire_gain_life
        fire_gain_life(g, item.controller, amount)   # CR 119.9
    return None


def _reveal_top_transform(g, item, eff, legal):
    """Look at the top card (CR 701.16a); its controller may reveal it (701.20a); if a
    card of the named type is revealed, transform the source (701.27a)."""
    from ..flow import ask
    p = g.players[item.controller]
    if not p.library:
        return None
    if "answer" not in item.info:
        g.event("701.16a", f"{g.pname(item.controller)} looks at the top card of their library")
        ask(g, item.controller, "yes_no", {"rule": "701.20a", "resolving": True})
        if g.pending is not None:
            return "ask"
    if not item.info.pop("answer"):
        return None
    card = p.library[0]
    d = g.card_definition(card)
    g.event("701.20a", f"{g.pname(item.controller)} reveals {d.name}")
    if any(t in d.types for t in eff.types):
        return _transform(g, item, eff, legal)
    return None


def put_transformed(g, o, controller: int) -> None:
    """CR 712.14a: put a double-faced card onto the battlefield with its back face up (a
    card that isn't one stays where it is)."""
    from .. import zones
    d = full_definition(g, o.card)
    if d is None or len(d.faces) != 2 or is_split(d) or not d.faces[1].is_permanent_card:
        g.event("712.14a", f"{o.defn.name} isn't a double-faced permanent card; it stays")
        return
    g.faces[o.card] = 1
    n = zones.move(g, o, "battlefield", controller)
    g.event("712.14a", f"{n.defn.name} enters the battlefield transformed")


def _return_transformed(g, item, eff, legal):
    """CR 702.167a: the card exiled to pay the craft cost returns transformed under its
    owner's control (it is found in exile by its card, CR 400.7)."""
    card = item.source_card
    if card < 0:
        return None
    owner = g.setup.owners[card]
    oid = next((x for x in g.players[owner].exile if g.objects[x].card == card), None)
    if oid is not None:
        put_transformed(g, g.objects[oid], owner)
    return None


def entered(g, n) -> None:
    """A permanent with daybound or nightbound, or a Saga, entered the battlefield."""
    if "Saga" in n.defn.subtypes:
        from .faces_saga import saga_enters
        saga_enters(g, n)   # CR 714.3a
    if any(s.kind == "enters_prepared" for s in n.defn.static):
        from .faces_prepare import prepare
        prepare(g, n)   # CR 722.3a: "~ enters prepared"
    daybound_enters(g, n)   # CR 702.145d / 702.145g


from .faces_prepare import EFFECTS as _PREPARE_EFFECTS  # noqa: E402
from .faces_saga import EFFECTS as _SAGA_EFFECTS  # noqa: E402

EFFECTS: dict = {Transform: _transform, RevealTopTransform: _reveal_top_transform,
                 GainLifeSourcePower: _gain_life_source_power,
                 ReturnTransformed: _return_transformed, **_SAGA_EFFECTS,
                 **_PREPARE_EFFECTS}
