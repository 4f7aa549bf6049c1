"""Engine area `type_changes`: static abilities that change what an object has (CR 613
layers 6 and 7c), read each time characteristics are (never patched in place), and the
effect class -> function table registered into ``effects._EFFECTS``.

``characteristics`` calls :func:`static_pt` and :func:`static_keyword`.
"""

from __future__ import annotations

EFFECTS: dict = {}

_KIND = "tc_pump"
_BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def defined_pt(g, o, s, p: int, t: int) -> tuple[int, int]:
    """CR 604.3 / 613.4a (layer 7a): the power and toughness characteristic-defining
    ability ``s`` of ``o`` gives (``p``/``t``: the values so far)."""
    if s.power is not None:
        p = count(g, o, o, s.power) + s.power_plus
    if s.toughness is not None:
        t = count(g, o, o, s.toughness) + s.toughness_plus
    return p, t


def _lost(g, a) -> bool:
    """CR 613.1f: a source that lost all its abilities has no static abilities."""
    if not g.effects:
        return False
    from ..characteristics import lost_all_abilities
    return lost_all_abilities(g, a) >= 0


def _matches(g, o, spec, controller: int, source: int) -> bool:
    from ..effects_more import permanent_matches
    return permanent_matches(g, o, spec, controller, source)


def _permanents(g, spec, controller: int, source: int, whose: str | None) -> int:
    """How many battlefield permanents match ``spec``; ``whose``: "you" (controlled by
    ``controller``), "opponent", or None (any)."""
    n = 0
    for oid in g.battlefield:
        x = g.objects[oid]
        if whose == "you" and x.controller != controller:
            continue
        if whose == "opponent" and x.controller == controller:
            continue
        if spec.other and oid == source:
            continue
        if _matches(g, x, spec, x.controller, source):
            n += 1
    return n


def _graveyard_cards(g, spec, controller: int) -> int:
    from .. import effects_more
    if spec is not None and spec.controller is None:
        ids = g.players[0].graveyard + g.players[1].graveyard
    else:
        ids = g.players[controller].graveyard
    n = 0
    for oid in ids:
        d = g.objects[oid].defn
        if spec is not None:
            if spec.types and not all(t in d.types for t in spec.types):
                continue
            if spec.quals and not effects_more.has_qualities(g, g.objects[oid], spec.quals,
                                                             controller):
                continue
        n += 1
    return n


def count(g, a, o, c) -> int:
    """CR 611.3a: the number a "for each" of static ability source ``a`` (affecting ``o``)
    counts now."""
    w = c.what
    if w == "permanents":
        return _permanents(g, c.spec, a.controller, a.oid, c.spec.controller)
    if w == "hand":
        return len(g.players[a.controller].hand)
    if w == "graveyard":
        return _graveyard_cards(g, c.spec, a.controller)
    if w == "counters":
        x = o if c.on_affected else a
        return (x.counters or {}).get(c.name, 0)
    if w == "life":
        return g.players[a.controller].life
    if w == "hands_total":
        return len(g.players[0].hand) + len(g.players[1].hand)
    if w == "graveyard_types":
        ids = (g.players[a.controller].graveyard if c.spec.controller == "you"
               else g.players[0].graveyard + g.players[1].graveyard)
        types = set()
        for oid in ids:
            types.update(g.objects[oid].defn.types)
        return len(types)
    if w == "basic_land_types":
        found = set()
        for oid in g.battlefield:
            x = g.objects[oid]
            if x.controller == a.controller and "Land" in card_types(g, x):
                found.update(t for t in x.defn.subtypes if t in _BASIC_LAND_TYPES)
        return len(found)
    if w == "attached":
        names = c.name.split(",")
        return sum(1 for oid in g.battlefield if g.objects[oid].attached_to == o.oid
                   and any(s in g.objects[oid].defn.subtypes for s in names))
    return 0


def holds(g, a, o, cond) -> bool:
    """CR 604.1 / 611.3a: whether the condition of a static ability of ``a`` holds now
    ("it" is the affected object ``o``)."""
    k = cond.kind
    me = a.controller
    if cond.of_source:
        o = a
    if k == "your_turn":
        return g.active == me
    if k == "not_your_turn":
        return g.active != me
    if k == "control":
        n = _permanents(g, cond.spec, me, a.oid, "you")
        return n <= cond.n if cond.at_most else n >= cond.n
    if k == "opponent_controls":
        return _permanents(g, cond.spec, me, a.oid, "opponent") >= cond.n
    if k == "graveyard":
        if cond.name:   # "four or more permanent cards" (descend)
            t = cond.name.capitalize()
            perm = ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")
            n = sum(1 for x in g.players[me].graveyard
                    if (any(y in perm for y in g.objects[x].defn.types) if t == "Permanent"
                        else t in g.objects[x].defn.types))
            return n >= cond.n
        return len(g.players[me].graveyard) >= cond.n
    if k == "subtype":
        from ..characteristics import has_subtype
        return has_subtype(o, cond.name, g)
    if k == "graveyard_types":
        types = set()
        for oid in g.players[me].graveyard:
            types.update(g.objects[oid].defn.types)
        return len(types) >= cond.n
    if k == "hand":
        return len(g.players[me].hand) <= cond.n
    if k == "life":
        return g.players[me].life >= cond.n
    if k in ("attacking", "blocking"):
        c = g.combat
        if c is None:
            return False
        return o.oid in (c.attackers if k == "attacking" else c.blockers)
    if k == "tapped":
        return o.tapped
    if k == "untapped":
        return not o.tapped
    if k in ("enchanted", "equipped"):
        sub = "Aura" if k == "enchanted" else "Equipment"
        return any(g.objects[oid].attached_to == o.oid and sub in g.objects[oid].defn.subtypes
                   for oid in g.battlefield)
    if k == "counter":
        return (o.counters or {}).get(cond.name, 0) > 0
    return False


def _applies(g, a, s, o) -> bool:
    """Whether static pump ``s`` of ``a`` affects ``o`` now (its condition included)."""
    aff = s.affected
    if aff == "self":
        if a is not o:
            return False
    elif aff == "enchanted" or aff == "equipped":
        if a.attached_to != o.oid:
            return False
    else:
        from ..characteristics import is_creature
        if not is_creature(o) or not _matches(g, o, s.filter, a.controller, a.oid):
            return False
    return s.condition is None or holds(g, a, o, s.condition)


def _pumps(g, o, lost_after: int = -1):
    """(source, ability) for each static pump that affects ``o`` now; with
    ``lost_after`` >= 0 (``o`` lost all abilities then), only sources other than ``o``
    with a later timestamp (CR 613.7)."""
    if o.zone != "battlefield" or not g.may_have_static(_KIND):
        return
    for oid in g.battlefield:
        a = g.objects[oid]
        st = a.defn.static
        if not st:
            continue
        for s in st:
            if s.kind != _KIND:
                continue
            if lost_after >= 0 and (a is o or a.timestamp <= lost_after):
                break
            if _applies(g, a, s, o):
                if _lost(g, a):
                    break
                yield a, s


def static_pt(g, o, lost: int = -1) -> tuple[int, int]:
    """CR 613.4c (layer 7c): the +P/+T static pumps give ``o`` now (``lost``: the
    timestamp at which ``o`` lost all abilities, or -1)."""
    p = t = 0
    for a, s in _pumps(g, o, lost):
        if not (s.power or s.toughness):
            continue
        n = count(g, a, o, s.per) if s.per is not None else 1
        p += s.power * n
        t += s.toughness * n
    return p, t


def static_keyword(g, o, keyword: str, lost: int) -> bool:
    """CR 613.1f (layer 6): whether a static pump gives ``o`` ``keyword`` now (``lost``:
    the timestamp at which ``o`` lost all abilities, or -1)."""
    for _, s in _pumps(g, o, lost):
        if keyword in s.keywords:
            return True
    return False


# ---------------------------------------------------------------- layer 4 (CR 613.1d)


def card_types(g, o) -> tuple:
    """CR 613.1d / 205.1: the card types of ``o`` after the type-changing effects in
    force, applied in timestamp order (CR 613.7): ``add`` keeps the prior types
    ("becomes an artifact creature", CR 205.1b), ``set`` replaces them (CR 205.1a)."""
    types = o.defn.types
    if o.cast_alt == "bestow" or o.zone == "stack" and g.stack:
        if bestowed(g, o):
            # CR 702.103b: a bestowed Aura is an enchantment, not a creature.
            types = tuple(t for t in types if t != "Creature")
    if not g.effects:
        return types
    for e in g.effects:
        if e.layer == "4" and e.affected == o.oid:
            how, *new = e.data
            new = [t for t in new if not t.startswith("sub:")]
            if not new:
                continue
            if how == "set":
                types = tuple(new)
            else:
                types = types + tuple(t for t in new if t not in types)
    return types


def subtypes(g, o) -> tuple:
    """CR 613.1d / 205.1: ``o``'s subtypes after type-changing effects: new creature types
    are added, or (CR 205.1a, an effect that doesn't keep the old types) replace the
    creature types it had."""
    subs = o.defn.subtypes
    if (o.cast_alt == "bestow" or o.zone == "stack" and g.stack) and bestowed(g, o):
        # CR 702.103b + 205.1a: a bestowed Aura is an Aura enchantment; with its creature
        # type gone, its creature subtypes are gone too.
        from ..characteristics import is_creature_type
        subs = tuple(t for t in subs if not is_creature_type(t))
        subs = subs + (("Aura",) if "Aura" not in subs else ())
    for e in g.effects:
        if e.layer == "4" and e.affected == o.oid:
            new = [t[4:] for t in e.data[1:] if t.startswith("sub:")]
            if e.data[0] == "set":
                from ..characteristics import is_creature_type
                subs = tuple(t for t in subs if not is_creature_type(t))
            subs = subs + tuple(t for t in new if t not in subs)
    return subs


def colors(g, o) -> tuple:
    """CR 613.1e (layer 5): ``o``'s colors; the latest color-setting effect wins
    (CR 613.7)."""
    cs = o.defn.colors
    for e in g.effects:
        if e.layer == "5" and e.affected == o.oid:
            cs = tuple(e.data)
    return cs


def _become(g, item, eff, legal):
    """CR 613.1d-f / 613.4b / 611.2: the object becomes something else: type-changing
    (layer 4), color-changing (5), ability-adding (6) and base power/toughness-setting
    (7b) effects, all with one timestamp, until end of turn or for as long as it stays
    on the battlefield (CR 611.2c: locked to that object)."""
    from ...engine.state import ContinuousEffect
    if eff.target < 0:
        t = item.source
    else:
        from ..effects import _target
        t = _target(item, eff, legal)
    o = g.objects.get(t) if t is not None else None
    if o is None or o.zone != "battlefield":
        return
    g.timestamp += 1
    ts, until = g.timestamp, eff.until
    if eff.types or eff.subtypes:
        g.effects.append(ContinuousEffect(ts, "4", o.oid, until=until, data=[
            "add" if eff.keep else "set", *eff.types, *("sub:" + s for s in eff.subtypes)]))
    if eff.colors is not None:
        g.effects.append(ContinuousEffect(ts, "5", o.oid, until=until, data=list(eff.colors)))
    for kw in eff.keywords:
        g.effects.append(ContinuousEffect(ts, "6", o.oid, until=until, keyword=kw))
    if eff.power is not None:
        p = item.x if eff.x else eff.power
        q = item.x if eff.x else eff.toughness
        g.effects.append(ContinuousEffect(ts, "7b", o.oid, p, q, until=until))
    g.event("613.1d", f"{g.oname(o.oid)} becomes "
            + " ".join(filter(None, [f"{item.x if eff.x else eff.power}/"
                                     f"{item.x if eff.x else eff.toughness}"
                                     if eff.power is not None else "",
                                     " ".join(eff.subtypes), " ".join(eff.types).lower()]))
            + (" until end of turn" if until == "end_of_turn" else ""))


def _become_creature(g, item, eff, legal):
    """CR 702.122a / 613.1d: crew - the Vehicle becomes an artifact creature until end
    of turn (keeping its other types, CR 205.1b); CR 301.7b: with its printed power and
    toughness."""
    from ..effects import _add_effect
    o = g.objects.get(item.source)
    if o is None or o.zone != "battlefield":
        return
    _add_effect(g, layer="4", affected=o.oid, until="end_of_turn",
                data=["add", "Artifact", "Creature"])
    g.event("702.122a", f"{g.oname(o.oid)} becomes an artifact creature until end of turn")


def _create_attached(g, item, eff, legal):
    """CR 702.92a / 702.182a: create the token, then attach this Equipment to it (if the
    Equipment is still on the battlefield; CR 701.3b: else it isn't attached)."""
    from .. import zones
    from ..effects import attach_all, can_equip
    if "created" not in item.info:
        n = zones.create_token(g, dict(eff.token), item.controller)
        item.info["created"] = n.oid
    src = g.objects.get(item.source)
    host = g.objects.get(item.info["created"])
    if (src is None or src.zone != "battlefield" or host is None or host.zone != "battlefield"
            or not can_equip(g, src, host)):
        item.info.pop("created", None)
        return None
    r = attach_all(g, item, [(src.oid, host.oid)])
    if r != "ask":
        item.info.pop("created", None)
    return r


def _pump_attached(g, item, eff, legal):
    """CR 613.4c / 613.1f: the creature the source is attached to gets +P/+T and gains
    keywords until end of turn (nothing if the source is no longer attached)."""
    from ..effects import _add_effect
    src = g.objects.get(item.source)
    if src is None or src.zone != "battlefield" or src.attached_to is None:
        return
    host = g.objects.get(src.attached_to)
    if host is None or host.zone != "battlefield":
        return
    if eff.power or eff.toughness:
        _add_effect(g, layer="7c", affected=host.oid, power=eff.power,
                    toughness=eff.toughness, until="end_of_turn")
        g.event("613.4c", f"{g.oname(host.oid)} gets {eff.power:+d}/{eff.toughness:+d} until "
                "end of turn")
    for kw in eff.keywords:
        _add_effect(g, layer="6", affected=host.oid, until="end_of_turn", keyword=kw)
        g.event("613.1f", f"{g.oname(host.oid)} gains {kw} until end of turn")


def _register():
    from ...compiler.abilities import BecomeCreature
    from ...compiler.areas.type_changes import Become, CreateAttached, PumpAttached
    EFFECTS[PumpAttached] = _pump_attached
    EFFECTS[BecomeCreature] = _become_creature
    EFFECTS[Become] = _become
    EFFECTS[CreateAttached] = _create_attached


_register()


# ---------------------------------------------------------------- crew costs (CR 702.122a)


def crew_power(g, cands) -> int:
    from ..characteristics import power
    return sum(power(g, g.objects[c]) for c in cands)


def crew_payable(g, player: int, o, cc) -> bool:
    """CR 702.122a: whether untapped other creatures ``player`` controls have total power
    ``cc.total_power`` or more."""
    from ..casting import choice_candidates
    return crew_power(g, choice_candidates(g, player, cc, o.oid)) >= cc.total_power


def crew_legal(g, d, choice) -> bool:
    """CR 702.122a: an answer to a crew cost: distinct candidates with total power N or
    greater."""
    cands = d.data["candidates"]
    return (isinstance(choice, tuple) and len(set(choice)) == len(choice)
            and all(c in cands for c in choice)
            and crew_power(g, choice) >= d.data["total_power"])


def crew_actions(g, d) -> list:
    """The answers to a crew cost: every set of candidates with total power N or greater
    (tapping more than needed is allowed, CR 702.122a), smallest first, capped at 256."""
    from itertools import combinations
    from ..actions import Action
    from ..characteristics import power
    cands = d.data["candidates"]
    need = d.data["total_power"]
    pw = {c: power(g, g.objects[c]) for c in cands}
    out = []
    for n in range(0, len(cands) + 1):
        for c in combinations(cands, n):
            if sum(pw[x] for x in c) >= need:
                out.append(Action("choose", choice=c))
                if len(out) >= 256:
                    return out
    return out


# ---------------------------------------------------------------- bestow (CR 702.103)

_BESTOW_SPELL = None


def bestow_spell():
    """CR 702.103b: a spell cast bestowed is an Aura spell with enchant creature: it
    targets a creature (CR 303.4a, 601.2c)."""
    global _BESTOW_SPELL
    if _BESTOW_SPELL is None:
        from ...compiler.abilities import SpellAbility, TargetSpec
        _BESTOW_SPELL = SpellAbility((TargetSpec("creature"),), (), "Bestow")
    return _BESTOW_SPELL


def bestowed(g, o) -> bool:
    """CR 702.103b / 702.103f: whether ``o`` is a bestowed Aura now: a spell cast
    bestowed, or the permanent it became while it stays attached."""
    if o.zone == "battlefield":
        return o.cast_alt == "bestow" and o.attached_to is not None
    if o.zone == "stack":
        for it in g.stack:
            if it.source == o.oid and it.is_spell:
                return it.info.get("cost_choice", {}).get("alternative") == "bestow"
    return False


def bestow_ends(g, item) -> bool:
    """CR 702.103e: as a bestowed Aura spell begins resolving with an illegal target, it
    ceases to be bestowed and resolves as a creature spell (it doesn't fail to resolve,
    CR 608.3b). True when that happened."""
    cc = item.info.get("cost_choice")
    if not item.is_spell or not cc or cc.get("alternative") != "bestow":
        return False
    item.info["cost_choice"] = dict(cc, alternative=None)
    item.targets = ()
    item.info.pop("groups", None)
    g.event("702.103e", f"{g.card_definition(item.source_card).name}'s target is illegal: it "
            "ceases to be bestowed and resolves as a creature spell")
    return True


def bestow_unattach(g) -> list:
    """CR 702.103f: a bestowed Aura attached to an illegal object (not a creature on the
    battlefield, or one with protection from it) becomes unattached and ceases to be
    bestowed; the permanents that did."""
    out = []
    for oid in g.battlefield:
        o = g.objects[oid]
        if o.cast_alt != "bestow" or o.attached_to is None:
            continue
        host = g.objects.get(o.attached_to)
        from ..characteristics import is_creature, protected_from
        if (host is None or host.zone != "battlefield" or not is_creature(host, g)
                or protected_from(g, host, o) or host.oid == o.oid):
            o.attached_to = None
            o.cast_alt = None
            g.event("702.103f", f"{g.oname(o.oid)} becomes unattached and ceases to be "
                    "bestowed: it is an enchantment creature again")
            out.append(o)
    return out


# ---------------------------------------------------------------- attached statics (CR 611.3a)


def sync_attached(g) -> bool:
    """CR 611.3a / 613 / 303.4b / 301.5a: the effects of "Enchanted creature loses all
    abilities and is a ... with base power and toughness N/N" statics are in force exactly
    while their source is attached: kept in ``g.effects`` tagged ``attached:<source>:<n>``
    (so layers, JSON and clones see them), added when the source becomes attached (a new
    timestamp, CR 613.7e) and ended when it stops. Called with the state-based actions,
    before any player gets priority; True when something changed."""
    want = {}
    objs = g.objects
    for oid in g.battlefield:
        a = objs[oid]
        if a.attached_to is None or not a.defn.static:
            continue
        for i, s in enumerate(a.defn.static):
            if s.kind == "tc_attached":
                host = objs.get(a.attached_to)
                if host is not None and host.zone == "battlefield":
                    # the controller is in the tag: control effects follow the source's
                    want[f"attached:{oid}:{i}:{a.controller}"] = (host.oid, s, a.controller)
    changed = False
    present = set()
    if g.effects:
        keep = []
        ended = []
        for e in g.effects:
            u = e.until
            if u.startswith("attached:"):
                w = want.get(u)
                if w is None or w[0] != e.affected:
                    changed = True
                    if e.layer == "2":
                        ended.append(e)
                    continue
                present.add(u)
            keep.append(e)
        if changed:
            g.effects = keep
            for e in ended:
                _control_returns(g, e)
    for tag, (host, s, ctl) in want.items():
        if tag not in present:
            _attached_effects(g, host, s, tag, ctl)
            changed = True
    return changed


def _control_returns(g, e) -> None:
    """CR 613.1b / 613.7: when a control-changing effect ends, the permanent's controller
    is whoever the latest remaining one says, or who controlled it before (CR 302.6: it is
    newly under that player's control)."""
    o = g.objects.get(e.affected)
    if o is None or o.zone != "battlefield":
        return
    rest = [x for x in g.effects if x.layer == "2" and x.affected == o.oid]
    new = max(rest, key=lambda x: x.timestamp).controller if rest else e.previous
    if new is not None and new != o.controller:
        o.controller = new
        o.sick = True
        g.event("613.1b", f"control of {g.oname(o.oid)} returns to {g.pname(new)}")


def _attached_effects(g, host: int, s, tag: str, ctl: int) -> None:
    from ..state import ContinuousEffect
    g.timestamp += 1
    ts = g.timestamp
    if s.control:
        # CR 613.1b (layer 2): the source's controller controls the permanent; CR 302.6:
        # it is newly under their control.
        o = g.objects[host]
        # who controls it when this effect ends: its controller now, or (already under
        # the source's controller, as in a set-up position) its owner (CR 108.4a)
        prev = o.controller if o.controller != ctl else o.owner
        g.effects.append(ContinuousEffect(ts, "2", host, until=tag, controller=ctl,
                                          previous=prev))
        if o.controller != ctl:
            o.controller = ctl
            o.sick = True
            g.event("613.1b", f"{g.pname(ctl)} gains control of {g.oname(host)}")
        return
    if s.lose_all:
        # CR 613.1f: "loses all [other] abilities"; what the same ability grants has a
        # later timestamp and is kept (CR 613.7).
        g.effects.append(ContinuousEffect(ts, "6", host, until=tag, data="lose_all"))
        g.timestamp += 1
        ts = g.timestamp
    if s.types or s.subtypes:
        g.effects.append(ContinuousEffect(ts, "4", host, until=tag, data=[
            "add" if s.keep else "set", *s.types, *("sub:" + x for x in s.subtypes)]))
    if s.colors is not None:
        g.effects.append(ContinuousEffect(ts, "5", host, until=tag, data=list(s.colors)))
    for kw in s.keywords:
        g.effects.append(ContinuousEffect(ts, "6", host, until=tag, keyword=kw))
    if s.power is not None:
        g.effects.append(ContinuousEffect(ts, "7b", host, s.power, s.toughness, until=tag))
    if s.plus_power or s.plus_toughness:
        g.effects.append(ContinuousEffect(ts, "7c", host, s.plus_power, s.plus_toughness,
                                          until=tag))
    if s.grants:
        # CR 613.1f (layer 6): it has the triggered abilities; the effect names where they
        # are written (the source's card and static ability).
        src = g.objects[int(tag.split(":")[1])]
        idx = list(src.defn.static).index(s)
        g.effects.append(ContinuousEffect(ts, "6", host, until=tag,
                                          data=["granted", src.card, idx]))
    g.event("613.1d", f"{g.oname(host)}: {s.text}")


# ---------------------------------------------------------------- granted triggered abilities


class _Granted:
    """The view of a granted triggered ability that a waiting trigger indexes (its
    ``triggered`` are those of the granting static ability)."""

    __slots__ = ("name", "triggered")

    def __init__(self, name, triggered):
        self.name = name
        self.triggered = triggered


def granted_definition(g, card: int, info: dict):
    """The abilities a trigger of a granted ability indexes (``info["granted"]``: the
    granting card and its static ability number)."""
    gcard, si = info["granted"]
    return _Granted(g.card_definition(card).name, g.card_definition(gcard).static[si].grants)


def fire_granted(g, event: str, o, info) -> None:
    """CR 603.2 / 613.1f: the triggered abilities ``o`` has from an attached Aura or
    Equipment ("Equipped creature has "Whenever you cast a noncreature spell, ..."") that
    trigger on ``event`` wait; not if ``o`` lost all abilities later (CR 613.7)."""
    from ..characteristics import lost_all_abilities
    from ..triggers import face_info
    lost = -2
    for e in g.effects:
        if e.layer != "6" or e.affected != o.oid or not isinstance(e.data, list) \
                or not e.data or e.data[0] != "granted":
            continue
        if lost == -2:
            lost = lost_all_abilities(g, o)
        if e.timestamp <= lost:
            continue
        _, gcard, si = e.data
        for i, t in enumerate(g.card_definition(gcard).static[si].grants):
            if event in t.events and t.condition is None:
                g.waiting.append((o.oid, o.card, i, o.controller,
                                  dict(face_info(o, info), granted=[gcard, si])))
                g.event("603.2", f"{o.defn.name}'s ability triggers ({event})")


# ---------------------------------------------------------------- umbra armor (CR 702.89)


def umbra_auras(g, o) -> list[int]:
    """CR 702.89a: the Auras attached to ``o`` whose umbra armor would replace its
    destruction."""
    out = []
    for oid in g.battlefield:
        a = g.objects[oid]
        if a.attached_to != o.oid or not a.defn.static or _lost(g, a):
            continue
        if any(s.kind == "umbra_armor" for s in a.defn.static):
            out.append(oid)
    return out


def umbra_armor(g, o, aura: int | None = None) -> bool:
    """CR 702.89a: "If enchanted permanent would be destroyed, instead remove all damage
    marked on it and destroy this Aura." True when an Aura attached to ``o`` with umbra
    armor replaced its destruction (``aura``, the one its controller chose, CR 616.1;
    else the first such Aura, before any regeneration shield)."""
    auras = umbra_auras(g, o)
    if aura is not None:
        auras = [a for a in auras if a == aura]
    if not auras:
        return False
    from .. import zones
    a = g.objects[auras[0]]
    o.damage = 0
    o.deathtouched = False
    g.event("702.89a", f"{g.oname(o.oid)} would be destroyed: instead its damage is "
            f"removed and {g.oname(a.oid)} is destroyed (umbra armor)")
    zones.destroy(g, a)
    return True


def static_restricted(g, o, kind: str) -> bool:
    """CR 508.1c / 509.1b: whether a static pump ("Enchanted creature gets +2/+2 and can't
    block", "As long as ..., ~ gets +2/+2 and can't block") puts restriction ``kind``
    (``cant_attack``, ``cant_block``, ``unblockable``) on ``o`` now."""
    lost = -1
    if g.effects:
        from ..characteristics import lost_all_abilities
        lost = lost_all_abilities(g, o)
    for _, s in _pumps(g, o, lost):
        if kind in s.restrictions:
            return True
    return False
