"""How long a resolved effect lasts (CR 611.2, 514.2): the expiry a continuous effect
records, and the ending of effects whose duration is over.

A :class:`~manastack.engine.state.ContinuousEffect` records its duration in ``until``:

- ``end_of_turn``: "until end of turn" and "this turn" (CR 514.2, ended in the cleanup
  step by ``flow.finish_cleanup``);
- ``end_of_combat``: "until end of combat" (CR 511.3, ended as the end of combat step
  ends);
- ``next_turn:P``: "until your next turn" (CR 611.2a, ended as player P's turn begins);
- ``source:O``: "for as long as ~ remains on the battlefield" (CR 611.2b);
- ``control:O:P``: "for as long as you control ~" (CR 611.2b, 800.4a);
- ``never``: no duration: the rest of the game.
"""

from __future__ import annotations

from ..ir import conditions as C


def expiry(duration, source: int | None, controller: int) -> str:
    """The ``until`` word of an IR duration, for an effect of ``source`` controlled by
    ``controller``."""
    if duration in (C.Until.END_OF_TURN, C.Until.THIS_TURN):
        return "end_of_turn"
    if duration is C.Until.END_OF_COMBAT:
        return "end_of_combat"
    if duration is C.Until.YOUR_NEXT_TURN:
        return f"next_turn:{controller}"
    if duration is C.Until.SOURCE_LEAVES:
        return f"source:{source}"
    if duration is C.Until.CONTROL_SOURCE:
        return f"control:{source}:{controller}"
    if duration is C.Until.FOREVER:
        return "never"
    raise ValueError(f"no engine duration for {duration!r}")


def end_effects(g, ending: list) -> None:
    """Remove the effects ``ending``; CR 613.1b: control of an object whose control
    effect ended returns to whoever the remaining effects give it, or to whoever
    controlled it before the first of the ended ones."""
    if not ending:
        return
    gone = {id(e) for e in ending}
    g.effects = [e for e in g.effects if id(e) not in gone]
    for oid in {e.affected for e in ending if e.layer == "2"}:
        o = g.objects.get(oid)
        if o is None or o.zone != "battlefield":
            continue
        rest = [x for x in g.effects if x.layer == "2" and x.affected == oid]
        first = min((x for x in ending if x.layer == "2" and x.affected == oid),
                    key=lambda x: x.timestamp)
        new = rest[-1].controller if rest else first.previous
        if new is not None and new != o.controller:
            o.controller = new
            o.sick = True
            g.event("613.1b", f"control of {g.oname(o.oid)} returns to {g.pname(new)}")


def _over(g, until: str) -> bool:
    kind, _, rest = until.partition(":")
    if kind == "source":
        o = g.objects.get(int(rest))
        return o is None or o.zone != "battlefield"
    if kind == "control":
        oid, _, player = rest.partition(":")
        o = g.objects.get(int(oid))
        return o is None or o.zone != "battlefield" or o.controller != int(player)
    return False


def check_durations(g) -> bool:
    """CR 611.2b: an effect that lasts "for as long as" its source stays on the
    battlefield or under its controller's control ends as soon as that stops being
    true; checked whenever state-based actions are. Returns whether any ended."""
    ending = [e for e in g.effects
              if e.until.startswith(("source:", "control:")) and _over(g, e.until)]
    end_effects(g, ending)
    return bool(ending)


def end_kind(g, until: str, rule: str, text: str) -> None:
    """End every effect whose duration is exactly ``until``."""
    ending = [e for e in g.effects if e.until == until]
    if ending:
        end_effects(g, ending)
        g.event(rule, text)
