"""Resolving spells and abilities (CR 608) and what their effects do (CR 120, 611, 613)."""

from __future__ import annotations

from ..compiler.abilities import (AddMana, Attach, DealDamage, Destroy, DrawCards, GainLife,
                                  ModifyPowerToughness)
from ..mana import TYPE_INDEX
from .characteristics import has_keyword
from .state import ContinuousEffect
from . import zones
from .targets import target_is_legal


def ability_of(g, item):
    """The spell ability or activated ability a stack item stands for."""
    if item.ability is None:
        return g.objects[item.source].defn.spell
    defn = g.setup.definitions[item.source_card] if item.source_card >= 0 else None
    return defn.activated[item.ability - 1]


def resolve_top(g) -> None:
    """CR 608.2: resolve the top object of the stack."""
    item = g.stack[-1]
    source = g.objects.get(item.source)
    ab = ability_of(g, item)
    name = g.oname(item.source) if source else "ability"
    # CR 608.2b: if every target is now illegal, the spell or ability doesn't resolve.
    legal = [t for t, spec in zip(item.targets, _flat_specs(ab)) if target_is_legal(g, item, spec, t)]
    if item.targets and not legal:
        g.event("608.2b", f"{name} doesn't resolve: all its targets are illegal")
        _finish(g, item, countered=True)
        return
    g.event("608.2", f"{name} resolves")
    if ab is not None:
        for eff in ab.effects:
            execute(g, item, eff, legal_targets=set(legal))
    _finish(g, item)


def _flat_specs(ab):
    if ab is None:
        return ()
    return ab.targets


def _finish(g, item, countered: bool = False) -> None:
    """CR 608.2n / 608.3: an instant or sorcery goes to its owner's graveyard; a permanent
    spell becomes a permanent under its controller's control."""
    g.stack.pop()
    if item.ability is not None:
        return
    o = g.objects[item.source]
    o.zone = "stack"
    if o.defn.is_permanent_card and not countered:
        # CR 608.3a: the permanent spell's controller puts it onto the battlefield.
        n = zones.move(g, o, "battlefield", item.controller)
        g.event("608.3a", f"{g.oname(n.oid)} enters the battlefield")
    else:
        zones.move(g, o, "graveyard")


def execute(g, item, eff, legal_targets: set) -> None:
    """Carry out one effect of a resolving spell or ability (CR 608.2c)."""
    t = type(eff)
    if t is DealDamage:
        target = item.targets[eff.target]
        if target in legal_targets:
            deal_damage(g, item.source, target, eff.amount, source_obj=g.objects.get(item.source))
    elif t is ModifyPowerToughness:
        who = item.source if eff.target < 0 else item.targets[eff.target]
        if eff.target < 0 or who in legal_targets:
            g.timestamp += 1
            g.effects.append(ContinuousEffect(g.timestamp, "7c", who, eff.power, eff.toughness,
                                              eff.until))
            g.event("613.4c", f"{g.oname(who)} gets {eff.power:+d}/{eff.toughness:+d} until end of turn")
    elif t is Attach:
        target = item.targets[eff.target]
        src = g.objects.get(item.source)
        if target in legal_targets and src is not None and src.zone == "battlefield":
            attach(g, src, target)
    elif t is Destroy:
        target = item.targets[eff.target]
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


def add_mana(g, player: int, eff: AddMana, chosen: str | None = None) -> None:
    """CR 106.3: mana is added to the player's pool."""
    pool = g.players[player].pool
    for s in eff.mana:
        pool[TYPE_INDEX[s]] += 1
    if eff.any_of and chosen:
        pool[TYPE_INDEX[chosen]] += eff.count
    g.event("106.3", f"{g.pname(player)} adds mana")


def deal_damage(g, source_id: int, recipient: int, amount: int, source_obj=None,
                combat: bool = False) -> int:
    """CR 120.3: damage to a player causes life loss (120.3a); to a creature it is marked
    (120.3e); deathtouch (702.2b) and lifelink (702.15b) apply."""
    if amount <= 0:
        return 0
    src = source_obj if source_obj is not None else g.objects.get(source_id)
    if recipient in (0, 1):
        g.players[recipient].life -= amount
        g.event("120.3a", f"{g.oname(source_id)} deals {amount} damage to {g.pname(recipient)}")
    else:
        o = g.objects.get(recipient)
        if o is None or o.zone != "battlefield":
            return 0
        o.damage += amount
        if src is not None and has_keyword(g, src, "deathtouch"):
            o.deathtouched = True
        g.event("120.3e", f"{g.oname(source_id)} deals {amount} damage to {g.oname(recipient)}")
    if src is not None and has_keyword(g, src, "lifelink"):
        g.players[src.controller].life += amount
        g.event("702.15b", f"{g.pname(src.controller)} gains {amount} life (lifelink)")
    return amount
