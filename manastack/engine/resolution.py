"""Resolving spells and abilities (CR 608): target legality (608.2b), "you may" (603.5),
effects in order (608.2c), and where a resolved spell goes (608.2n, 608.3)."""

from __future__ import annotations

from .effects import (attach, deal_damage, execute, first_target,  # noqa: F401
                      item_source_name, put_counters)
from .targets import target_groups, target_is_legal
from .verbs import is_compiled, run as run_instructions
from . import zones


def ability_of(g, item):
    """The spell ability, activated or triggered ability a stack item stands for (for a
    modal spell, its chosen mode, CR 700.2)."""
    if item.trigger is not None:
        from .triggers import definition
        trig = definition(g, item.source_card, item.info).triggered[item.trigger]
        if trig.modes:
            modes = item.info.get("modes")
            if not modes:
                return None
            if len(modes) == 1:
                return trig.modes[modes[0] - 1]
            return combine_modes([trig.modes[m - 1] for m in modes])
        return trig
    if item.ability is None and item.info.get("cost_choice", {}).get("alternative") == "overload":
        from .areas.casting_keywords import overloaded_spell
        spell = overloaded_spell(g, item)   # CR 702.96b: "target" becomes "each"
        if spell is not None:
            return spell
    if item.ability is None:
        spell = g.card_definition(item.source_card).spell
        if spell is not None and spell.modes:
            modes = item.info.get("modes")
            if not modes:
                return None
            if len(modes) == 1:
                return spell.modes[modes[0] - 1]
            return combine_modes([spell.modes[m - 1] for m in modes])
        if item.info.get("cost_choice", {}).get("alternative") == "bestow":
            from .areas.type_changes import bestow_spell
            return bestow_spell()   # CR 702.103b: an Aura spell with enchant creature
        return spell
    if "face" in item.info and "ref" not in item.info:
        # the face that was up as it was activated (areas/faces.py)
        from .triggers import definition
        return definition(g, item.source_card, item.info).activated[item.ability - 1]
    from .characteristics import ability_from_ref
    return ability_from_ref(g, item.source_card, item.ability, item.info.get("ref"))


def _shift(eff, offset: int):
    """An effect whose target numbers are moved by ``offset`` (nested effects too)."""
    import dataclasses
    if not dataclasses.is_dataclass(eff):
        return eff
    changes = {}
    for f in dataclasses.fields(eff):
        v = getattr(eff, f.name)
        if f.name in ("target", "first", "second") and isinstance(v, int) and v >= 0:
            changes[f.name] = v + offset
        elif dataclasses.is_dataclass(v) and not isinstance(v, type) and f.name != "spec":
            changes[f.name] = _shift(v, offset)
        elif isinstance(v, tuple) and v and all(dataclasses.is_dataclass(x) for x in v) \
                and f.name not in ("targets",):
            changes[f.name] = tuple(_shift(x, offset) for x in v)
    return dataclasses.replace(eff, **changes) if changes else eff


def combine_modes(modes):
    """CR 700.2d: the chosen modes' instructions are followed in the order printed; their
    targets are numbered one mode after another."""
    from ..compiler.abilities import SpellAbility
    from ..ir.shift import shift_targets
    targets, effects = (), ()
    for m in modes:
        if is_compiled(m.effects):
            effects += shift_targets(m.effects, len(targets))
        else:
            effects += tuple(_shift(e, len(targets)) for e in m.effects)
        targets += m.targets
    return SpellAbility(targets, effects, "\n".join(m.text for m in modes))


def item_name(g, item) -> str:
    return item_source_name(g, item)


def resolve_top(g) -> None:
    """CR 608.2: resolve the top object of the stack."""
    resolve_item(g, g.stack[-1])


def bestow_ends(g, item) -> bool:
    from .areas.type_changes import bestow_ends as _ends
    return _ends(g, item)


def resolve_item(g, item) -> None:
    """CR 608.2: resolve a stack object. Resolution can stop at a decision ("you may", a
    search, a spell cast while resolving) and go on when it is answered; its progress is
    kept in ``item.info``."""
    from .flow import ask
    ab = ability_of(g, item)
    if ab is not None and (item.resolution is not None or is_compiled(ab.effects)):
        _resolve_compiled(g, item, ab)
        return
    info = item.info
    name = item_name(g, item)
    specs = ab.targets if ab is not None else ()
    if "legal" not in info:
        # CR 608.2b: if every target is now illegal, the spell or ability doesn't resolve.
        legal = []
        for spec, group in zip(specs, target_groups(item, specs)):
            legal.extend(t for t in group if target_is_legal(g, item, spec, t))
        if item.targets and not legal and not bestow_ends(g, item):
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
    info["step"] = i
    if item.is_spell and _permanent_choices(g, item) == "ask":
        return
    _finish(g, item)


def _resolve_compiled(g, item, ab) -> None:
    """CR 608.2: resolve a stack item whose instructions are compiled IR, keeping its
    progress in its typed continuation (``item.resolution``)."""
    from .continuation import Resolution
    from .flow import ask
    res = item.resolution
    if res is None:
        res = item.resolution = Resolution()
    if not res.started:
        res.started = True
        # CR 608.2b: if every target is now illegal, the spell or ability doesn't resolve.
        legal = []
        for spec, group in zip(ab.targets, target_groups(item, ab.targets)):
            legal.extend(t for t in group if target_is_legal(g, item, spec, t))
        name = item_name(g, item)
        if item.targets and not legal and not bestow_ends(g, item):
            g.event("608.2b", f"{name} doesn't resolve: all its targets are illegal")
            _finish(g, item, countered=True)
            return
        res.legal = legal
        g.event("608.2", f"{name} resolves")
        if getattr(ab, "optional", False):
            # CR 603.5: "you may" is chosen as the ability resolves.
            res.frames[0].stage = -1
            res.asking = True
            ask(g, item.controller, "yes_no", {"rule": "603.5", "resolving": True})
            if g.pending is not None:
                return
    if res.frames[0].stage == -1:
        res.frames[0].stage = 0
        if not res.answer:
            g.event("603.5", f"{g.pname(item.controller)} chooses not to")
            res.answer = None
            _finish(g, item)
            return
        res.answer = None
    if not run_instructions(g, item, ab.effects):
        return
    if item.is_spell and _permanent_choices(g, item) == "ask":
        return
    _finish(g, item)


def _permanent_choices(g, item):
    """CR 614.12: choices made as a permanent enters ("As this Aura enters, choose a
    color") are made before it enters."""
    from .flow import ask
    o = g.objects[item.source]
    if not o.defn.is_permanent_card:
        return None
    if any(s.kind == "choose_name_on_enter" for s in o.defn.static) and "chosen" not in item.info:
        if "answer" not in item.info:
            ask(g, item.controller, "name_card", {"resolving": True, "rule": "614.12"})
            if g.pending is not None:
                return "ask"
        item.info["chosen"] = item.info.pop("answer")
    if any(s.kind == "choose_color_on_enter" for s in o.defn.static) and "chosen" not in item.info:
        if "answer" not in item.info:
            ask(g, item.controller, "color", {"choices": ["white", "blue", "black", "red",
                                                          "green"], "resolving": True,
                                              "rule": "614.12"})
            if g.pending is not None:
                return "ask"
        item.info["chosen"] = item.info.pop("answer")
    return None


def _finish(g, item, countered: bool = False) -> None:
    """CR 608.2n / 608.3: an instant or sorcery goes to its owner's graveyard; a permanent
    spell becomes a permanent under its controller's control (an Aura attached to its
    target, 303.4f)."""
    g.stack.remove(item)
    if not item.is_spell:
        return
    o = g.objects[item.source]
    alt = item.info.get("cost_choice", {}).get("alternative")
    if o.defn.face:
        from .areas.faces import finish_spell
        if finish_spell(g, item, o, countered):   # CR 715.3d: an Adventure is exiled
            return
    if not countered and "rebound" in o.defn.keywords:
        from .areas.casting_keywords import rebound_exile
        if rebound_exile(g, item, o):   # CR 702.88a
            return
    if alt in ("flashback", "jump-start"):
        # CR 702.34a / 702.133a: a flashed-back (jump-started) card is exiled instead of
        # going anywhere else.
        zones.move(g, o, "exile")
        g.event("702.34a" if alt == "flashback" else "702.133a",
                f"{o.defn.name} is exiled ({alt})")
        return
    if o.defn.is_permanent_card and not countered:
        # CR 608.3a: the permanent spell's controller puts it onto the battlefield.
        from .costs import times_paid
        if "bargain" in item.info.get("cost_choice", {}).get("additional", ()):
            # CR 702.166b: it was bargained (seen by its own enters triggers)
            g.cast_permits.append([o.card, "bargained_card", g.turn])
        n = zones.move(g, o, "battlefield", item.controller, x=item.x,
                       chosen=item.info.get("chosen"), alt=alt, kicked=times_paid(item))
        g.event("608.3a", f"{g.oname(n.oid)} enters the battlefield")
        if alt in ("sneak", "dash") or item.info.get("suspend_haste") or \
                "bargain" in item.info.get("cost_choice", {}).get("additional", ()):
            from .areas.casting_keywords import entered_for_alternative
            entered_for_alternative(g, n, item, alt)   # CR 702.190b, 702.109a
        if ("Aura" in n.defn.subtypes or n.cast_alt == "bestow") and item.targets:
            n.attached_to = item.targets[0]
            g.event("303.4f", f"{g.oname(n.oid)} enters attached to {g.oname(item.targets[0])}")
    elif not countered and "buyback" in item.info.get("cost_choice", {}).get("additional", ()):
        # CR 702.27a: a spell whose buyback cost was paid goes to its owner's hand
        # instead of the graveyard as it resolves.
        zones.move(g, o, "hand")
        g.event("702.27a", f"{o.defn.name} returns to its owner's hand (buyback)")
    else:
        zones.move(g, o, "graveyard")
