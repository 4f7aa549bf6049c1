"""Casting spells and activating abilities (CR 601.2, 602.2) and paying their costs
(CR 118, 601.2f-h).

Each procedure keeps its progress in ``game.cast`` (a ``CastContext``), so a cast paused
at a decision can be cloned and serialised. If it cannot be completed, the game returns
to the moment before the announcement (CR 733). Mana abilities are in ``mana_abilities``.
"""

from __future__ import annotations

from ..mana import find_payment, format_cost, pay_from_pool
from .characteristics import card_types, colors, has_keyword, is_creature
from .areas import type_changes as _tc
from .resolution import ability_of
from .state import CastContext, StackItem
from .targets import candidates
from .areas.casting_options import alternative_permitted
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
    if (c.tap or c.untap) and is_creature(o, g) and o.sick and not has_keyword(g, o, "haste"):
        return False
    return True


def choice_candidates(g, player: int, cc, source=None) -> list[int]:
    """The objects that could pay a choice cost (CR 118.3): "Sacrifice an artifact"."""
    from .targets import _object_matches
    from ..ir.refs import ObjectFilter
    if isinstance(cc.spec, ObjectFilter):
        return _filter_candidates(g, player, cc, source)
    out = []
    # CR 118.3: a cost may use cards in hand ("exile a blue card from your hand")
    zone_ids = (g.players[player].hand if cc.spec.zone == "hand" else
                g.players[player].graveyard if cc.spec.zone == "graveyard" else
                # CR 702.167b: craft materials are permanents or cards in a graveyard
                g.battlefield + g.players[player].graveyard
                if cc.spec.zone == "battlefield+graveyard" else g.battlefield)
    for oid in zone_ids:
        o = g.objects[oid]
        if o.controller != player:
            continue
        if cc.spec.other and source is not None and oid == source:
            continue
        # CR 302.6 limits only a creature's own {T}/{Q} abilities: a summoning-sick
        # creature can be tapped to pay another cost ("Tap three untapped creatures").
        if cc.action == "tap" and o.tapped:
            continue
        if cc.spec.unblocked_attacker and not _unblocked_attacker(g, oid):
            continue
        if _filter_matches(g, o, cc.spec, player):
            out.append(oid)
    _ = _object_matches
    return out


def _filter_candidates(g, player: int, cc, source) -> list[int]:
    """CR 118.3: the objects that could pay a choice cost described by an IR filter."""
    from .evaluate import Context, candidates as matching
    ctx = Context(player, source)
    out = []
    for o in matching(g, ctx, cc.spec):
        # CR 302.6 limits only a creature's own {T}/{Q} abilities: a summoning-sick
        # creature can be tapped to pay another cost ("Tap three untapped creatures").
        if cc.action == "tap" and o.tapped:
            continue
        out.append(o.oid)
    return out


def _unblocked_attacker(g, oid: int) -> bool:
    """CR 509.1h / 702.49c: an attacking creature that is unblocked, once blockers have
    been declared."""
    c = g.combat
    return (c is not None and oid in c.attackers and oid not in c.blocked
            and g.step in ("declare_blockers", "combat_damage", "end_of_combat"))


def _filter_matches(g, o, spec, player: int) -> bool:
    d = o.defn
    if spec.kind == "creature" and not is_creature(o, g):
        return False
    if spec.types and not all(t in card_types(g, o) for t in spec.types):
        return False
    if spec.subtypes:
        from .characteristics import has_subtype
        if not all(has_subtype(o, t, g) for t in spec.subtypes):
            return False
    if spec.colors and not all(c in colors(g, o) for c in spec.colors):
        return False
    if spec.controller == "you" and o.controller != player:
        return False
    if spec.quals:
        # CR 118.3: "Sacrifice an artifact or creature", "Discard a nonland card"
        from .effects_more import has_qualities
        return has_qualities(g, o, spec.quals, player)
    return True


def can_pay_other_costs(g, player: int, o, ab) -> bool:
    """Whether the non-mana costs of ``ab`` could be paid now (CR 118.3)."""
    c = ab.cost
    if not can_pay_tap(g, o, ab):
        return False
    if c.discard_self and o.zone != "hand":
        return False   # CR 702.29a: "Discard this card" needs it in the hand
    if c.discard_random and len(g.players[player].hand) - (o.zone == "hand") < c.discard_random:
        return False   # CR 701.9b: the cards to discard at random must be there
    if c.remove_counters:
        kind, n = c.remove_counters.kind, c.remove_counters.count
        if not o.counters or o.counters.get(kind, 0) < n:
            return False
    for cc in c.choices:
        if len(choice_candidates(g, player, cc, o.oid)) < cc.count:
            return False
        # CR 702.122a: crew - untapped creatures with total power N or greater.
        if getattr(cc, "total_power", None) is not None and not _tc.crew_payable(g, player, o, cc):
            return False
    return True


def can_afford(g, player: int, generic: int, colored, exclude: int | None = None,
               generous: bool = True) -> bool:
    """Whether the player could pay a cost with their pool and mana sources: untapped
    ones, and (``generous``) ones that sacrifice permanents, each counted once."""
    if generic == 0 and not any(colored):
        return True
    from .mana_abilities import mana_options, sacrifice_mana_options
    options, _ = mana_options(g, player, exclude)
    pool = g.players[player].pool
    if find_payment(options, generic, colored, pool) is not None:
        return True
    if not generous:
        return False
    extra = sacrifice_mana_options(g, player, exclude)
    return bool(extra) and find_payment(options + extra, generic, colored, pool) is not None


def spell_cost(g, o, x: int = 0):
    """CR 601.2f: the total cost of casting ``o`` for its mana cost: X, increases, minus
    reductions (never below {0} generic)."""
    cost = o.defn.mana_cost.with_x(x)
    from .static import cost_reduction
    red = cost_reduction(g, o)
    if red:
        cost = cost.reduced(red)
    return cost


def castable_for_some_cost(g, player: int, o, zone: str, forced: str | None = None) -> bool:
    """Whether some cost choice (CR 601.2b) could be paid: mana, life and other costs."""
    from .costs import cost_options
    return any(cost_option_payable(g, player, o, opt)
               for opt in cost_options(o.defn, zone, forced))


def cost_option_payable(g, player: int, o, opt: dict) -> bool:
    """Whether the total cost of casting ``o`` with cost choice ``opt`` (CR 601.2b)
    could be paid now: mana (601.2f-h), life (119.4) and the other costs (118.3)."""
    from .costs import alt_cost, total_cost
    from .areas.casting_options import alternative_permitted
    if not alternative_permitted(g, player, o, opt):
        return False   # CR 118.9: "If you control a Swamp, you may pay ..."
    generic, colored, life = total_cost(g, o, opt)
    if life and g.players[player].life < life:
        return False   # CR 119.4: can't pay more life than you have
    alt = alt_cost(o.defn, opt.get("alternative"))
    needed = (alt.choices if alt is not None else ()) + tuple(
        cc for rc in o.defn.required for cc in rc.choices) + tuple(
        cc for name in opt.get("additional", ()) for a in o.defn.additional
        if a.name == name for cc in a.cost.choices)
    if any(len(choice_candidates(g, player, cc, o.oid)) < cc.count for cc in needed):
        return False
    if "delve" in o.defn.keywords:
        # CR 702.66a: each card in the graveyard may pay {1}.
        generic = max(0, generic - len(g.players[player].graveyard))
    if "convoke" in o.defn.keywords:
        # CR 702.51a: each untapped creature may pay {1} or one mana of its color.
        from ..mana import TYPE_INDEX
        colored = list(colored)
        for oid in convoke_candidates(g, player):
            k = next((TYPE_INDEX[c] for c in g.objects[oid].defn.colors
                      if colored[TYPE_INDEX[c]] > 0), None)
            if k is not None:
                colored[k] -= 1
            elif generic > 0:
                generic -= 1
    if "improvise" in o.defn.keywords:
        # CR 702.126a: each untapped artifact may pay {1}.
        from .areas.casting_keywords import improvise_candidates
        generic = max(0, generic - len(improvise_candidates(g, player)))
    return can_afford(g, player, generic, colored)


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


def begin_cast(g, player: int, oid: int, forced: str | None = None,
               resume: int | None = None, face: int | None = None, snapshot=None) -> None:
    """CR 601.2a: announce the spell: it moves to the stack. ``forced`` names an
    alternative cost that must be paid (madness); ``resume`` a resolving ability to go on
    with once the cast is over (CR 608.2g); ``face`` the face cast (CR 709.3, 712.11b);
    ``snapshot`` the state to return to, when the cast began earlier (a copy made)."""
    snapshot = snapshot if snapshot is not None else take_snapshot(g)
    o = g.objects[oid]
    zone = o.zone
    if zone == "exile" and g.cast_permits and forced is None:
        from .areas.casting_keywords import permit_forced
        forced = permit_forced(g, o)   # CR 702.170d / 702.143a: a plotted or foretold card
    mayhem = zone == "graveyard" and g.cast_permits and any(
        p[0] == oid and p[1] == "mayhem" and p[2] == g.turn for p in g.cast_permits)
    # CR 702.127a / 715.3d: an aftermath half or an adventurer on an adventure is cast
    # from the graveyard or exile for its mana cost.
    from .areas.faces import cast_permission
    permitted = zone != "hand" and cast_permission(g, o, face)
    if zone == "exile" and not permitted:
        from .areas.zone_text import play_permitted
        permitted = play_permitted(g, player, o)   # "you may play that card" (CR 611.2a)
    if face is not None and o.card >= 0:
        g.faces[o.card] = face   # the face is up on the stack (areas/faces.py)
    n = zones.move(g, o, "stack", controller=player)
    item = StackItem(n.oid, n.oid, player, None, (), 0, n.card)
    item.info["from"] = zone
    if mayhem:
        item.info["discarded_this_turn"] = True   # CR 702.187b
    if permitted:
        item.info["permitted"] = True
    if forced:
        item.info["forced"] = forced
    g.stack.append(item)
    ctx = CastContext(n.oid, "choices", "spell", player, n.oid, n.card)
    ctx.snapshot = snapshot
    ctx.resume = resume
    g.cast = ctx
    g.event("601.2a", f"{g.pname(player)} announces {n.defn.name}")
    continue_cast(g)


def begin_activate(g, player: int, oid: int, number: int) -> None:
    """CR 602.2a: announce an activated ability: it is put on the stack (a mana ability
    is activated without the stack, CR 605.3a)."""
    from .characteristics import ability_ref, activated_abilities
    o = g.objects[oid]
    ab = activated_abilities(g, o)[number - 1]
    if ab.mana_ability:
        from .mana_abilities import activate_mana_ability
        activate_mana_ability(g, player, oid, number)
        return
    if ab.timing.startswith("special"):
        from .areas.casting_keywords import begin_special_action
        begin_special_action(g, player, oid, number)   # CR 116.2h / 116.2k: plot, foretell
        return
    snapshot = take_snapshot(g)
    if ab.cost.loyalty is not None:
        from .areas.planeswalkers import record_loyalty_ability
        record_loyalty_ability(g, o)   # CR 606.3: one loyalty ability each turn
    elif ab.timing:
        from .areas.zone_text import record_activation
        record_activation(g, o, number, ab)   # CR 602.5b: "only once each turn"
    iid = g.next_id
    g.next_id += 1
    item = StackItem(iid, oid, player, number, (), 0, o.card)
    if o.defn.face or o.defn.faces:
        item.info["face"] = o.defn.face   # the face it was activated from (CR 712.8)
    ref = ability_ref(g, o, number)
    if ref is not None:
        item.info["ref"] = ref   # a granted ability (CR 613.1f)
    g.stack.append(item)
    ctx = CastContext(iid, "choices", "ability", player, oid, o.card, number)
    ctx.snapshot = snapshot
    g.cast = ctx
    g.event("602.2a", f"{g.pname(player)} activates {o.defn.name}'s ability")
    continue_cast(g)


def _item(g, ctx):
    if ctx.item is None:
        return None
    for it in reversed(g.stack):
        if it.oid == ctx.item:
            return it
    return None


def ctx_ability(g, ctx):
    """The activated ability a context activates (printed or granted)."""
    from .characteristics import ability_from_ref, activated_abilities
    item = _item(g, ctx)
    if item is not None:
        return ability_from_ref(g, ctx.card, ctx.ability, item.info.get("ref"))
    o = g.objects.get(ctx.source)
    if o is not None and o.zone == "battlefield":
        return activated_abilities(g, o)[ctx.ability - 1]
    return g.card_definition(ctx.card).activated[ctx.ability - 1]


def _ability(g, ctx):
    if ctx.kind == "unless":
        return None
    if ctx.kind in ("mana", "ability"):
        return ctx_ability(g, ctx)
    return ability_of(g, _item(g, ctx))


def continue_cast(g) -> None:
    """CR 601.2b-h: X, targets, total cost locked in, then mana abilities and payment,
    then the other costs."""
    from .flow import ask
    ctx = g.cast
    item = _item(g, ctx)
    if ctx.stage == "choices" and ctx.kind == "ability":
        # CR 602.2b / 601.2b: the hybrid and Phyrexian choices of an activation cost.
        from .costs import apply_choice, symbol_options
        cost = ctx_ability(g, ctx).cost.mana
        opts = [op for op in symbol_options(cost)
                if g.players[ctx.player].life >= apply_choice(cost, op)[2]]
        if "cost_choice" not in item.info:
            if len(opts) > 1:
                ask(g, ctx.player, "cost_choice", {"options": opts})
                return
            item.info["cost_choice"] = opts[0] if opts else {}
        ctx.stage = "mode"
    if ctx.stage == "choices":
        # CR 601.2b: alternative or additional costs, hybrid halves, Phyrexian payment.
        from .costs import cost_options
        o = g.objects[item.source]
        opts = [op for op in cost_options(o.defn, "hand" if item.info.get("permitted") else
                                          item.info.get("from", "hand"),
                                          item.info.get("forced"),
                                          multikicker_max(g, ctx.player, o.defn))
                if _life_ok(g, ctx.player, o, op) and alternative_permitted(g, ctx.player, o, op)]
        if "cost_choice" not in item.info:
            if len(opts) > 1:
                ask(g, ctx.player, "cost_choice", {"options": opts})
                return
            if not opts:
                reverse_cast(g, "601.2b: no way to pay for this spell")
                return
            item.info["cost_choice"] = opts[0]
        ctx.stage = "mode"
    if ctx.stage == "mode":
        from .triggers import definition as trigger_definition
        spell = (g.objects[item.source].defn.spell if ctx.kind == "spell" else
                 trigger_definition(g, item.source_card, item.info).triggered[item.trigger]
                 if ctx.kind == "trigger" else None)
        if spell is not None and spell.modes and "modes" not in item.info:
            # CR 601.2b / 700.2a: the mode is chosen as the spell is cast; CR 603.3c: as a
            # modal triggered ability is put on the stack.
            ask(g, ctx.player, "mode", {"count": len(spell.modes), "choose": spell.mode_count,
                                        "min": spell.mode_min or spell.mode_count})
            return
        if ctx.kind == "trigger":
            ctx.stage = "targets"
        else:
            cost = (g.objects[item.source].defn.mana_cost if ctx.kind == "spell"
                    else ctx_ability(g, ctx).cost.mana)
            loyalty = ctx_ability(g, ctx).cost.loyalty if ctx.kind == "ability" else None
            # CR 107.3a / 606.4: X is announced for {X} and for a "−X" loyalty cost.
            ctx.stage = "x" if cost.x or loyalty is not None and loyalty.x else "targets"
    ab = _ability(g, ctx)
    if ctx.stage == "x":
        # CR 601.2b / 107.3a: the value of X is announced.
        from .legal import max_x
        data = {"max": max_x(g, ctx)}
        if ctx.kind == "ability" and ctx_ability(g, ctx).cost.loyalty is not None:
            data["loyalty"] = True   # CR 606.6: X is at most the loyalty, a hard bound
        ask(g, ctx.player, "x", data)
        return
    if ctx.stage == "targets":
        specs = ab.targets if ab is not None else ()
        done = len(item.info.get("groups", ())) if item is not None else len(specs)
        if done < len(specs):
            spec = specs[done]
            ask(g, ctx.player, "targets",
                {"index": done, "candidates": candidates(g, spec, ctx.player, item),
                 "min": spec.minimum, "max": spec.maximum})
            return
        if item is not None and item.targets:
            if ab is not None and "division" not in item.info:
                from .areas.damage_text import ask_division
                if ask_division(g, ctx, item, ab):
                    return   # CR 601.2d: the division is announced with the targets
            g.event("601.2c", "targets chosen: " + ", ".join(g.oname(t) for t in item.targets))
            fire_becomes_target(g, item)
        if ctx.kind == "trigger":
            # CR 603.3d: a triggered ability has no cost; it is now on the stack.
            g.cast = None
            return
        ctx.stage = "cost"
    if ctx.stage == "cost":
        x = item.x if item is not None else 0
        if ctx.kind == "spell":
            from .costs import total_cost
            generic, colored, life = total_cost(g, g.objects[item.source],
                                                item.info.get("cost_choice"), x)
            ctx.generic, ctx.colored = generic, colored
            if life:
                item.info["life"] = life
        elif ctx.kind == "unless":
            pass   # the amount was set when the payment was offered
        else:
            from .costs import apply_choice
            choice = item.info.get("cost_choice") if item is not None else None
            generic, colored, life = apply_choice(ab.cost.mana.with_x(x), choice)
            src = g.objects.get(ctx.source)
            if src is not None and src.defn.static and ctx.ability is not None:
                # CR 601.2f / 602.2b: "This ability costs {4}{B} less to activate if ..."
                from .areas.casting_options import reduce_activation_cost
                generic, colored = reduce_activation_cost(g, src, ctx.ability, generic, colored)
            if ab is not None and ab.effects:
                from .areas.damage_text import x_in_color
                generic, colored = x_in_color(ab, x, generic, colored)
            ctx.generic, ctx.colored = generic, colored
            if life and item is not None:
                item.info["life"] = life
        # CR 601.2f: the total cost is locked in before it is paid.
        g.event("601.2f", f"total cost locked in at {format_cost(ctx.generic, ctx.colored)}")
        ctx.stage = "pay"
    if ctx.stage == "pay":
        if ctx.kind == "spell" and _pay_by_keywords(g, ctx, item) == "ask":
            return
        if ctx.generic == 0 and not any(ctx.colored):
            ctx.stage = "costs"
        else:
            ask(g, ctx.player, "pay_mana", {"cost": format_cost(ctx.generic, ctx.colored)})
            return
    if ctx.stage == "costs":
        choices = _choice_costs(g, ctx, item, ab)
        i = len(ctx.chosen)
        if i < len(choices):
            cc = choices[i]
            cands = choice_candidates(g, ctx.player, cc, ctx.source)
            # CR 118.3: a discard cost is the decision "discard_cost" (cleanup's is "discard")
            kind = "discard_cost" if cc.action == "discard" else cc.action
            data = {"count": cc.count, "candidates": cands, "rule": "118.3"}
            if getattr(cc, "total_power", None) is not None:
                # CR 702.122a: any number of creatures with total power N or greater.
                data = {"candidates": cands, "total_power": cc.total_power,
                        "rule": "702.122a"}
            ask(g, ctx.player, kind, data)
            return
        finish_cast(g)


def delve_candidates(g, player: int, item) -> list[int]:
    """CR 702.66a: the cards in the caster's graveyard that delve could exile."""
    return list(g.players[player].graveyard)


def convoke_candidates(g, player: int) -> list[int]:
    """CR 702.51a: the untapped creatures the caster controls (a creature tapped this way
    needn't have been under control since the turn began, CR 302.6)."""
    return [oid for oid in g.battlefield if g.objects[oid].controller == player
            and not g.objects[oid].tapped and is_creature(g.objects[oid], g)]


def convoke_assignment(g, creatures, generic: int, colored) -> tuple[int, list[int]] | None:
    """CR 702.51a: each creature pays one colored mana of one of its colors or one generic
    mana of the total cost. The cost left to pay with mana, or None when some creature
    can't pay anything. Colored mana is paid first (it is the harder part to pay)."""
    from ..mana import TYPE_INDEX
    objs = [g.objects[c] for c in creatures]

    def go(i, gen, col):
        if i == len(objs):
            return gen, col
        for c in objs[i].defn.colors:
            k = TYPE_INDEX[c]
            if col[k] > 0:
                col2 = list(col)
                col2[k] -= 1
                r = go(i + 1, gen, col2)
                if r is not None:
                    return r
        if gen > 0:
            return go(i + 1, gen - 1, col)
        return None
    return go(0, generic, list(colored))


def _pay_by_keywords(g, ctx, item):
    """CR 702.66a / 702.51a: delve and convoke apply after the total cost is determined
    (702.66b, 702.51b), as it is paid: exile cards from the graveyard for generic mana;
    tap creatures for generic mana or mana of their color (decisions ``exile``, ``tap``)."""
    from .flow import ask
    defn = g.objects[item.source].defn
    info = item.info
    if "delve" in defn.keywords and "delved" not in info:
        cands = delve_candidates(g, ctx.player, item)
        most = min(ctx.generic, len(cands))
        if most > 0:
            ask(g, ctx.player, "exile", {"candidates": cands, "min": 0, "max": most,
                                         "rule": "702.66a", "keyword": "delve"})
            return "ask"
        info["delved"] = 0
    if "convoke" in defn.keywords and "convoked" not in info:
        cands = [c for c in convoke_candidates(g, ctx.player)
                 if convoke_assignment(g, [c], ctx.generic, ctx.colored) is not None]
        if cands:
            ask(g, ctx.player, "tap", {"candidates": cands, "min": 0,
                                       "max": min(len(cands), ctx.generic + sum(ctx.colored)),
                                       "rule": "702.51a", "keyword": "convoke"})
            return "ask"
        info["convoked"] = 0
    if "improvise" in defn.keywords and "improvised" not in info:
        from .areas.casting_keywords import improvise_candidates
        cands = improvise_candidates(g, ctx.player)
        most = min(ctx.generic, len(cands))
        if most > 0:
            # CR 702.126a: tap untapped artifacts, each paying {1} (702.126b: after the
            # total cost is determined).
            ask(g, ctx.player, "tap", {"candidates": cands, "min": 0, "max": most,
                                       "rule": "702.126a", "keyword": "improvise"})
            return "ask"
        info["improvised"] = 0
    return None


def keyword_payment_legal(g, d, choice) -> bool:
    """Whether ``choice`` answers a delve or convoke decision (CR 702.66a, 702.51a)."""
    ctx = g.cast
    if (not isinstance(choice, tuple) or len(set(choice)) != len(choice)
            or len(choice) > d.data["max"] or not all(c in d.data["candidates"] for c in choice)):
        return False
    if d.data["keyword"] == "convoke":
        return convoke_assignment(g, choice, ctx.generic, ctx.colored) is not None
    return True


def pay_by_keyword(g, d, choice) -> None:
    """Carry out a delve or convoke answer: the cards are exiled, or the creatures tapped,
    as part of paying the total cost (CR 601.2h)."""
    ctx = g.cast
    item = _item(g, ctx)
    if d.data["keyword"] == "delve":
        for oid in choice:
            g.event("702.66a", f"{g.objects[oid].defn.name} is exiled to pay for the spell (delve)")
            zones.move(g, g.objects[oid], "exile")
        ctx.generic -= len(choice)
        item.info["delved"] = len(choice)
    elif d.data["keyword"] == "improvise":
        for oid in choice:
            zones.tap(g, g.objects[oid])
            g.event("702.126a", f"{g.objects[oid].defn.name} is tapped to pay for the spell "
                    "(improvise)")
        ctx.generic -= len(choice)
        item.info["improvised"] = len(choice)
    else:
        ctx.generic, ctx.colored = convoke_assignment(g, choice, ctx.generic, ctx.colored)
        for oid in choice:
            zones.tap(g, g.objects[oid])
            g.event("702.51a", f"{g.objects[oid].defn.name} is tapped to pay for the spell "
                    "(convoke)")
        item.info["convoked"] = len(choice)
    continue_cast(g)


def multikicker_max(g, player: int, defn) -> int:
    """CR 702.33c: a multikicker cost may be paid any number of times; the choices
    offered stop at the most times the player's mana could pay (at least once)."""
    multi = [a for a in defn.additional if a.multi]
    if not multi:
        return 1
    from .mana_abilities import mana_options
    options, _ = mana_options(g, player)
    avail = sum(g.players[player].pool) + sum(max(sum(v) for v in opts) for opts in options)
    each = max(1, multi[0].cost.mana.total)
    return max(1, min(10, (avail - defn.mana_cost.total) // each))


def _life_ok(g, player: int, o, opt) -> bool:
    from .costs import total_cost
    return g.players[player].life >= total_cost(g, o, opt)[2]


def _choice_costs(g, ctx, item, ab):
    """The costs that choose objects: an ability's, or a spell's alternative cost's
    ("Flashback—Tap three untapped white creatures you control")."""
    if ctx.kind in ("ability", "mana"):
        return ab.cost.choices
    if ctx.kind == "spell":
        from .costs import alt_cost
        defn = g.objects[item.source].defn
        alt = alt_cost(defn, item.info.get("cost_choice", {}).get("alternative"))
        # CR 118.8: mandatory additional costs come with any way of casting it
        required = tuple(cc for rc in defn.required for cc in rc.choices)
        # CR 601.2b / 702.166a: optional additional costs chosen (bargain's sacrifice)
        extra = tuple(cc for name in item.info.get("cost_choice", {}).get("additional", ())
                      for a in defn.additional if a.name == name for cc in a.cost.choices)
        return (alt.choices if alt is not None else ()) + required + extra
    return ()


def after_payment(g) -> None:
    """The mana part is paid (CR 601.2h); go on to the other costs."""
    ctx = g.cast
    pay_from_pool(g.players[ctx.player].pool, ctx.generic, ctx.colored)
    ctx.generic, ctx.colored = 0, [0] * 6
    ctx.stage = "costs"
    continue_cast(g)


def auto_pay(g) -> None:
    """CR 601.2g-h: activate the mana abilities the engine chooses, then pay."""
    from .mana_abilities import activate_mana_ability, mana_options
    ctx = g.cast
    options, refs = mana_options(g, ctx.player, exclude=tapping_source(g))
    plan = find_payment(options, ctx.generic, ctx.colored, g.players[ctx.player].pool)
    if plan is None:
        reverse_cast(g, "601.2h: the cost can't be paid")
        return
    for k, j in plan:
        oid, n, answer = refs[k][j]
        activate_mana_ability(g, ctx.player, oid, n, answer=answer, resume=False)
    after_payment(g)


def tapping_source(g) -> int | None:
    """The source of an ability being activated whose cost includes {T} or {Q}: it can't
    also be tapped for mana to pay that cost (CR 107.5)."""
    ctx = g.cast
    if ctx is None or ctx.kind not in ("ability", "mana"):
        return None
    ab = ctx_ability(g, ctx)
    if ab.cost.tap or ab.cost.untap:
        return ctx.source
    return None


def finish_cast(g) -> None:
    """CR 601.2h: the other costs are paid; 601.2i: the spell becomes cast (602.2b: the
    ability becomes activated); its controller receives priority (CR 117.3c)."""
    ctx = g.cast
    player = ctx.player
    item = _item(g, ctx)
    lki = g.objects.get(ctx.source)
    if ctx.kind in ("ability", "mana"):
        o = g.objects.get(ctx.source)
        ab = ctx_ability(g, ctx)
        if item is not None and item.info.get("life"):
            g.players[player].life -= item.info["life"]   # CR 119.4
            g.event("119.4", f"{g.pname(player)} pays {item.info['life']} life")
        if item is not None and any(cc.action == "return" for cc in ab.cost.choices):
            for cc, objs in zip(ab.cost.choices, ctx.chosen):
                if cc.action == "return" and objs and g.combat is not None:
                    item.info["defender"] = g.combat.attackers.get(objs[0], 1 - player)
        if item is not None and ab.cost.choices:
            from .areas.optional_costs import record_paid
            record_paid(g, item, ab.cost.choices, ctx.chosen)
        pay_other_costs(g, o, ab, ctx.chosen, item.x if item is not None else 0)
    elif ctx.kind == "spell":
        life = item.info.get("life", 0)
        if life:
            g.players[player].life -= life   # CR 119.4: life paid as a cost
            g.event("119.4", f"{g.pname(player)} pays {life} life")
        choices = _choice_costs(g, ctx, item, None)
        from .areas.casting_keywords import pay_alternative_extras
        pay_alternative_extras(g, item, choices, ctx.chosen)   # sneak, "exile the top ..."
        if choices:
            from .areas.optional_costs import record_paid
            record_paid(g, item, choices, ctx.chosen)
            _pay_choices(g, choices, ctx.chosen)
    g.cast = ctx.parent
    if ctx.kind == "mana" and ab.timing.startswith("special"):
        from .areas.casting_keywords import take_special_action
        take_special_action(g, player, ctx.source, ab)   # CR 116.2h / 116.2k
        return
    if ctx.kind == "mana":
        from .mana_abilities import resolve_mana_ability
        resolve_mana_ability(g, player, ctx.source, ctx.card, ctx.ability, ab=ab, lki=lki)
        return
    if ctx.kind == "unless":
        resolving = next(s for s in g.stack if s.oid == ctx.resume)
        resolving.info["answer"] = True
        from .resolution import resolve_item
        resolve_item(g, resolving)
        return
    if ctx.kind == "spell":
        g.event("601.2i", f"{g.pname(player)} casts {g.objects[item.source].defn.name}")
        g.players[player].spells_cast += 1
        from .triggers import fire_cast
        fire_cast(g, item)
        fire_cast_noncreature(g, item)
        from .areas.optional_costs import fire_cast_self
        fire_cast_self(g, item)
        from .areas.casting_keywords import note_storm
        note_storm(g, item)   # CR 702.40a: the spells cast before it this turn
    else:
        g.event("602.2b", f"{g.pname(player)} activates an ability of {g.oname(item.source)}")
    g.priority = player
    g.passes = 0
    if ctx.resume is not None:
        resolving = next((s for s in g.stack if s.oid == ctx.resume), None)
        if resolving is not None:
            resolving.info["answer"] = True
            from .resolution import resolve_item
            resolve_item(g, resolving)


def _pay_choices(g, choices, chosen) -> None:
    for cc, objs in zip(choices, chosen):
        for oid in objs:
            t = g.objects.get(oid)
            if t is None:
                continue
            if cc.action == "sacrifice":
                g.event("701.21a", f"{g.pname(t.controller)} sacrifices {t.defn.name}")
                from .effects import fire_sacrificed
                fire_sacrificed(g, t)
                zones.move(g, t, "graveyard")
            elif cc.action == "tap":
                zones.tap(g, t)
                g.event("701.26a", f"{t.defn.name} is tapped to pay a cost")
            elif cc.action == "return":
                g.event("118.3", f"{t.defn.name} is returned to its owner's hand")
                zones.move(g, t, "hand")
            elif cc.action == "exile":
                g.event("118.3", f"{t.defn.name} is exiled to pay a cost")
                zones.move(g, t, "exile")
            elif cc.action == "discard":
                from .effects import discard
                discard(g, t.owner, oid)   # CR 701.9a: a discard paid as a cost (118.3)


def pay_other_costs(g, o, ab, chosen=(), x: int = 0) -> None:
    """CR 118.3 / 601.2h: pay the non-mana parts of a cost (``x``: the announced X)."""
    c = ab.cost
    player = o.controller if o is not None else None
    if c.loyalty is not None and o is not None:
        from .areas.planeswalkers import pay_loyalty
        pay_loyalty(g, o, c.loyalty, x)   # CR 606.4
    if c.tap and o is not None:
        zones.tap(g, o)   # CR 107.5
    if c.untap and o is not None:
        o.tapped = False  # CR 107.6
    if c.pay_life:
        g.players[player].life -= c.pay_life   # CR 119.4
    if c.remove_counters and o is not None:
        kind, n = c.remove_counters.kind, c.remove_counters.count
        o.counters[kind] -= n   # CR 118.3
        if o.counters[kind] <= 0:
            del o.counters[kind]   # no counters of that kind are left
        g.event("118.3", f"{n} {kind} counter(s) removed from {g.oname(o.oid)}")
    _pay_choices(g, c.choices, chosen)
    if c.discard_self and o is not None and o.zone == "hand":
        # CR 702.29a: cycling's cost includes discarding this card.
        from .effects import discard
        discard(g, o.owner, o.oid)
    if c.sacrifice_self and o is not None and o.zone == "battlefield":
        g.event("701.21a", f"{g.pname(o.controller)} sacrifices {o.defn.name}")
        from .effects import fire_sacrificed
        fire_sacrificed(g, o)
        zones.move(g, o, "graveyard")   # CR 701.21a
    if c.discard_random and o is not None:
        # CR 701.9b: discarded at random -- nobody chooses
        from .effects import discard
        hand = [h for h in g.players[player].hand if h != o.oid]
        for _ in range(min(c.discard_random, len(hand))):
            oid = hand.pop(g.rng.below(len(hand)))
            discard(g, player, oid)
    if c.return_self and o is not None and o.zone == "battlefield":
        g.event("118.3", f"{o.defn.name} is returned to its owner's hand to pay a cost")
        zones.move(g, o, "hand")
    if c.exile_self and o is not None and o.zone in ("battlefield", "graveyard", "hand"):
        g.event("702.167a", f"{g.pname(o.controller)} exiles {o.defn.name} to pay a cost")
        zones.move(g, o, "exile")   # CR 118.3 / 702.167a


def reverse_cast(g, why: str) -> None:
    """CR 733.1: the game returns to the moment before the announcement."""
    ctx = g.cast
    while ctx.snapshot is None and ctx.parent is not None:
        ctx = ctx.parent
    snap = ctx.snapshot
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


def fire_becomes_target(g, item) -> None:
    """CR 603.2 / 702.21a: each permanent that became a target of a spell or ability
    (601.2c, 602.2b, 603.3d) notices it; "becomes_target_of_opponent" is the event for one
    whose controller is an opponent of the spell's or ability's controller (ward)."""
    from .areas import trigger_text as trigger_text_area
    from .triggers import fire_self
    seen = set()
    for t in item.targets:
        o = g.objects.get(t)
        if o is None or t in seen or o.zone != "battlefield" or not o.defn.triggered:
            continue
        seen.add(t)
        trigger_text_area.fire_becomes_target(g, o, item)
        if o.controller != item.controller:
            fire_self(g, "becomes_target_of_opponent", o, {"spell": item.oid})


def fire_cast_noncreature(g, item) -> None:
    """CR 601.2i / 603.2 / 702.108a: "whenever you cast a noncreature spell" abilities of
    the caster's permanents trigger (prowess)."""
    from .triggers import fire_self
    if "Creature" in g.card_definition(item.source_card).types:
        return
    for oid in list(g.battlefield):
        o = g.objects[oid]
        if o.controller == item.controller and (o.defn.triggered or g.effects):
            fire_self(g, "you_cast_noncreature", o, {"spell": item.oid})
