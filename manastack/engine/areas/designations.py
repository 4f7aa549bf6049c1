"""Engine area `designations`: counters and designations on players and permanents
(CR 122, 724) and untapping (CR 502.3). Effect class -> function(g, item, eff, legal),
registered into ``effects._EFFECTS`` (see ``areas/__init__.py``).

The area's game state is ``g.designations``, a dict of immutable values (so a shallow
copy clones it) that serialises as JSON (docs/json.md):

- ``monarch``: the player who is the monarch (CR 724); absent while there is none.
- ``skip_untap``: permanents (object ids) that don't untap during their controller's next
  untap step (CR 502.3 / 611.2).
"""

from __future__ import annotations

from ...compiler.areas.designations import BecomeMonarch, DoesntUntapNext, TapAttached

# ---------------------------------------------------------------- state


def to_json(d: dict) -> dict:
    """``g.designations`` as plain JSON data."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in d.items()}


def from_json(d: dict | None) -> dict:
    """Inverse of :func:`to_json`."""
    return {k: tuple(v) if isinstance(v, list) else v for k, v in (d or {}).items()}


# ---------------------------------------------------------------- untapping (CR 502.3)


def cant_become_untapped(g, o) -> bool:
    """CR 303.4 / 613.1f: an Aura attached to ``o`` says "Enchanted creature can't become
    untapped"."""
    for oid in g.battlefield:
        a = g.objects[oid]
        if a.attached_to == o.oid and a.defn.static and any(
                s.kind in ("enchanted_cant_untap_or_counters", "enchanted_cant_untap")
                for s in a.defn.static):
            return True
    return False


def cant_have_counters(g, o) -> bool:
    """CR 122.1 + 303.4: an Aura attached to ``o`` says "Enchanted creature can't have
    counters put on it"."""
    if not g.attachments_exist():
        return False
    for oid in g.battlefield:
        a = g.objects[oid]
        if a.attached_to == o.oid and a.defn.static and any(
                s.kind == "enchanted_cant_untap_or_counters" for s in a.defn.static):
            return True
    return False


def untap_permanent(g, o, rule: str = "701.26b") -> bool:
    """Untap ``o`` unless it can't become untapped; CR 122.1d: if a permanent with a stun
    counter would become untapped, instead a stun counter is removed from it. Returns
    whether it untapped."""
    if not o.tapped:
        return False
    if g.attachments_exist() and cant_become_untapped(g, o):
        return False
    c = o.counters
    if c and c.get("stun", 0) > 0:
        c["stun"] -= 1
        if not c["stun"]:
            del c["stun"]
        g.event("122.1d", f"a stun counter is removed from {g.oname(o.oid)} instead of "
                "untapping it")
        return False
    o.tapped = False
    if rule != "502.3":
        g.event(rule, f"{g.oname(o.oid)} untaps")
    return True


def untap_step(g, player: int) -> None:
    """CR 502.3: the active player untaps their permanents, except those that don't untap
    during their controller's untap step (static abilities, CR 303.4b) or during its next
    one (an effect, which is then used up)."""
    from ..static import untaps_during_untap_step
    skip = g.designations.get("skip_untap") if g.designations else None
    for oid in g.battlefield:
        o = g.objects[oid]
        if o.controller != player or not o.tapped:
            continue
        if skip and oid in skip:
            g.event("502.3", f"{g.oname(oid)} doesn't untap during this untap step")
            continue
        if untaps_during_untap_step(g, o):
            untap_permanent(g, o, "502.3")
    if skip:
        # CR 611.2: "next untap step" effects of this player's permanents end now, as do
        # those of permanents that have left the battlefield (CR 400.7).
        rest = tuple(x for x in skip if x in g.objects and g.objects[x].zone == "battlefield"
                     and g.objects[x].controller != player)
        if rest:
            g.designations["skip_untap"] = rest
        else:
            del g.designations["skip_untap"]


def _doesnt_untap_next(g, item, eff, legal):
    from ..effects_more import group_targets
    oids = [item.source] if eff.target < 0 else group_targets(item, eff.target, legal)
    for t in oids:
        o = g.objects.get(t)
        if o is None or o.zone != "battlefield":
            continue
        skip = g.designations.get("skip_untap", ())
        if t not in skip:
            g.designations["skip_untap"] = skip + (t,)
        g.event("502.3", f"{g.oname(t)} won't untap during its controller's next untap step")


def _tap_attached(g, item, eff, legal):
    from .. import zones
    a = g.objects.get(item.source)
    if a is None or a.zone != "battlefield" or a.attached_to not in g.objects:
        return
    zones.tap(g, g.objects[a.attached_to])
    g.event("701.26a", f"{g.oname(a.attached_to)} becomes tapped")


# ---------------------------------------------------------------- the monarch (CR 724)

# CR 724.2: the monarch's two inherent triggered abilities, as the rules text of an object
# that exists in no zone (a registered token definition, so it serialises like one).
MONARCH_SPEC = {"name": "The Monarch", "types": [], "designation": "monarch",
                "text": "At the beginning of your end step, draw a card.\n"
                        "Whenever a creature deals combat damage to the monarch, its "
                        "controller becomes the monarch."}


def monarch_card(g) -> int:
    """The card number of the monarch's rules object (registered once a game)."""
    for i, t in enumerate(g.tokens):
        if t.get("designation") == "monarch":
            return -i - 2
    return g.register_token(MONARCH_SPEC)


def monarch(g) -> int | None:
    """CR 724.1: the player who is the monarch, or None."""
    return g.designations.get("monarch") if g.designations else None


def become_monarch(g, player: int) -> None:
    """CR 724.3: there is only one monarch; as a player becomes the monarch, the current
    monarch ceases to be."""
    monarch_card(g)
    if g.designations.get("monarch") == player:
        return
    g.designations["monarch"] = player
    g.event("724.1", f"{g.pname(player)} becomes the monarch")


def _monarch_trigger(g, event: str, controller: int, info: dict) -> None:
    card = monarch_card(g)
    for i, t in enumerate(g.card_definition(card).triggered):
        if event in t.events:
            g.waiting.append((-1, card, i, controller, info))
            g.event("724.2", f"the monarch's ability triggers ({event})")


def fire_end_step(g) -> None:
    """CR 724.2: "At the beginning of the monarch's end step, that player draws a card.\""""
    m = monarch(g)
    if m is not None and m == g.active:
        _monarch_trigger(g, "your_end_step", m, {})


def fire_combat_damage_to_player(g, src: int, player: int) -> None:
    """CR 724.2: "Whenever a creature deals combat damage to the monarch, its controller
    becomes the monarch." (controlled by the monarch, CR 724.2)"""
    m = monarch(g)
    if m is None or m != player:
        return
    o = g.objects.get(src)
    _monarch_trigger(g, "monarch_combat_damage", m,
                     {"creature": src, "player": o.controller if o is not None else 1 - m})


def _become_monarch(g, item, eff, legal):
    who = item.controller
    if eff.who == "creature_controller":
        o = g.objects.get(item.info.get("creature"))
        # CR 608.2h: its last known controller if it has left the battlefield.
        who = o.controller if o is not None and o.zone == "battlefield" \
            else item.info.get("player", who)
    become_monarch(g, who)


EFFECTS: dict = {
    DoesntUntapNext: _doesnt_untap_next,
    BecomeMonarch: _become_monarch,
    TapAttached: _tap_attached,
}
