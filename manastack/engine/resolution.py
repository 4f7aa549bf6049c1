"""Resolving spells and abilities (CR 608) and what their effects do (CR 120, 611, 613)."""

from __future__ import annotations

from ..compiler.abilities import (AddMana, Attach, AttachTargetsToSelf, DealDamage, Destroy,
                                  DrawCards, GainLife, ModifyPowerToughness, SearchLibrary,
                                  TapSubject)
from ..mana import TYPE_INDEX
from .characteristics import has_keyword
from .state import ContinuousEffect
from . import zones
from .targets import target_groups, target_is_legal


def ability_of(g, item):
    """The spell ability, activated or triggered ability a stack item stands for."""
    if item.trigger is not None:
        return g.card_definition(item.source_card).triggered[item.trigger]
    if item.ability is None:
        return g.objects[item.source].defn.spell
    return g.card_definition(item.source_card).activated[item.ability - 1]


def item_name(g, item) -> str:
    if item.source_card is not None and item.source_card != -1:
        return g.card_definition(item.source_card).name
    o = g.objects.get(item.source)
    return o.defn.name if o else "ability"


def resolve_top(g) -> None:
    """CR 608.2: resolve the top object of the stack. Resolution can stop at a decision
    ("you may", a search) and go on when it is answered; its progress is kept in
    ``item.info``."""
    from .flow import ask
    item = g.stack[-1]
    ab = ability_of(g, item)
    info = item.info
    name = item_name(g, item)
    specs = ab.targets if ab is not None else ()
    if "legal" not in info:
        # CR 608.2b: if every target is now illegal, the spell or ability doesn't resolve.
        legal = []
        for spec, group in zip(specs, target_groups(item, specs)):
            legal.extend(t for t in group if target_is_legal(g, item, spec, t))
        if item.targets and not legal:
            g.event("608.2b", f"{name} doesn't resolve: all its targets are illegal")
            _finish(g, item, countered=True)
            return
        info["legal"] = legal
        g.event("608.2", f"{name} resolves")
        if ab is not None and getattr(ab, "optional", False):
            # CR 603.5: "you may" is chosen as the ability resolves.
            info["stage"] = "may"
            ask(g, item.controller, "yes_no", {"rule": "603.5", "resolving": True})
            return
    if info.get("stage") == "may":
        answer = info.pop("answer", None)
        if answer is None:
            return
        info["stage"] = "effects"
        if not answer:
            g.event("603.5", f"{g.pname(item.controller)} chooses not to")
            _finish(g, item)
            return
    effects = ab.effects if ab is not None else ()
    i = info.get("step", 0)
    legal = set(info["legal"])
    while i < len(effects):
        info["step"] = i
        if execute(g, item, effects[i], legal) == "ask":
            return
        info.pop("answer", None)
        i += 1
    _finish(g, item)


def _finish(g, item, countered: bool = False) -> None:
    """CR 608.2n / 608.3: an instant or sorcery goes to its owner's graveyard; a permanent
    spell becomes a permanent under its controller's control."""
    g.stack.remove(item)
    if not item.is_spell:
        return
    o = g.objects[item.source]
    o.zone = "stack"
    if o.defn.is_permanent_card and not countered:
        # CR 608.3a: the permanent spell's controller puts it onto the battlefield.
        n = zones.move(g, o, "battlefield", item.controller)
        g.event("608.3a", f"{g.oname(n.oid)} enters the battlefield")
    else:
        zones.move(g, o, "graveyard")


def _first(item, k: int):
    groups = item.info.get("groups")
    if groups is None:
        return item.targets[k] if k < len(item.targets) else None
    off = sum(groups[:k])
    return item.targets[off] if groups[k] else None


def execute(g, item, eff, legal_targets: set):
    """Carry out one effect of a resolving spell or ability (CR 608.2c). Returns "ask"
    when the effect waits for a decision."""
    t = type(eff)
    if t is DealDamage:
        if eff.target < 0:
            deal_damage(g, item.source, item.controller, eff.amount,
                        source_obj=g.objects.get(item.source), source_card=item.source_card)
            return None
        target = _first(item, eff.target)
        if target in legal_targets:
            deal_damage(g, item.source, target, eff.amount, source_obj=g.objects.get(item.source),
                        source_card=item.source_card)
    elif t is ModifyPowerToughness:
        who = item.source if eff.target < 0 else _first(item, eff.target)
        if eff.target < 0 or who in legal_targets:
            g.timestamp += 1
            g.effects.append(ContinuousEffect(g.timestamp, "7c", who, eff.power, eff.toughness,
                                              eff.until))
            g.event("613.4c", f"{g.oname(who)} gets {eff.power:+d}/{eff.toughness:+d} until end of turn")
    elif t is Attach:
        target = _first(item, eff.target)
        src = g.objects.get(item.source)
        host = g.objects.get(target)
        if (target in legal_targets and src is not None and src.zone == "battlefield"
                and host is not None and can_equip(g, src, host)):
            return attach_all(g, item, [(src.oid, target)])
    elif t is AttachTargetsToSelf:
        host = g.objects.get(item.source)
        if host is None or host.zone != "battlefield":
            # CR 400.7 / 608.2h: "it" is gone; nothing is attached.
            g.event("400.7", f"{item_name(g, item)} has left the battlefield: nothing is attached")
            return None
        pairs = []
        for tid in item.targets:
            e = g.objects.get(tid)
            if tid in legal_targets and e is not None and can_equip(g, e, host):
                pairs.append((tid, host.oid))
        return attach_all(g, item, pairs)
    elif t is TapSubject:
        c = g.objects.get(item.info.get("creature"))
        if c is not None and c.zone == "battlefield":
            zones.tap(g, c)
            g.event("701.26a", f"{g.oname(c.oid)} becomes tapped")
    elif t is SearchLibrary:
        return search_library(g, item, eff)
    elif t is Destroy:
        target = _first(item, eff.target)
        o = g.objects.get(target)
        if target in legal_targets and o is not None:
            # CR 701.8a: destroy = move from the battlefield to its owner's graveyard.
            g.event("701.8a", f"{g.oname(target)} is destroyed")
            zones.move(g, o, "graveyard")
    elif t is AddMana:
        add_mana(g, item.controller, eff)
    elif t is DrawCards:
        zones.draw(g, item.controller, eff.count)
    elif t is GainLife:
        g.players[item.controller].life += eff.amount
        g.event("119.3", f"{g.pname(item.controller)} gains {eff.amount} life")
    else:
        raise NotImplementedError(f"effect {eff!r}")
    return None


def attach_all(g, item, pairs):
    """Attach each (Equipment, creature) pair in order; an Equipment that chooses a color
    as it becomes attached (CR 614.12-style choice) asks ``color`` first."""
    from .flow import ask
    done = item.info.get("attached", 0)
    while done < len(pairs):
        eid, host = pairs[done]
        e = g.objects[eid]
        if any(st.kind == "choose_color_on_attach" for st in e.defn.static) and e.attached_to != host:
            if "answer" not in item.info:
                ask(g, item.controller if e.controller is None else e.controller, "color",
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


def can_equip(g, e, host) -> bool:
    """CR 301.5c-d / 702.16d: an Equipment can equip a creature (not itself, not one with
    protection from a quality it has)."""
    if "Equipment" not in e.defn.subtypes or e.zone != "battlefield":
        return False
    if e.oid == host.oid or "Creature" not in host.defn.types:
        return False
    from .characteristics import protected_from
    return not protected_from(g, host, e)


def search_library(g, item, eff):
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


def add_mana(g, player: int, eff: AddMana, chosen: str | None = None) -> None:
    """CR 106.3: mana is added to the player's pool."""
    pool = g.players[player].pool
    for s in eff.mana:
        pool[TYPE_INDEX[s]] += 1
    if eff.any_of and chosen:
        pool[TYPE_INDEX[chosen]] += eff.count
    g.event("106.3", f"{g.pname(player)} adds mana")


def deal_damage(g, source_id: int, recipient: int, amount: int, source_obj=None,
                combat: bool = False, source_card: int | None = None) -> int:
    """CR 120.3: damage to a player causes life loss (120.3a); to a creature it is marked
    (120.3e); deathtouch (702.2b) and lifelink (702.15b) apply."""
    if amount <= 0:
        return 0
    src = source_obj if source_obj is not None else g.objects.get(source_id)
    sname = g.oname(source_id) if source_id in g.objects else (
        g.card_definition(source_card).name if source_card is not None and source_card != -1
        else f"#{source_id}")
    if recipient in (0, 1):
        g.players[recipient].life -= amount
        g.event("120.3a", f"{sname} deals {amount} damage to {g.pname(recipient)}")
    else:
        o = g.objects.get(recipient)
        if o is None or o.zone != "battlefield":
            return 0
        o.damage += amount
        if src is not None and has_keyword(g, src, "deathtouch"):
            o.deathtouched = True
        g.event("120.3e", f"{sname} deals {amount} damage to {g.oname(recipient)}")
    if src is not None and has_keyword(g, src, "lifelink"):
        g.players[src.controller].life += amount
        g.event("702.15b", f"{g.pname(src.controller)} gains {amount} life (lifelink)")
    return amount
