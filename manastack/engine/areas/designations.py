"""Engine area `designations`: counters and designations on players and permanents
(CR 122, 725, 726) and untapping (CR 502.3). Effect class -> function(g, item, eff, legal),
registered into ``effects._EFFECTS`` (see ``areas/__init__.py``).

The area's game state is ``g.designations``, a dict of immutable values (so a shallow
copy clones it) that serialises as JSON (docs/json.md):

- ``monarch``: the player who is the monarch (CR 725); absent while there is none.
- ``skip_untap``: permanents (object ids) that don't untap during their controller's next
  untap step (CR 502.3 / 611.2).
- ``initiative``: the player who has the initiative (CR 726); absent while no one has.
- ``rooms``: each player's room of the dungeon they own in the command zone, "" for none
  (CR 309.4: the venture marker); ``completed``: the dungeons each player completed
  (CR 309.7).
- ``goaded``: ``(object id, goading player)`` pairs (CR 701.15a).
- ``delayed_draw``: ``(turn, player, count)``: delayed "draw at the beginning of the next
  turn's upkeep" abilities (CR 603.7a), triggering in that turn's upkeep.
- ``renowned``: the permanents that are renowned (CR 702.112b).
- ``echo_seen``: for each player, the permanents with echo they controlled as their last
  upkeep began (CR 702.30a: "if this permanent came under your control since the
  beginning of your last upkeep").

Continuous effects that last "until your next turn" have ``until`` ``next_turn:P``
(CR 611.2a) and end as player P's next turn begins.
"""

from __future__ import annotations

from ...compiler.areas.designations import (Bolster, Evolve, Fabricate, PutCountersGroup,
                                            PutDiedCounters, Renown, UntapAll, UntapSource,
                                            DrawNextUpkeep)
from ...compiler.areas.designations import (UNDERCITY_ROOMS, BecomeMonarch, DoesntUntapNext,
                                            Goad, RemoveCounterOrSacrifice,
                                            ReturnDiedWithCounter, RevealPutOntoBattlefield,
                                            SacrificeUnlessPays, TakeInitiative, TapAttached,
                                            UntapEach, VentureInto)

# ---------------------------------------------------------------- state


def to_json(d: dict) -> dict:
    """``g.designations`` as plain JSON data."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in d.items()}


def from_json(d: dict | None) -> dict:
    """Inverse of :func:`to_json`."""
    return {k: tuple(v) if isinstance(v, list) else v for k, v in (d or {}).items()}


# ---------------------------------------------------------------- untapping (CR 502.3)


def cant_become_untapped(g, o) -> bool:
    """CR 303.4 / 613.1f: an Aura attached to ``o`` says "Enchanted creature can't become
    untapped"."""
    for oid in g.battlefield:
        a = g.objects[oid]
        if a.attached_to == o.oid and a.defn.static and any(
                s.kind in ("enchanted_cant_untap_or_counters", "enchanted_cant_untap")
                for s in a.defn.static):
            return True
    return False


def cant_have_counters(g, o) -> bool:
    """CR 122.1 + 303.4: an Aura attached to ``o`` says "Enchanted creature can't have
    counters put on it"."""
    if not g.attachments_exist():
        return False
    for oid in g.battlefield:
        a = g.objects[oid]
        if a.attached_to == o.oid and a.defn.static and any(
                s.kind == "enchanted_cant_untap_or_counters" for s in a.defn.static):
            return True
    return False


def untap_permanent(g, o, rule: str = "701.26b") -> bool:
    """Untap ``o`` unless it can't become untapped; CR 122.1d: if a permanent with a stun
    counter would become untapped, instead a stun counter is removed from it. Returns
    whether it untapped."""
    if not o.tapped:
        return False
    if g.attachments_exist() and cant_become_untapped(g, o):
        return False
    c = o.counters
    if c and c.get("stun", 0) > 0:
        c["stun"] -= 1
        if not c["stun"]:
            del c["stun"]
        g.event("122.1d", f"a stun counter is removed from {g.oname(o.oid)} instead of "
                "untapping it")
        return False
    o.tapped = False
    if rule != "502.3":
        g.event(rule, f"{g.oname(o.oid)} untaps")
    return True


def begin_turn(g, player: int) -> None:
    """CR 611.2a / 701.15a: effects that last "until your next turn" end as that player's
    turn begins (goad included)."""
    key = f"next_turn:{player}"
    if any(e.until == key for e in g.effects):
        g.effects = [e for e in g.effects if e.until != key]
        g.event("611.2a", f"\"until your next turn\" effects of {g.pname(player)} end")
    goaded = g.designations.get("goaded")
    if goaded:
        rest = tuple(x for x in goaded if x[1] != player and x[0] in g.objects)
        if rest:
            g.designations["goaded"] = rest
        else:
            del g.designations["goaded"]


def untap_step(g, player: int) -> None:
    """CR 502.3: the active player untaps their permanents, except those that don't untap
    during their controller's untap step (static abilities, CR 303.4b) or during its next
    one (an effect, which is then used up)."""
    from ..static import untaps_during_untap_step
    if g.designations or g.effects:
        begin_turn(g, player)
    skip = g.designations.get("skip_untap") if g.designations else None
    for oid in g.battlefield:
        o = g.objects[oid]
        if o.controller != player or not o.tapped:
            continue
        if skip and oid in skip:
            g.event("502.3", f"{g.oname(oid)} doesn't untap during this untap step")
            continue
        if untaps_during_untap_step(g, o):
            untap_permanent(g, o, "502.3")
    # CR 502.3: "Untap ~ during each other player's untap step."
    for oid in g.battlefield:
        o = g.objects[oid]
        if o.controller != player and o.tapped and o.defn.static and any(
                s.kind == "untaps_each_untap_step" for s in o.defn.static):
            untap_permanent(g, o, "502.3")
    if skip:
        # CR 611.2: "next untap step" effects of this player's permanents end now, as do
        # those of permanents that have left the battlefield (CR 400.7).
        rest = tuple(x for x in skip if x in g.objects and g.objects[x].zone == "battlefield"
                     and g.objects[x].controller != player)
        if rest:
            g.designations["skip_untap"] = rest
        else:
            del g.designations["skip_untap"]


def _doesnt_untap_next(g, item, eff, legal):
    from ..effects_more import group_targets
    oids = [item.source] if eff.target < 0 else group_targets(item, eff.target, legal)
    for t in oids:
        o = g.objects.get(t)
        if o is None or o.zone != "battlefield":
            continue
        skip = g.designations.get("skip_untap", ())
        if t not in skip:
            g.designations["skip_untap"] = skip + (t,)
        g.event("502.3", f"{g.oname(t)} won't untap during its controller's next untap step")


def _tap_attached(g, item, eff, legal):
    from .. import zones
    a = g.objects.get(item.source)
    if a is None or a.zone != "battlefield" or a.attached_to not in g.objects:
        return
    zones.tap(g, g.objects[a.attached_to])
    g.event("701.26a", f"{g.oname(a.attached_to)} becomes tapped")


# ---------------------------------------------------------------- the monarch (CR 725)

# CR 725.2: the monarch's two inherent triggered abilities, as the rules text of an object
# that exists in no zone (a registered token definition, so it serialises like one).
MONARCH_SPEC = {"name": "The Monarch", "types": [], "designation": "monarch",
                "text": "At the beginning of your end step, draw a card.\n"
                        "Whenever a creature deals combat damage to the monarch, its "
                        "controller becomes the monarch."}


def monarch_card(g) -> int:
    """The card number of the monarch's rules object (registered once a game)."""
    for i, t in enumerate(g.tokens):
        if t.get("designation") == "monarch":
            return -i - 2
    return g.register_token(MONARCH_SPEC)


def monarch(g) -> int | None:
    """CR 725.1: the player who is the monarch, or None."""
    return g.designations.get("monarch") if g.designations else None


def become_monarch(g, player: int) -> None:
    """CR 725.3: there is only one monarch; as a player becomes the monarch, the current
    monarch ceases to be."""
    monarch_card(g)
    if g.designations.get("monarch") == player:
        return
    g.designations["monarch"] = player
    g.event("725.1", f"{g.pname(player)} becomes the monarch")


def _monarch_trigger(g, event: str, controller: int, info: dict) -> None:
    card = monarch_card(g)
    for i, t in enumerate(g.card_definition(card).triggered):
        if event in t.events:
            g.waiting.append((-1, card, i, controller, info))
            g.event("725.2", f"the monarch's ability triggers ({event})")


def fire_end_step(g) -> None:
    """CR 725.2: "At the beginning of the monarch's end step, that player draws a card.\""""
    m = monarch(g)
    if m is not None and m == g.active:
        _monarch_trigger(g, "your_end_step", m, {})


def fire_combat_damage_to_player(g, src: int, player: int) -> None:
    """CR 725.2: "Whenever a creature deals combat damage to the monarch, its controller
    becomes the monarch." (controlled by the monarch, CR 725.2); CR 726.2: "Whenever one or
    more creatures a player controls deal combat damage to the player who has the
    initiative, the controller of those creatures takes the initiative" (once for the
    creatures of one player dealing combat damage at once)."""
    o = g.objects.get(src)
    i = initiative(g)
    if i is not None and i == player and o is not None:
        card = _designation_card(g, INITIATIVE_SPEC)
        if not any(r[1] == card and r[4].get("player") == o.controller for r in g.waiting):
            _initiative_trigger(g, "initiative_combat_damage", i, {"player": o.controller})
    m = monarch(g)
    if m is None or m != player:
        return
    _monarch_trigger(g, "monarch_combat_damage", m,
                     {"creature": src, "player": o.controller if o is not None else 1 - m})


def _become_monarch(g, item, eff, legal):
    who = item.controller
    if eff.who == "creature_controller":
        o = g.objects.get(item.info.get("creature"))
        # CR 608.2h: its last known controller if it has left the battlefield.
        who = o.controller if o is not None and o.zone == "battlefield" \
            else item.info.get("player", who)
    become_monarch(g, who)


# ---------------------------------------------------------------- the initiative (CR 726)

# CR 726.2: the initiative's three inherent triggered abilities (as for the monarch).
INITIATIVE_SPEC = {"name": "The Initiative", "types": [], "designation": "initiative",
                   "text": "At the beginning of your upkeep, venture into Undercity.\n"
                           "Whenever one or more creatures a player controls deal combat damage "
                           "to the player who has the initiative, the controller of those "
                           "creatures takes the initiative.\n"
                           "Whenever you take the initiative, venture into Undercity."}

# CR 309.4c: the Undercity dungeon's room abilities (CR 701.49d: "venture into Undercity").
UNDERCITY_TEXT = {
    "Secret Entrance": "search your library for a basic land card, reveal it, put it into "
                       "your hand, then shuffle.",
    "Forge": "put two +1/+1 counters on target creature.",
    "Lost Well": "scry 2.",
    "Trap!": "target player loses 5 life.",
    "Arena": "goad target creature.",
    "Stash": "create a Treasure token.",
    "Archives": "draw a card.",
    "Catacombs": "create a 4/1 black Skeleton creature token with menace.",
    "Throne of the Dead Three": "reveal the top ten cards of your library. Put a creature "
                                "card from among them onto the battlefield with three +1/+1 "
                                "counters on it. It gains hexproof until your next turn. "
                                "Then shuffle.",
}
UNDERCITY_SPEC = {"name": "Undercity", "types": ["Dungeon"], "designation": "undercity",
                  "text": "\n".join(f"When you move your venture marker into {r}, {e}"
                                    for r, e in UNDERCITY_TEXT.items())}


def _designation_card(g, spec: dict) -> int:
    for i, t in enumerate(g.tokens):
        if t.get("designation") == spec["designation"]:
            return -i - 2
    return g.register_token(spec)


def initiative(g) -> int | None:
    """CR 726.1: the player who has the initiative, or None."""
    return g.designations.get("initiative") if g.designations else None


def _initiative_trigger(g, event: str, controller: int, info: dict) -> None:
    card = _designation_card(g, INITIATIVE_SPEC)
    for i, t in enumerate(g.card_definition(card).triggered):
        if event in t.events:
            g.waiting.append((-1, card, i, controller, info))
            g.event("726.2", f"the initiative's ability triggers ({event})")


def take_initiative(g, player: int) -> None:
    """CR 726.3 / 726.5: ``player`` takes the initiative (the one who had it ceases to);
    "Whenever a player takes the initiative, that player ventures into Undercity" triggers
    even if they already had it."""
    if g.designations.get("initiative") != player:
        g.designations["initiative"] = player
        g.event("726.1", f"{g.pname(player)} takes the initiative")
    else:
        g.event("726.5", f"{g.pname(player)} takes the initiative again")
    _initiative_trigger(g, "take_initiative", player, {})
    from ..triggers import fire_self
    for oid in list(g.battlefield):
        o = g.objects[oid]
        if o.controller == player and o.defn.triggered:
            fire_self(g, "take_initiative", o)


def fire_upkeep(g) -> None:
    """CR 726.2: "At the beginning of the upkeep of the player who has the initiative, that
    player ventures into Undercity."; CR 702.30a: the permanents with echo the active
    player controls as their upkeep begins are remembered."""
    p = initiative(g)
    if p is not None and p == g.active:
        _initiative_trigger(g, "upkeep", p, {})
    delayed = g.designations.get("delayed_draw")
    if delayed:
        # CR 603.7b: a delayed triggered ability triggers once, the next time its event
        # happens.
        now = [d for d in delayed if d[0] <= g.turn]
        rest = tuple(d for d in delayed if d[0] > g.turn)
        if rest:
            g.designations["delayed_draw"] = rest
        else:
            del g.designations["delayed_draw"]
        card = _designation_card(g, DELAYED_DRAW_SPEC)
        for _, player, count in now:
            for _ in range(count):
                g.waiting.append((-1, card, 0, player, {}))
            g.event("603.7a", f"the delayed draw of {g.pname(player)} triggers")
    echo = tuple(oid for oid in g.battlefield if g.objects[oid].controller == g.active
                 and _has_echo(g.objects[oid]))
    seen = g.designations.get("echo_seen")
    if echo or seen:
        seen = list(seen or ((), ()))
        seen[g.active] = echo
        if any(seen):
            g.designations["echo_seen"] = tuple(seen)
        else:
            del g.designations["echo_seen"]


def _has_echo(o) -> bool:
    return any(t.condition == "designations:echo" for t in o.defn.triggered)


def condition_holds(g, name: str, o, info):
    """Trigger conditions of this area (an intervening "if", CR 603.4), or None when
    ``name`` is not one: ``echo`` (CR 702.30a), ``no_counters:KIND`` (persist and undying
    look at the permanent as it last existed, CR 702.79a / 702.93a / 603.10a),
    ``has_counter:KIND`` (vanishing, CR 702.63a)."""
    if not name.startswith("designations:"):
        return None
    what = name[len("designations:"):]
    if what == "echo":
        seen = g.designations.get("echo_seen") if g.designations else None
        return not seen or o.oid not in seen[o.controller]
    if what.startswith("no_counters:"):
        return not (info or {}).get("counters", {}).get(what[len("no_counters:"):], 0)
    if what == "not_renowned":
        return o.oid not in g.designations.get("renowned", ())
    if what == "evolve":
        return _evolves(g, o, g.objects.get((info or {}).get("entered")))
    if what.startswith("has_counter:"):
        return bool((o.counters or {}).get(what[len("has_counter:"):], 0))
    return None


def _venture(g, player: int, item) -> str | None:
    """CR 701.49a-c / 309.5: move ``player``'s venture marker (asking which room where two
    arrows leave the current one); the new room's ability triggers (CR 309.4c)."""
    from ..flow import ask
    rooms = list(g.designations.get("rooms", ("", "")))
    completed = list(g.designations.get("completed", (0, 0)))
    room = rooms[player]
    if not room or not UNDERCITY_ROOMS[room]:
        if room:
            # CR 701.49c / 309.7: venturing from the bottommost room completes the dungeon.
            completed[player] += 1
            g.designations["completed"] = tuple(completed)
            g.event("309.7", f"{g.pname(player)} completes Undercity")
        # CR 701.49a / 309.4a: the dungeon is put into the command zone, the marker on
        # its topmost room.
        new = "Secret Entrance"
        g.event("701.49a", f"{g.pname(player)} puts Undercity into the command zone")
    else:
        nexts = UNDERCITY_ROOMS[room]
        if len(nexts) == 1:
            new = nexts[0]
        else:
            if "answer" not in item.info:
                ask(g, player, "room", {"choices": list(nexts), "resolving": True,
                                        "rule": "701.49b"})
                if g.pending is not None:
                    return "ask"
            new = item.info.pop("answer", None) or nexts[0]
    rooms[player] = new
    g.designations["rooms"] = tuple(rooms)
    g.event("701.49b", f"{g.pname(player)} ventures into {new}")
    card = _designation_card(g, UNDERCITY_SPEC)
    for i, t in enumerate(g.card_definition(card).triggered):
        if "room|" + new in t.events:
            g.waiting.append((-1, card, i, player, {}))
            g.event("309.4c", f"the room ability of {new} triggers")
    return None


def _room_on_stack(g, player: int) -> bool:
    card = None
    for i, t in enumerate(g.tokens):
        if t.get("designation") == "undercity":
            card = -i - 2
    if card is None:
        return False
    return (any(s.source_card == card and s.controller == player for s in g.stack)
            or any(r[1] == card and r[3] == player for r in g.waiting + g.placing))


def dungeon_sba(g) -> bool:
    """CR 309.6 / 704.5t: a venture marker on the bottommost room of a dungeon that isn't
    the source of a room ability still waiting or on the stack: its owner removes the
    dungeon from the game (completing it, CR 309.7)."""
    rooms = g.designations.get("rooms")
    if not rooms:
        return False
    done = False
    for p, room in enumerate(rooms):
        if room and not UNDERCITY_ROOMS[room] and not _room_on_stack(g, p):
            rooms = rooms[:p] + ("",) + rooms[p + 1:]
            completed = list(g.designations.get("completed", (0, 0)))
            completed[p] += 1
            g.designations["completed"] = tuple(completed)
            g.event("309.6", f"{g.pname(p)} completes Undercity; it leaves the game")
            done = True
    if done:
        g.designations["rooms"] = rooms
    return done


def _take_initiative(g, item, eff, legal):
    who = item.controller
    if eff.who == "creature_controller":
        who = item.info.get("player", who)
    take_initiative(g, who)


def _venture_into(g, item, eff, legal):
    return _venture(g, item.controller, item)


def _goad(g, item, eff, legal):
    from ..effects_more import group_targets
    for t in group_targets(item, eff.target, legal):
        o = g.objects.get(t)
        if o is None or o.zone != "battlefield":
            continue
        goaded = tuple(x for x in g.designations.get("goaded", ()) if x[0] != t)
        g.designations["goaded"] = goaded + ((t, item.controller),)
        g.event("701.15a", f"{g.oname(t)} is goaded by {g.pname(item.controller)}")


def goaded(g, oid: int) -> bool:
    """CR 701.15b: a goaded creature attacks each combat if able."""
    gd = g.designations.get("goaded") if g.designations else None
    return bool(gd) and any(x[0] == oid for x in gd)


def _reveal_put(g, item, eff, legal):
    from .. import zones
    from ..effects import put_counters
    from ..flow import ask
    player = item.controller
    lib = g.players[player].library
    if "answer" not in item.info:
        top = lib[:eff.count]
        g.event("701.20a", f"{g.pname(player)} reveals the top {len(top)} card(s) of their "
                "library")
        found = [c for c in top if all(t in g.card_definition(c).types for t in eff.types)]
        ask(g, player, "choose_cards", {"from": "library", "cards": found, "max": 1,
                                        "min": 1 if found else 0, "rule": "701.20a",
                                        "resolving": True})
        if g.pending is not None:
            return "ask"
    chosen = item.info.pop("answer", None) or ()
    for c in chosen:
        lib.remove(c)
        n = zones.put_onto_battlefield(g, c, player, player)
        g.event("400.6", f"{g.pname(player)} puts {n.defn.name} onto the battlefield")
        for kind, k in eff.counters:
            put_counters(g, n, kind, k)
        if eff.keyword:
            from ..effects import _add_effect
            _add_effect(g, layer="6", affected=n.oid, until=f"next_turn:{player}",
                        keyword=eff.keyword)
            g.event("611.2a", f"{g.oname(n.oid)} gains {eff.keyword} until "
                    f"{g.pname(player)}'s next turn")
    zones.shuffle_library(g, player)
    g.event("701.24a", f"{g.pname(player)} shuffles their library")
    return None


# ---------------------------------------------------------------- upkeep costs and counters


def _sacrifice(g, o) -> None:
    from .. import zones
    g.event("701.21a", f"{g.pname(o.controller)} sacrifices {o.defn.name}")
    zones.move(g, o, "graveyard")


def _sacrifice_unless_pays(g, item, eff, legal):
    """CR 118.12: the controller may pay; if they don't, they sacrifice the source (echo
    702.30a; cumulative upkeep 702.24a puts an age counter first and costs [cost] for each
    age counter)."""
    from ..casting import can_afford
    from ..effects import _ask_unless, begin_payment, put_counters
    src = g.objects.get(item.source)
    if src is None or src.zone != "battlefield":
        return None
    info = item.info
    player = item.controller
    if eff.per_counter and "counted" not in info:
        info["counted"] = True
        put_counters(g, src, eff.per_counter, 1)
    n = (src.counters or {}).get(eff.per_counter, 0) if eff.per_counter else 1
    generic, colored = eff.mana.generic * n, [c * n for c in eff.mana.colored]
    possible = can_afford(g, player, generic, colored, generous=False)
    if _ask_unless(g, info, player, possible, "118.12") == "ask":
        return "ask"
    if info.get("unless") == "ask":
        if info.pop("answer", False):
            info["unless"] = "paying"
            return begin_payment(g, item, player, generic, colored)
        info["unless"] = "done"
        _sacrifice(g, src)
        return None
    if info.get("unless") == "paying":
        info["unless"] = "done"
        if info.pop("answer", False):
            g.event("118.12", f"{g.pname(player)} pays; {src.defn.name} stays")
        else:
            _sacrifice(g, src)
    return None


def _remove_counter_or_sacrifice(g, item, eff, legal):
    """CR 702.32a: remove a fade counter; if you can't, sacrifice it. CR 702.63a: remove a
    time counter; removing the last one triggers "sacrifice it"."""
    src = g.objects.get(item.source)
    if src is None or src.zone != "battlefield":
        return None
    c = src.counters or {}
    if c.get(eff.kind, 0) > 0:
        c[eff.kind] -= 1
        g.event("122.8", f"a {eff.kind} counter is removed from {g.oname(src.oid)}")
        if not c[eff.kind]:
            del c[eff.kind]
            if not eff.sacrifice:
                from ..triggers import fire_self
                fire_self(g, "last_counter_removed", src)
    elif eff.sacrifice:
        _sacrifice(g, src)
    return None


def _return_died_with_counter(g, item, eff, legal):
    """CR 702.79a / 702.93a: the card returns from its owner's graveyard (if it is still
    there, CR 400.7; a token has ceased to exist, 704.5d) with a counter on it."""
    from .. import zones
    from ..effects import put_counters
    card = item.source_card
    if card is None or card < 0:
        return None
    for p in g.players:
        for oid in p.graveyard:
            o = g.objects[oid]
            if o.card == card:
                n = zones.move(g, o, "battlefield", o.owner)
                g.event("400.6", f"{n.defn.name} returns to the battlefield")
                put_counters(g, n, eff.kind, 1)
                return None
    return None


def _untap_each(g, item, eff, legal):
    from ..casting import _filter_matches
    for oid in g.battlefield:
        o = g.objects[oid]
        if _filter_matches(g, o, eff.spec, item.controller):
            skip = g.designations.get("skip_untap", ())
            if oid not in skip:
                g.designations["skip_untap"] = skip + (oid,)
            g.event("502.3", f"{g.oname(oid)} won't untap during its controller's next untap "
                    "step")


def _evolves(g, o, n) -> bool:
    """CR 702.100a-b: the entering creature has greater power or greater toughness."""
    from ..characteristics import is_creature, power, toughness
    if n is None or n.zone != "battlefield" or not is_creature(n) or not is_creature(o):
        return False
    return power(g, n) > power(g, o) or toughness(g, n) > toughness(g, o)


def _evolve(g, item, eff, legal):
    from ..effects import put_counters
    o = g.objects.get(item.source)
    if o is None or o.zone != "battlefield":
        return None
    n = g.objects.get(item.info.get("entered"))
    if n is not None and n.zone == "battlefield" and not _evolves(g, o, n):
        g.event("603.4", f"{o.defn.name} doesn't evolve: the condition no longer holds")
        return None
    g.event("702.100a", f"{o.defn.name} evolves")
    put_counters(g, o, "+1/+1", 1)
    return None


def _renown(g, item, eff, legal):
    from ..effects import put_counters
    o = g.objects.get(item.source)
    if o is None or o.zone != "battlefield" or o.oid in g.designations.get("renowned", ()):
        return None   # CR 603.4: the intervening "if" is checked again
    put_counters(g, o, "+1/+1", eff.count)
    g.designations["renowned"] = g.designations.get("renowned", ()) + (o.oid,)
    g.event("702.112b", f"{g.oname(o.oid)} becomes renowned")
    return None


SERVO = (("name", "Servo Token"), ("types", ("Artifact", "Creature")), ("subtypes", ("Servo",)),
         ("colors", ()), ("power", 1), ("toughness", 1))


def _fabricate(g, item, eff, legal):
    from .. import zones
    from ..effects import put_counters
    from ..flow import ask
    o = g.objects.get(item.source)
    here = o is not None and o.zone == "battlefield"
    if here and "answer" not in item.info:
        ask(g, item.controller, "yes_no", {"rule": "702.123a", "resolving": True})
        if g.pending is not None:
            return "ask"
    if here and item.info.pop("answer", False):
        put_counters(g, o, "+1/+1", eff.count)
        return None
    # CR 702.123a: if you don't (or can't: it has left the battlefield), create Servos.
    for _ in range(eff.count):
        zones.create_token(g, dict(SERVO), item.controller)
    return None


def _put_counters_group(g, item, eff, legal):
    from ..effects import put_counters
    from ..effects_more import group_targets
    for t in group_targets(item, eff.target, legal):
        o = g.objects.get(t)
        if o is not None and o.zone == "battlefield":
            put_counters(g, o, eff.kind, eff.count)
    return None


def _put_died_counters(g, item, eff, legal):
    from ..effects import _target, put_counters
    t = _target(item, eff, legal)
    n = item.info.get("counters", {}).get(eff.kind, 0)
    o = g.objects.get(t) if t is not None else None
    if o is not None and o.zone == "battlefield" and n:
        put_counters(g, o, eff.kind, n)
    return None


def _bolster(g, item, eff, legal):
    """CR 701.39a: among ties the player chooses (kind ``choose_cards``)."""
    from ..characteristics import is_creature, toughness
    from ..effects import put_counters
    from ..flow import ask
    player = item.controller
    mine = [oid for oid in g.battlefield if g.objects[oid].controller == player
            and is_creature(g.objects[oid])]
    if not mine:
        return None
    least = min(toughness(g, g.objects[x]) for x in mine)
    cands = [x for x in mine if toughness(g, g.objects[x]) == least]
    if len(cands) > 1:
        if "answer" not in item.info:
            ask(g, player, "choose_cards", {"cards": cands, "count": 1, "resolving": True,
                                            "rule": "701.39a", "purpose": "bolster"})
            if g.pending is not None:
                return "ask"
        chosen = tuple(item.info.pop("answer", ()) or cands[:1])
    else:
        chosen = tuple(cands)
    for oid in chosen:
        put_counters(g, g.objects[oid], "+1/+1", eff.count)
    return None


def _untap_source(g, item, eff, legal):
    o = g.objects.get(item.source)
    if o is not None and o.zone == "battlefield":
        untap_permanent(g, o)
    return None


def _untap_all(g, item, eff, legal):
    from ..casting import _filter_matches
    for oid in list(g.battlefield):
        o = g.objects[oid]
        if o.tapped and _filter_matches(g, o, eff.spec, item.controller):
            untap_permanent(g, o)
    return None


def unblockable_by_monarch(g, blocker, attacker) -> bool:
    """CR 509.1b + 725.1: "~ can't be blocked by creatures the monarch controls"."""
    m = monarch(g)
    return (m is not None and blocker.controller == m and attacker.defn.static
            and any(s.kind == "unblockable_by_monarch" for s in attacker.defn.static))


# CR 603.7a: the delayed triggered ability "draw a card at the beginning of the next turn's
# upkeep", as the rules object of its trigger (like the monarch's).
DELAYED_DRAW_SPEC = {"name": "Delayed Draw", "types": [], "designation": "delayed_draw",
                     "text": "At the beginning of your upkeep, draw a card."}


def _draw_next_upkeep(g, item, eff, legal):
    """CR 603.7a: the delayed ability is created now; it triggers at the next turn's
    upkeep, controlled by this ability's controller (CR 603.7d)."""
    d = g.designations.get("delayed_draw", ())
    g.designations["delayed_draw"] = d + ((g.turn + 1, item.controller, eff.count),)
    g.event("603.7a", f"{g.pname(item.controller)} will draw at the beginning of the next "
            "turn's upkeep")
    return None


def no_maximum_hand_size(g, player: int) -> bool:
    """CR 402.2: a player may have no maximum hand size (a static ability)."""
    for oid in g.battlefield:
        o = g.objects[oid]
        if o.controller == player and o.defn.static and any(
                s.kind == "no_maximum_hand_size" for s in o.defn.static):
            return True
    return False


EFFECTS: dict = {
    DrawNextUpkeep: _draw_next_upkeep,
    UntapSource: _untap_source,
    UntapAll: _untap_all,
    Bolster: _bolster,
    Evolve: _evolve,
    Fabricate: _fabricate,
    PutCountersGroup: _put_counters_group,
    PutDiedCounters: _put_died_counters,
    Renown: _renown,
    SacrificeUnlessPays: _sacrifice_unless_pays,
    RemoveCounterOrSacrifice: _remove_counter_or_sacrifice,
    ReturnDiedWithCounter: _return_died_with_counter,
    UntapEach: _untap_each,
    TakeInitiative: _take_initiative,
    VentureInto: _venture_into,
    Goad: _goad,
    RevealPutOntoBattlefield: _reveal_put,
    DoesntUntapNext: _doesnt_untap_next,
    BecomeMonarch: _become_monarch,
    TapAttached: _tap_attached,
}
