"""Engine area `optional_costs`: what was paid by discarding or sacrificing (CR 118.3,
608.2h), "[you may] do something. If you do, ..." (CR 608.2c-d) and explore (CR 701.44).

``EFFECTS``: effect class -> function(g, item, eff, legal), registered into
``effects._EFFECTS`` (see ``areas/__init__.py``).
"""

from __future__ import annotations

import dataclasses

from ...compiler.areas import optional_costs as C
from .. import zones


# ---------------------------------------------------------------- what was paid

def paid_record(g, o, action: str) -> dict:
    """CR 608.2h: the characteristics an effect may need of an object paid by a cost, as
    it last existed (a sacrificed permanent on the battlefield, a discarded card in the
    hand)."""
    d = o.defn
    pw, tg = d.power or 0, d.toughness or 0
    if o.zone == "battlefield":
        from ..characteristics import power, toughness
        pw, tg = power(g, o), toughness(g, o)
    return {"action": action, "mana_value": d.mana_value, "power": pw, "toughness": tg,
            "types": list(d.types)}


def record_paid(g, item, choices, chosen) -> None:
    """CR 601.2h / 602.2b: remember the objects chosen to pay discard and sacrifice costs
    (``item.info["paid"]``, a new list: the info dict of clones is shared shallowly)."""
    paid = []
    for cc, objs in zip(choices, chosen):
        if cc.action not in ("sacrifice", "discard"):
            continue
        for oid in objs:
            o = g.objects.get(oid)
            if o is not None:
                paid.append(paid_record(g, o, cc.action))
    if paid:
        item.info["paid"] = list(item.info.get("paid", ())) + paid


def _paid(item, action: str) -> dict | None:
    return next((p for p in item.info.get("paid", ()) if p["action"] == action), None)


def _paid_value(g, item, eff, legal):
    """CR 608.2h: the effect's amount is the paid object's characteristic, as it last
    existed (0 when nothing was paid)."""
    from ..effects import execute
    p = _paid(item, eff.action)
    n = p[eff.attr] if p is not None else 0
    return execute(g, item, dataclasses.replace(eff.effect, **{eff.field: max(0, n)}), legal)


def _quality(types, q: str) -> bool:
    if q.startswith("non:"):
        return q[4:] not in types
    if q.startswith("anytype:"):
        return any(t in types for t in q[8:].split(","))
    raise ValueError(f"unknown quality {q!r}")


def _run_nested(g, item, effects, legal, key: str):
    from ..effects import run_effects
    return run_effects(g, item, effects, legal, key)


def _if_paid(g, item, eff, legal):
    """CR 608.2c / 608.2h: the effects happen only if the paid object had the qualities
    ("If the discarded card wasn't a land card")."""
    p = _paid(item, eff.action)
    if p is None or not all(_quality(p["types"], q) for q in eff.quals):
        return None
    return _run_nested(g, item, eff.effects, legal, "ifpaid_step")


def _unless_entered(g, item, eff, legal):
    """CR 608.2c: the effects happen unless the source entered the battlefield this turn
    (its timestamp is later than the turn's beginning). A source that has left the
    battlefield is taken as not having entered this turn."""
    o = g.objects.get(item.source)
    if (o is not None and o.zone == "battlefield"
            and o.timestamp > g.players[o.controller].turn_timestamp):
        return None
    return _run_nested(g, item, eff.effects, legal, "unless_entered_step")


# ---------------------------------------------------------------- "If you do"

def _action_candidates(g, player: int, eff) -> list[int]:
    from ..casting import choice_candidates
    out = []
    for cc in eff.actions:
        for oid in choice_candidates(g, player, cc, None):
            if oid not in out:
                out.append(oid)
    return out


def _can_do(g, player: int, eff) -> bool:
    """CR 608.2d: whether the player could do what "you may" offers."""
    from ..casting import can_afford
    if eff.mana is not None:
        return can_afford(g, player, eff.mana.generic, eff.mana.colored, generous=False)
    if eff.life:
        # CR 119.4: a player can pay life only up to their life total
        return g.players[player].life >= eff.life
    if eff.draw:
        return bool(g.players[player].library)   # CR 121.3: no card, no draw
    return bool(_action_candidates(g, player, eff))


def _if_you_do(g, item, eff, legal):
    """CR 608.2c-d: "[You may] discard a card or sacrifice a land / pay {B}. If you do,
    [effects]": the player chooses whether (if "may") and what, as the effect resolves;
    the rest happens only if it was done. A mana payment is made while the ability
    resolves (as for CR 118.12a)."""
    from ..flow import ask
    player = item.controller
    info = item.info
    if eff.who == "spell_controller":
        # CR 702.21a: "unless that player pays": the controller of the spell or ability
        # that targeted; if it has left the stack, there is nothing to counter.
        spell = next((x for x in g.stack if x.oid == info.get("spell")), None)
        if spell is None:
            return None
        player = spell.controller
    st = info.get("ifdo")
    if st is None:
        possible = _can_do(g, player, eff)
        if not possible:
            info["ifdo"] = "else"
            g.event("608.2d", f"{g.pname(player)} can't do it")
            return _run_nested(g, item, eff.otherwise, legal, "ifdo_else_step")
        if eff.may:
            info["ifdo"] = "may"
            ask(g, player, "yes_no", {"rule": "608.2d", "resolving": True})
            if g.pending is not None:
                return "ask"
        else:
            info["ifdo"] = "do"
        st = info["ifdo"]
    if st == "may":
        if not info.pop("answer", False):
            info["ifdo"] = "else"
            g.event("608.2d", f"{g.pname(player)} chooses not to")
            return _run_nested(g, item, eff.otherwise, legal, "ifdo_else_step")
        info["ifdo"] = st = "do"
    if st == "do":
        if eff.mana is not None:
            from ..effects import begin_payment
            info["ifdo"] = "paying"
            return begin_payment(g, item, player, eff.mana.generic, eff.mana.colored)
        if eff.life:
            g.players[player].life -= eff.life
            g.event("119.4", f"{g.pname(player)} pays {eff.life} life")
            info["ifdo"] = st = "then"
        elif eff.draw:
            zones.draw(g, player, eff.draw)
            info["ifdo"] = st = "then"
        else:
            info["ifdo"] = "choose"
            ask(g, player, "choose_cards", {"cards": _action_candidates(g, player, eff),
                                            "count": 1, "resolving": True, "rule": "608.2d",
                                            "purpose": "/".join(cc.action for cc in eff.actions)})
            if g.pending is not None:
                return "ask"
            st = "choose"
    if st == "choose":
        chosen = [oid for oid in info.pop("answer", ()) if oid in g.objects]
        done = False
        for oid in chosen:
            o = g.objects[oid]
            if o.zone == "graveyard":
                g.event("406.1", f"{g.pname(player)} exiles {o.defn.name} from their graveyard")
                zones.move(g, o, "exile")
                done = True
            elif o.zone == "hand":
                from ..effects import discard
                info["paid"] = list(info.get("paid", ())) + [paid_record(g, o, "discard")]
                discard(g, player, oid)   # CR 701.9a
                done = True
            elif o.zone == "battlefield":
                info["paid"] = list(info.get("paid", ())) + [paid_record(g, o, "sacrifice")]
                g.event("701.21a", f"{g.pname(player)} sacrifices {o.defn.name}")
                fire_sacrificed(g, o)
                zones.move(g, o, "graveyard")
                done = True
        info["ifdo"] = st = "then" if done else "else"
    if st == "paying":
        if not info.pop("answer", False):
            info["ifdo"] = st = "else"
        else:
            g.event("608.2d", f"{g.pname(player)} pays")
            info["ifdo"] = st = "then"
    if st == "then":
        return _run_nested(g, item, eff.effects, legal, "ifdo_step")
    if st == "else":
        # CR 118.12: "[effect] unless you pay/discard": it happens when that isn't done
        return _run_nested(g, item, eff.otherwise, legal, "ifdo_else_step")
    return None


# ---------------------------------------------------------------- sacrifice and cast triggers

def fire_sacrificed(g, o) -> None:
    """CR 701.21a / 603.2: a player sacrifices ``o`` (still on the battlefield: CR 603.10a,
    the event looks back): "whenever you sacrifice [another] X" abilities of that player's
    permanents trigger (events ``sacrificed|QUALS|other``), and ``o``'s own "when you
    sacrifice it" (``sacrificed_self``)."""
    from ..triggers import fire_self, fire_watchers
    player = o.controller
    info = {"sacrificed": o.oid, "sacrificed_card": o.card}
    if o.defn.triggered:
        fire_self(g, "sacrificed_self", o, info)
    for oid in list(g.battlefield):
        w = g.objects[oid]
        if w.controller == player and w.defn.triggered:
            fire_watchers(g, w, "sacrificed|", lambda ev, w=w: _sacrificed_matches(g, ev, w, o),
                          info)


def _sacrificed_matches(g, ev: str, w, o) -> bool:
    _, quals, other = ev.split("|")
    if other and w.oid == o.oid:
        return False
    d = o.defn
    for q in filter(None, quals.split(";")):
        if q == "token":
            if o.card > -2:
                return False   # CR 111.1: a token is not a card
        elif q == "nontoken":
            if o.card <= -2:
                return False
        elif q.startswith("sub:"):
            from ..characteristics import has_subtype
            if not has_subtype(o, q[4:]):
                return False
        elif q.startswith("anytype:"):
            if not any(t in d.types for t in q[8:].split(",")):
                return False
        elif q not in d.types:
            return False
    return True


def fire_discarded(g, player: int, o) -> None:
    """CR 701.9a / 603.2: ``player`` discards ``o``: "whenever you discard a [type] card"
    abilities of their permanents trigger (events ``discarded|QUALS``)."""
    from ..triggers import fire_watchers
    d = o.defn
    for oid in list(g.battlefield):
        w = g.objects[oid]
        if w.controller == player and w.defn.triggered:
            fire_watchers(g, w, "discarded|",
                          lambda ev: all(_quality(d.types, q)
                                         for q in filter(None, ev.split("|")[1].split(";"))),
                          {"discarded_card": o.card})


def fire_cast_self(g, item) -> None:
    """CR 601.2i / 603.2: "When you cast this spell" triggers as the spell becomes cast;
    its source is the spell on the stack."""
    o = g.objects.get(item.source)
    if o is not None and o.defn.triggered:
        from ..triggers import fire_self
        fire_self(g, "cast_self", o, {"spell": item.oid})


# ---------------------------------------------------------------- from the graveyard

def fire_nth_draw(g, player: int, n: int) -> None:
    """CR 603.2: "When you draw your [second/third] card each turn" triggers for the
    drawing player's permanents; CR 113.6m / 113.6k: the version that returns the card
    from the graveyard functions in its owner's graveyard."""
    from ..triggers import fire_self, fire_watchers
    ev = f"draw_nth|{n}"
    for oid in list(g.battlefield):
        o = g.objects[oid]
        if o.controller == player and o.defn.triggered:
            fire_watchers(g, o, ev, lambda e: e == ev)
    for oid in list(g.players[player].graveyard):
        o = g.objects[oid]
        if o.defn.triggered:
            fire_self(g, f"draw_nth_graveyard|{n}", o)


def _return_self_to_battlefield(g, item, eff, legal):
    """CR 400.7 / 603.6: the card returns only if it is still the object in the graveyard
    the ability came from; it enters under its owner's control (tapped)."""
    o = g.objects.get(item.source)
    if o is None or o.zone != "graveyard":
        return None
    n = zones.move(g, o, "battlefield", o.owner)
    if eff.tapped:
        n.tapped = True
    g.event("400.6", f"{n.defn.name} returns to the battlefield" + (" tapped" if eff.tapped
                                                                    else ""))
    return None


# ---------------------------------------------------------------- sacrifice unless

def _sacrifice_unless_return(g, item, eff, legal):
    """CR 118.12: "Sacrifice ~ unless you return an artifact you control to its owner's
    hand": the controller may return one (asked only if they can); if they don't, they
    sacrifice the source (CR 701.21a), if it is still on the battlefield."""
    from ..casting import _filter_matches
    from ..flow import ask
    player = item.controller
    src = g.objects.get(item.source)
    info = item.info
    st = info.get("unless_return")
    if st is None:
        cands = [oid for oid in g.battlefield if oid != item.source
                 and g.objects[oid].controller == player
                 and _filter_matches(g, g.objects[oid], eff.spec, player)]
        if cands:
            info["unless_return"] = "ask"
            ask(g, player, "yes_no", {"rule": "118.12", "resolving": True})
            if g.pending is not None:
                return "ask"
        else:
            info["unless_return"] = "ask"
            info["answer"] = False
        st = "ask"
    if st == "ask":
        if info.pop("answer", False):
            info["unless_return"] = "choose"
            cands = [oid for oid in g.battlefield if oid != item.source
                     and g.objects[oid].controller == player
                     and _filter_matches(g, g.objects[oid], eff.spec, player)]
            ask(g, player, "choose_cards", {"cards": cands, "count": 1, "resolving": True,
                                            "rule": "118.12", "purpose": "return"})
            if g.pending is not None:
                return "ask"
        else:
            info["unless_return"] = "done"
            if src is not None and src.zone == "battlefield":
                g.event("701.21a", f"{g.pname(player)} sacrifices {src.defn.name}")
                fire_sacrificed(g, src)
                zones.move(g, src, "graveyard")
            return None
    for oid in info.pop("answer", ()):
        o = g.objects.get(oid)
        if o is not None and o.zone == "battlefield":
            g.event("400.6", f"{o.defn.name} returns to its owner's hand")
            zones.move(g, o, "hand")
    info["unless_return"] = "done"
    return None


# ---------------------------------------------------------------- discard or draw

def _discard_or_you_draw(g, item, eff, legal):
    """CR 701.9a: each opponent discards; CR 608.2c: then the controller draws a card for
    each opponent who couldn't (had no card in hand as the discard happened)."""
    from ...compiler.abilities import PlayerDiscards
    from ..effects import execute
    info = item.info
    if "cant_discard" not in info:
        info["cant_discard"] = sum(1 for p in (0, 1) if p != item.controller
                                   and not g.players[p].lost and not g.players[p].hand)
    if execute(g, item, PlayerDiscards(eff.count, "each_opponent"), legal) == "ask":
        return "ask"
    n = info.pop("cant_discard")
    if n:
        zones.draw(g, item.controller, n)
    return None


# ---------------------------------------------------------------- explore

def _explore(g, item, eff, legal):
    """CR 701.44a: the exploring permanent's controller reveals the top card of their
    library: a land card goes to their hand; otherwise a +1/+1 counter goes on the
    permanent and the player may put the card into their graveyard. CR 701.44c: a
    permanent that left the battlefield explores by its last known information (no
    counter can be put on it)."""
    from ..effects import first_target, put_counters
    from ..flow import ask
    info = item.info
    if "explore" not in info:
        oid = item.source if eff.target < 0 else first_target(item, eff.target)
        if eff.target >= 0 and oid not in legal:
            return None
        o = g.objects.get(oid)
        on_bf = o is not None and o.zone == "battlefield"
        player = o.controller if on_bf else item.controller
        lib = g.players[player].library
        if not lib:
            info["explore"] = "done"
            return None
        d = g.card_definition(lib[0])   # the library holds card numbers
        g.event("701.44a", f"{g.pname(player)} reveals {d.name} (explore)")
        if "Land" in d.types:
            _to_hand(g, player)
            info["explore"] = "done"
            return None
        if on_bf:
            put_counters(g, o, "+1/+1", 1)
        info["explore"] = "ask"
        info["explorer"] = player
        ask(g, player, "yes_no", {"rule": "701.44a", "resolving": True})
        if g.pending is not None:
            return "ask"
    if info.get("explore") == "ask":
        info["explore"] = "done"
        player = info["explorer"]
        if info.pop("answer", False) and g.players[player].library:
            card = g.players[player].library.pop(0)
            o = zones.new_object(g, card, player, zones.GRAVEYARD)
            g.players[player].graveyard.append(o.oid)
            g.event("701.44a", f"{g.pname(player)} puts {o.defn.name} into their graveyard")
    return None


def _to_hand(g, player: int) -> None:
    """CR 701.44a: the revealed land card is put into its owner's hand (not drawn)."""
    p = g.players[player]
    card = p.library.pop(0)
    o = zones.new_object(g, card, player, zones.HAND)
    p.hand.append(o.oid)
    g.event("701.44a", f"{g.pname(player)} puts {o.defn.name} into their hand")


EFFECTS: dict = {
    C.PaidValue: _paid_value,
    C.IfPaid: _if_paid,
    C.IfYouDo: _if_you_do,
    C.Explore: _explore,
    C.DiscardOrYouDraw: _discard_or_you_draw,
    C.UnlessEnteredThisTurn: _unless_entered,
    C.SacrificeUnlessReturn: _sacrifice_unless_return,
    C.ReturnSelfToBattlefield: _return_self_to_battlefield,
}
