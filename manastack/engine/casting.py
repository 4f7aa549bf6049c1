"""Casting spells and activating abilities (CR 601.2, 602.2), mana abilities (CR 605)
and paying costs (CR 118, 601.2f-h).

Each procedure keeps its progress in ``game.cast`` (a ``CastContext``), so a cast paused
at a decision can be cloned and serialised. If it cannot be completed, the game returns
to the moment before the announcement (CR 733).
"""

from __future__ import annotations

from ..compiler.abilities import AddMana
from ..mana import (COLOR_NAMES, MANA_TYPES, NAME_TO_SYMBOL, TYPE_INDEX, find_payment,
                    format_cost, pay_from_pool)
from .characteristics import has_keyword, is_creature
from .resolution import ability_of, add_mana
from .state import CastContext, StackItem
from .targets import candidates
from . import zones


# ---------------------------------------------------------------- availability

def can_pay_tap(g, o, ab) -> bool:
    """CR 107.5 / 107.6 / 302.6: {T} needs an untapped permanent, {Q} a tapped one; a
    creature's {T}/{Q} ability needs it under control since the turn began (or haste)."""
    c = ab.cost
    if c.tap and o.tapped:
        return False
    if c.untap and not o.tapped:
        return False
    if (c.tap or c.untap) and is_creature(o) and o.sick and not has_keyword(g, o, "haste"):
        return False
    return True


def mana_options(g, player: int, exclude: int | None = None):
    """The mana sources usable for automatic payment (CR 601.2g): untapped permanents of
    ``player`` whose mana abilities cost only {T}. Returns (options, refs): ``options[k]``
    lists 6-count vectors, ``refs[k][j]`` the (oid, ability, color) that makes one."""
    options, refs = [], []
    for oid in g.battlefield:
        o = g.objects[oid]
        if o.controller != player or oid == exclude:
            continue
        opts, rs = [], []
        for n, ab in enumerate(o.defn.activated, 1):
            if not ab.mana_ability or ab.cost.has_mana or ab.cost.sacrifice_self:
                continue
            if ab.cost.pay_life or not can_pay_tap(g, o, ab):
                continue
            for eff in ab.effects:
                if not isinstance(eff, AddMana):
                    continue
                if eff.any_of:
                    for col in eff.any_of:
                        v = [0] * 6
                        v[TYPE_INDEX[col]] = eff.count
                        opts.append(v)
                        rs.append((oid, n, col))
                else:
                    v = [0] * 6
                    for s in eff.mana:
                        v[TYPE_INDEX[s]] += 1
                    opts.append(v)
                    rs.append((oid, n, None))
        if opts:
            options.append(opts)
            refs.append(rs)
    return options, refs


def can_afford(g, player: int, generic: int, colored, exclude: int | None = None) -> bool:
    """Whether the player could pay a cost with their pool and untapped mana sources."""
    if generic == 0 and not any(colored):
        return True
    options, _ = mana_options(g, player, exclude)
    return find_payment(options, generic, colored, g.players[player].pool) is not None


def spell_cost(o, x: int = 0):
    """CR 601.2f: the total cost of casting ``o``: its mana cost with X."""
    return o.defn.mana_cost.with_x(x)


def has_targets(g, ab, controller: int) -> bool:
    """CR 601.2c: a spell or ability with a required target needs a legal one."""
    return all(spec.minimum == 0 or candidates(g, spec, controller) for spec in ab.targets)


# ---------------------------------------------------------------- casting (CR 601.2)

def take_snapshot(g):
    """The state to return to if the cast can't be completed (CR 733); its log and
    actions are not needed (the live ones are kept)."""
    log, actions = g.log, g.actions
    g.log, g.actions = [], []
    snap = g.clone()
    g.log, g.actions = log, actions
    return snap


def begin_cast(g, player: int, oid: int) -> None:
    """CR 601.2a: announce the spell: it moves to the stack."""
    snapshot = take_snapshot(g)
    o = g.objects[oid]
    prev = o.zone
    n = zones.move(g, o, "stack", controller=player)
    item = StackItem(n.oid, n.oid, player, None, (), 0, n.card)
    g.stack.append(item)
    ctx = CastContext(n.oid, "targets")
    ctx.snapshot = snapshot
    ctx.prev_zone = prev
    g.cast = ctx
    g.event("601.2a", f"{g.pname(player)} announces {n.defn.name}")
    continue_cast(g)


def begin_activate(g, player: int, oid: int, number: int) -> None:
    """CR 602.2a: announce an activated ability: it is put on the stack."""
    o = g.objects[oid]
    ab = o.defn.activated[number - 1]
    if ab.mana_ability:
        activate_mana_ability(g, player, oid, number)
        return
    snapshot = take_snapshot(g)
    iid = g.next_id
    g.next_id += 1
    item = StackItem(iid, oid, player, number, (), 0, o.card)
    g.stack.append(item)
    ctx = CastContext(iid, "targets")
    ctx.snapshot = snapshot
    g.cast = ctx
    g.event("602.2a", f"{g.pname(player)} activates {o.defn.name}'s ability")
    continue_cast(g)


def continue_cast(g) -> None:
    """CR 601.2c-h: targets, total cost locked in, then mana abilities and payment."""
    from .flow import ask
    ctx = g.cast
    item = g.stack[-1]
    ab = ability_of(g, item)
    specs = ab.targets if ab is not None else ()
    if ctx.stage == "targets":
        done = len(item.info.get("groups", ()))
        if done < len(specs):
            i = done
            spec = specs[i]
            ask(g, item.controller, "targets",
                {"index": i, "candidates": candidates(g, spec, item.controller, item),
                 "min": spec.minimum, "max": spec.maximum})
            return
        if item.targets:
            g.event("601.2c", "targets chosen: " + ", ".join(g.oname(t) for t in item.targets))
        if item.trigger is not None:
            # CR 603.3d: a triggered ability has no cost; it is now on the stack.
            g.cast = None
            return
        ctx.stage = "cost"
    if ctx.stage == "cost":
        if item.ability is None:
            cost = spell_cost(g.objects[item.source], item.x)
        else:
            cost = ab.cost.mana.with_x(item.x)
        ctx.generic, ctx.colored = cost.generic, list(cost.colored)
        # CR 601.2f: the total cost is locked in before it is paid.
        g.event("601.2f", f"total cost locked in at {format_cost(ctx.generic, ctx.colored)}")
        ctx.stage = "pay"
    if ctx.stage == "pay":
        if ctx.generic == 0 and not any(ctx.colored):
            finish_cast(g)
            return
        ask(g, item.controller, "pay_mana",
            {"cost": format_cost(ctx.generic, ctx.colored)})


def auto_pay(g) -> None:
    """CR 601.2g-h: activate the mana abilities the engine chooses, then pay."""
    ctx = g.cast
    player = g.stack[-1].controller
    from .legal import _tapping_source
    options, refs = mana_options(g, player, exclude=_tapping_source(g))
    plan = find_payment(options, ctx.generic, ctx.colored, g.players[player].pool)
    if plan is None:
        reverse_cast(g, "601.2h: the cost can't be paid")
        return
    for k, j in plan:
        oid, n, col = refs[k][j]
        activate_mana_ability(g, player, oid, n, chosen=col, resume=False)
    finish_cast(g)


def finish_cast(g) -> None:
    """CR 601.2h: pay the total cost; 601.2i: the spell becomes cast (602.2b: the ability
    becomes activated); its controller receives priority (CR 117.3c)."""
    ctx = g.cast
    item = g.stack[-1]
    player = item.controller
    pay_from_pool(g.players[player].pool, ctx.generic, ctx.colored)
    if item.ability is not None:
        o = g.objects[item.source]
        ab = o.defn.activated[item.ability - 1]
        pay_other_costs(g, o, ab)
    g.cast = None
    if item.ability is None:
        g.event("601.2i", f"{g.pname(player)} casts {g.objects[item.source].defn.name}")
    else:
        g.event("602.2b", f"{g.pname(player)} activates an ability of {g.oname(item.source)}")
    g.priority = player
    g.passes = 0


def pay_other_costs(g, o, ab) -> None:
    """CR 118.3 / 601.2h: pay the non-mana parts of an activation cost."""
    c = ab.cost
    if c.tap:
        zones.tap(g, o)   # CR 107.5
    if c.untap:
        o.tapped = False  # CR 107.6
    if c.pay_life:
        g.players[o.controller].life -= c.pay_life   # CR 119.4
    if c.sacrifice_self and o.zone == "battlefield":
        zones.move(g, o, "graveyard")   # CR 701.21a


def reverse_cast(g, why: str) -> None:
    """CR 733.1: the game returns to the moment before the spell was announced."""
    snap = g.cast.snapshot
    actions, log = g.actions, g.log
    state = snap.clone()
    for slot in type(g).__slots__:
        if slot in ("actions", "log", "setup"):
            continue
        setattr(g, slot, getattr(state, slot))
    g.actions = actions
    g.log = log
    g._legal_cache = None
    g.event("733.1", f"{why}; the announcement is reversed")


# ---------------------------------------------------------------- mana abilities (CR 605)

def activate_mana_ability(g, player: int, oid: int, number: int, chosen: str | None = None,
                          resume: bool = True) -> None:
    """CR 605.3a-b: a mana ability is activated and resolves at once, without the stack."""
    from .flow import ask
    o = g.objects[oid]
    ab = o.defn.activated[number - 1]
    card, name = o.card, o.defn.name
    pay_other_costs(g, o, ab)
    g.event("605.3b", f"{g.pname(player)} activates {name}'s mana ability")
    choices = next((e.any_of for e in ab.effects if isinstance(e, AddMana) and e.any_of), ())
    if choices and chosen is None:
        colors = set(choices) <= {"W", "U", "B", "R", "G"} and len(choices) == 5
        ask(g, player, "color" if colors else "mana_type",
            {"card": card, "ability": number, "player": player, "mana": True,
             "choices": [COLOR_NAMES[c] for c in choices] if colors else list(choices)})
        return
    _produce(g, player, ab, chosen)
    if resume:
        resume_after_mana(g, player)


def _produce(g, player: int, ab, chosen: str | None) -> None:
    for eff in ab.effects:
        if isinstance(eff, AddMana):
            add_mana(g, player, eff, chosen)


def finish_mana_choice(g, chosen: str) -> None:
    """Complete a mana ability that offered a choice of mana type (CR 106.6a)."""
    d = g.pending.data
    g.pending = None
    chosen = NAME_TO_SYMBOL.get(chosen, chosen)
    ab = g.setup.definitions[d["card"]].activated[d["ability"] - 1]
    _produce(g, d["player"], ab, chosen)
    resume_after_mana(g, d["player"])


def resume_after_mana(g, player: int) -> None:
    """After a mana ability: back to paying (CR 601.2g) or to priority (CR 117.3c)."""
    from .flow import ask
    if g.cast is not None and g.cast.stage == "pay":
        ask(g, player, "pay_mana", {"cost": format_cost(g.cast.generic, g.cast.colored)})
    else:
        g.priority = player


def mana_symbols_of(pool) -> str:
    return "".join(f"{{{MANA_TYPES[i]}}}" * n for i, n in enumerate(pool))
