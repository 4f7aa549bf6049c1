"""Further effects (CR 608.2c), registered into ``effects._EFFECTS``: effect class ->
function(g, item, eff, legal) returning "ask" when it waits for a decision.

Life (119), drawing (121), discarding (701.9), milling (701.17), scry (701.22),
surveil (701.25), damage to each (120), tapping (701.26), fighting (701.14), searching
into a hand (701.23), group pumps (611.2c, 613), counters on each (122.1), destroying
each (701.8) and moving targets between zones (400).
"""

from __future__ import annotations

import dataclasses

from ..compiler import abilities as A
from . import zones

_COLOR_WORDS = {"W", "U", "B", "R", "G"}


# ---------------------------------------------------------------- filters

def card_quality(d, q: str) -> bool | None:
    """Whether a card definition has quality ``q`` ("nonland", "nonlegendary", "mana
    value 3 or less", CR 109.1); None when ``q`` isn't a quality of the card itself
    (tapped, attacking, power...)."""
    if q.startswith("super:"):
        return q[6:] in d.supertypes
    if q.startswith("cardkw:"):
        return q[7:] in d.keywords   # a keyword the card itself has (not on the battlefield)
    if q.startswith("cardpower<=") or q.startswith("cardpower>="):
        # CR 208.1: the printed power of a card outside the battlefield
        p = d.power if d.power is not None else 0
        return p <= int(q[11:]) if q[9] == "<" else p >= int(q[11:])
    if q.startswith("non:"):
        return q[4:] not in d.types
    if q.startswith("noncolor:"):
        return q[9:] not in d.colors
    if q.startswith("nonsuper:"):
        # CR 205.4a: "nonlegendary" - without that supertype.
        return q[9:] not in d.supertypes
    if q.startswith("anytype:"):
        return any(t in d.types for t in q[8:].split(","))
    if q.startswith("nonsub:"):
        return q[7:] not in d.subtypes   # CR 205.3: "non-Dragon"
    if q.startswith("either:"):
        # "creature or Vehicle": one of several qualities ("either:anytype:Creature|anysub:Vehicle");
        # None when one of them is a quality of the object, not the card ("token")
        found = [card_quality(d, x) for x in q[7:].split("|")]
        return True if any(found) else None if None in found else False
    if q.startswith("anysub:"):
        return any(t in d.subtypes for t in q[7:].split(","))
    if q.startswith("named:"):
        return d.name == q[6:]   # CR 201.2 (``named:~`` is resolved to the source's name)
    if q.startswith("mv<="):
        return d.mana_value <= int(q[4:])
    if q.startswith("mv>="):
        return d.mana_value >= int(q[4:])
    return None


def has_qualities(g, o, quals, controller: int | None = None) -> bool:
    """The extra qualities of a TargetSpec (``quals``) that ``o`` must have (CR 115.1,
    109.1: "nonland", "tapped", "attacking", "with flying", "with power 2 or less")."""
    if not quals:
        return True
    d = o.defn
    for q in quals:
        has = card_quality(d, q)
        if has is not None:
            if not has:
                return False
        elif q == "tapped":
            if not o.tapped:
                return False
        elif q == "token":
            if o.card >= 0:   # CR 111.1: a token is not a card
                return False
        elif q == "nontoken":
            if o.card < 0:
                return False
        elif q.startswith("either:"):
            if not any(has_qualities(g, o, (x,), controller) for x in q[7:].split("|")):
                return False
        elif q == "untapped":
            if o.tapped:
                return False
        elif q in ("attacking", "blocking", "attacking_or_blocking"):
            c = g.combat
            att = c is not None and o.oid in c.attackers
            blk = c is not None and o.oid in _blockers(c)
            if q == "attacking" and not att or q == "blocking" and not blk \
                    or q == "attacking_or_blocking" and not (att or blk):
                return False
        elif q.startswith("kw:") or q.startswith("nokw:"):
            from .characteristics import has_keyword
            kw = q.split(":", 1)[1]
            has = (has_keyword(g, o, kw) if o.zone == "battlefield" else kw in d.keywords)
            if has != q.startswith("kw:"):
                return False
        elif q.startswith("mv_at_most_count:"):
            from .areas.trigger_text import count_quality
            if not count_quality(g, o, q, controller):
                return False
        elif q.startswith("power<=") or q.startswith("power>="):
            from .characteristics import power
            pw = power(g, o) if o.zone == "battlefield" else (d.power or 0)
            n = int(q[7:])
            if (q[5] == "<" and pw > n) or (q[5] == ">" and pw < n):
                return False
        else:
            raise ValueError(f"unknown quality {q!r}")
    return True


def _blockers(c) -> set:
    b = getattr(c, "blockers", None)
    if isinstance(b, dict):
        return set(b)
    return set()


def permanent_matches(g, o, spec, controller: int, source: int | None = None) -> bool:
    """Whether permanent ``o`` is one of "each [spec]" (not a target: hexproof and the
    like don't matter, CR 115.10)."""
    from .characteristics import card_types, colors, has_subtype, is_creature
    d = o.defn
    if spec.kind == "creature" and not is_creature(o, g):
        return False
    if spec.types and not all(t in card_types(g, o) for t in spec.types):
        return False
    if spec.subtypes and not all(has_subtype(o, t, g) for t in spec.subtypes):
        return False
    if spec.colors and not all(c in colors(g, o) for c in spec.colors):
        return False
    if spec.controller == "you" and o.controller != controller:
        return False
    if spec.controller == "opponent" and o.controller == controller:
        return False
    if spec.other and o.oid == source:
        return False
    return has_qualities(g, o, spec.quals, controller)


def each_matching(g, spec, controller: int, source: int | None = None) -> list[int]:
    return [oid for oid in g.battlefield
            if permanent_matches(g, g.objects[oid], spec, controller, source)]


def group_targets(item, k: int, legal) -> list[int]:
    """Every still-legal chosen target of target spec number ``k`` (CR 608.2b)."""
    groups = item.info.get("groups")
    if groups is None:
        ts = [item.targets[k]] if k < len(item.targets) else []
    elif k >= len(groups):
        ts = []
    else:
        start = sum(groups[:k])
        ts = list(item.targets[start:start + groups[k]])
    return [t for t in ts if t in legal]


def players_of(g, item, who: str, target: int, legal) -> list[int]:
    """The players an effect acts on, in APNAP order (CR 101.4)."""
    me = item.controller
    if who == "you":
        return [me]
    if who == "target":
        return [p for p in group_targets(item, target, legal) if p in (0, 1)]
    if who == "each_opponent":
        return [p for p in (0, 1) if p != me and not g.players[p].lost]
    if who == "each_player":
        return [p for p in (g.active, 1 - g.active) if not g.players[p].lost]
    if who == "that_player":
        # CR 608.2h: the player the trigger event named, else the player targeted.
        p = item.info.get("player")
        if p in (0, 1):
            return [] if g.players[p].lost else [p]
        return [t for t in item.targets if t in (0, 1) and t in legal][:1]
    raise ValueError(f"unknown player set {who!r}")


# ---------------------------------------------------------------- life and cards

def _lose_life(g, item, eff, legal):
    """CR 119.3: a player who loses life has that much subtracted from their total."""
    for p in players_of(g, item, eff.who, eff.target, legal):
        g.players[p].life -= eff.amount
        g.event("119.3", f"{g.pname(p)} loses {eff.amount} life")


def _player_gains_life(g, item, eff, legal):
    for p in players_of(g, item, eff.who, eff.target, legal):
        # CR 119.3: gaining life adds to the total.
        g.players[p].life += eff.amount
        g.event("119.3", f"{g.pname(p)} gains {eff.amount} life")
        from .triggers import fire_gain_life
        fire_gain_life(g, p, eff.amount)   # CR 119.9


def _player_draws(g, item, eff, legal):
    # CR 121.1 / 121.2: each player draws, in APNAP order.
    for p in players_of(g, item, eff.who, eff.target, legal):
        zones.draw(g, p, eff.count)


def _player_discards(g, item, eff, legal):
    """CR 701.9a / 101.4: each player chooses the cards to discard (in APNAP order), then
    they are discarded at once; 701.9b: at random, nobody chooses."""
    from .effects import discard
    from .flow import ask
    who = item.info.get("discarders")
    if who is None:
        who = players_of(g, item, eff.who, eff.target, legal)
        item.info["discarders"] = who
        item.info["discard_chosen"] = []
    chosen = item.info["discard_chosen"]
    if "answer" in item.info:
        chosen.append(list(item.info.pop("answer")))
    while len(chosen) < len(who):
        p = who[len(chosen)]
        hand = g.players[p].hand
        n = min(eff.count, len(hand))
        if n == 0:
            chosen.append([])
            continue
        if eff.random or n == len(hand):
            picked = list(hand) if n == len(hand) else []
            if not picked:
                pool = list(hand)
                for _ in range(n):
                    c = g.rng.choice(pool)
                    pool.remove(c)
                    picked.append(c)
            chosen.append(picked)
            continue
        ask(g, p, "choose_cards", {"cards": list(hand), "count": n, "resolving": True,
                                   "rule": "701.9a", "purpose": "discard"})
        if g.pending is not None:
            return "ask"
        chosen.append(list(item.info.pop("answer")))
    for p, cards in zip(who, chosen):
        for oid in cards:
            if oid in g.objects and oid in g.players[p].hand:
                discard(g, p, oid)
    del item.info["discarders"], item.info["discard_chosen"]
    return None


def mill(g, player: int, count: int) -> None:
    """CR 701.17a: put the top ``count`` cards of the library into the graveyard (as many
    as there are, 701.17b)."""
    p = g.players[player]
    n = 0
    for _ in range(count):
        if not p.library:
            break
        card = p.library.pop(0)
        o = zones.new_object(g, card, player, "graveyard")
        p.graveyard.append(o.oid)
        n += 1
    g.event("701.17a", f"{g.pname(player)} mills {n} card(s)")


def _mill(g, item, eff, legal):
    for p in players_of(g, item, eff.who, eff.target, legal):
        mill(g, p, eff.count)


def _scry(g, item, eff, legal):
    """CR 701.22a: look at the top N cards; put any number of them on the bottom of the
    library in any order and the rest on top in any order. One decision chooses the
    cards for the bottom; then each group of two or more is ordered (top first)."""
    return _look_and_split(g, item, eff.count, "bottom", "701.22a")


def _surveil(g, item, eff, legal):
    """CR 701.25a: look at the top N cards; put any number into the graveyard and the
    rest on top in any order."""
    return _look_and_split(g, item, eff.count, "graveyard", "701.25a")


def _look_and_split(g, item, count: int, where: str, rule: str):
    from .flow import ask
    player = item.controller
    lib = g.players[player].library
    info = item.info
    st = info.get("look")
    if st is None:
        top = lib[:count]
        if not top:
            return None
        st = info["look"] = {"top": list(top), "stage": "split"}
        ask(g, player, "choose_cards", {"from": "library", "cards": list(top), "min": 0,
                                        "max": len(top), "resolving": True, "rule": rule,
                                        "purpose": where})
        if g.pending is not None:
            return "ask"
    if st["stage"] == "split":
        away = list(info.pop("answer", ()))
        st["away"] = away
        st["keep"] = [c for c in st["top"] if c not in away]
        st["stage"] = "order_top"
        if len(st["keep"]) > 1:
            ask(g, player, "choose_cards", {"cards": st["keep"], "count": len(st["keep"]),
                                            "ordered": True, "from": "library",
                                            "resolving": True, "rule": rule,
                                            "purpose": "top"})
            if g.pending is not None:
                return "ask"
    if st["stage"] == "order_top":
        if "answer" in info:
            st["keep"] = list(info.pop("answer"))
        st["stage"] = "order_away"
        if where == "bottom" and len(st["away"]) > 1:
            ask(g, player, "choose_cards", {"cards": st["away"], "count": len(st["away"]),
                                            "ordered": True, "from": "library",
                                            "resolving": True, "rule": rule,
                                            "purpose": "bottom"})
            if g.pending is not None:
                return "ask"
    if "answer" in info:
        st["away"] = list(info.pop("answer"))
    del info["look"]
    top = st["top"]
    del lib[:len(top)]
    lib[0:0] = st["keep"]
    if where == "bottom":
        lib.extend(st["away"])
        g.event(rule, f"{g.pname(player)} puts {len(st['keep'])} card(s) on top and "
                f"{len(st['away'])} on the bottom")
    else:
        p = g.players[player]
        for card in st["away"]:
            o = zones.new_object(g, card, player, "graveyard")
            p.graveyard.append(o.oid)
        g.event(rule, f"{g.pname(player)} puts {len(st['keep'])} card(s) on top and "
                f"{len(st['away'])} into the graveyard")
    return None


# ---------------------------------------------------------------- damage, tapping, fights

def _damage_each(g, item, eff, legal):
    """CR 120.2: the source deals the damage to each recipient at once (here one after
    the other, with no event in between that could change the recipients)."""
    from .effects import deal_damage
    src = g.objects.get(item.source)
    recipients = []
    if eff.spec is not None:
        recipients += each_matching(g, eff.spec, item.controller, item.source)
    if eff.players:
        recipients += players_of(g, item, eff.players, 0, legal)
    for r in recipients:
        deal_damage(g, item.source, r, eff.amount, src, source_card=item.source_card)


def _tap_target(g, item, eff, legal):
    for t in group_targets(item, eff.target, legal):
        o = g.objects.get(t)
        if o is not None and not o.tapped:
            zones.tap(g, o)
            # CR 701.26a: to tap a permanent, turn it sideways.
            g.event("701.26a", f"{g.oname(t)} becomes tapped")


def _subjects(g, item, k: int, legal) -> list[int]:
    if k < 0:
        o = g.objects.get(item.source)
        return [item.source] if o is not None and o.zone == "battlefield" else []
    return group_targets(item, k, legal)


def _gain_keywords(g, item, eff, legal):
    from .effects import _add_effect
    for t in _subjects(g, item, eff.target, legal):
        for kw in eff.keywords:
            # CR 613.1f: ability-adding effects apply in layer 6.
            _add_effect(g, layer="6", affected=t, until=eff.until, keyword=kw)
        g.event("613.1f", f"{g.oname(t)} gains {', '.join(eff.keywords)} until end of turn")


def _modify_each(g, item, eff, legal):
    """CR 611.2c: a continuous effect from a resolving spell or ability that changes
    characteristics affects only the objects that match as it begins."""
    from .effects import _add_effect
    for oid in each_matching(g, eff.spec, item.controller, item.source):
        if eff.power or eff.toughness:
            _add_effect(g, layer="7c", affected=oid, power=eff.power, toughness=eff.toughness,
                        until=eff.until)
        for kw in eff.keywords:
            _add_effect(g, layer="6", affected=oid, until=eff.until, keyword=kw)
    g.event("611.2c", f"creatures get {eff.power:+d}/{eff.toughness:+d}"
            + (f" and gain {', '.join(eff.keywords)}" if eff.keywords else "")
            + " until end of turn")


def _put_counters_each(g, item, eff, legal):
    from .effects import put_counters
    for oid in each_matching(g, eff.spec, item.controller, item.source):
        put_counters(g, g.objects[oid], eff.kind, eff.count)


def _fight(g, item, eff, legal):
    """CR 701.14a: each creature deals damage equal to its power to the other; 701.14b:
    if either is no longer on the battlefield, a creature, or a legal target, no damage
    is dealt."""
    from .characteristics import is_creature, power
    from .effects import deal_damage
    a = _subjects(g, item, eff.first, legal)
    b = _subjects(g, item, eff.second, legal)
    if not a or not b:
        g.event("701.14b", "one of the fighting creatures is gone: no damage is dealt")
        return
    x, y = g.objects[a[0]], g.objects[b[0]]
    if not (is_creature(x, g) and is_creature(y, g)):
        g.event("701.14b", "one of them is not a creature: no damage is dealt")
        return
    px, py = power(g, x), power(g, y)
    g.event("701.14a", f"{g.oname(x.oid)} fights {g.oname(y.oid)}")
    deal_damage(g, x.oid, y.oid, px, x)
    if x.oid != y.oid:
        deal_damage(g, y.oid, x.oid, py, y)


# ---------------------------------------------------------------- zones

def _destroy_each(g, item, eff, legal):
    """CR 701.8a: destroy each matching permanent (all at once)."""
    victims = [g.objects[oid] for oid in each_matching(g, eff.spec, item.controller,
                                                          item.source)]
    from .triggers import begin_together, end_together
    begin_together()   # CR 603.10a: they leave at once; "dies" abilities look back
    for o in victims:
        if o.oid in g.objects and o.zone == "battlefield":
            zones.destroy(g, o)   # CR 702.12b: not an indestructible one
    end_together()


def card_matches(g, card: int, spec) -> bool:
    d = g.card_definition(card)
    if spec.types and not all(t in d.types for t in spec.types):
        return False
    if spec.subtypes and not all(t in d.subtypes for t in spec.subtypes):
        return False
    if spec.colors and not all(c in d.colors for c in spec.colors):
        return False
    for q in spec.quals:
        has = card_quality(d, q)
        if has is None:
            raise ValueError(f"unknown card quality {q!r}")
        if not has:
            return False
    return True


def _search_to_zone(g, item, eff, legal):
    """CR 701.23a: search the library for cards with the stated qualities (finding none
    is allowed even if there are some, 701.23b), reveal them (701.20a), put them into
    the zone, then shuffle (701.24a)."""
    from .flow import ask
    player = item.controller
    lib = g.players[player].library
    if "answer" not in item.info:
        spec = eff.spec
        if "named:~" in spec.quals:   # CR 201.4b: "~" is the name of the source
            from .effects import item_source_name
            spec = dataclasses.replace(spec, quals=tuple(
                f"named:{item_source_name(g, item)}" if q == "named:~" else q
                for q in spec.quals))
        found = [c for c in lib if card_matches(g, c, spec)]
        ask(g, player, "choose_cards", {"from": "library", "cards": found, "max": eff.count,
                                        "min": 0, "rule": "701.23a", "resolving": True})
        if g.pending is not None:
            return "ask"
    chosen = item.info.pop("answer", None) or ()
    for c in chosen:
        if c not in lib:
            continue
        lib.remove(c)
        if eff.to == "battlefield":
            n = zones.put_onto_battlefield(g, c, player, player, tapped=eff.tapped)
            g.event("701.23a", f"{g.pname(player)} puts {n.defn.name} onto the battlefield")
        else:
            o = zones.new_object(g, c, player, "hand")
            g.players[player].hand.append(o.oid)
            g.event("701.20a", f"{g.pname(player)} reveals {o.defn.name} and puts it into "
                    "their hand")
    zones.shuffle_library(g, player)
    g.event("701.24a", f"{g.pname(player)} shuffles their library")
    return None


def _move_target_to(g, item, eff, legal):
    """Move each target to a zone (CR 400.3: to its owner's zone; 400.7: a new object;
    111.7 / 704.5d: a token that leaves the battlefield ceases to exist there)."""
    for t in group_targets(item, eff.target, legal):
        o = g.objects.get(t)
        if o is None:
            continue
        name = g.oname(t)
        if eff.to == "library_top" or eff.to == "library_bottom":
            zones.move(g, o, "library", top=eff.to == "library_top")
            g.event("401.4", f"{name} is put on the {eff.to[8:]} of its owner's library")
        else:
            zones.move(g, o, eff.to)
            rule = {"exile": "406.1", "hand": "400.6", "graveyard": "400.6"}[eff.to]
            g.event(rule, f"{name} is put into its owner's {eff.to}")


def _player_sacrifices(g, item, eff, legal):
    """CR 701.21a / 101.4: each player chooses the permanents they sacrifice (only their
    own, as many as they can), in APNAP order; then they are sacrificed at once."""
    from .flow import ask
    from .triggers import begin_together, end_together
    info = item.info
    who = info.get("sacrificers")
    if who is None:
        who = players_of(g, item, eff.who, eff.target, legal)
        info["sacrificers"] = who
        info["sacrificed"] = []
    chosen = info["sacrificed"]
    if "answer" in info:
        chosen.append(list(info.pop("answer")))
    while len(chosen) < len(who):
        p = who[len(chosen)]
        cands = [oid for oid in g.battlefield if g.objects[oid].controller == p
                 and permanent_matches(g, g.objects[oid], eff.spec, p)]
        n = min(eff.count, len(cands))
        if n == len(cands):
            chosen.append(cands)
            continue
        ask(g, p, "choose_cards", {"cards": cands, "count": n, "resolving": True,
                                   "rule": "701.21a", "purpose": "sacrifice"})
        if g.pending is not None:
            return "ask"
        chosen.append(list(info.pop("answer")))
    del info["sacrificers"], info["sacrificed"]
    begin_together()
    for p, oids in zip(who, chosen):
        for oid in oids:
            o = g.objects.get(oid)
            if o is not None and o.zone == "battlefield" and o.controller == p:
                g.event("701.21a", f"{g.pname(p)} sacrifices {o.defn.name}")
                from .effects import fire_sacrificed
                fire_sacrificed(g, o)
                zones.move(g, o, "graveyard")
    end_together()
    return None


# ---------------------------------------------------------------- restrictions

def restricted(g, o, kind: str) -> bool:
    """CR 508.1c / 509.1b: whether an effect from a resolved spell or ability says ``o``
    can't attack (``cant_attack``) or can't block (``cant_block``)."""
    return any(e.layer == "restriction" and e.affected == o.oid and e.data == kind
               for e in g.effects)


def _restrict(g, item, eff, legal):
    from .effects import _add_effect
    for t in _subjects(g, item, eff.target, legal):
        for kind in eff.kinds:
            _add_effect(g, layer="restriction", affected=t, until=eff.until, data=kind)
        what = " and ".join(k.replace("cant_", "can't ").replace("_", " ") for k in eff.kinds)
        g.event("611.2a", f"{g.oname(t)} {what} this turn")


def _restrict_each(g, item, eff, legal):
    """CR 611.2c: only the objects that match as the effect begins are affected."""
    from .effects import _add_effect
    for oid in each_matching(g, eff.spec, item.controller, item.source):
        for kind in eff.kinds:
            _add_effect(g, layer="restriction", affected=oid, until=eff.until, data=kind)
    g.event("611.2c", "creatures " + " and ".join(k.replace("cant_", "can't ")
                                                   for k in eff.kinds) + " this turn")


def _with_x(g, item, eff, legal):
    """CR 107.3a / 107.3m: X is the value announced as the spell was cast or the ability
    activated."""
    import dataclasses
    from .effects import execute
    return execute(g, item, dataclasses.replace(eff.effect, **{eff.field: item.x}), legal)


# ---------------------------------------------------------------- looking at the library

def _look_at_top(g, item, eff, legal):
    """CR 401.2: the controller looks at the top cards of their library (remembered as
    "them" for the effects that follow)."""
    lib = g.players[item.controller].library
    item.info["looked"] = list(lib[:eff.count])
    g.event("401.2", f"{g.pname(item.controller)} looks at the top {len(lib[:eff.count])}"
            " card(s) of their library")


def _looked_to_hand(g, item, eff, legal):
    """Put ``count`` of the cards looked at into the hand (only ones matching the spec;
    "you may reveal": up to one, CR 701.20a)."""
    from .flow import ask
    player = item.controller
    info = item.info
    lib = g.players[player].library
    looked = [c for c in info.get("looked", ()) if c in lib]
    cands = [c for c in looked if eff.spec is None or card_matches(g, c, eff.spec)]
    n = min(eff.count, len(cands))
    if eff.optional and "may" not in info:
        # "You may reveal/put a ... card from among them": the "you may" is asked first
        # (yes_no), then the choice of the card (scenario contract; CR 701.20a).
        info["may"] = "asking" if cands else False
        if cands:
            ask(g, player, "yes_no", {"resolving": True, "rule": "701.20a"})
            if g.pending is not None:
                return "ask"
    if info.get("may") == "asking":
        info["may"] = bool(info.pop("answer", False))
    if eff.optional and not info["may"]:
        chosen = []
    else:
        if "answer" not in info:
            # "any number of": at least one once the player said yes
            ask(g, player, "choose_cards", {"from": "library", "cards": cands, "max": n,
                                            "min": min(1, n) if eff.optional else n,
                                            "resolving": True,
                                            "rule": "701.20a" if eff.optional else "401.2",
                                            "purpose": "hand"})
            if g.pending is not None:
                return "ask"
        chosen = [c for c in info.pop("answer", None) or () if c in lib]
    info.pop("may", None)
    for c in chosen:
        lib.remove(c)
        o = zones.new_object(g, c, player, "hand")
        g.players[player].hand.append(o.oid)
        if eff.optional:
            g.event("701.20a", f"{g.pname(player)} reveals {o.defn.name} and puts it into "
                    "their hand")
    if not eff.optional:
        g.event("401.2", f"{g.pname(player)} puts {len(chosen)} card(s) into their hand")
    info["looked"] = [c for c in looked if c not in chosen]
    return None


def _looked_to_rest(g, item, eff, legal):
    """The rest of the cards looked at go to the graveyard, or to the bottom of the
    library in an order their owner chooses (CR 401.4) or in a random order."""
    from .flow import ask
    player = item.controller
    info = item.info
    lib = g.players[player].library
    rest = [c for c in info.get("looked", ()) if c in lib]
    if eff.to == "bottom" and not eff.random and len(rest) > 1:
        if "answer" not in info:
            ask(g, player, "choose_cards", {"cards": rest, "count": len(rest),
                                            "ordered": True, "from": "library",
                                            "resolving": True, "rule": "401.4",
                                            "purpose": "bottom"})
            if g.pending is not None:
                return "ask"
        rest = [c for c in info.pop("answer") if c in lib]
    elif eff.to == "bottom" and eff.random:
        g.rng.shuffle(rest)
    info.pop("looked", None)
    for c in rest:
        lib.remove(c)
        if eff.to == "bottom":
            lib.append(c)
        else:
            o = zones.new_object(g, c, player, "graveyard")
            g.players[player].graveyard.append(o.oid)
    where = "on the bottom of their library" if eff.to == "bottom" else "into their graveyard"
    g.event("401.4" if eff.to == "bottom" else "401.2",
            f"{g.pname(player)} puts {len(rest)} card(s) {where}")
    return None


EFFECTS: dict = {
    A.LoseLife: _lose_life, A.PlayerGainsLife: _player_gains_life,
    A.PlayerDraws: _player_draws, A.PlayerDiscards: _player_discards, A.Mill: _mill,
    A.Scry: _scry, A.Surveil: _surveil, A.DamageEach: _damage_each,
    A.TapTarget: _tap_target, A.GainKeywords: _gain_keywords, A.ModifyEach: _modify_each,
    A.PutCountersEach: _put_counters_each, A.Fight: _fight, A.DestroyEach: _destroy_each,
    A.SearchToZone: _search_to_zone, A.MoveTargetTo: _move_target_to,
    A.PlayerSacrifices: _player_sacrifices, A.Restrict: _restrict,
    A.RestrictEach: _restrict_each, A.WithX: _with_x, A.LookAtTop: _look_at_top,
    A.LookedToHand: _looked_to_hand, A.LookedToRest: _looked_to_rest,
}
