"""Keyword abilities about casting spells (CR 702), for the engine area `casting_options`:
improvise's payment (702.126), split second (702.61). Escape, retrace and jump-start are
alternative ways to cast (``costs.base_cost``, ``resolution._finish``)."""

from __future__ import annotations


EFFECTS: dict = {}


def improvise_candidates(g, player: int) -> list[int]:
    """CR 702.126a: the untapped artifacts the caster controls (each may pay {1})."""
    return [oid for oid in g.battlefield if g.objects[oid].controller == player
            and not g.objects[oid].tapped and "Artifact" in g.objects[oid].defn.types]


def split_second_on_stack(g) -> bool:
    """CR 702.61a: as long as a spell with split second is on the stack, players can't
    cast other spells or activate abilities that aren't mana abilities."""
    for it in g.stack:
        if it.is_spell and "split second" in g.card_definition(it.source_card).keywords:
            return True
    return False




# ---------------------------------------------------------------- statuses

_STATUS_ZONE = {"plot": "exile", "foretell": "exile", "rebound": "exile", "suspend": "exile",
                "mayhem": "graveyard", "unearth": "battlefield", "dash": "battlefield",
                "bargained": "battlefield"}


def prune_statuses(g) -> None:
    """Forget the statuses (``g.cast_permits``) of objects that no longer exist where
    they apply (CR 400.7: a new object has no memory of its previous one), and the
    turn-bound ones of earlier turns."""
    keep = []
    for p in g.cast_permits:
        oid, kind, turn = p
        if kind == "bargained_card" or kind == "mayhem":
            if turn != g.turn:
                continue
            if kind == "bargained_card":
                keep.append(p)
                continue
        o = g.objects.get(oid)
        if o is not None and o.zone == _STATUS_ZONE.get(kind):
            keep.append(p)
    g.cast_permits = keep


# ---------------------------------------------------------------- plot and foretell

def begin_special_action(g, player: int, oid: int, number: int) -> None:
    """CR 116.2h / 116.2k: plot or foretell a card in hand: a special action, which doesn't
    use the stack; its cost is paid like an ability's (CR 602.2b-h), then it happens at
    once (``take_special_action``)."""
    from ..casting import continue_cast, take_snapshot
    from ..state import CastContext
    o = g.objects[oid]
    g.event("116.1", f"{g.pname(player)} takes a special action with {o.defn.name}")
    ctx = CastContext(None, "cost", "mana", player, oid, o.card, number)
    ctx.snapshot = take_snapshot(g)
    g.cast = ctx
    continue_cast(g)


def take_special_action(g, player: int, oid: int, ab) -> None:
    """CR 702.170a / 702.143a: the card is exiled from the hand and becomes plotted or
    foretold this turn; then its owner receives priority (CR 116.3)."""
    from .. import zones
    o = g.objects.get(oid)
    kind = ab.effects[0].kind
    if o is not None and o.zone == "hand":
        n = zones.move(g, o, "exile")
        if kind == "suspend":
            n.counters = {"time": ab.effects[0].count}   # CR 702.62a
        prune_statuses(g)
        g.cast_permits.append([n.oid, kind, g.turn])
        rule = {"plot": "702.170a", "foretell": "702.143a", "suspend": "702.62a"}[kind]
        g.event(rule, f"{g.pname(player)} exiles {n.defn.name} ({kind}ted)" if kind == "plot"
                else f"{g.pname(player)} suspends {n.defn.name}" if kind == "suspend"
                else f"{g.pname(player)} foretells a card")
    g.priority = player
    g.passes = 0


def _permit(g, o):
    for oid, kind, turn in g.cast_permits:
        if oid == o.oid and o.zone == "exile":
            return kind, turn
    return None


def permit_forced(g, o) -> str | None:
    """The way a plotted card ("free": without paying its mana cost, CR 702.170d) or a
    foretold card (its foretell cost, CR 702.143a) is cast from exile, or None."""
    p = _permit(g, o)
    if p is None:
        return None
    return {"plot": "free", "foretell": "foretell"}.get(p[0])


def why_not_cast_permitted(g, player: int, o) -> str | None:
    """Why a plotted or foretold card in exile can't be cast now, or None."""
    from ..casting import castable_for_some_cost, has_targets
    from ..legal import sorcery_timing
    p = _permit(g, o)
    if p is None or p[0] not in ("plot", "foretell"):
        return "601.2a: only a card in your hand can be cast"
    kind, turn = p
    if o.owner != player:
        return "702.170d: only its owner may cast it"
    if g.turn <= turn:
        # CR 702.170d / 702.143a: on a later turn than the one it was exiled
        return f"{'702.170d' if kind == 'plot' else '702.143a'}: not during the turn it was exiled"
    d = o.defn
    if not d.supported:
        return "601.2: the card's text is not supported"
    if g.stack and split_second_on_stack(g):
        return "702.61a: a spell with split second is on the stack"
    instant = "Instant" in d.types or "flash" in d.keywords
    if (kind == "plot" or not instant) and not sorcery_timing(g, player):
        # CR 702.170d: a plotted card is cast during its owner's main phase with an empty
        # stack, whatever its type.
        return "702.170d: only in your main phase with an empty stack" if kind == "plot" else \
            "307.1: a sorcery-speed spell needs your main phase and an empty stack"
    if d.spell is not None and not has_targets(g, d.spell, player):
        return "601.2c: the spell has no legal target"
    if not castable_for_some_cost(g, player, o, "exile", permit_forced(g, o)):
        return "601.2h: the total cost can't be paid"
    return None


def permit_actions(g, player: int) -> list:
    """The cast actions of the plotted and foretold cards ``player`` may cast now."""
    from ..actions import Action
    out = []
    for oid, kind, _turn in g.cast_permits:
        o = g.objects.get(oid)
        if kind in ("plot", "foretell") and o is not None and o.zone == "exile" and \
                o.owner == player and \
                why_not_cast_permitted(g, player, o) is None:
            out.append(Action("cast", oid))
    return out


def face_down_in_exile(g, oid: int) -> bool:
    """CR 702.143a: a foretold card is exiled face down (its owner may look at it)."""
    return any(p[0] == oid and p[1] == "foretell" for p in g.cast_permits)


# ---------------------------------------------------------------- rebound (CR 702.88)

def rebound_exile(g, item, o) -> bool:
    """CR 702.88a: a rebound spell cast from its owner's hand is exiled as it resolves
    instead of going to the graveyard; the delayed trigger waits for that player's next
    upkeep (``cast_permits`` kind ``rebound``). Returns whether it was exiled."""
    from .. import zones
    if item.info.get("from") != "hand" or item.info.get("copy"):
        return False
    n = zones.move(g, o, "exile")
    prune_statuses(g)
    g.cast_permits.append([n.oid, "rebound", g.turn])
    g.event("702.88a", f"{n.defn.name} is exiled (rebound)")
    return True


def fire_rebound(g) -> None:
    """CR 702.88a / 603.7: at the beginning of its owner's next upkeep, the delayed
    triggered ability of each rebounded card triggers (once)."""
    from ..triggers import fire_self
    keep = []
    for p in g.cast_permits:
        oid, kind, turn = p
        o = g.objects.get(oid)
        if kind == "rebound" and o is not None and o.zone == "exile" and o.owner == g.active \
                and g.turn > turn:
            fire_self(g, "rebound_upkeep", o, {})
            continue
        if kind == "suspend" and o is not None and o.zone == "exile" and o.owner == g.active \
                and o.counters and o.counters.get("time"):
            fire_self(g, "suspend_upkeep", o, {})   # CR 702.62a
        keep.append(p)
    g.cast_permits = keep


def _cast_rebound(g, item, eff, legal):
    """CR 702.88a-b: the owner may cast the exiled card without paying its mana cost, as
    the trigger resolves (CR 608.2g); if not, it stays exiled."""
    from ..casting import begin_cast
    from ..flow import ask
    o = g.objects.get(item.source)
    if o is None or o.zone != "exile":
        return None
    info = item.info
    st = info.get("rebound")
    if st is None:
        from ..casting import has_targets
        spell = o.defn.spell
        if spell is not None and not spell.modes and not has_targets(g, spell, o.owner):
            info["rebound"] = "done"   # CR 601.2c: it can't be cast without a legal target
            return None
        info["rebound"] = "ask"
        ask(g, o.owner, "yes_no", {"rule": "702.88a", "resolving": True})
        if g.pending is not None:
            return "ask"
        st = "ask"
    if st == "ask":
        if info.pop("answer", False):
            info["rebound"] = "casting"
            card = o.card
            g.cast_permits = [p for p in g.cast_permits if p[0] != o.oid]
            begin_cast(g, o.owner, o.oid, forced="free", resume=item.oid)
            if eff.suspend:
                for it in g.stack:
                    if it.is_spell and it.source_card == card:
                        it.info["suspend_haste"] = True   # CR 702.62a
            return "ask"
        info["rebound"] = "done"
        return None
    info.pop("answer", None)
    return None


def _register():
    from ...compiler.areas.casting_keywords import CastRebound
    EFFECTS[CastRebound] = _cast_rebound


_register()


# ---------------------------------------------------------------- storm (CR 702.40)

def note_storm(g, item) -> None:
    """CR 702.40a: as a spell with storm becomes cast, its storm trigger remembers how
    many other spells were cast before it this turn (by any player), and the spell's
    targets and choices, for copies made even if the spell has left the stack."""
    kws = g.card_definition(item.source_card).keywords
    if g.waiting and "cascade" in kws:
        # CR 702.85a / 202.3e: the cascading spell's mana value as it was cast (X counts)
        o = g.objects.get(item.source)
        mv = (o.defn.mana_value + o.defn.mana_cost.x * item.x) if o is not None else 0
        for i, rec in enumerate(g.waiting):
            if rec[4].get("spell") == item.oid and "cascade_mv" not in rec[4]:
                new = dict(rec[4])
                new["cascade_mv"] = mv
                g.waiting[i] = rec[:4] + (new,)
    if not g.waiting or ("storm" not in kws and not any(
            a.name == "replicate" for a in g.card_definition(item.source_card).additional)):
        return
    from ..costs import times_paid
    drop = []
    for i, rec in enumerate(g.waiting):
        src, card, idx, ctl, info = rec
        if info.get("spell") != item.oid or "storm_count" in info:
            continue
        trig = g.card_definition(card).triggered
        kinds = {type(e).__name__ for e in trig[idx].effects} if idx < len(trig) else set()
        if kinds & {"StormCopies", "ReplicateCopies"}:
            if "StormCopies" in kinds:
                n = sum(p.spells_cast for p in g.players) - 1
            else:
                n = times_paid(item, ("replicate",))
                if n == 0:
                    drop.append(i)   # CR 603.4: "if a replicate cost was paid for it"
                    continue
            new = dict(info)
            new["storm_count"] = n
            new["storm_targets"] = list(item.targets)
            for k in ("groups", "modes", "cost_choice"):
                if k in item.info:
                    new["storm_" + k] = item.info[k]
            new["storm_x"] = item.x
            g.waiting[i] = (src, card, idx, ctl, new)
    for i in reversed(drop):
        del g.waiting[i]


def put_spell_copy(g, card: int, controller: int, targets, info: dict, x: int = 0) -> None:
    """CR 707.10 / 707.10c: put a copy of the spell of ``card`` on the stack under
    ``controller``'s control, with the copied choices (modes, X, costs paid, target
    groups) and ``targets``. A copy isn't cast; it is a token-like object that ceases to
    exist once it leaves the stack (CR 707.10a, 704.5e)."""
    from ..state import StackItem
    from ..zones import new_object
    d = g.card_definition(card)
    tok = g.register_token({"name": d.name, "types": list(d.types),
                            "subtypes": list(d.subtypes), "colors": list(d.colors),
                            "text": d.text, "spell_copy": True})
    n = new_object(g, tok, controller, "stack")
    n.controller = controller
    copy = StackItem(n.oid, n.oid, controller, None, tuple(targets), x, tok)
    copy.info.update(info)
    copy.info["copy"] = True
    g.stack.append(copy)
    g.event("707.10", f"{g.pname(controller)} copies {d.name}"
            + (f" (targets {', '.join(g.oname(t) for t in targets)})" if targets else ""))


def _storm(g, item, eff, legal):
    """CR 702.40a / 707.10c: make the copies one at a time; for a spell with targets, its
    controller is asked whether to choose new targets for each copy (``yes_no``, then
    ``targets`` for each target of the spell)."""
    from ..flow import ask
    from ..resolution import ability_of
    from ..targets import candidates
    info = item.info
    left = info.setdefault("storm_left", info.get("storm_count", 0))
    if "storm_announced" not in info:
        info["storm_announced"] = True
        rule, what = (("702.40a", "storm") if type(eff).__name__ == "StormCopies"
                      else ("702.56a", "replicate"))
        g.event(rule, f"{what}: {left} cop{'y' if left == 1 else 'ies'}")
    card = item.source_card
    extra = {k[6:]: info[k] for k in ("storm_groups", "storm_modes", "storm_cost_choice")
             if k in info}
    probe = type(item)(0, 0, item.controller, None, tuple(info.get("storm_targets", ())), 0,
                       card)
    probe.info = dict(extra)
    ab = ability_of(g, probe)
    specs = ab.targets if ab is not None else ()
    original = list(info.get("storm_targets", ()))
    made = info.setdefault("storm_made", [])
    while info["storm_left"] > 0:
        st = info.get("storm_stage", "new")
        if st == "new" and specs:
            info["storm_stage"] = "asked"
            ask(g, item.controller, "yes_no", {"rule": "707.10c", "resolving": True})
            if g.pending is not None:
                return "ask"
            st = "asked"
        if st == "asked":
            if info.pop("answer", False):
                info["storm_stage"] = st = "choosing"
                info["storm_new"] = []
            else:
                st = "copy"
        if st == "choosing":
            chosen = info["storm_new"]
            if "answer" in info:
                chosen.append(list(info.pop("answer") or ()))
            if len(chosen) < len(specs):
                spec = specs[len(chosen)]
                cands = candidates(g, spec, item.controller, None)
                if not cands:
                    # CR 707.10c: no new target can be chosen: the copy keeps its targets.
                    made.append([original, None])
                    info["storm_left"] -= 1
                    info["storm_stage"] = "new"
                    info.pop("storm_new", None)
                    continue
                ask(g, item.controller, "targets",
                    {"candidates": cands,
                     "min": spec.minimum, "max": spec.maximum, "resolving": True,
                     "rule": "707.10c"})
                if g.pending is not None:
                    return "ask"
                continue   # the one legal answer was taken (or none: no target)
            made.append([[t for grp in chosen for t in grp], [len(grp) for grp in chosen]])
        else:
            made.append([original, None])
        info["storm_left"] -= 1
        info["storm_stage"] = "new"
        info.pop("storm_new", None)
    # The copies are put on the stack once all are made (the answers to the choices above
    # belong to this ability, which stays on top of the stack while it resolves).
    for targets, groups in made:
        copy_info = dict(extra)
        if groups is not None:
            copy_info["groups"] = groups
        put_spell_copy(g, card, item.controller, targets, copy_info, info.get("storm_x", 0))
    info["storm_made"] = []
    return None


def _register_storm():
    from ...compiler.areas.casting_keywords import ReplicateCopies, StormCopies
    EFFECTS[StormCopies] = _storm
    EFFECTS[ReplicateCopies] = _storm


_register_storm()


# ---------------------------------------------------------------- cascade (CR 702.85)

def _cascade(g, item, eff, legal):
    """CR 702.85a: exile cards from the top of the library until a nonland card with a
    lesser mana value is exiled; its owner may cast it without paying its mana cost
    (CR 608.2g: during the resolution); then the exiled cards not cast go to the bottom
    of the library in a random order."""
    from .. import zones
    from ..casting import begin_cast, castable_for_some_cost, has_targets
    from ..flow import ask
    info = item.info
    player = item.controller
    st = info.get("cascade")
    if st is None:
        mv = info.get("cascade_mv", 0)
        p = g.players[player]
        exiled, hit = [], None
        while p.library:
            card = p.library.pop(0)
            o = zones.new_object(g, card, player, "exile")
            p.exile.append(o.oid)
            exiled.append(o.oid)
            if "Land" not in o.defn.types and o.defn.mana_value < mv:
                hit = o.oid
                break
        g.event("702.85a", f"{g.pname(player)} exiles {len(exiled)} card(s) (cascade)"
                + (f", hitting {g.oname(hit)}" if hit is not None else ""))
        info["cascade_exiled"] = exiled
        info["cascade_hit"] = hit
        st = info["cascade"] = "hit"
        if hit is not None:
            o = g.objects[hit]
            d = o.defn
            spell = d.spell
            if (d.supported and (spell is None or spell.modes or has_targets(g, spell, player))
                    and castable_for_some_cost(g, player, o, "exile", "free")):
                info["cascade"] = "ask"
                ask(g, player, "yes_no", {"rule": "702.85a", "resolving": True})
                if g.pending is not None:
                    return "ask"
                st = "ask"
    if st == "ask":
        if info.pop("answer", False):
            info["cascade"] = "casting"
            begin_cast(g, player, info["cascade_hit"], forced="free", resume=item.oid)
            return "ask"
        st = "hit"
    info.pop("answer", None)
    # CR 702.85a: the rest go to the bottom in a random order.
    rest = [oid for oid in info.get("cascade_exiled", ())
            if oid in g.objects and g.objects[oid].zone == "exile"]
    g.rng.shuffle(rest)
    for oid in rest:
        zones.move(g, g.objects[oid], "library", top=False)
    if rest:
        g.event("702.85a", f"{len(rest)} card(s) put on the bottom of the library in a "
                "random order")
    info["cascade"] = "done"
    info["cascade_exiled"] = []
    return None


def _register_cascade():
    from ...compiler.areas.casting_keywords import Cascade
    EFFECTS[Cascade] = _cascade


_register_cascade()


# ---------------------------------------------------------------- costs paid as cast

def top_cards_of_color(g, player: int, color: str, n: int, exclude=None) -> list[int]:
    """The top ``n`` cards of ``color`` in a graveyard (the most recently put there),
    "exile the top three black cards of your graveyard" (CR 118.9)."""
    out = []
    for oid in reversed(g.players[player].graveyard):
        if oid != exclude and color in g.objects[oid].defn.colors:
            out.append(oid)
            if len(out) == n:
                break
    return out


def pay_alternative_extras(g, item, choices, chosen) -> None:
    """As the costs of a spell are paid (CR 601.2h): an alternative cost that exiles the
    top cards of a color from the graveyard; for sneak (CR 702.190b), remember whom the
    returned creature was attacking."""
    from .. import zones
    alt_name = item.info.get("cost_choice", {}).get("alternative")
    if alt_name is None:
        return
    o = g.objects[item.source]
    for a in o.defn.alternatives:
        if a.name != alt_name:
            continue
        cond = getattr(a, "condition", None)
        if isinstance(cond, str) and cond.startswith("exile_top:"):
            _, n, color = cond.split(":")
            for oid in top_cards_of_color(g, item.controller, color, int(n)):
                g.event("118.9", f"{g.objects[oid].defn.name} is exiled to pay the cost")
                zones.move(g, g.objects[oid], "exile")
        if alt_name == "sneak" and g.combat is not None:
            for cc, objs in zip(choices, chosen):
                if cc.action == "return" and objs:
                    item.info["defender"] = g.combat.attackers.get(objs[0],
                                                                   1 - item.controller)
        break


def sneak_enters(g, n, item) -> None:
    """CR 702.190b / 506.3a: a permanent spell whose sneak cost was paid enters tapped and
    attacking the player the returned creature was attacking (it was never declared as
    an attacker, CR 508.4)."""
    if "Creature" not in n.defn.types:
        return
    n.tapped = True
    if g.combat is not None:
        g.combat.attackers[n.oid] = item.info.get("defender", 1 - item.controller)
        g.event("702.190b", f"{n.defn.name} enters tapped and attacking")


# ---------------------------------------------------------------- unearth and dash

def _grant_haste(g, oid: int) -> None:
    from ..effects import _add_effect
    # CR 613.1f (layer 6): it has haste for as long as it is this object
    _add_effect(g, layer="6", affected=oid, until="leaves", keyword="haste")


def _unearth(g, item, eff, legal):
    """CR 702.84a: the card returns from its owner's graveyard to the battlefield under
    its controller's control and gains haste; the delayed trigger and the replacement
    effect are noted in ``cast_permits`` (kind ``unearth``)."""
    from .. import zones
    o = g.objects.get(item.source)
    if o is None or o.zone != "graveyard":
        return None   # CR 608.2h: it has left the graveyard
    n = zones.move(g, o, "battlefield", item.controller)
    _grant_haste(g, n.oid)
    g.cast_permits.append([n.oid, "unearth", g.turn])
    g.event("702.84a", f"{n.defn.name} returns to the battlefield (unearth) and gains haste")
    return None


def entered_for_alternative(g, n, item, alt: str) -> None:
    """A permanent spell cast for an alternative cost has entered: sneak (CR 702.190b:
    tapped and attacking), dash (CR 702.109a: haste; back to hand at the next end step)."""
    if "bargain" in item.info.get("cost_choice", {}).get("additional", ()):
        g.cast_permits = [p for p in g.cast_permits
                          if not (p[1] == "bargained_card" and p[0] == n.card)]
        g.cast_permits.append([n.oid, "bargained", g.turn])   # CR 702.166b
    if alt == "sneak":
        sneak_enters(g, n, item)
    elif item.info.get("suspend_haste") and "Creature" in n.defn.types:
        _grant_haste(g, n.oid)   # CR 702.62a: cast by suspend, it gains haste
    elif alt == "dash":
        _grant_haste(g, n.oid)
        g.cast_permits.append([n.oid, "dash", g.turn])
        g.event("702.109a", f"{n.defn.name} was dashed: it has haste")


def fire_end_statuses(g) -> None:
    """CR 702.84a / 702.109a / 603.7: at the beginning of the next end step, the delayed
    triggers of unearthed and dashed permanents trigger (once)."""
    from ..triggers import fire_self
    keep = []
    for p in g.cast_permits:
        oid, kind, _turn = p
        o = g.objects.get(oid)
        if kind in ("unearth", "dash") and o is not None and o.zone == "battlefield":
            fire_self(g, f"{kind}_end", o, {})
            if kind == "unearth":
                keep.append(p)   # the replacement effect lasts while it is on the battlefield
            continue
        if kind in ("unearth", "dash") and (o is None or o.zone != "battlefield"):
            continue
        keep.append(p)
    g.cast_permits = keep
    prune_statuses(g)
    g.effects = [e for e in g.effects if e.until != "leaves" or e.affected in g.objects]


def _source_to(g, item, eff, legal):
    """The delayed trigger resolves: the permanent is exiled (unearth) or returned to its
    owner's hand (dash), if it is still on the battlefield (CR 608.2h)."""
    from .. import zones
    o = g.objects.get(item.source)
    if o is None or o.zone != "battlefield":
        return None
    rule = "702.84a" if eff.to == "exile" else "702.109a"
    g.event(rule, f"{o.defn.name} is " + ("exiled" if eff.to == "exile" else
                                           "returned to its owner's hand"))
    zones.move(g, o, eff.to)
    return None


def unearth_exile_instead(g, o, zone: str) -> str:
    """CR 702.84a / 614.1a: an unearthed permanent that would leave the battlefield is
    exiled instead of going anywhere else."""
    for p in g.cast_permits:
        if p[0] == o.oid and p[1] == "unearth":
            g.event("702.84a", f"{o.defn.name} is exiled instead (unearth)")
            return "exile"
    return zone


def _register_unearth():
    from ...compiler.areas.casting_keywords import SourceTo, Unearth
    EFFECTS[Unearth] = _unearth
    EFFECTS[SourceTo] = _source_to


_register_unearth()


def _remove_time_counter(g, item, eff, legal):
    """CR 702.62a: remove a time counter from the suspended card; when the last is
    removed, its other triggered ability triggers."""
    from ..triggers import fire_self
    o = g.objects.get(item.source)
    if o is None or o.zone != "exile" or not o.counters or not o.counters.get("time"):
        return None
    o.counters["time"] -= 1
    g.event("702.62a", f"a time counter is removed from {o.defn.name}")
    if o.counters["time"] <= 0:
        del o.counters["time"]
        fire_self(g, "suspend_last", o, {})
    return None


def _register_suspend():
    from ...compiler.areas.casting_keywords import RemoveTimeCounter
    EFFECTS[RemoveTimeCounter] = _remove_time_counter


_register_suspend()


# ---------------------------------------------------------------- bargain (CR 702.166)

def _if_bargained(g, item, eff, legal):
    """CR 702.166b: the bargained branch or the other, effects in order (resuming at a
    decision, CR 608.2c)."""
    from ..effects import run_effects
    info = item.info
    paid = "bargain" in info.get("cost_choice", {}).get("additional", ())
    effects = eff.effects if paid else eff.otherwise
    return run_effects(g, item, effects, legal, f"bargained{info.get('step', 0)}")


def _register_bargain():
    from ...compiler.areas.casting_keywords import IfBargained
    EFFECTS[IfBargained] = _if_bargained


_register_bargain()


# ---------------------------------------------------------------- transmute (CR 702.53)

def _transmute(g, item, eff, legal):
    """CR 702.53a: the search uses the discarded card's mana value (608.2h: as it last
    existed; a card in the graveyard keeps it)."""
    from ...compiler.abilities import SearchToZone, TargetSpec
    from ..effects import execute
    mv = g.card_definition(item.source_card).mana_value
    spec = TargetSpec("card", zone="library", quals=(f"mv<={mv}", f"mv>={mv}"))
    return execute(g, item, SearchToZone(spec, "hand", 1), legal)


def _register_transmute():
    from ...compiler.areas.casting_keywords import TransmuteSearch
    EFFECTS[TransmuteSearch] = _transmute


_register_transmute()


# ---------------------------------------------------------------- overload (CR 702.96)

def overloaded_spell(g, item):
    """CR 702.96b: the spell ability of a spell cast for its overload cost."""
    d = g.card_definition(item.source_card)
    for a in d.alternatives:
        if a.name == "overload" and getattr(a, "spell", None) is not None:
            return a.spell
    return None
