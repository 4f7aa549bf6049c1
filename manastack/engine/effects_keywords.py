"""Effects of keyword abilities (CR 702), registered into ``effects._EFFECTS``: kicker's
conditional effects (702.33d), exalted's pump (702.83a), regeneration shields (701.19a).
"""

from __future__ import annotations

from ..compiler import abilities as A


def _if_kicked(g, item, eff, legal):
    """CR 702.33d: "if this spell was kicked" checks whether its kicker cost was paid;
    the chosen branch's effects run in order, resuming at a decision (CR 608.2c)."""
    from .costs import times_paid
    from .effects import run_effects
    info = item.info
    if item.is_spell or "cost_choice" in info:
        kicked = times_paid(item)
    else:
        src = g.objects.get(item.source)
        kicked = src.kicked if src is not None else 0
    effects = eff.effects if kicked >= eff.times else eff.otherwise
    return run_effects(g, item, effects, legal, f"kicked{info.get('step', 0)}")


def _pump_subject(g, item, eff, legal):
    """CR 702.83a / 613.4c: "that creature gets +1/+1 until end of turn"."""
    from .effects import _add_effect
    oid = item.info.get(eff.subject)
    o = g.objects.get(oid) if oid is not None else None
    if o is None or o.zone != "battlefield":
        return None   # CR 608.2h: it has left the battlefield
    _add_effect(g, layer="7c", affected=oid, power=eff.power, toughness=eff.toughness,
                until="end_of_turn")
    g.event("613.4c", f"{g.oname(oid)} gets +{eff.power}/+{eff.toughness} until end of turn")
    return None


def _regenerate(g, item, eff, legal):
    """CR 701.19a: create a regeneration shield (a replacement effect, CR 614.8) that
    lasts until it is used or the turn ends (zones.destroy uses it)."""
    from .effects import _add_effect, first_target
    oid = item.source if eff.target < 0 else first_target(item, eff.target)
    if eff.target >= 0 and oid not in legal:
        return None
    o = g.objects.get(oid) if oid is not None else None
    if o is None or o.zone != "battlefield":
        return None
    from .areas.replacement_order import shield_data
    _add_effect(g, layer="shield", affected=oid, until="end_of_turn",
                data=shield_data(item))   # its source, for CR 616.1
    g.event("701.19a", f"{g.oname(oid)} gets a regeneration shield")
    return None


EFFECTS = {A.IfKicked: _if_kicked, A.PumpSubject: _pump_subject, A.Regenerate: _regenerate}
