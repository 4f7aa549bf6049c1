"""The one evaluator of compiled references (DESIGN: "one evaluator for filters,
quantities and player references"): which players and objects a reference means, how
much a quantity is, whether an object matches a filter and whether a condition holds.

Every instruction handler, target check, count and static ability asks these functions;
they read the game as the layers make it (CR 613) and never change it. A ``Context`` is
what the words are relative to: the controller ("you"), the source ("~"), the targets,
the trigger event, X, and the objects earlier instructions acted on; an object that
has left its zone is read through its last known information (CR 608.2h).
"""

from __future__ import annotations

from ..ir import conditions as C
from ..ir import quantity as Q
from ..ir import refs as R
from .characteristics import card_types, colors, has_keyword, has_subtype, power, toughness
from .characteristics import mana_value as _mana_value   # CR 202.3e

PLAYERS = (0, 1)


class Context:
    """What references are relative to (CR 109.5, 608.2h).

    ``controller``: "you"; ``source``: the source object's id (``source_card`` its card);
    ``targets``: the chosen targets of each target group (CR 601.2c), with those now
    illegal removed (608.2b); ``event``: what the trigger event remembers ("that
    creature", "that player", an amount); ``x``: X; ``remembered``: objects earlier
    instructions labelled; ``lki``: last known information of objects that left their
    zone; ``chooser``: the player making the current choice; ``amount``: what the
    previous instruction amounted to ("that much")."""

    __slots__ = ("controller", "source", "source_card", "targets", "event", "x",
                 "remembered", "lki", "chooser", "amount", "bound")

    def __init__(self, controller: int, source: int | None = None, source_card: int = -1,
                 targets: tuple = (), event: dict | None = None, x: int = 0) -> None:
        self.controller = controller
        self.source = source
        self.source_card = source_card
        self.targets = targets
        self.event = event or {}
        self.x = x
        self.remembered: dict = {}
        self.lki: dict = {}
        self.chooser: int | None = None
        self.amount = 0
        self.bound: dict = {}     # a Choice -> the objects chosen for it


class LastKnown:
    """CR 608.2h: an object as it last existed in a zone it left."""

    __slots__ = ("oid", "card", "owner", "controller", "zone", "power", "toughness",
                 "mana_value", "types", "subtypes", "supertypes", "colors", "counters")

    def to_list(self) -> list:
        return [getattr(self, s) for s in LastKnown.__slots__]

    @staticmethod
    def from_list(v: list) -> "LastKnown":
        k = LastKnown()
        for s, x in zip(LastKnown.__slots__, v):
            setattr(k, s, tuple(x) if s in ("types", "subtypes", "supertypes", "colors") else x)
        return k


def snapshot(g, o) -> LastKnown:
    """The last known information of ``o`` (CR 608.2h), taken before it moves."""
    k = LastKnown()
    k.oid, k.card, k.owner, k.controller, k.zone = o.oid, o.card, o.owner, o.controller, o.zone
    on_bf = o.zone == "battlefield"
    k.power = power(g, o) if on_bf else (o.defn.power or 0)
    k.toughness = toughness(g, o) if on_bf else (o.defn.toughness or 0)
    k.mana_value = _mana_value(g, o)
    k.types = tuple(card_types(g, o)) if on_bf else tuple(o.defn.types)
    k.subtypes = tuple(o.defn.subtypes)
    k.supertypes = tuple(o.defn.supertypes)
    k.colors = tuple(colors(g, o)) if on_bf else tuple(o.defn.colors)
    k.counters = dict(o.counters) if o.counters else {}
    return k


# ---------------------------------------------------------------- players


def players(g, ctx: Context, ref) -> list[int]:
    """The players ``ref`` means, in APNAP order where there are several (CR 101.4)."""
    t = type(ref)
    if t is R.You:
        return [ctx.controller]
    if t is R.Opponents:
        return [p for p in _apnap(g) if p != ctx.controller and not g.players[p].lost]
    if t is R.AllPlayers:
        return [p for p in _apnap(g) if not g.players[p].lost]
    if t is R.TargetPlayer:
        return [p for p in _group(ctx, ref.index) if p in PLAYERS]
    if t is R.Targets:
        return [p for p in _group(ctx, ref.index) if p in PLAYERS]
    if t is R.ControllerOf or t is R.OwnerOf:
        out = []
        for oid in objects(g, ctx, ref.object):
            p = _controller_or_owner(g, ctx, oid, t is R.OwnerOf)
            if p is not None and p not in out:
                out.append(p)
        return out
    if t is R.EventPlayer:
        p = ctx.event.get("player")
        return [p] if p is not None else []
    if t is R.DefendingPlayer:
        c = g.combat
        if c is not None and ctx.source in c.attackers:
            return [c.attackers[ctx.source]]
        return [1 - ctx.controller]
    if t is R.ActivePlayer:
        return [g.active]
    if t is R.Chooser:
        return [ctx.chooser] if ctx.chooser is not None else []
    raise TypeError(f"not a player reference: {ref!r}")


_PLAYER_REFS = (R.You, R.Opponents, R.AllPlayers, R.TargetPlayer, R.ControllerOf, R.OwnerOf,
                R.EventPlayer, R.DefendingPlayer, R.ActivePlayer, R.Chooser)


def is_player_ref(ref) -> bool:
    """Whether ``ref`` means players (not objects)."""
    return isinstance(ref, _PLAYER_REFS)


def _apnap(g) -> tuple[int, int]:
    return (g.active, 1 - g.active)


def _controller_or_owner(g, ctx, oid: int, owner: bool):
    o = g.objects.get(oid)
    if o is not None:
        return o.owner if owner or o.zone not in ("battlefield", "stack") else o.controller
    k = ctx.lki.get(oid)
    if k is not None:
        return k.owner if owner else k.controller
    return None


# ---------------------------------------------------------------- objects


def _group(ctx: Context, index: int) -> tuple:
    return ctx.targets[index] if index < len(ctx.targets) else ()


def objects(g, ctx: Context, ref) -> list[int]:
    """The objects ``ref`` means: ids of objects (an id whose object has left its zone
    stays, and is read through ``ctx.lki``)."""
    t = type(ref)
    if t is R.Self:
        return [ctx.source] if ctx.source is not None else []
    if t is R.Targets:
        return [x for x in _group(ctx, ref.index) if x not in PLAYERS]
    if t is R.Each:
        return [o.oid for o in candidates(g, ctx, ref.filter)]
    if t is R.EventObject:
        oid = ctx.event.get(ref.role)
        if oid is None and ref.role == "subject":
            # the keys the trigger events of engine/triggers.py remember their object by
            oid = next((ctx.event[k] for k in _EVENT_KEYS if k in ctx.event), None)
        return [oid] if oid is not None else []
    if t is R.AttachedTo:
        src = g.objects.get(ctx.source)
        if src is not None and src.attached_to is not None:
            return [src.attached_to]
        return []
    if t is R.Remembered:
        return list(ctx.remembered.get(ref.label, ()))
    if t is R.Choice:
        return list(ctx.bound.get(ref, ()))
    if t is R.Cards:
        out: list[int] = []
        for p in players(g, ctx, ref.player):
            pl = g.players[p]
            zone = {R.Zone.HAND: pl.hand, R.Zone.GRAVEYARD: pl.graveyard,
                    R.Zone.EXILE: pl.exile}.get(ref.zone, ())
            out.extend(zone)
        return out
    raise TypeError(f"not an object reference: {ref!r}")


_EVENT_KEYS = ("creature", "spell", "died", "object", "card", "entered")


def zone_objects(g, f: R.ObjectFilter) -> list[int]:
    """The ids of every object in the filter's zone."""
    z = f.zone
    if z is R.Zone.BATTLEFIELD:
        return list(g.battlefield)
    if z is R.Zone.STACK:
        return [s.oid for s in g.stack if s.is_spell]
    out: list[int] = []
    for pl in g.players:
        if z is R.Zone.GRAVEYARD:
            out.extend(pl.graveyard)
        elif z is R.Zone.HAND:
            out.extend(pl.hand)
        elif z is R.Zone.EXILE:
            out.extend(pl.exile)
    return out


def candidates(g, ctx: Context, f: R.ObjectFilter) -> list:
    """Every object that matches ``f`` now."""
    out = []
    for oid in zone_objects(g, f):
        o = g.objects.get(oid)
        if o is not None and matches(g, ctx, f, o):
            out.append(o)
    return out


def matches(g, ctx: Context, f: R.ObjectFilter, o) -> bool:
    """CR 109.2, 115.1: whether object ``o`` is what ``f`` describes, now."""
    zone = f.zone.value
    if o.zone != zone:
        return False
    if not _characteristics_match(g, ctx, f, o):
        return False
    if f.alternatives and not any(_characteristics_match(g, ctx, a, o) for a in f.alternatives):
        return False
    # "another": not the source -- nor the card it was, in another zone (a "dies" ability
    # of Myr Retriever can't return the Retriever itself)
    if f.other and (o.oid == ctx.source or (ctx.source_card >= 0 and o.card == ctx.source_card)):
        return False
    if f.controller is not None:
        who = o.controller if zone in ("battlefield", "stack") else o.owner
        if who not in players(g, ctx, f.controller):
            return False
    if f.owner is not None and o.owner not in players(g, ctx, f.owner):
        return False
    if f.token is not None and (o.card < 0) != f.token:
        return False
    if f.tapped is not None and o.tapped != f.tapped:
        return False
    if f.combat is not None and not _in_combat(g, o, f.combat):
        return False
    on_bf = zone == "battlefield"
    for kw in f.keywords:
        if not (has_keyword(g, o, kw) if on_bf else kw in o.defn.keywords):
            return False
    for kw in f.not_keywords:
        if has_keyword(g, o, kw) if on_bf else kw in o.defn.keywords:
            return False
    if f.power is not None:
        pw = power(g, o) if on_bf else (o.defn.power or 0)
        if not f.power.holds(pw, quantity(g, ctx, f.power.value)):
            return False
    if f.toughness is not None:
        tg = toughness(g, o) if on_bf else (o.defn.toughness or 0)
        if not f.toughness.holds(tg, quantity(g, ctx, f.toughness.value)):
            return False
    if f.mana_value is not None:
        # CR 202.3e: on the stack, X is the value chosen.
        mv = _mana_value(g, o)
        if not f.mana_value.holds(mv, quantity(g, ctx, f.mana_value.value)):
            return False
    if f.counters is not None:
        have = o.counters or {}
        n = have.get(f.counters.kind, 0) if f.counters.kind else sum(have.values())
        if (n > 0) != f.counters.present:
            return False
    if f.damaged is not None and (o.damage > 0) != f.damaged:
        return False
    if f.named is not None and o.defn.name != f.named:
        return False
    if f.among is not None and o.oid not in objects(g, ctx, f.among):
        return False
    return True


def _characteristics_match(g, ctx, f: R.ObjectFilter, o) -> bool:
    on_bf = o.zone == "battlefield"
    if f.types or f.not_types:
        # CR 613.1d / 702.103b: what a permanent or spell is now (a bestowed Aura spell is
        # no creature spell).
        types = card_types(g, o) if on_bf or o.zone == "stack" else o.defn.types
        if any(t not in types for t in f.types) or any(t in types for t in f.not_types):
            return False
    for s in f.subtypes:
        if not has_subtype(o, s, g if on_bf else None):
            return False
    for s in f.not_subtypes:
        if has_subtype(o, s, g if on_bf else None):
            return False
    if f.supertypes or f.not_supertypes:
        sup = o.defn.supertypes
        if any(s not in sup for s in f.supertypes) or any(s in sup for s in f.not_supertypes):
            return False
    if f.colors or f.any_color or f.not_colors or f.multicolored is not None \
            or f.colorless is not None:
        cs = colors(g, o) if on_bf else o.defn.colors
        if any(c not in cs for c in f.colors) or any(c in cs for c in f.not_colors):
            return False
        if f.any_color and not any(c in cs for c in f.any_color):
            return False
        if f.multicolored is not None and (len(cs) > 1) != f.multicolored:
            return False
        if f.colorless is not None and (not cs) != f.colorless:
            return False
    return True


def _in_combat(g, o, role: R.Combat) -> bool:
    c = g.combat
    if c is None:
        return False
    att = o.oid in c.attackers
    blk = o.oid in c.blockers
    if role is R.Combat.ATTACKING:
        return att
    if role is R.Combat.BLOCKING:
        return blk
    if role is R.Combat.ATTACKING_OR_BLOCKING:
        return att or blk
    blocked = bool(c.blocked.get(o.oid))
    return att and (blocked if role is R.Combat.BLOCKED else not blocked)


def card_matches(g, ctx: Context, f: R.ObjectFilter, card: int, owner: int) -> bool:
    """Whether a card in a library (which has no object, CR 401.1) is what ``f``
    describes, by its printed characteristics."""
    from .state import Obj
    o = Obj(-1, card, g.card_definition(card), owner, "library")
    return (_characteristics_match(g, ctx, f, o)
            and (not f.alternatives or any(_characteristics_match(g, ctx, a, o)
                                           for a in f.alternatives))
            and (not f.named or o.defn.name == f.named)
            and (f.mana_value is None or f.mana_value.holds(
                o.defn.mana_value, quantity(g, ctx, f.mana_value.value)))
            and (f.power is None or f.power.holds(o.defn.power or 0,
                                                  quantity(g, ctx, f.power.value))))


# ---------------------------------------------------------------- quantities


def quantity(g, ctx: Context, q) -> int:
    """What quantity ``q`` amounts to now (CR 107.1; 608.2h)."""
    t = type(q)
    if t is Q.Fixed:
        return q.value
    if t is Q.X:
        return ctx.x
    if t is Q.CountOf:
        return len(candidates(g, ctx, q.filter))
    if t is Q.ValueOf:
        return sum(_value(g, ctx, oid, q.attribute) for oid in objects(g, ctx, q.object))
    if t is Q.CountersOn:
        n = 0
        for oid in objects(g, ctx, q.object):
            o = g.objects.get(oid)
            have = (o.counters if o is not None else ctx.lki[oid].counters
                    if oid in ctx.lki else None) or {}
            n += have.get(q.kind, 0) if q.kind else sum(have.values())
        return n
    if t is Q.OfPlayer:
        total = 0
        for p in players(g, ctx, q.player):
            pl = g.players[p]
            a = q.amount
            total += (pl.life if a is Q.PlayerAmount.LIFE else len(pl.hand)
                      if a is Q.PlayerAmount.HAND else pl.poison
                      if a is Q.PlayerAmount.POISON else getattr(pl, "energy", 0))
        return total
    if t is Q.Devotion:
        return devotion(g, ctx.controller, q.colors)
    if t is Q.ThatMuch:
        return ctx.amount if ctx.amount else int(ctx.event.get("amount", 0))
    if t is Q.Times:
        return quantity(g, ctx, q.factor) * quantity(g, ctx, q.quantity)
    if t is Q.Plus:
        return sum(quantity(g, ctx, p) for p in q.parts)
    if t is Q.Half:
        n = quantity(g, ctx, q.quantity)
        return (n + 1) // 2 if q.round_up else n // 2
    raise TypeError(f"not a quantity: {q!r}")


def _value(g, ctx, oid: int, attr: Q.Characteristic) -> int:
    o = g.objects.get(oid)
    if o is None:
        k = ctx.lki.get(oid)
        if k is None:
            return 0
        return {Q.Characteristic.POWER: k.power, Q.Characteristic.TOUGHNESS: k.toughness,
                Q.Characteristic.MANA_VALUE: k.mana_value,
                Q.Characteristic.LOYALTY: k.counters.get("loyalty", 0)}[attr]
    on_bf = o.zone == "battlefield"
    if attr is Q.Characteristic.POWER:
        return power(g, o) if on_bf else (o.defn.power or 0)
    if attr is Q.Characteristic.TOUGHNESS:
        return toughness(g, o) if on_bf else (o.defn.toughness or 0)
    if attr is Q.Characteristic.MANA_VALUE:
        return _mana_value(g, o)
    return (o.counters or {}).get("loyalty", 0)


def devotion(g, player: int, cols: tuple[str, ...]) -> int:
    """CR 700.5: the mana symbols of those colors among the mana costs of permanents
    ``player`` controls (a hybrid symbol counts once)."""
    n = 0
    for oid in g.battlefield:
        o = g.objects[oid]
        if o.controller != player:
            continue
        for s in o.defn.mana_cost.symbols:
            if any(c in s.split("/") for c in cols):
                n += 1
    return n


# ---------------------------------------------------------------- conditions


def condition(g, ctx: Context, c) -> bool:
    """Whether condition ``c`` holds now."""
    t = type(c)
    if t is C.Controls:
        n = 0
        who = set(players(g, ctx, c.player))
        for o in candidates(g, ctx, c.filter):
            if o.controller in who:
                n += 1
        return c.count.holds(n, quantity(g, ctx, c.count.value))
    if t is C.Compare:
        return c.comparison.holds(quantity(g, ctx, c.quantity),
                                  quantity(g, ctx, c.comparison.value))
    if t is C.Is:
        for oid in objects(g, ctx, c.object):
            o = g.objects.get(oid)
            if o is not None and _characteristics_match(g, ctx, c.filter, o) and (
                    not c.filter.alternatives or any(_characteristics_match(g, ctx, a, o)
                                                     for a in c.filter.alternatives)):
                return True
            k = ctx.lki.get(oid)
            if o is None and k is not None and _lki_matches(c.filter, k):
                return True
        return False
    if t is C.OnTurn:
        return (g.active == ctx.controller) == (c.turn is C.Turn.YOURS)
    if t is C.Not:
        return not condition(g, ctx, c.condition)
    if t is C.AllOf:
        return all(condition(g, ctx, x) for x in c.conditions)
    if t is C.AnyOf:
        return any(condition(g, ctx, x) for x in c.conditions)
    if t is C.Happened and c.event in C.RECORDED_EVENTS:
        from .areas.trigger_text_turn import attacked, creatures_died
        if c.event is C.TurnEvent.CREATURE_DIED:
            return creatures_died(g) > 0   # CR 700.4: morbid
        return attacked(g, ctx.controller)   # CR 508.1: raid
    if t is C.WasPaid:
        src = g.objects.get(ctx.source)
        if c.cost is C.Paid.KICKER:
            return src is not None and src.kicked > 0
        return False
    raise TypeError(f"not a condition: {c!r}")


def _lki_matches(f: R.ObjectFilter, k: LastKnown) -> bool:
    if any(t not in k.types for t in f.types) or any(t in k.types for t in f.not_types):
        return False
    if any(s not in k.subtypes for s in f.subtypes) or any(s in k.subtypes
                                                           for s in f.not_subtypes):
        return False
    if any(s not in k.supertypes for s in f.supertypes) or any(s in k.supertypes
                                                               for s in f.not_supertypes):
        return False
    if any(c not in k.colors for c in f.colors) or any(c in k.colors for c in f.not_colors):
        return False
    if f.alternatives and not any(_lki_matches(a, k) for a in f.alternatives):
        return False
    return True
