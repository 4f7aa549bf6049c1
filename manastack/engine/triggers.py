"""Triggered abilities (CR 603): noticing trigger events, and putting the waiting
abilities on the stack the next time a player would receive priority, in APNAP order
and in the order their controller chooses (CR 603.3b), choosing targets as each is put
on the stack (CR 603.3d).

A waiting trigger is a tuple ``(source oid, card index, ability index, controller,
info)``; ``info`` holds what the ability remembers from its event ("that creature",
CR 603.2 / 608.2h), and is never mutated.
"""

from __future__ import annotations

from itertools import permutations

from .state import StackItem


def definition(g, card: int, info: dict | None = None):
    """The definition whose abilities a waiting trigger indexes: the face that was up as
    it triggered (areas/faces.py)."""
    if info and "face" in info:
        from .areas.faces import item_definition
        return item_definition(g, card, info)
    if info and "granted" in info:
        from .areas.type_changes import granted_definition
        return granted_definition(g, card, info)   # CR 613.1f: a granted ability
    return g.card_definition(card)


def face_info(o, info) -> dict:
    """A trigger's info, with the face of a multi-faced source that was up (CR 712.8)."""
    d = o.defn
    if d.face or d.faces:
        return dict(info or {}, face=d.face)
    return dict(info or {})


def fire_self(g, event: str, o, info: dict | None = None) -> None:
    """CR 603.2: an event happened to ``o``; its abilities that trigger on it wait."""
    trig = o.defn.triggered
    if g.effects and o.zone == "battlefield":
        from .areas.type_changes import fire_granted
        fire_granted(g, event, o, info)   # abilities granted by attached permanents
    if not trig:
        return
    if g.effects and o.zone == "battlefield":
        from .characteristics import lost_all_abilities
        if lost_all_abilities(g, o) >= 0:
            return   # CR 613.1f: it has lost its abilities
    for i, t in enumerate(trig):
        if event in t.events and (t.condition is None or condition_holds(g, t.condition, o, info)):
            g.waiting.append((o.oid, o.card, i, o.controller, face_info(o, info)))
            g.event("603.2", f"{o.defn.name}'s ability triggers ({event})")


def condition_holds(g, name: str, o, info) -> bool:
    """Trigger conditions that filter the event (CR 603.2): ``mana_value_equals_charge``
    -- the cast spell's mana value (X included on the stack, CR 202.3e) equals the number
    of charge counters on the source."""
    if name == "kicked":
        # CR 702.33d: "if it was kicked" (an intervening "if", CR 603.4).
        return o.kicked > 0
    if name == "evoked":
        # CR 702.74a: "if its evoke cost was paid" (an intervening "if", CR 603.4).
        return o.cast_alt == "evoke"
    if name == "bargained":
        # CR 702.166b: "if it was bargained" (an intervening "if", CR 603.4).
        return any(p[0] == o.oid and p[1] == "bargained" or p[0] == o.card
                   and p[1] == "bargained_card" and p[2] == g.turn for p in g.cast_permits)
    if name.startswith("tt:"):
        from .areas.trigger_text import trigger_condition
        return trigger_condition(g, name, o, info)   # CR 603.4
    if name == "mana_value_equals_charge":
        item = next((s for s in g.stack if s.oid == (info or {}).get("spell")), None)
        if item is None:
            return False
        d = g.card_definition(item.source_card)
        mv = d.mana_value + d.mana_cost.x * item.x
        return mv == (o.counters or {}).get("charge", 0)
    if name.startswith("faces:"):
        from .areas.faces import condition_holds as faces_condition
        return faces_condition(g, name, o, info)
    from .areas.designations import condition_holds as designations_condition
    held = designations_condition(g, name, o, info)
    if held is not None:
        return held
    raise ValueError(f"unknown trigger condition {name}")


def fire_attacks(g, attacker) -> None:
    """CR 508.3a / 603.2: "whenever [this] attacks" and "whenever equipped creature
    attacks" (only Equipment attached as attackers were declared, Armory Automaton
    ruling; "that creature" is the attacker)."""
    fire_self(g, "attacks", attacker)
    for oid in g.battlefield:
        e = g.objects[oid]
        if e.attached_to == attacker.oid:
            fire_self(g, "equipped_attacks", e, {"creature": attacker.oid})


def fire_upkeep(g) -> None:
    """CR 503.1a: "at the beginning of your upkeep" abilities trigger."""
    for oid in list(g.battlefield):
        o = g.objects[oid]
        if o.defn.triggered:
            if o.controller == g.active:
                fire_self(g, "upkeep", o)
            else:
                fire_self(g, "opponent_upkeep", o)   # "each opponent's upkeep"
            fire_self(g, "each_upkeep", o)
    from .areas.designations import fire_upkeep as designations_upkeep
    designations_upkeep(g)   # CR 726.2: the initiative's upkeep venture; 702.30a: echo


def fire_cast(g, item) -> None:
    """CR 603.2 / 601.2i: "whenever a player casts a spell" abilities trigger; so do
    "whenever you cast a creature spell" and the like (events ``cast|QUALS|WHO``)."""
    for oid in list(g.battlefield):
        o = g.objects[oid]
        if o.defn.triggered:
            fire_self(g, "cast", o, {"spell": item.oid})
            fire_watchers(g, o, "cast|", lambda ev: _cast_matches(g, ev, o, item),
                          {"spell": item.oid})


def _cast_matches(g, ev: str, o, item) -> bool:
    _, quals, who = ev.split("|")
    if who == "you" and item.controller != o.controller:
        return False
    if who == "opponent" and item.controller == o.controller:
        return False
    d = g.card_definition(item.source_card)
    for q in filter(None, quals.split(";")):
        if q.startswith("non:"):
            if q[4:] in d.types:
                return False
        elif q.startswith("anytype:"):
            if not any(t in d.types for t in q[8:].split(",")):
                return False
        elif q not in d.types:
            return False
    return True


def fire_watchers(g, o, prefix: str, matches, info: dict | None = None) -> None:
    """CR 603.2: the abilities of ``o`` whose trigger event (one starting with
    ``prefix``) ``matches`` what happened wait to be put on the stack."""
    trig = o.defn.triggered
    if not trig or not any(ev.startswith(prefix) for t in trig for ev in t.events):
        return
    if g.effects and o.zone == "battlefield":
        from .characteristics import lost_all_abilities
        if lost_all_abilities(g, o) >= 0:
            return   # CR 613.1f: it has lost its abilities
    for i, t in enumerate(trig):
        for ev in t.events:
            if ev.startswith(prefix) and matches(ev) and (
                    not (t.condition or "").startswith("designations:")
                    or condition_holds(g, t.condition, o, info)):   # CR 603.4
                g.waiting.append((o.oid, o.card, i, o.controller, face_info(o, info)))
                g.event("603.2", f"{o.defn.name}'s ability triggers ({ev})")
                break


def fire_enters(g, n) -> None:
    """CR 603.6a: "whenever a [permanent] enters" abilities of permanents on the
    battlefield (the entering one included) trigger (events ``enters|TYPES|WHO|other``)."""
    for oid in list(g.battlefield):
        o = g.objects[oid]
        if o.defn.triggered:
            fire_watchers(g, o, "enters|", lambda ev: _enters_matches(g, ev, o, n),
                          {"entered": n.oid})


def _enters_matches(g, ev: str, o, n) -> bool:
    _, types, who, other = ev.split("|")
    if other and o.oid == n.oid:
        return False
    if who == "you" and n.controller != o.controller:
        return False
    if who == "opponent" and n.controller == o.controller:
        return False
    from .characteristics import has_subtype
    # "sub:Ally": a subtype ("whenever ~ or another Ally you control enters").
    return all((has_subtype(n, t[4:]) if t.startswith("sub:") else t in n.defn.types)
               for t in filter(None, types.split(",")))


# Objects that left the battlefield in the current simultaneous event (a batch of
# state-based actions, "destroy all"), or None outside one.
_TOGETHER: list | None = None


def begin_together() -> None:
    """Start an event in which several permanents leave the battlefield at once."""
    global _TOGETHER
    _TOGETHER = []


def end_together() -> None:
    global _TOGETHER
    _TOGETHER = None


def fire_dies(g, o, info: dict | None = None) -> None:
    """CR 700.4 / 603.6c / 603.10a: "whenever a creature dies" abilities (events
    ``dies|QUALS|WHO|other``) look back in time: the permanents on the battlefield just
    before the event trigger -- the dying creature itself and those leaving at the same
    time included."""
    global _TOGETHER
    watchers = [g.objects[x] for x in g.battlefield] + list(_TOGETHER or ()) + [o]
    if _TOGETHER is not None:
        _TOGETHER.append(o)
    for w in watchers:
        if w.defn.triggered:
            fire_watchers(g, w, "dies|", lambda ev, w=w: _dies_matches(ev, w, o),
                          dict(info or {}, died=o.oid, died_card=o.card))


def _dies_matches(ev: str, w, o) -> bool:
    _, quals, who, other = ev.split("|")
    if other and w.oid == o.oid:
        return False
    if who == "you" and o.controller != w.controller:
        return False
    if who == "opponent" and o.controller == w.controller:
        return False
    for q in filter(None, quals.split(";")):
        if q == "nontoken":
            # CR 111.1: a token is not a card.
            if o.card <= -2:
                return False
        elif q not in o.defn.types:
            return False
    return True


def fire_gain_life(g, player: int, amount: int) -> None:
    """CR 119.9: "whenever you gain life" triggers once for each life-gain event (each
    source that causes it; gaining 0 life is no event). Events ``gain_life|you``;
    "that much" is remembered (CR 603.2)."""
    if amount <= 0:
        return
    for oid in list(g.battlefield):
        o = g.objects[oid]
        if o.defn.triggered:
            fire_watchers(g, o, "gain_life|",
                          lambda ev, o=o: ev == "gain_life|you" and o.controller == player,
                          {"amount": amount})


def fire_end_step(g) -> None:
    """CR 513.1a: "at the beginning of the end step" abilities trigger."""
    for oid in list(g.battlefield):
        o = g.objects[oid]
        if o.defn.triggered:
            fire_self(g, "end_step", o)
            if o.controller == g.active:
                fire_self(g, "your_end_step", o)
    if g.designations:
        from .areas.designations import fire_end_step as designations_end_step
        designations_end_step(g)   # CR 725.2: the monarch's end step


def fire_tapped(g, o) -> None:
    fire_self(g, "becomes_tapped", o)


def _distinct_orders(mine):
    keys = [(r[0], r[1], r[2]) for r in mine]
    seen, out = set(), []
    n = len(mine)
    if n > 6:
        return [tuple(range(n)), tuple(reversed(range(n)))]
    for perm in permutations(range(n)):
        k = tuple(keys[i] for i in perm)
        if k not in seen:
            seen.add(k)
            out.append(perm)
    return out


def order_options(g, player: int):
    mine = [r for r in g.waiting if r[3] == player]
    return mine, _distinct_orders(mine)


def place_triggers(g) -> None:
    """CR 603.3b: each player, in APNAP order, puts their waiting abilities on the stack
    in the order they choose."""
    from .flow import ask
    while g.pending is None and not g.over:
        if g.placing:
            rec = g.placing.pop(0)
            put_on_stack(g, rec)
            continue
        if not g.waiting:
            return
        for p in (g.active, 1 - g.active):
            mine = [r for r in g.waiting if r[3] == p]
            if mine:
                break
        orders = _distinct_orders(mine)
        if len(orders) > 1:
            ask(g, p, "order_triggers", {"count": len(mine)})
            return
        take_order(g, p, orders[0])


def take_order(g, player: int, order) -> None:
    mine = [r for r in g.waiting if r[3] == player]
    g.waiting = [r for r in g.waiting if r[3] != player]
    g.placing = [mine[i] for i in order]


def put_on_stack(g, rec) -> None:
    """CR 603.3a-d: the ability is put on the stack; its targets are chosen now; with no
    legal target for a required one it is removed (603.3d)."""
    from .casting import continue_cast
    from .state import CastContext
    source, card, index, controller, info = rec
    ab = definition(g, card, info).triggered[index]
    iid = g.next_id
    g.next_id += 1
    item = StackItem(iid, source, controller, None, (), 0, card)
    item.trigger = index
    item.info = dict(info)
    g.stack.append(item)
    g.event("603.3a", f"{definition(g, card, info).name}'s triggered ability is put on the "
            "stack")
    if ab.modes:
        # CR 603.3c: the modes of a modal triggered ability are chosen now.
        g.cast = CastContext(iid, "mode", "trigger", controller, source, card)
        continue_cast(g)
        return
    if ab.targets:
        from .targets import candidates
        for spec in ab.targets:
            if spec.minimum > 0 and not candidates(g, spec, controller, item):
                g.stack.pop()
                g.event("603.3d", f"{definition(g, card, info).name}'s ability has no legal target"
                        " and is removed from the stack")
                return
        g.cast = CastContext(iid, "targets", "trigger", controller, source, card)
        continue_cast(g)
