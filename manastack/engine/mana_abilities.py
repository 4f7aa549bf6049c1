"""Mana abilities (CR 605) and the mana they produce (CR 106): choices of mana, "could
produce" (106.7), replacement effects on producing mana (106.12b), and triggered mana
abilities that resolve at once (106.12a, 605.4a)."""

from __future__ import annotations

from itertools import combinations_with_replacement

from ..ir import mana as M
from ..ir.mana import ANY_COLOR, is_production
from ..mana import COLOR_NAMES, MANA_TYPES, NAME_TO_SYMBOL, TYPE_INDEX, format_cost, parse_symbols
from .state import CastContext

COLORS = set(ANY_COLOR)


def _symbol(answer: str) -> str:
    a = str(answer).strip("{}")
    return NAME_TO_SYMBOL.get(a.lower(), a.upper())


# ---------------------------------------------------------------- could produce (106.7)

def _amount(g, player: int, src, q) -> int:
    """A production's count (CR 107.1b: never below 0), evaluated for its controller."""
    from .evaluate import Context, quantity
    return max(0, quantity(g, Context(player, src.oid if src is not None else None), q))


def permanent_colors(g, player: int) -> list[str]:
    """The colors of permanents ``player`` controls (Meteor Crater), in WUBRG order."""
    found = set()
    for oid in g.battlefield:
        o = g.objects[oid]
        if o.controller == player:
            found.update(o.defn.colors)
    return [c for c in ANY_COLOR if c in found]


def effect_types(g, o, eff, visiting: frozenset) -> set[str]:
    """The types of mana one production of ``o`` could make now, before replacement."""
    t = type(eff)
    if t is M.AddMana:
        if _amount(g, o.controller, o, eff.times) == 0:
            return set()
        return set(eff.mana)
    if t in (M.AddOneOf, M.AddCombination):
        return set(eff.choices)
    if t is M.AddChosenColor:
        return {_symbol(o.chosen)} if o.chosen else set()
    if t is M.AddPermanentColor:
        return set(permanent_colors(g, o.controller))
    if t is M.AddCouldProduce:
        types: set[str] = set()
        for oid in g.battlefield:
            land = g.objects[oid]
            if "Land" not in land.defn.types or oid in visiting:
                continue
            if eff.opponents == (land.controller == o.controller):
                continue
            types |= could_produce(g, land, visiting | {o.oid})
        if eff.colors_only:
            types &= COLORS
        return types
    return set()


def could_produce(g, o, visiting: frozenset = frozenset()) -> set[str]:
    """CR 106.7: the types of mana ``o``'s mana abilities would produce if they resolved
    now, with replacement effects applied in any order, ignoring costs."""
    out: set[str] = set()
    from .characteristics import activated_abilities
    for ab in activated_abilities(g, o):
        if not ab.mana_ability:
            continue
        for eff in ab.effects:
            if is_production(eff):
                types = effect_types(g, o, eff, visiting | {o.oid})
                if types and ab.cost.tap:
                    out |= set(replaced_types(g, o, types))
                else:
                    out |= types
    return out


# ---------------------------------------------------------------- replacement (106.12b)

def _replacers(g):
    for oid in g.battlefield:
        o = g.objects[oid]
        for s in o.defn.static:
            if s.kind in ("mana_doubling", "land_mana_becomes"):
                yield o, s


def replaced_types(g, src, types):
    out = set(types)
    for o, s in _replacers(g):
        if s.kind == "land_mana_becomes" and "Land" in src.defn.types:
            out = set(s.mana)
    return out


def apply_replacements(g, player: int, src, symbols: list[str]) -> list[str]:
    """CR 106.12b / 614: replacement effects modify the mana production event, applied
    in timestamp order (CR 616.1 would let the affected player choose the order)."""
    for o, s in sorted(_replacers(g), key=lambda t: t[0].timestamp):
        if not symbols:
            break
        if s.kind == "land_mana_becomes" and "Land" in src.defn.types:
            g.event("106.12b", f"{o.defn.name}: {src.defn.name} produces "
                    f"{''.join('{%s}' % m for m in s.mana)} instead")
            symbols = list(s.mana)
        elif s.kind == "mana_doubling" and o.controller == player:
            g.event("106.12b", f"{o.defn.name}: twice as much mana")
            symbols = symbols * 2
    return symbols


# ---------------------------------------------------------------- choices of mana

def mana_choice(g, player: int, src, eff):
    """The decision a production asks: (kind, options) or None when it is fixed."""
    t = type(eff)
    if t is M.AddOneOf:
        if set(eff.choices) <= COLORS:
            return "color", [COLOR_NAMES[c] for c in eff.choices]
        return "mana_type", [f"{{{c}}}" for c in eff.choices]
    if t is M.AddCombination:
        n = _amount(g, player, src, eff.count)
        opts = ["".join(f"{{{c}}}" for c in combo)
                for combo in combinations_with_replacement(eff.choices, n)]
        return "mana_combination", opts
    if t is M.AddPermanentColor:
        return "color", [COLOR_NAMES[c] for c in permanent_colors(g, player)]
    if t is M.AddCouldProduce:
        types = effect_types(g, src, eff, frozenset({src.oid}))
        if eff.colors_only:
            return "color", [COLOR_NAMES[c] for c in ANY_COLOR if c in types]
        return "mana_type", [f"{{{c}}}" for c in MANA_TYPES if c in types]
    return None


def symbols_for(g, player: int, src, eff, answer) -> list[str]:
    """The mana a production makes with ``answer`` to its choice."""
    t = type(eff)
    if t is M.AddMana:
        return list(eff.mana) * _amount(g, player, src, eff.times)
    if t is M.AddChosenColor:
        return [_symbol(src.chosen)] * eff.count if src is not None and src.chosen else []
    if t is M.AddCombination:
        return list(parse_symbols(answer)) if answer else []
    if answer is None:
        return []
    if t is M.AddOneOf:
        return [_symbol(answer)] * _amount(g, player, src, eff.count)
    return [_symbol(answer)]


# ---------------------------------------------------------------- activation (605.3)

def needs_payment(ab) -> bool:
    c = ab.cost
    return c.has_mana or bool(c.choices)


def activate_mana_ability(g, player: int, oid: int, number: int, answer=None,
                          resume: bool = True) -> None:
    """CR 605.3a-b: activate a mana ability; it resolves at once, without the stack. One
    with costs beyond {T}/{Q} pays them first, like any activated ability (602.2b)."""
    from .casting import continue_cast, pay_other_costs, take_snapshot
    from .characteristics import activated_abilities
    o = g.objects[oid]
    ab = activated_abilities(g, o)[number - 1]
    g.event("605.3a", f"{g.pname(player)} activates {o.defn.name}'s mana ability")
    if needs_payment(ab):
        ctx = CastContext(None, "cost", "mana", player, oid, o.card, number)
        ctx.parent = g.cast
        if g.cast is None:
            ctx.snapshot = take_snapshot(g)
    if ab.timing:
        from .areas.zone_text import record_activation
        record_activation(g, o, number, ab)   # CR 602.5b: "only once each turn"
    if needs_payment(ab):
        g.cast = ctx
        continue_cast(g)
        return
    card = o.card
    pay_other_costs(g, o, ab)
    resolve_mana_ability(g, player, o, card, number, answer, resume, ab=ab, lki=o)


def resolve_mana_ability(g, player: int, src, card: int, number: int, answer=None,
                         resume: bool = True, ab=None, lki=None) -> None:
    """CR 605.3b: the mana ability resolves: its choice is made and mana produced.
    ``src`` is the source object or its id; ``lki`` the source as it last existed on the
    battlefield, if it is gone (sacrificed to pay the cost: it was still tapped for mana,
    CR 106.12)."""
    from .flow import ask
    from .characteristics import activated_abilities
    from .state import Obj
    oid = src.oid if isinstance(src, Obj) else src
    src = g.objects.get(oid) if oid is not None else None
    if src is None or src.zone != "battlefield":
        if lki is None and oid is not None:
            lki = Obj(oid, card, g.card_definition(card), player, "battlefield")
            lki.controller = player
        src = lki
    if ab is None:
        ab = (activated_abilities(g, src)[number - 1] if src is not None
              and number <= len(activated_abilities(g, src))
              else g.card_definition(card).activated[number - 1])
    symbols: list[str] = []
    for eff in ab.effects:
        if not is_production(eff):
            continue
        choice = mana_choice(g, player, src, eff)
        if choice is not None and answer is None:
            kind, options = choice
            if len(options) > 1:
                ask(g, player, kind, {"mana": True, "card": card, "ability": number,
                                      "player": player, "source": src.oid if src else None,
                                      "choices": options})
                return
            elif options:
                answer = options[0]
        symbols += symbols_for(g, player, src, eff, answer)
    _carry_out_rest(g, player, src, card, number, ab)
    asked = produce(g, player, src, ab, symbols)
    if resume and not asked:
        resume_after_mana(g, player)


def _carry_out_rest(g, player: int, src, card: int, number: int, ab) -> None:
    """CR 605.3b: a mana ability's other instructions are carried out as it resolves, at
    once ("This land deals 1 damage to you", "Draw a card"); the compiler admits only
    instructions that ask nothing (compiler.lines.is_mana_ability)."""
    rest = tuple(e for e in ab.effects if not is_production(e))
    if not rest:
        return
    from .continuation import Resolution
    from .state import StackItem
    from .verbs import run
    item = StackItem(-1, src.oid if src is not None else -1, player, number, (), 0, card)
    item.resolution = Resolution()
    item.resolution.started = True
    run(g, item, rest)


def produce(g, player: int, src, ab, symbols: list[str]) -> bool:
    """CR 106.3 / 106.12: add the mana (after replacement effects) and resolve triggered
    mana abilities at once (605.4a). Returns True if one waits for a choice."""
    from .flow import ask
    symbols = [s for s in symbols if s in TYPE_INDEX]   # CR 106.5: undefined -> no mana
    tapped_for_mana = ab.cost.tap and src is not None
    if tapped_for_mana:
        symbols = apply_replacements(g, player, src, symbols)
    pool = g.players[player].pool
    for s in symbols:
        pool[TYPE_INDEX[s]] += 1
    name = src.defn.name if src is not None else "a source"
    if symbols:
        g.event("106.3", f"{g.pname(player)} adds {''.join('{%s}' % s for s in symbols)} "
                f"with {name}")
    else:
        g.event("106.5", f"{name} produces no mana")
        return False
    if not tapped_for_mana:
        return False
    # CR 106.12a: "tapped for mana" triggers only when mana was produced.
    for oid in list(g.battlefield):
        o = g.objects[oid]
        for t in o.defn.triggered:
            if "enchanted_tapped_for_mana" in t.events and o.attached_to == src.oid:
                if t.condition == "produced_chosen_color" and (
                        not o.chosen or _symbol(o.chosen) not in symbols):
                    continue   # CR 106.12a: tapped for mana of a specified type
                for eff in t.effects:
                    extra = symbols_for(g, src.controller, o, eff, None)
                    _add_extra(g, src.controller, extra, o)
            elif "land_tapped_for_mana" in t.events and "Land" in src.defn.types:
                kinds = [s for s in MANA_TYPES if s in symbols]
                if len(kinds) > 1:
                    ask(g, player, "mana_type", {"mana": True, "extra": True, "player": player,
                                                 "source": o.oid,
                                                 "choices": [f"{{{k}}}" for k in kinds]})
                    return True
                _add_extra(g, player, kinds[:1], o)
    return False


def _add_extra(g, player: int, symbols, o) -> None:
    pool = g.players[player].pool
    for s in symbols:
        pool[TYPE_INDEX[s]] += 1
    if symbols:
        g.event("605.4a", f"{o.defn.name}: {g.pname(player)} adds an additional "
                f"{''.join('{%s}' % s for s in symbols)}")


def finish_mana_choice(g, answer) -> None:
    """The answer to a mana ability's choice (CR 106.6a): resolve it now."""
    d = g.pending.data
    g.pending = None
    if d.get("extra"):
        _add_extra(g, d["player"], [_symbol(answer)], g.objects.get(d["source"]))
        resume_after_mana(g, d["player"])
        return
    resolve_mana_ability(g, d["player"], d["source"], d["card"], d["ability"], answer)


def resume_after_mana(g, player: int) -> None:
    """After a mana ability: back to paying (CR 601.2g) or to priority (CR 117.3c)."""
    from .flow import ask
    if g.cast is not None and g.cast.stage == "pay":
        ask(g, player, "pay_mana", {"cost": format_cost(g.cast.generic, g.cast.colored)})
    elif g.cast is None:
        g.priority = player


# ---------------------------------------------------------------- automatic payment

def mana_options(g, player: int, exclude: int | None = None):
    """Sources usable for automatic payment (CR 601.2g): untapped permanents of
    ``player`` whose mana abilities cost only {T} (or {Q}). Returns (options, refs):
    ``options[k]`` lists 6-count vectors, ``refs[k][j]`` the (oid, ability, answer)."""
    from .casting import can_pay_tap
    options, refs = [], []
    for oid in g.battlefield:
        o = g.objects[oid]
        if o.controller != player or oid == exclude:
            continue
        opts, rs = [], []
        from .characteristics import activated_abilities
        for n, ab in enumerate(activated_abilities(g, o), 1):
            c = ab.cost
            if not ab.mana_ability or needs_payment(ab) or c.sacrifice_self or c.pay_life \
                    or c.return_self or c.exile_self or c.discard_random:
                continue
            if c.remove_counters or not can_pay_tap(g, o, ab):
                continue
            from .legal import condition_allows
            if not condition_allows(g, player, o, ab):
                continue   # CR 602.5b
            effs = [e for e in ab.effects if is_production(e)]
            if len(effs) != 1:
                continue
            eff = effs[0]
            choice = mana_choice(g, player, o, eff)
            answers = [None] if choice is None else choice[1]
            for ans in answers:
                syms = symbols_for(g, player, o, eff, ans)
                if ab.cost.tap:
                    syms = _preview_replacements(g, player, o, syms)
                v = [0] * 6
                for s in syms:
                    if s in TYPE_INDEX:
                        v[TYPE_INDEX[s]] += 1
                if any(v):
                    opts.append(v)
                    rs.append((oid, n, ans))
        if opts:
            options.append(opts)
            refs.append(rs)
    return options, refs


def _preview_replacements(g, player, src, symbols):
    for o, s in sorted(_replacers(g), key=lambda t: t[0].timestamp):
        if s.kind == "land_mana_becomes" and "Land" in src.defn.types and symbols:
            symbols = list(s.mana)
        elif s.kind == "mana_doubling" and o.controller == player:
            symbols = symbols * 2
    return symbols


def sacrifice_mana_options(g, player: int, exclude: int | None = None):
    """Mana the player could make by sacrificing permanents (CR 605 abilities whose cost
    sacrifices something, "Sacrifice an artifact: Add {C}{C}"), one option list per
    permanent that could be sacrificed; an upper bound used to offer a cast."""
    from .casting import can_pay_tap, choice_candidates
    out = []
    used: set[int] = set()
    for oid in g.battlefield:
        o = g.objects[oid]
        if o.controller != player or oid == exclude:
            continue
        from .characteristics import activated_abilities
        for ab in activated_abilities(g, o):
            c = ab.cost
            if not ab.mana_ability or c.has_mana or not can_pay_tap(g, o, ab):
                continue
            from .legal import condition_allows
            if not condition_allows(g, player, o, ab):
                continue   # CR 602.5b
            if not (c.sacrifice_self or c.choices):
                continue
            effs = [e for e in ab.effects if is_production(e)]
            if len(effs) != 1:
                continue
            choice = mana_choice(g, player, o, effs[0])
            answers = [None] if choice is None else choice[1]
            vecs = []
            for ans in answers:
                v = [0] * 6
                for s in symbols_for(g, player, o, effs[0], ans):
                    if s in TYPE_INDEX:
                        v[TYPE_INDEX[s]] += 1
                if any(v):
                    vecs.append(v)
            if not vecs:
                continue
            if c.sacrifice_self:
                if oid not in used:
                    used.add(oid)
                    out.append(vecs)
                continue
            for cc in c.choices:
                if cc.action != "sacrifice":
                    continue
                for cand in choice_candidates(g, player, cc, oid):
                    if cand not in used:
                        used.add(cand)
                        out.append(vecs)
    return out
