"""Legal actions for the pending decision, their validation and their performance.

``validate`` never changes the game; it raises ``IllegalAction`` naming the rule.
"""

from __future__ import annotations

from itertools import combinations

from ..mana import TYPE_INDEX, pool_can_pay
from .actions import (AUTO, PASS, PAY, Action, IllegalAction, ProductActions, SubsetActions,
                      MalformedAction, freeze as _freeze_option, holds_bool)
from .costs import apply_choice, symbol_options
from .casting import (after_payment, auto_pay, begin_activate, begin_cast, can_afford,
                      can_pay_other_costs, can_pay_tap, continue_cast, has_targets,
                      reverse_cast, spell_cost, tapping_source)
from .mana_abilities import finish_mana_choice, mana_options
from .characteristics import activated_abilities, is_land
from .areas.casting_keywords import split_second_on_stack
from . import combat, flow, zones


def _illegal(rule: str, why: str):
    raise IllegalAction(f"CR {rule}: {why}")


# ---------------------------------------------------------------- priority

def sorcery_timing(g, player: int) -> bool:
    """CR 307.1 / 117.1a: own main phase, empty stack."""
    return (player == g.active and g.step in ("main1", "main2") and not g.stack
            and g.cast is None)


# CR 500.1 / 506.1: the steps of a turn before its declare attackers step
_BEFORE_ATTACKERS = ("untap", "upkeep", "draw", "main1", "beginning_of_combat")


def _activation_window(g, player: int, only: tuple) -> str | None:
    """CR 602.5: why an "Activate only during ..." restriction forbids activating now."""
    for r in only:
        if r == "your_turn" and g.active != player:
            return "602.5: this ability can be activated only during your turn"
        if r == "opponent_turn" and g.active == player:
            return "602.5: this ability can be activated only during an opponent's turn"
        if r == "combat" and g.step not in ("beginning_of_combat", "declare_attackers",
                                            "declare_blockers", "combat_damage",
                                            "end_of_combat"):
            return "602.5: this ability can be activated only during combat (CR 506.1)"
        if r == "before_attackers" and g.step not in _BEFORE_ATTACKERS:
            return "602.5: this ability can be activated only before attackers are declared"
        if r.startswith("step:") and g.step != r[5:]:
            return f"602.5: this ability can be activated only during the {r[5:]} step"
    return None


def can_play_land(g, player: int, o) -> str | None:
    """Why ``o`` can't be played as a land now (CR 305.1-2), or None."""
    if o.zone != "hand" or o.owner != player:
        return "305.1: a land is played from its owner's hand"
    if not is_land(o):
        return "305.1: only a land can be played"
    if not sorcery_timing(g, player):
        return "305.1: a land is played in its owner's main phase with an empty stack"
    if g.players[player].lands_played >= 1:
        return "305.2: a player plays at most one land each turn"
    return None


def can_cast(g, player: int, o) -> str | None:
    """Why ``o`` can't be cast now (CR 601.2, 117.1a, 307.1), or None."""
    d = o.defn
    if o.owner != player or o.zone not in ("hand", "graveyard"):
        return "601.2a: only a card in your hand can be cast"
    if o.zone == "graveyard" and not any(a.zone == "graveyard" for a in d.alternatives):
        return "601.2a: a card in a graveyard can be cast only with a permission (flashback)"
    if is_land(o):
        return "305.9: a land can't be cast"
    if not d.supported:
        return "601.2: the card's text is not supported"
    if g.stack and split_second_on_stack(g):
        return "702.61a: a spell with split second is on the stack"
    if (not d.mana_cost.symbols and not d.faces and not d.face and o.zone == "hand"
            and not any(a.zone == "hand" for a in d.alternatives)):
        return "118.6: a card with no mana cost can't be cast for its mana cost"
    if d.faces:
        from .areas.faces import can_cast_usual   # CR 709.3: a split card casts a half
        why = can_cast_usual(g, player, o)
        if why:
            return why
    instant = "Instant" in d.types or "flash" in d.keywords
    if not instant and not sorcery_timing(g, player) and not (
            o.zone == "hand" and g.step == "declare_blockers" and g.active == player
            and any(a.name == "sneak" for a in d.alternatives)):   # CR 702.190a
        return "307.1: a sorcery-speed spell needs your main phase and an empty stack"
    if d.spell is not None and not has_targets(g, d.spell, player):
        return "601.2c: the spell has no legal target"
    if (not d.alternatives and not d.mana_cost.hybrid and not d.mana_cost.phyrexian
            and not d.required
            and "convoke" not in d.keywords and "delve" not in d.keywords
            and "improvise" not in d.keywords):
        cost = spell_cost(g, o)   # the usual case: one way to pay
        if not can_afford(g, player, cost.generic, cost.colored):
            return "601.2h: the total cost can't be paid"
        return None
    from .casting import castable_for_some_cost
    if not castable_for_some_cost(g, player, o, o.zone):
        return "601.2h: the total cost can't be paid"
    return None


def can_activate(g, player: int, o, number: int, acts=None) -> str | None:
    """Why ability ``number`` of ``o`` can't be activated now (CR 602.5, 605.3a, 113.6).
    ``acts``: the object's activated abilities, when the caller has them already."""
    if acts is None:
        acts = activated_abilities(g, o)
    if not 1 <= number <= len(acts):
        return f"602.1: {o.defn.name} has no activated ability number {number}"
    ab = acts[number - 1]
    if o.zone != ab.zone:
        # CR 113.6: an ability functions only in the zone it says (the battlefield unless
        # stated otherwise).
        return f"113.6: that ability of {o.defn.name} works only from the {ab.zone}"
    if not ab.mana_ability and g.stack and split_second_on_stack(g):
        return "702.61a: a spell with split second is on the stack"
    if ab.timing == "once_each_turn":
        from .areas.zone_text import once_each_turn_used
        if once_each_turn_used(g, o, number):
            return f"602.5b: {o.defn.name}'s ability can be activated only once each turn"
    if ab.cost.loyalty is not None:
        from .areas.planeswalkers import why_not_loyalty
        why = why_not_loyalty(g, player, o, ab)   # CR 606.3, 606.6
        if why:
            return why
    if not ab.mana_ability and _named_by_needle(g, o):
        return f"602.5: activated abilities of sources named {o.defn.name} can't be activated"
    if (o.controller if o.zone == "battlefield" else o.owner) != player:
        return "602.2: only an object's controller can activate its abilities"
    if not can_pay_tap(g, o, ab):
        if ab.cost.untap and not o.tapped:
            return "107.6: an untapped permanent can't be untapped to pay a cost"
        if ab.cost.tap and o.tapped:
            return "107.5: a tapped permanent can't be tapped to pay a cost"
        return ("302.6: a creature's {T} or {Q} ability needs it under your control since"
                " your most recent turn began")
    if not can_pay_other_costs(g, player, o, ab):
        return "118.3: the cost can't be paid"
    if ab.timing == "special_cast" and not sorcery_timing(g, player) and not (
            "Instant" in o.defn.types or "flash" in o.defn.keywords):
        return "116.2f: a card is suspended only when it could be cast"
    if ab.timing == "special_turn" and g.active != player:
        return "116.2h: this special action can be taken only during your turn"
    if ab.sorcery_speed and not sorcery_timing(g, player):
        if ab.cost.loyalty is not None:
            return ("606.3: a loyalty ability is activated only in its controller's main "
                    "phase with an empty stack")
        return "602.5d: this ability can be activated only as a sorcery"
    if ab.only:
        why = _activation_window(g, player, ab.only)
        if why:
            return why
    if not condition_allows(g, player, o, ab):
        return "602.5b: the condition of this ability's activation isn't met"
    if ab.targets and not has_targets(g, ab, player):
        return "602.2b: the ability has no legal target"
    mana = ab.cost.mana
    if not mana.hybrid and not mana.phyrexian and mana.total == 0:
        return None   # nothing more to pay
    excl = o.oid if (ab.cost.tap or ab.cost.untap) else None
    for opt in symbol_options(ab.cost.mana):
        generic, colored, life = apply_choice(ab.cost.mana, opt)
        if o.defn.static:
            from .areas.casting_options import reduce_activation_cost
            generic, colored = reduce_activation_cost(g, o, number, generic, colored)
        if g.players[player].life >= life and can_afford(g, player, generic, colored,
                                                         exclude=excl):
            return None
    return "602.2b: the total cost can't be paid"


def condition_allows(g, player: int, o, ab) -> bool:
    """CR 602.5b: "Activate only if [condition]" -- checked as the ability is activated."""
    if ab.condition is None:
        return True
    from .evaluate import Context, condition
    return condition(g, Context(player, o.oid, o.card), ab.condition)


def _named_by_needle(g, o) -> bool:
    """Pithing Needle: "Activated abilities of sources with the chosen name can't be
    activated unless they're mana abilities" (CR 602.5)."""
    for oid in g.battlefield:
        n = g.objects[oid]
        if n.chosen == o.defn.name and any(s.kind == "no_activation_named" for s in n.defn.static):
            return True
    return False


def priority_actions(g, player: int) -> list[Action]:
    acts = [PASS]
    pl = g.players[player]
    for oid in pl.hand:
        o = g.objects[oid]
        if is_land(o):
            if can_play_land(g, player, o) is None:
                acts.append(Action("play", oid))
        elif can_cast(g, player, o) is None:
            acts.append(Action("cast", oid))
    for oid in pl.graveyard:
        o = g.objects[oid]
        if o.defn.alternatives and can_cast(g, player, o) is None:
            acts.append(Action("cast", oid))
    for oid in g.battlefield:
        o = g.objects[oid]
        if o.controller != player:
            continue
        acts_o = activated_abilities(g, o)
        for n in range(1, len(acts_o) + 1):
            if can_activate(g, player, o, n, acts_o) is None:
                acts.append(Action("activate", oid, n))
    # CR 113.6: abilities that work from a hand or graveyard (cycling, ninjutsu, ...)
    for oid in pl.graveyard + pl.hand:
        o = g.objects[oid]
        acts_o = o.defn.activated
        if not acts_o or all(ab.zone == "battlefield" for ab in acts_o):
            continue
        for n in range(1, len(acts_o) + 1):
            if acts_o[n - 1].zone == o.zone and can_activate(g, player, o, n, acts_o) is None:
                acts.append(Action("activate", oid, n))
    # CR 709.3 / 712.11b / 712.12 / 715.3: the other faces of multi-faced cards
    from .areas.faces import priority_actions as face_actions
    acts.extend(face_actions(g, player))
    if g.effects:
        from .areas.zone_text import exile_play_actions
        acts.extend(exile_play_actions(g, player))   # impulse draw (CR 611.2a)
    if g.cast_permits:
        # CR 702.170d / 702.143a: plotted and foretold cards in exile
        from .areas.casting_keywords import permit_actions
        acts.extend(permit_actions(g, player))
    return acts


def only_pass_is_meaningful(g) -> bool:
    """For ``Options.auto_pass``: nothing but passing and mana abilities is legal."""
    for a in g.legal_actions():
        if a.kind == "pass":
            continue
        if a.kind == "activate" and activated_abilities(g, g.objects[a.obj])[a.ability - 1].mana_ability:
            continue
        return False
    return True


# ---------------------------------------------------------------- all decisions

CHOICE_COSTS = ("sacrifice", "tap", "return", "discard_cost", "exile")


class NameActions:
    """The answers to naming a card (CR 201.3): every Oracle card name, lazily."""

    def __init__(self) -> None:
        from ..cards import get_database
        self._names = sorted(get_database().names())

    def __len__(self) -> int:
        return len(self._names)

    def __getitem__(self, i: int) -> Action:
        return Action("choose", choice=self._names[i])

    def __iter__(self):
        return (Action("choose", choice=n) for n in self._names)

    def __contains__(self, a: object) -> bool:
        from ..cards import get_database
        return (isinstance(a, Action) and a.kind == "choose" and isinstance(a.choice, str)
                and get_database().get(a.choice) is not None)


def legal_actions(g):
    d = g.pending
    if d is None or g.over:
        return []
    k = d.kind
    p = d.player
    if k == "priority":
        return priority_actions(g, p)
    if k == "pay_mana":
        return pay_actions(g, p)
    if k == "color" and d.data.get("mana"):
        return [Action("choose", choice=c) for c in d.data["choices"]]
    if k == "targets":
        cands = d.data["candidates"]
        lo, hi = d.data.get("min", 1), d.data.get("max", 1)
        if hi is None and lo == 0:
            return SubsetActions("choose", cands)   # "any number of" (CR 115.1d)
        hi = len(cands) if hi is None else min(hi, len(cands))
        out = []
        for n in range(lo, hi + 1):
            out.extend(Action("choose", choice=c) for c in combinations(cands, n))
        return out
    if k == "yes_no":
        return [Action("choose", choice=True), Action("choose", choice=False)]
    if k == "cost_choice":
        return [Action("choose", choice=opt) for opt in completable_cost_choices(g, d)]
    if k == "mode":
        # CR 700.2: a mode may be chosen once; "one or both" allows 1 or 2 modes; CR 700.2a
        # / 603.3c: a mode that needs a target no object can be is not chosen.
        ok = [i for i in range(1, d.data["count"] + 1) if _mode_possible(g, d.player, i)]
        return [Action("choose", choice=c)
                for n in range(d.data.get("min", d.data["choose"]), d.data["choose"] + 1)
                for c in combinations(ok, n)]
    if k == "choose_counters":
        from .effects import counter_choices
        return [Action("choose", choice=c) for c in
                counter_choices(g.objects[d.data["object"]], d.data["max"])]
    if k == "name_card":
        return NameActions()
    if k == "room":   # CR 701.49b: the room the venture marker moves into
        return [Action("choose", choice=c) for c in d.data["choices"]]
    if k == "color":
        return [Action("choose", choice=c) for c in d.data["choices"]]
    if k == "order_triggers":
        from .triggers import order_options
        _, orders = order_options(g, p)
        return [Action("choose", choice=o) for o in orders]
    if k == "mulligan":
        return [Action("choose", choice="keep"), Action("choose", choice="mulligan")]
    if k == "replacement_order":
        from .areas.replacement_order import legal_answers
        return legal_answers(d)   # CR 616.1
    if k == "choose_cards" and d.data.get("purpose") == "legend":
        from .areas.legend_rule import legend_actions
        return legend_actions(d)   # CR 704.5j
    if k == "choose_cards" and d.data.get("ordered"):
        from itertools import permutations
        # CR 401.4: "count" of the cards, in a chosen order (all of them by default).
        return [Action("choose", choice=c)
                for c in permutations(d.data["cards"], d.data.get("count"))]
    if k == "choose_cards" and "count" in d.data and "cards" in d.data:
        return [Action("choose", choice=c) for c in combinations(d.data["cards"], d.data["count"])]
    if k == "choose_cards" and "up_to" in d.data:
        # "up to N" of the objects offered (CR 701.26b: "untap up to two lands").
        return [Action("choose", choice=c) for n in range(min(d.data["up_to"],
                                                              len(d.data["cards"])) + 1)
                for c in combinations(d.data["cards"], n)]
    if k == "choose_cards" and d.data.get("from") == "library":
        cards = d.data["cards"]
        out = []
        for n in range(d.data.get("min", 0), min(d.data["max"], len(cards)) + 1):
            seen = set()
            for c in combinations(cards, n):
                key = tuple(g.card_definition(x).name for x in c)
                if key not in seen:   # identical cards are one choice
                    seen.add(key)
                    out.append(Action("choose", choice=c))
        return out
    if k in ("choose_cards", "discard"):
        hand = g.players[p].hand
        n = d.data["count"]
        return [Action("choose", choice=c) for c in combinations(hand, n)]
    if k == "attackers":
        cands = d.data["candidates"]
        # CR 508.1d: a declaration must obey the requirements ("attacks each combat if
        # able") as far as possible.
        required = combat.attack_requirements(g, cands)
        walkers = d.data.get("planeswalkers") or ()
        if walkers or required:
            # CR 508.1b: each attacker attacks the defending player or a planeswalker.
            from .areas.planeswalkers import AttackDeclarations
            view = AttackDeclarations(required, [c for c in cands if c not in required],
                                      walkers)
        else:
            view = SubsetActions("attack", cands)
        from .areas import trigger_text
        if trigger_text.attacks_alone_restricted(g, cands):
            # CR 508.1c / 506.5: "can't attack alone" restricts the declaration as a whole.
            from .areas.planeswalkers import split_declaration
            view = [a for a in view
                    if trigger_text.attack_legal(g, split_declaration(a.choice)[0])]
        return view
    if k == "blockers":
        view = ProductActions(d.data["blockers"], d.data["options"])
        reqs = combat.block_requirements(g, d.data["blockers"])
        if combat.has_block_restrictions(g):
            # CR 509.1b: a declaration that disobeys a restriction (menace) is illegal.
            view = [a for a in view if combat.blocks_legal(g, a.choice)]
        if not reqs:
            return view
        # CR 509.1c: obey as many requirements as possible without breaking restrictions.
        scored = [(sum(1 for r in reqs if r in a.choice), a) for a in view]
        best = max(n for n, _ in scored)
        return [a for n, a in scored if n == best]
    if k == "assign_damage" and d.data.get("divide"):
        from .areas.damage_text import division_actions
        return division_actions(d)   # CR 601.2d
    if k == "assign_damage":
        return [Action("choose", choice=div) for div in combat.legal_divisions(g, d.data["creature"])]
    if k in ("mana_type", "mana_combination"):
        return [Action("choose", choice=c) for c in d.data["choices"]]
    if k == "x":
        return [Action("choose", choice=n) for n in range(d.data["max"] + 1)]
    if k in CHOICE_COSTS and d.data.get("keyword"):
        return _keyword_payment_actions(g, d)
    if k in CHOICE_COSTS and "total_power" in d.data:
        from .areas.type_changes import crew_actions
        return crew_actions(g, d)   # CR 702.122a
    if k in CHOICE_COSTS:
        return [Action("choose", choice=c) for c in combinations(d.data["candidates"],
                                                                  d.data["count"])]
    raise AssertionError(f"unknown decision kind {k}")


def _keyword_payment_actions(g, d) -> list[Action]:
    """CR 702.66a / 702.51a: the answers to a delve or convoke decision: any number of the
    candidates up to the most that can pay; cards or creatures alike in name and color
    give one answer (the enumeration is capped for very large graveyards)."""
    from .casting import keyword_payment_legal
    cands = d.data["candidates"]
    out = []
    seen = set()
    for n in range(d.data.get("min", 0), d.data["max"] + 1):
        for c in combinations(cands, n):
            key = tuple(sorted((g.objects[x].defn.name, g.objects[x].tapped) for x in c))
            if key in seen or not keyword_payment_legal(g, d, c):
                continue
            seen.add(key)
            out.append(Action("choose", choice=c))
            if len(out) >= 512:
                return out
    return out


def _mode_possible(g, player: int, number: int) -> bool:
    """Whether mode ``number`` of the spell or trigger being put on the stack has legal
    targets for each target it requires."""
    from .targets import candidates
    item = g.stack[-1]
    d = g.card_definition(item.source_card)
    src = d.triggered[item.trigger] if item.trigger is not None else d.spell
    mode = src.modes[number - 1]
    return all(spec.minimum == 0 or candidates(g, spec, player, item) for spec in mode.targets)


def completable_cost_choices(g, d) -> list:
    """CR 601.2b + 733.1: the cost choices of the spell or ability being cast whose total
    cost could be paid now. A choice that provably can't be paid is left out of the
    legal actions (choosing it is still accepted: the announcement is then reversed)."""
    ctx = g.cast
    opts = d.data["options"]
    if ctx is None or not g.stack or d.data.get("resolving"):
        return opts
    item = g.stack[-1]
    if ctx.kind == "spell":
        from .casting import cost_option_payable
        o = g.objects.get(item.source)
        if o is None:
            return opts
        return [op for op in opts if cost_option_payable(g, ctx.player, o, op)]
    if ctx.kind == "ability" and ctx.source in g.objects:
        from .casting import ctx_ability
        o = g.objects[ctx.source]
        ab = ctx_ability(g, ctx)
        excl = o.oid if (ab.cost.tap or ab.cost.untap) else None
        out = []
        for op in opts:
            generic, colored, life = apply_choice(ab.cost.mana, op)
            if o.defn.static:
                from .areas.casting_options import reduce_activation_cost
                generic, colored = reduce_activation_cost(g, o, ctx.ability, generic, colored)
            if g.players[ctx.player].life >= life and can_afford(g, ctx.player, generic,
                                                                 colored, exclude=excl):
                out.append(op)
        return out
    return opts


def pay_actions(g, player: int) -> list[Action]:
    """CR 601.2g-h: activate a mana ability, pay from the pool, or let the engine pay."""
    ctx = g.cast
    acts = []
    pool = g.players[player].pool
    if pool_can_pay(pool, ctx.generic, ctx.colored):
        acts.append(PAY)
    exclude = tapping_source(g)
    busy = set()
    c = ctx
    while c is not None:
        if c.kind == "mana":
            busy.add((c.source, c.ability))
        c = c.parent
    for oid in g.battlefield:
        o = g.objects[oid]
        if o.controller != player or oid == exclude:
            continue
        for n, ab in enumerate(activated_abilities(g, o), 1):
            if ab.mana_ability and (oid, n) not in busy and can_activate(g, player, o, n) is None:
                acts.append(Action("activate", oid, n))
    if not acts or acts[0] is not PAY:
        if can_afford(g, player, ctx.generic, ctx.colored, exclude=exclude):
            acts.append(AUTO)
    return acts


def max_x(g, ctx) -> int:
    """The largest X the player could pay for (CR 107.3a), for enumerating answers."""
    options, _ = mana_options(g, ctx.player)
    avail = sum(g.players[ctx.player].pool) + sum(max(sum(v) for v in opts) for opts in options)
    if ctx.kind == "spell":
        cost = g.card_definition(ctx.card).mana_cost
    else:
        from .casting import ctx_ability
        ab = ctx_ability(g, ctx)
        if ab.cost.loyalty is not None and ab.cost.loyalty.x:
            # CR 606.6 / 107.3: "−X" removes X loyalty counters: X is at most the loyalty.
            from .areas.planeswalkers import loyalty
            return loyalty(g.objects[ctx.source])
        cost = ab.cost.mana
    rest = cost.total + len(cost.hybrid) + len(cost.phyrexian)
    return max(0, (avail - rest) // max(1, cost.x))


def validate(g, action: Action) -> None:
    """Raise ``IllegalAction`` naming the rule unless ``action`` is legal now."""
    if g.over:
        _illegal("104.1", "the game is over")
    d = g.pending
    if d is None:
        _illegal("117.1", "no decision is pending")
    k = d.kind
    if k == "priority":
        if action.kind not in ("pass", "play", "cast", "activate"):
            _illegal("117.1", f"{g.pname(d.player)} has priority; no {action.kind!r} "
                     "decision is pending")
    elif k == "pay_mana":
        if action.kind not in ("activate", "pay", "auto"):
            _illegal("601.2g", f"a mana payment is pending, not {action.kind!r}")
    elif k == "attackers":
        if action.kind != "attack":
            _illegal("508.1", f"attackers are being declared, not {action.kind!r}")
    elif k == "blockers":
        if action.kind != "block":
            _illegal("509.1", f"blockers are being declared, not {action.kind!r}")
    elif action.kind != "choose":
        _illegal("117.1", f"the pending decision is {k!r}; answer it with 'choose'")
    if action.kind == "choose" and (type(action.choice) is not bool if k == "yes_no"
                                    else holds_bool(action.choice)):
        raise MalformedAction(f"choice: a {k!r} decision is answered by "
                              + ("true or false" if k == "yes_no" else "numbers, names or "
                                 "lists of them, not a bool") + f", got {action.choice!r}")
    if k in ("attackers", "blockers") and holds_bool(action.choice):
        raise MalformedAction(f"choice: object ids are integers, not bools: {action.choice!r}")
    if k == "replacement_order":
        if action not in g.legal_actions():
            _illegal("616.1", "choose one of the replacement effects that would apply")
        return
    if k == "choose_cards" and d.data.get("purpose") == "legend":
        from .areas.legend_rule import legend_answer_ok
        if not legend_answer_ok(d, action.choice):
            _illegal("704.5j", "keep exactly one of the legendary permanents of each name")
        return
    if k == "choose_cards" and "count" in d.data and "cards" in d.data:
        ch = action.choice
        cards = d.data["cards"]
        if (not isinstance(ch, tuple) or len(ch) != d.data["count"] or len(set(ch)) != len(ch)
                or not all(c in cards for c in ch)):
            _illegal(d.data.get("rule", "608.2d"),
                     f"choose exactly {d.data['count']} of the cards offered")
        return
    if k == "choose_cards" and "up_to" in d.data:
        ch = action.choice
        if (not isinstance(ch, tuple) or len(ch) > d.data["up_to"] or len(set(ch)) != len(ch)
                or not all(c in d.data["cards"] for c in ch)):
            _illegal(d.data.get("rule", "608.2d"),
                     f"choose up to {d.data['up_to']} of the objects offered")
        return
    if k == "name_card":
        from ..cards import get_database
        if not (isinstance(action.choice, str) and get_database().get(action.choice) is not None):
            _illegal("201.3", f"{action.choice!r} is not the name of a card")
        return
    if k == "choose_cards" and d.data.get("from") == "library":
        ch = action.choice
        cards = d.data["cards"]
        if (not isinstance(ch, tuple) or len(set(ch)) != len(ch) or len(ch) > d.data["max"]
                or not all(c in cards for c in ch)):
            _illegal("701.23a", f"choose at most {d.data['max']} of the cards found")
        return
    if k == "x":
        if not (isinstance(action.choice, int) and not isinstance(action.choice, bool)
                and 0 <= action.choice <= 10_000):
            _illegal("107.3a", "X must be a whole number, 0 or more")
        if d.data.get("loyalty") and action.choice > d.data["max"]:
            _illegal("606.6", f"X can be at most {d.data['max']}, the loyalty counters the "
                     "cost can remove")
        return
    if k in CHOICE_COSTS and d.data.get("keyword"):
        from .casting import keyword_payment_legal
        if not keyword_payment_legal(g, d, action.choice):
            _illegal(d.data["rule"], f"those can't pay for the spell by {d.data['keyword']}"
                     f" (at most {d.data['max']}; convoke: each pays generic mana or mana of"
                     " its color)")
        return
    if k in CHOICE_COSTS and "total_power" in d.data:
        from .areas.type_changes import crew_legal
        if not crew_legal(g, d, action.choice):
            _illegal("702.122a", f"tap untapped creatures you control with total power "
                     f"{d.data['total_power']} or greater to crew")
        return
    if k in CHOICE_COSTS:
        ch = action.choice
        cands = d.data["candidates"]
        if (not isinstance(ch, tuple) or len(ch) != d.data["count"] or len(set(ch)) != len(ch)
                or not all(c in cands for c in ch)):
            _illegal("118.3", f"choose exactly {d.data['count']} of the permanents that can"
                     f" pay the cost ({k})")
        return
    if k == "targets" and isinstance(action.choice, tuple):
        ch = action.choice
        cands = d.data["candidates"]
        lo, hi = d.data.get("min", 1), d.data.get("max", 1)
        if (len(set(ch)) == len(ch) and all(c in cands for c in ch) and lo <= len(ch)
                and (hi is None or len(ch) <= hi)):
            return
        if len(set(ch)) != len(ch):
            _illegal("115.3", "the same object can't be chosen twice for one \"target\"")
        _illegal("601.2c", "not a legal choice of targets")
    if k in ("choose_cards", "discard"):
        ch = action.choice
        hand = g.players[d.player].hand
        if (not isinstance(ch, tuple) or len(ch) != d.data["count"] or len(set(ch)) != len(ch)
                or not all(c in hand for c in ch)):
            _illegal(d.data.get("rule", "514.1") if k == "choose_cards" else "514.1",
                     f"choose exactly {d.data['count']} different cards from the hand")
        return
    if action in g.legal_actions():
        return
    if k == "cost_choice" and any(_freeze_option(op) == action.choice
                                  for op in d.data["options"]):
        return   # CR 733.1: announced, it can't be paid: the cast will be reversed
    _explain(g, action)


def _explain(g, a: Action):
    """Name the rule that makes ``a`` illegal."""
    d = g.pending
    p = d.player
    if a.kind in ("play", "cast", "activate"):
        o = g.objects.get(a.obj) if isinstance(a.obj, int) else None
        if o is None:
            _illegal("109.1", f"no object {a.obj!r}")
        if a.kind == "cast" and a.choice is None and o.zone == "exile" and g.cast_permits:
            from .areas.casting_keywords import permit_forced, why_not_cast_permitted
            if permit_forced(g, o) is not None:
                _illegal(*(why_not_cast_permitted(g, p, o) or "601.2: not now").split(": ", 1))
        if a.kind in ("play", "cast") and (a.choice is not None or o.zone == "exile"):
            from .areas import faces
            why = (faces.why_not_play(g, p, o, a.choice) if a.kind == "play" else
                   faces.why_not_cast(g, p, o, a.choice) if a.choice is not None else
                   faces.why_not_cast_from_adventure(g, p, o))
            _illegal(*(why or "601.2: not now").split(": ", 1))
        if a.kind == "play":
            _illegal(*(can_play_land(g, p, o) or "305.1: not now").split(": ", 1))
        if a.kind == "cast":
            _illegal(*(can_cast(g, p, o) or "601.2: not now").split(": ", 1))
        if a.kind == "activate":
            acts_o = activated_abilities(g, o)
            if d.kind == "pay_mana" and isinstance(a.ability, int) and 1 <= a.ability <= len(
                    acts_o) and not acts_o[a.ability - 1].mana_ability:
                _illegal("601.2g", "only mana abilities can be activated while paying")
            _illegal(*(can_activate(g, p, o, a.ability if isinstance(a.ability, int) else 0)
                       or "602.2: not now").split(": ", 1))
    if a.kind == "attack":
        from .areas.planeswalkers import split_declaration
        walkers = d.data.get("planeswalkers") or ()
        for entry in (a.choice or ()):
            if isinstance(entry, tuple) and len(entry) == 2 and entry[1] not in walkers:
                _illegal("508.1b", f"{entry[1]!r} is not a planeswalker "
                         f"{g.pname(g.active)}'s creatures can attack")
        attackers = split_declaration(a.choice if isinstance(a.choice, tuple) else ())[0]
        for oid in attackers:
            o = g.objects.get(oid) if isinstance(oid, int) else None
            if o is None:
                _illegal("508.1a", f"no creature {oid!r}")
            if o.sick and not o.tapped and o.controller == g.active:
                _illegal("302.6", f"{o.defn.name} hasn't been under its controller's control "
                         "since their most recent turn began")
        cands = d.data["candidates"]
        missing = [r for r in combat.attack_requirements(g, cands) if r not in attackers]
        if missing and all(x in cands for x in attackers):
            _illegal("508.1d", f"{g.oname(missing[0])} attacks each combat if able")
        from .areas import trigger_text
        if all(x in cands for x in attackers) and not trigger_text.attack_legal(
                g, attackers):
            _illegal("506.5", "a creature that can't attack alone would attack alone")
        _illegal("508.1a", "those creatures can't attack")
    if a.kind == "block":
        if (isinstance(a.choice, tuple) and a in ProductActions(d.data["blockers"],
                                                                 d.data["options"])
                and not combat.blocks_legal(g, a.choice)):
            _illegal("509.1b", "the block disobeys a restriction on how many creatures may "
                     "block an attacker (menace, CR 702.111b, and the like)")
        if combat.block_requirements(g, d.data["blockers"]) and a in ProductActions(
                d.data["blockers"], d.data["options"]):
            _illegal("509.1c", "the block doesn't obey the most requirements possible")
        _illegal("509.1a", "that is not a legal block")
    if a.kind == "pay":
        _illegal("601.2h", "the mana pool doesn't hold the total cost")
    if a.kind == "auto":
        _illegal("601.2g", "the cost can't be paid from untapped sources")
    _illegal("117.1", f"{a!r} is not a legal answer to the pending {d.kind!r} decision")


def perform(g, a: Action, auto: bool = False) -> None:
    """Carry out a validated action (or, ``auto``, the one legal answer taken
    automatically: an answer asked while a spell or ability resolves is then only
    recorded, and the resolving code goes on by itself)."""
    d = g.pending
    g.pending = None
    g._legal_cache = None
    k = a.kind
    if k == "pass":
        flow.pass_priority(g)
        return
    if k in ("play", "cast") and a.choice is not None:
        from .areas.faces import begin_face   # CR 709.3 / 712.11b / 712.12 / 715.3
        begin_face(g, d.player, a.obj, a.choice, k == "play")
        return
    if k == "play":
        # CR 305.1: playing a land is a special action; it doesn't use the stack.
        o = g.objects[a.obj]
        g.players[d.player].lands_played += 1
        n = zones.move(g, o, "battlefield", d.player)
        g.event("305.1", f"{g.pname(d.player)} plays {n.defn.name}")
        g.passes = 0
        g.priority = d.player
        return
    if k == "cast":
        g.passes = 0
        begin_cast(g, d.player, a.obj)
        return
    if k == "activate":
        g.passes = 0
        begin_activate(g, d.player, a.obj, a.ability)
        return
    if k == "pay":
        after_payment(g)
        return
    if k == "auto":
        auto_pay(g)
        return
    if k == "attack":
        combat.declare_attackers(g, a.choice)
        return
    if k == "block":
        combat.declare_blockers(g, a.choice)
        return
    # choose
    kind = d.kind
    ch = a.choice
    if kind == "replacement_order":
        from .areas.replacement_order import record_choice
        record_choice(g, d.player, d.data["affected"], ch)   # CR 616.1
    if d.data.get("resolving"):
        from .resolution import resolve_top
        top = g.stack[-1]
        if top.resolution is not None and top.resolution.asking:
            top.resolution.answer = ch
            top.resolution.asking = False
        else:
            top.info["answer"] = ch
        if not auto:
            resolve_top(g)
        return
    if kind == "targets":
        item = g.stack[-1]
        item.targets += tuple(ch)
        item.info["groups"] = item.info.get("groups", []) + [len(ch)]
        continue_cast(g)
    elif kind == "cost_choice":
        from .costs import thaw_choice
        g.stack[-1].info["cost_choice"] = thaw_choice(ch)
        g.event("601.2b", f"cost chosen: {thaw_choice(ch)}")
        continue_cast(g)
    elif kind == "mode":
        g.stack[-1].info["modes"] = list(ch)
        g.event("700.2a", f"mode {', '.join(map(str, ch))} chosen")
        continue_cast(g)
    elif kind == "order_triggers":
        from .triggers import take_order
        take_order(g, d.player, ch)
    elif kind == "mulligan":
        g.players[d.player].declared = ch
    elif kind == "replacement_order":
        pass   # recorded above; the destruction waits for it (state-based actions)
    elif kind == "choose_cards" and d.data.get("purpose") == "legend":
        from .areas.legend_rule import record_legend_choice
        record_legend_choice(g, d, ch)   # CR 704.5j
    elif kind == "choose_cards":
        pl = g.players[d.player]
        for oid in ch:
            zones.move(g, g.objects[oid], "library", top=False)
        pl.bottomed = True
        g.event("103.5", f"{g.pname(d.player)} puts {len(ch)} card(s) on the bottom")
    elif kind == "discard":
        for oid in ch:
            o = g.objects[oid]
            g.event("514.1", f"{g.pname(d.player)} discards {o.defn.name}")
            zones.move(g, o, "graveyard")
        flow.finish_cleanup(g)
    elif kind == "assign_damage" and d.data.get("divide"):
        from .areas.damage_text import record_division
        record_division(g, d, dict(ch))   # CR 601.2d
    elif kind == "assign_damage":
        combat.record_division(g, dict(ch))
    elif kind in ("mana_type", "color", "mana_combination") and d.data.get("mana"):
        g.pending = d
        finish_mana_choice(g, ch)
    elif kind == "x":
        item = g.stack[-1] if g.cast.item is not None else None
        if item is not None:
            item.x = ch
        g.event("601.2b", f"X is {ch}")
        g.cast.stage = "targets"
        continue_cast(g)
    elif kind in CHOICE_COSTS and d.data.get("keyword"):
        from .casting import pay_by_keyword
        pay_by_keyword(g, d, ch)
    elif kind in CHOICE_COSTS:
        g.cast.chosen.append(list(ch))
        continue_cast(g)
    else:
        raise AssertionError(kind)


def perform_none(g) -> None:
    """A decision with no legal answer is not asked; the procedure does what it can."""
    d = g.pending
    g.pending = None
    g._legal_cache = None
    if d.kind == "mode" and g.cast is not None and g.cast.kind == "trigger":
        # CR 603.3c: no mode can be chosen: the ability is removed from the stack.
        item = g.stack.pop()
        g.cast = None
        g.event("603.3c", f"{g.card_definition(item.source_card).name}'s ability has no mode "
                "that can be chosen and is removed from the stack")
    elif (d.kind in ("pay_mana", "targets", "mode", "cost_choice") or d.kind in CHOICE_COSTS) \
            and not d.data.get("resolving"):
        reverse_cast(g, "601.2c: no legal target" if d.kind == "targets"
                     else "601.2h: the cost can't be paid")
    elif d.kind == "discard":
        flow.finish_cleanup(g)
    elif d.data.get("resolving"):
        top = g.stack[-1]
        if top.resolution is not None and top.resolution.asking:
            top.resolution.answer = ()
            top.resolution.asking = False
        else:
            top.info["answer"] = ()
    elif d.kind == "choose_cards":
        g.players[d.player].bottomed = True
    elif d.kind == "assign_damage":
        combat.record_division(g, {})
    else:
        raise AssertionError(f"no legal answer for {d.kind}")


_ = TYPE_INDEX
