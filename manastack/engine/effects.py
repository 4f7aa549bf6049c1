"""What effects do as a spell or ability resolves (CR 608.2c): damage (120), counters
(122), tokens (111), zone changes (400, 610.3), control (613.1b), attaching (701.3),
destroying (701.8), countering (701.6), searching (701.23).

``execute`` returns "ask" when the effect waits for a decision; the resolving item keeps
its progress in ``item.info`` and the effect runs again with ``info["answer"]`` set.
"""

from __future__ import annotations

from ..compiler import abilities as A
from .characteristics import has_keyword, is_creature, protected_from
from .state import ContinuousEffect
from . import zones


def first_target(item, k: int):
    """The first chosen target of target spec number ``k`` (CR 601.2c)."""
    groups = item.info.get("groups")
    if groups is None:
        return item.targets[k] if k < len(item.targets) else None
    if k >= len(groups) or not groups[k]:
        return None
    return item.targets[sum(groups[:k])]


def item_source_name(g, item) -> str:
    if item.source_card is not None and item.source_card != -1:
        return g.card_definition(item.source_card).name
    o = g.objects.get(item.source)
    return o.defn.name if o else "ability"


def execute(g, item, eff, legal: set):
    """Carry out one effect (CR 608.2c); "ask" when it waits for a decision."""
    fn = _EFFECTS.get(type(eff))
    if fn is None:
        from .verbs import HANDLERS, run_one
        if type(eff) in HANDLERS:   # a compiled instruction inside the templates' effects
            return None if run_one(g, item, eff, legal) else "ask"
        raise NotImplementedError(f"effect {eff!r}")
    return fn(g, item, eff, legal)


def _target(item, eff, legal):
    t = first_target(item, eff.target)
    return t if t in legal else None


# ---------------------------------------------------------------- damage and life

def deal_damage(g, source_id: int, recipient: int, amount: int, source_obj=None,
                combat: bool = False, source_card: int | None = None) -> int:
    """CR 120.3: damage to a player causes life loss (120.3a); to a creature it is marked
    (120.3e); deathtouch (702.2b) and lifelink (702.15b) apply; protection prevents it
    (702.16e)."""
    if amount <= 0:
        return 0
    src = source_obj if source_obj is not None else g.objects.get(source_id)
    # CR 615.1a / 615.7: prevention effects apply to the damage first.
    from .areas import damage_text as _damage_area
    amount = _damage_area.prevent(g, source_id, src, recipient, amount, combat, source_card)
    if amount <= 0:
        return 0
    sname = g.oname(source_id) if source_id in g.objects else (
        g.card_definition(source_card).name if source_card is not None and source_card != -1
        else f"#{source_id}")
    # CR 702.90b-e: infect (its last known information if the source has left, 702.90d).
    infect = (has_keyword(g, src, "infect") if src is not None else
              source_card is not None and source_card != -1
              and "infect" in g.card_definition(source_card).keywords)
    if recipient in (0, 1) and infect:
        # CR 120.3b: damage from a source with infect gives poison counters instead.
        g.players[recipient].poison += amount
        g.event("120.3b", f"{sname} deals {amount} damage to {g.pname(recipient)}: "
                f"{amount} poison counter(s) (infect)")
    elif recipient in (0, 1):
        g.players[recipient].life -= amount
        g.event("120.3a", f"{sname} deals {amount} damage to {g.pname(recipient)}")
    else:
        o = g.objects.get(recipient)
        if o is None or o.zone != "battlefield":
            return 0
        if src is not None and protected_from(g, o, src):
            g.event("702.16e", f"damage from {sname} to {g.oname(recipient)} is prevented")
            return 0
        from .areas.planeswalkers import damage as damage_planeswalker, is_planeswalker
        walker = is_planeswalker(g, o)
        if walker:
            damage_planeswalker(g, o, amount, sname)   # CR 120.3c: loyalty counters removed
        if walker and not is_creature(o, g):
            pass   # CR 120.3c: a planeswalker that isn't a creature has no damage marked
        elif infect or _damage_area.wither(g, src, source_card):
            # CR 120.3d / 702.80a: -1/-1 counters instead of marked damage (infect, wither).
            o.counters = dict(o.counters or {})
            o.counters["-1/-1"] = o.counters.get("-1/-1", 0) + amount
            g.event("120.3d", f"{sname} deals {amount} damage to {g.oname(recipient)}: "
                    f"{amount} -1/-1 counter(s) ({'infect' if infect else 'wither'})")
        else:
            o.damage += amount
            g.event("120.3e", f"{sname} deals {amount} damage to {g.oname(recipient)}")
        if src is not None and has_keyword(g, src, "deathtouch"):
            o.deathtouched = True
    if src is not None and has_keyword(g, src, "lifelink"):
        g.players[src.controller].life += amount
        g.event("702.15b", f"{g.pname(src.controller)} gains {amount} life (lifelink)")
        from .triggers import fire_gain_life
        fire_gain_life(g, src.controller, amount)   # CR 119.9
    _damage_area.after_damage(g, source_id, src, recipient, amount, source_card, combat)
    return amount


def _deal_damage(g, item, eff, legal):
    src = g.objects.get(item.source)
    if eff.target < 0:
        deal_damage(g, item.source, item.controller, eff.amount, src, source_card=item.source_card)
    else:
        t = _target(item, eff, legal)
        if t is not None:
            deal_damage(g, item.source, t, eff.amount, src, source_card=item.source_card)


def _gain_life(g, item, eff, legal):
    g.players[item.controller].life += eff.amount
    g.event("119.3", f"{g.pname(item.controller)} gains {eff.amount} life")
    from .triggers import fire_gain_life
    fire_gain_life(g, item.controller, eff.amount)   # CR 119.9


def _draw(g, item, eff, legal):
    zones.draw(g, item.controller, eff.count)


# ---------------------------------------------------------------- continuous effects

def _add_effect(g, **kw) -> None:
    g.timestamp += 1
    g.effects.append(ContinuousEffect(g.timestamp, **kw))


def _pump(g, item, eff, legal):
    who = item.source if eff.target < 0 else _target(item, eff, legal)
    if who is None:
        return
    if eff.target < 0 and (who not in g.objects or g.objects[who].zone != "battlefield"):
        return
    _add_effect(g, layer="7c", affected=who, power=eff.power, toughness=eff.toughness,
                until=eff.until)
    g.event("613.4c", f"{g.oname(who)} gets {eff.power:+d}/{eff.toughness:+d} until end of turn")


def _gain_control(g, item, eff, legal):
    """CR 613.1b (layer 2): control changes; CR 302.6: it is "summoning sick" for its new
    controller."""
    t = _target(item, eff, legal)
    if t is None:
        return
    o = g.objects[t]
    _add_effect(g, layer="2", affected=t, until=eff.until, controller=item.controller,
                previous=o.controller)
    if o.controller != item.controller:
        o.controller = item.controller
        o.sick = True
    g.event("613.1b", f"{g.pname(item.controller)} gains control of {g.oname(t)}")


def _set_base_pt(g, item, eff, legal):
    t = _target(item, eff, legal)
    if t is None:
        return
    _add_effect(g, layer="7b", affected=t, power=eff.power, toughness=eff.toughness,
                until=eff.until)
    g.event("613.4b", f"{g.oname(t)} has base power and toughness {eff.power}/{eff.toughness}")


def _switch_pt(g, item, eff, legal):
    t = _target(item, eff, legal)
    if t is None:
        return
    _add_effect(g, layer="7d", affected=t, until=eff.until)
    g.event("613.4d", f"{g.oname(t)}'s power and toughness are switched")


def _lose_all_abilities(g, item, eff, legal):
    t = _target(item, eff, legal)
    if t is None:
        return
    _add_effect(g, layer="6", affected=t, until=eff.until, data="lose_all")
    g.event("613.1f", f"{g.oname(t)} loses all abilities")


def _grant_keyword(g, item, eff, legal):
    t = _target(item, eff, legal)
    if t is None:
        return
    _add_effect(g, layer="6", affected=t, until=eff.until, keyword=eff.keyword)
    g.event("613.1f", f"{g.oname(t)} gains {eff.keyword} until end of turn")


def _untap(g, item, eff, legal):
    t = _target(item, eff, legal)
    if t is not None and g.objects[t].tapped:
        from .areas.designations import untap_permanent
        untap_permanent(g, g.objects[t])   # CR 701.26b (122.1d: stun counters)


def _must_block(g, item, eff, legal):
    """CR 509.1c: a requirement that the target creature block "that creature"."""
    t = _target(item, eff, legal)
    attacker = item.info.get("creature")
    if t is None or attacker not in g.objects:
        return
    _add_effect(g, layer="requirement", affected=t, until="end_of_turn", data=attacker)
    g.event("509.1c", f"{g.oname(t)} must block {g.oname(attacker)} this turn if able")


# ---------------------------------------------------------------- counters and tokens

def put_counters(g, o, kind: str, n: int) -> None:
    """CR 122.1: put counters on a permanent."""
    if n <= 0:
        return
    from .areas.designations import cant_have_counters
    if cant_have_counters(g, o):
        return
    if o.counters is None:
        o.counters = {}
    o.counters[kind] = o.counters.get(kind, 0) + n
    g.event("122.1", f"{n} {kind} counter(s) put on {g.oname(o.oid)}")
    if kind == "lore":
        from .areas.faces_saga import lore_added
        lore_added(g, o, o.counters[kind] - n)   # CR 714.2b: chapter abilities


def _put_counters(g, item, eff, legal):
    oid = item.source if eff.target < 0 else _target(item, eff, legal)
    o = g.objects.get(oid) if oid is not None else None
    if o is not None and o.zone == "battlefield":
        put_counters(g, o, eff.kind, eff.count)


def _create_tokens(g, item, eff, legal):
    """CR 111.2: tokens are created under the controller's control."""
    n = eff.count
    if eff.per_counter:
        n *= item.info.get("counters", {}).get(eff.per_counter, 0)
    spec = dict(eff.token)
    for _ in range(n):
        zones.create_token(g, spec, item.controller, tapped=eff.tapped)


# ---------------------------------------------------------------- zones

def _destroy(g, item, eff, legal):
    from .effects_more import group_targets
    for t in group_targets(item, eff.target, legal):
        o = g.objects.get(t)
        if o is not None and o.zone == "battlefield":
            # CR 701.8a: destroy = move from the battlefield to its owner's graveyard.
            zones.destroy(g, o)


def _flicker(g, item, eff, legal):
    """Exile the target, then return that card to the battlefield (CR 400.7: a new
    object, with no memory of the old one)."""
    t = _target(item, eff, legal)
    o = g.objects.get(t) if t is not None else None
    if o is None:
        return
    g.event("406.1", f"{g.oname(t)} is exiled")
    n = zones.move(g, o, "exile")
    if n is None or o.card <= -2:
        return   # a token ceases to exist in exile (CR 111.7)
    controller = item.controller if eff.under_your_control else n.owner
    back = zones.move(g, n, "battlefield", controller)
    g.event("400.7", f"{back.defn.name} returns to the battlefield as a new object")


def _exile_until_leaves(g, item, eff, legal):
    """CR 610.3: exiled until the source leaves the battlefield; 610.3b: if the source
    has already left, the target isn't exiled."""
    src = g.objects.get(item.source)
    if src is None or src.zone != "battlefield":
        g.event("610.3b", f"{item_source_name(g, item)} has left the battlefield: nothing is exiled")
        return
    t = _target(item, eff, legal)
    o = g.objects.get(t) if t is not None else None
    if o is None:
        return
    g.event("610.3", f"{g.oname(t)} is exiled until {src.defn.name} leaves the battlefield")
    n = zones.move(g, o, "exile")
    if n is not None:
        g.links.append((src.oid, n.oid))


def _move_target(g, item, eff, legal):
    t = _target(item, eff, legal)
    o = g.objects.get(t) if t is not None else None
    if o is None:
        return
    n = zones.move(g, o, eff.to, o.owner if eff.to == "battlefield" else None)
    if n is not None:
        g.event("400.6", f"{n.defn.name} moves to {eff.to}")


def _return_self(g, item, eff, legal):
    o = g.objects.get(item.source)
    if o is None or o.zone != "graveyard":
        return   # CR 400.7: the card is now a new object elsewhere
    n = zones.move(g, o, eff.to)
    g.event("400.6", f"{n.defn.name} returns to its owner's {eff.to}")


def _counter_spell(g, item, eff, legal):
    """CR 701.6a: counter a spell: it leaves the stack for its owner's graveyard."""
    sid = item.info.get("spell") if eff.target < 0 else _target(item, eff, legal)
    target = next((s for s in g.stack if s.oid == sid), None)
    if target is not None:
        _counter(g, target)


def _tap_subject(g, item, eff, legal):
    c = g.objects.get(item.info.get("creature"))
    if c is not None and c.zone == "battlefield" and not c.tapped:
        zones.tap(g, c)
        g.event("701.26a", f"{g.oname(c.oid)} becomes tapped")


def _ask_unless(g, info: dict, player: int, possible: bool, rule: str):
    """CR 118.12: ask the player whether they do what "unless" offers -- only when they
    can (a yes_no with one legal answer is not asked); "ask" while waiting."""
    from .flow import ask
    if info.get("unless") is None:
        info["unless"] = "ask"
        if possible:
            ask(g, player, "yes_no", {"rule": rule, "resolving": True})
            if g.pending is not None:
                return "ask"
        else:
            info["answer"] = False
    return None


def run_effects(g, item, effects, legal, key: str):
    """Carry out nested effects in order (CR 608.2c), keeping the position in
    ``item.info[key]`` so that resolution resumes there after a decision; "ask" while one
    waits for a decision."""
    info = item.info
    i = info.get(key, 0)
    while i < len(effects):
        info[key] = i
        if execute(g, item, effects[i], legal) == "ask":
            return "ask"
        info.pop("answer", None)
        i += 1
    info[key] = i
    return None


def begin_payment(g, item, payer: int, generic: int, colored) -> str:
    """CR 118.12a / 608.2: while ``item`` resolves, ``payer`` pays a mana cost (``generic``
    and ``colored`` amounts); resolution goes on once it is paid (the answer is True) or
    given up. Returns "ask"."""
    from .casting import continue_cast
    from .state import CastContext
    ctx = CastContext(None, "pay", "unless", payer)
    ctx.generic, ctx.colored = generic, list(colored)
    ctx.parent = g.cast
    ctx.resume = item.oid
    g.cast = ctx
    continue_cast(g)
    return "ask"


def fire_sacrificed(g, o) -> None:
    from .areas.optional_costs import fire_sacrificed as fire
    fire(g, o)   # CR 701.21a / 603.2: "whenever you sacrifice" (areas/optional_costs)


def _sacrifice_unless(g, item, eff, legal):
    """"Sacrifice this unless you sacrifice a creature": the controller chooses."""
    from .casting import _filter_matches
    from .flow import ask
    player = item.controller
    src = g.objects.get(item.source)
    cands = [oid for oid in g.battlefield if g.objects[oid].controller == player
             and _filter_matches(g, g.objects[oid], eff.spec, player)]
    info = item.info
    if _ask_unless(g, info, player, bool(cands), "118.12") == "ask":
        return "ask"
    if info.get("unless") == "ask":
        if info.pop("answer", False):
            info["unless"] = "choose"
            ask(g, player, "sacrifice", {"count": 1, "candidates": cands, "resolving": True,
                                         "rule": "701.21a"})
            if g.pending is not None:
                return "ask"
        else:
            if src is not None and src.zone == "battlefield":
                g.event("701.21a", f"{g.pname(player)} sacrifices {src.defn.name}")
                fire_sacrificed(g, src)
                zones.move(g, src, "graveyard")
            return None
    chosen = info.pop("answer", ())
    for oid in chosen:
        o = g.objects.get(oid)
        if o is not None:
            g.event("701.21a", f"{g.pname(player)} sacrifices {o.defn.name}")
            fire_sacrificed(g, o)
            zones.move(g, o, "graveyard")
    return None


# ---------------------------------------------------------------- attaching

def attach(g, src, target: int) -> None:
    """CR 701.3a: attach ``src`` to ``target``; 701.3b: attaching to the object it is
    already attached to does nothing. Control of the Equipment doesn't change (301.5d)."""
    if src.attached_to == target:
        g.event("701.3b", f"{g.oname(src.oid)} is already attached to {g.oname(target)}")
        return
    src.attached_to = target
    g.timestamp += 1
    src.timestamp = g.timestamp   # CR 613.7e: a new timestamp when attached
    g.event("701.3a", f"{g.oname(src.oid)} becomes attached to {g.oname(target)}")
    if src.defn.triggered:
        from .triggers import fire_self
        fire_self(g, "becomes_attached", src, {"creature": target})


def can_equip(g, e, host) -> bool:
    """CR 301.5c-d / 702.16d: an Equipment can equip a creature (not itself, not one with
    protection from a quality it has)."""
    if "Equipment" not in e.defn.subtypes or e.zone != "battlefield":
        return False
    if e.oid == host.oid or "Creature" not in host.defn.types:
        return False
    return not protected_from(g, host, e)


def attach_all(g, item, pairs):
    """Attach each (Equipment, creature) pair in order; an Equipment that chooses a color
    as it becomes attached asks ``color`` first."""
    from .flow import ask
    done = item.info.get("attached", 0)
    while done < len(pairs):
        eid, host = pairs[done]
        e = g.objects[eid]
        if any(st.kind == "choose_color_on_attach" for st in e.defn.static) and e.attached_to != host:
            if "answer" not in item.info:
                ask(g, e.controller, "color",
                    {"object": eid, "choices": ["white", "blue", "black", "red", "green"],
                     "resolving": True})
                if g.pending is not None:
                    return "ask"
            e.chosen = item.info.pop("answer")
            g.event("614.12", f"{g.oname(eid)}: {e.chosen} is chosen")
        attach(g, e, host)
        done += 1
        item.info["attached"] = done
    item.info.pop("attached", None)
    return None


def _attach(g, item, eff, legal):
    t = _target(item, eff, legal)
    src = g.objects.get(item.source)
    host = g.objects.get(t) if t is not None else None
    if src is not None and src.zone == "battlefield" and host is not None and can_equip(g, src, host):
        return attach_all(g, item, [(src.oid, t)])
    return None


def _attach_targets_to_self(g, item, eff, legal):
    host = g.objects.get(item.source)
    if host is None or host.zone != "battlefield":
        # CR 400.7 / 608.2h: "it" is gone; nothing is attached.
        g.event("400.7", f"{item_source_name(g, item)} has left the battlefield: nothing is attached")
        return None
    pairs = []
    for tid in item.targets:
        e = g.objects.get(tid)
        if tid in legal and e is not None and can_equip(g, e, host):
            pairs.append((tid, host.oid))
    return attach_all(g, item, pairs)


# ---------------------------------------------------------------- searching

def _search(g, item, eff, legal):
    """CR 701.23a: search a library for cards with a stated quality (finding none is
    allowed, 701.23b), put them onto the battlefield, then shuffle."""
    from .flow import ask
    player = item.controller
    lib = g.players[player].library
    if "answer" not in item.info:
        found = [c for c in lib if _card_matches(g.card_definition(c), eff)]
        ask(g, player, "choose_cards", {"from": "library", "cards": found, "max": eff.count,
                                        "min": 0, "rule": "701.23a", "resolving": True})
        if g.pending is not None:
            return "ask"
    chosen = item.info.get("answer") or ()
    for c in chosen:
        lib.remove(c)
        n = zones.put_onto_battlefield(g, c, player, player, tapped=eff.tapped)
        g.event("701.23a", f"{g.pname(player)} puts {n.defn.name} onto the battlefield")
    zones.shuffle_library(g, player)
    g.event("701.24a", f"{g.pname(player)} shuffles their library")
    return None


def _card_matches(d, eff) -> bool:
    return (all(t in d.types for t in eff.types)
            and all(s in d.supertypes for s in eff.supertypes))


# ---------------------------------------------------------------- hands and libraries

def discard(g, player: int, oid: int) -> None:
    """CR 701.9a: discard a card; madness (702.35a) exiles it instead and triggers."""
    o = g.objects[oid]
    from .areas.optional_costs import fire_discarded
    fire_discarded(g, player, o)   # CR 603.2: "whenever you discard a card"
    if any(a.name == "madness" for a in o.defn.alternatives):
        g.event("702.35a", f"{g.pname(player)} discards {o.defn.name} into exile (madness)")
        n = zones.move(g, o, "exile")
        from .triggers import fire_self
        fire_self(g, "discarded_to_exile", n)
        return
    g.event("701.9a", f"{g.pname(player)} discards {o.defn.name}")
    n = zones.move(g, o, "graveyard")
    if any(a.name == "mayhem" for a in o.defn.alternatives):
        g.cast_permits.append([n.oid, "mayhem", g.turn])   # CR 702.187b


def choose_from_hand(g, item, count: int, rule: str, purpose: str, ordered: bool = False):
    """The resolving item's controller chooses ``count`` cards from their hand (all of
    them if they have fewer): "ask" while waiting, else the chosen cards (in order when
    ``ordered``, top first), or () when there is nothing to choose."""
    from .flow import ask
    hand = g.players[item.controller].hand
    n = min(count, len(hand))
    if n == 0:
        return ()
    if "answer" not in item.info:
        data = {"cards": list(hand), "count": n, "resolving": True, "rule": rule,
                "purpose": purpose}
        if ordered:
            data["ordered"] = True
        ask(g, item.controller, "choose_cards", data)
        if g.pending is not None:
            return "ask"
    return tuple(item.info.pop("answer"))


def _discard(g, item, eff, legal):
    chosen = choose_from_hand(g, item, eff.count, "701.9a", "discard")
    if chosen == "ask":
        return "ask"
    for oid in chosen:
        discard(g, item.controller, oid)
    return None


def _reorder_top(g, item, eff, legal):
    """Look at the top cards and put them back in any order (CR 401.4): one decision
    lists them in their new order, top first."""
    from .flow import ask
    lib = g.players[item.controller].library
    top = lib[:eff.count]
    if len(top) <= 1:
        return None
    if "answer" not in item.info:
        ask(g, item.controller, "choose_cards", {"cards": top, "count": len(top),
                                                 "ordered": True, "from": "library",
                                                 "resolving": True, "rule": "401.4"})
        if g.pending is not None:
            return "ask"
    order = list(item.info.pop("answer"))
    lib[:len(order)] = order
    g.event("401.4", f"{g.pname(item.controller)} puts {len(order)} cards back in a chosen order")
    return None


def _may_shuffle(g, item, eff, legal):
    from .flow import ask
    if "answer" not in item.info:
        ask(g, item.controller, "yes_no", {"rule": "701.24a", "resolving": True})
        if g.pending is not None:
            return "ask"
    if item.info.pop("answer"):
        zones.shuffle_library(g, item.controller)
        g.event("701.24a", f"{g.pname(item.controller)} shuffles their library")
    return None


def _return_chosen(g, item, eff, legal):
    """"Return a permanent you control to its owner's hand", chosen as it resolves."""
    from .casting import _filter_matches
    from .flow import ask
    player = item.controller
    cands = [oid for oid in g.battlefield
             if _filter_matches(g, g.objects[oid], eff.spec, player)]
    if not cands:
        return None
    if "answer" not in item.info:
        ask(g, player, "choose_cards", {"cards": cands, "count": 1, "resolving": True,
                                        "rule": "608.2d"})
        if g.pending is not None:
            return "ask"
    for oid in item.info.pop("answer"):
        o = g.objects.get(oid)
        if o is not None:
            n = zones.move(g, o, eff.to)
            g.event("400.6", f"{n.defn.name} returns to its owner's {eff.to}")
    return None


def counter_choices(o, count: int) -> list[dict]:
    """Every way to remove up to ``count`` counters of the kinds ``o`` has."""
    kinds = sorted(k for k, v in (o.counters or {}).items() if v > 0)
    out: list[dict] = [{}]
    for k in kinds:
        nxt = []
        for d in out:
            used = sum(d.values())
            for n in range(0, min(o.counters[k], count - used) + 1):
                e = dict(d)
                if n:
                    e[k] = n
                nxt.append(e)
        out = nxt
    return out


def _remove_counters(g, item, eff, legal):
    from .flow import ask
    t = _target(item, eff, legal)
    o = g.objects.get(t) if t is not None else None
    if o is None or not o.counters:
        return None
    if "answer" not in item.info:
        ask(g, item.controller, "choose_counters", {"object": t, "max": eff.count,
                                                    "resolving": True, "rule": "122.1"})
        if g.pending is not None:
            return "ask"
    for k, n in dict(item.info.pop("answer")).items():
        if n:
            o.counters[k] = o.counters.get(k, 0) - n
            if o.counters[k] <= 0:
                del o.counters[k]
            g.event("122.1", f"{n} {k} counter(s) removed from {g.oname(t)}")
    return None


def _destroy_if(g, item, eff, legal):
    t = _target(item, eff, legal)
    o = g.objects.get(t) if t is not None else None
    if o is None:
        return None
    limit = eff.max_mana_value
    if eff.revolt_max is not None and g.players[item.controller].permanent_left:
        limit = eff.revolt_max   # revolt: a permanent left the battlefield this turn
    if o.defn.mana_value <= limit:
        zones.destroy(g, o)
    return None


def _counter_unless_pays(g, item, eff, legal):
    """CR 118.12a: the spell's controller is asked whether to pay, then pays (a mana
    payment during resolution); if they don't, the spell is countered."""
    from .casting import can_afford
    # target -1: the spell or ability the trigger refers to (ward, CR 702.21a).
    t = item.info.get("spell") if eff.target < 0 else _target(item, eff, legal)
    target = next((s for s in g.stack if s.oid == t), None)
    if target is None:
        return None
    payer = target.controller
    info = item.info
    possible = can_afford(g, payer, eff.mana.generic, eff.mana.colored, generous=False)
    if _ask_unless(g, info, payer, possible, "118.12a") == "ask":
        return "ask"
    if info.get("unless") == "ask":
        if info.pop("answer", False):
            info["unless"] = "paying"
            return begin_payment(g, item, payer, eff.mana.generic, eff.mana.colored)
        info["unless"] = "done"
        _counter(g, target)
        return None
    if info.get("unless") == "paying":
        info["unless"] = "done"
        if not info.pop("answer", False):
            _counter(g, target)
        else:
            g.event("118.12a", f"{g.pname(payer)} pays; the spell isn't countered")
    return None


def _counter(g, target) -> None:
    from .static import cant_be_countered
    if cant_be_countered(g, target):
        # CR 101.2 / 113.6g: "can't be countered" wins over an effect that counters.
        g.event("101.2", f"{item_source_name(g, target)} can't be countered")
        return
    g.stack.remove(target)
    o = g.objects.get(target.source)
    g.event("701.6a", f"{item_source_name(g, target)} is countered")
    if target.is_spell and o is not None:
        alt = target.info.get("cost_choice", {}).get("alternative")
        zones.move(g, o, "exile" if alt == "flashback" else "graveyard")


def _put_onto_battlefield_attacking(g, item, eff, legal):
    """CR 702.49a: the card goes from hand onto the battlefield tapped and attacking."""
    o = g.objects.get(item.source)
    if o is None or o.zone != "hand":
        return None
    n = zones.move(g, o, "battlefield", item.controller)
    n.tapped = True
    if g.combat is not None:
        # CR 508.4: it is attacking, but it was never declared as an attacker.
        g.combat.attackers[n.oid] = item.info.get("defender", 1 - item.controller)
    g.event("702.49a", f"{n.defn.name} enters tapped and attacking")
    return None


def _sacrifice_self(g, item, eff, legal):
    o = g.objects.get(item.source)
    if o is not None and o.zone == "battlefield":
        g.event("701.21a", f"{g.pname(o.controller)} sacrifices {o.defn.name}")
        fire_sacrificed(g, o)
        zones.move(g, o, "graveyard")


def _cast_madness(g, item, eff, legal):
    """CR 702.35a: the owner may cast the exiled card for its madness cost; otherwise it
    goes to the graveyard."""
    from .casting import begin_cast
    from .flow import ask
    o = g.objects.get(item.source)
    if o is None or o.zone != "exile":
        return None
    info = item.info
    if info.get("madness") is None:
        info["madness"] = "ask"
        ask(g, o.owner, "yes_no", {"rule": "702.35a", "resolving": True})
        if g.pending is not None:
            return "ask"
    if info.get("madness") == "ask":
        if info.pop("answer", False):
            info["madness"] = "casting"
            begin_cast(g, o.owner, o.oid, forced="madness", resume=item.oid)
            return "ask"
        info["madness"] = "done"
        g.event("702.35a", f"{o.defn.name} is put into its owner's graveyard")
        zones.move(g, o, "graveyard")
        return None
    info.pop("answer", None)
    return None


_EFFECTS = {
    A.DealDamage: _deal_damage, A.GainLife: _gain_life, A.DrawCards: _draw,
    A.ModifyPowerToughness: _pump, A.GainControl: _gain_control,
    A.GrantKeyword: _grant_keyword, A.Untap: _untap, A.MustBlock: _must_block,
    A.PutCounters: _put_counters, A.CreateTokens: _create_tokens, A.Destroy: _destroy,
    A.Flicker: _flicker, A.ExileUntilLeaves: _exile_until_leaves, A.MoveTarget: _move_target,
    A.ReturnSelf: _return_self, A.CounterSpell: _counter_spell, A.TapSubject: _tap_subject,
    A.SacrificeUnless: _sacrifice_unless, A.Attach: _attach,
    A.AttachTargetsToSelf: _attach_targets_to_self, A.SearchLibrary: _search,
    A.Discard: _discard, A.ReorderTop: _reorder_top, A.MayShuffle: _may_shuffle,
    A.ReturnChosen: _return_chosen, A.RemoveCounters: _remove_counters,
    A.DestroyIf: _destroy_if, A.CounterUnlessPays: _counter_unless_pays,
    A.PutOntoBattlefieldAttacking: _put_onto_battlefield_attacking,
    A.SacrificeSelf: _sacrifice_self, A.CastMadness: _cast_madness,
    A.SetBasePowerToughness: _set_base_pt, A.LoseAllAbilities: _lose_all_abilities,
    A.SwitchPowerToughness: _switch_pt,
}


def _register_more() -> None:
    from .effects_more import EFFECTS
    _EFFECTS.update(EFFECTS)
    from .effects_keywords import EFFECTS as KEYWORD_EFFECTS
    _EFFECTS.update(KEYWORD_EFFECTS)
    from .effects_staples import EFFECTS as STAPLES
    _EFFECTS.update(STAPLES)
    from .areas import EFFECTS as AREA_EFFECTS
    _EFFECTS.update(AREA_EFFECTS)


_register_more()
