"""Checking ``expect`` / ``check`` mappings against a game. Every failed key is reported
as ``PATH: expected X, got Y``."""

from __future__ import annotations

from collections import Counter

from ..engine.characteristics import has_keyword, power, toughness
from ..mana import COLOR_NAMES, format_pool, parse_pool
from .refs import (PLAYERS, RefError, canon, card_definition, card_name, card_of, card_zone,
                   current_obj)

_COLOR_ORDER = ("white", "blue", "black", "red", "green")


def _names(g, oids) -> list[str]:
    return [g.objects[o].defn.name for o in oids if o in g.objects]


def _multiset_eq(a, b) -> bool:
    return Counter(canon(x) for x in a) == Counter(canon(x) for x in b)


def _fmt_list(v) -> str:
    return "[" + ", ".join(str(x) for x in v) + "]"


def _player_name(p) -> str:
    return "none" if p is None else f"p{p + 1}"


def check(g, table, e: dict, where: tuple) -> list[tuple[tuple, str]]:
    """All failures of expectation ``e`` as (key path, message); ``where`` is the path of
    ``e`` in the file."""
    out: list[tuple[tuple, str]] = []

    def fail(path, expected, got):
        out.append((where + tuple(path.split(".")), f"expected {expected}, got {got}"))

    for pk, pi in PLAYERS.items():
        pe = e.get(pk)
        if not pe:
            continue
        pl = g.players[pi]
        for k, want in pe.items():
            path = f"{pk}.{k}"
            if k == "life" and pl.life != want:
                fail(path, want, pl.life)
            elif k == "lost" and pl.lost != want:
                fail(path, want, pl.lost)
            elif k == "hand_count" and len(pl.hand) != want:
                fail(path, want, len(pl.hand))
            elif k == "library_count" and len(pl.library) != want:
                fail(path, want, len(pl.library))
            elif k == "mana_pool":
                got = pl.pool
                if list(parse_pool(want)) != list(got):
                    fail(path, repr(format_pool(parse_pool(want))), repr(format_pool(got)))
            elif k in ("hand", "graveyard", "exile"):
                got = _names(g, getattr(pl, k))
                if not _multiset_eq(want, got):
                    fail(path, _fmt_list(want), _fmt_list(got))
            elif k == "library":
                got = [card_name(g, c) for c in pl.library]
                if [canon(x) for x in want] != [canon(x) for x in got]:
                    fail(path, _fmt_list(want), _fmt_list(got))
            elif k == "battlefield":
                got = [g.objects[o].defn.name for o in g.battlefield
                       if g.objects[o].controller == pi]
                if not _multiset_eq(want, got):
                    fail(path, _fmt_list(want), _fmt_list(got))
            elif k == "counters":
                # CR 122.1: a player's counters; a kind not written is not checked
                for kind, n in (want or {}).items():
                    if pl.counter(kind) != n:
                        fail(f"{path}.{kind}", n, pl.counter(kind))
    for ref, props in (e.get("objects") or {}).items():
        out.extend(_check_object(g, table, ref, props, where + ("objects", ref)))
    if "stack" in e:
        got = [card_name(g, s.source_card) for s in reversed(g.stack)]
        want = e["stack"] or []
        # an entry may be an id: it stands for its card's name
        want_names = [table.by_id[str(x)].name if str(x) in table.by_id else x for x in want]
        if [canon(x) for x in want_names] != [canon(x) for x in got]:
            fail("stack", _fmt_list(want), _fmt_list(got))
    if "pending" in e:
        want = e["pending"]
        d = None if g.over else g.pending
        got = "none" if d is None else f"{{player: {_player_name(d.player)}, kind: {d.kind}}}"
        if want is None or want == "none":
            if d is not None:
                fail("pending", "none", got)
        else:
            if d is None:
                fail("pending", want, got)
            else:
                if "player" in want and PLAYERS[want["player"]] != d.player:
                    fail("pending.player", want["player"], _player_name(d.player))
                if "kind" in want and want["kind"] != d.kind:
                    fail("pending.kind", want["kind"], d.kind)
    if "turn" in e and g.turn != e["turn"]:
        fail("turn", e["turn"], g.turn)
    if "step" in e:
        # format 1.1: `first_strike_damage` matches only the first-strike damage step,
        # `combat_damage` either (CR 510.4)
        from .steps import in_first_strike_step
        got = "first_strike_damage" if in_first_strike_step(g) else g.step
        if e["step"] != got and not (e["step"] == "combat_damage" == g.step):
            fail("step", e["step"], got)
    if "winner" in e:
        want = e["winner"] or "none"
        got = ("draw" if g.winner is None else _player_name(g.winner)) if g.over else "none"
        if want != got:
            fail("winner", want, got)
    return out


def _check_object(g, table, ref, props, where: tuple) -> list[tuple[tuple, str]]:
    out: list[tuple[tuple, str]] = []

    def fail(k, expected, got):
        out.append((where + tuple(k.split(".")), f"expected {expected}, got {got}"))

    try:
        card = card_of(g, table, ref)
    except RefError as err:
        if set(props) == {"zone"} and props["zone"] == "none":
            return []   # a token never created, or gone: it doesn't exist
        return [(where, str(err))]
    o = current_obj(g, card)
    defn = o.defn if o is not None else card_definition(g, card)
    zone = card_zone(g, card)
    for k, want in props.items():
        if k == "zone":
            if want != zone:
                fail(k, want, zone)
            continue
        if k in ("mana_value", "type_line", "colors"):
            if k == "mana_value":
                # CR 202.3e: X on the stack is the value chosen
                from ..engine.characteristics import mana_value
                got = mana_value(g, o) if o is not None else defn.mana_value
            elif k == "type_line":
                # format 1.1: the current type line, compared as three multisets
                got_parts = _current_type_line(g, o, defn)
                if not isinstance(want, str) or _type_line_parts(want) != got_parts:
                    fail(k, want, _format_type_line(got_parts))
                continue
            else:
                # CR 613.1e: a permanent's colors after color-changing effects
                from ..engine.characteristics import colors as _colors
                cs = _colors(g, o) if o is not None and o.zone == "battlefield" else defn.colors
                got = sorted((COLOR_NAMES[c] for c in cs), key=_COLOR_ORDER.index)
                want_s = sorted(str(c).lower() for c in (want or []))
                if sorted(got) != want_s:
                    fail(k, _fmt_list(want or []), _fmt_list(got))
                continue
            if got != want:
                fail(k, want, got)
            continue
        if o is None:
            fail(k, want, f"nothing (the card is in zone {zone})")
            continue
        if k in ("base_power", "base_toughness"):
            # format 1.1, CR 613.4b: after layer 7b, before 7c
            from ..engine.characteristics import base_power_toughness
            got = base_power_toughness(g, o)[k == "base_toughness"]
        elif k == "power":
            got = power(g, o)
        elif k == "toughness":
            got = toughness(g, o)
        elif k == "tapped":
            got = o.tapped
        elif k == "sick":
            got = o.sick
        elif k == "damage":
            got = o.damage
        elif k == "chosen":
            got = getattr(o, "chosen", None)
            got = "none" if got is None else got
            if str(want).casefold() != str(got).casefold():
                fail(k, want, got)
            continue
        elif k == "controller":
            got = _player_name(o.controller)
        elif k == "counters":
            have = o.counters or {}
            for ck, n in (want or {}).items():
                if have.get(ck, 0) != n:
                    fail(f"counters.{ck}", n, have.get(ck, 0))
            continue
        elif k == "attached_to":
            got_o = g.objects.get(o.attached_to) if o.attached_to is not None else None
            got = "none" if got_o is None else (table.name_of_card(got_o.card) or got_o.defn.name)
            if want is None or want == "none":
                if got_o is not None:
                    fail(k, "none", got)
                continue
            try:
                ok = got_o is not None and card_of(g, table, want) == got_o.card
            except RefError as err:
                out.append((where + ("attached_to",), str(err)))
                continue
            if not ok:
                fail(k, want, got)
            continue
        elif k in ("has", "lacks"):
            for kw in want or []:
                h = has_keyword(g, o, str(kw).lower())
                if h != (k == "has"):
                    fail(f"{k}.{kw}", f"{kw} {'present' if k == 'has' else 'absent'}",
                         "present" if h else "absent")
            continue
        else:
            continue
        if got != want:
            fail(k, want, got)
    return out


_SUPERTYPES = ("Basic", "Legendary", "Snow", "World", "Ongoing")   # CR 205.4a


def _type_line_parts(text: str) -> tuple:
    """A type line as (supertypes, card types, subtypes), each a sorted list (multisets,
    word order not checked), split at the dash (CR 205.1)."""
    for dash in (" — ", " - ", "—"):
        if dash in text:
            main, sub = text.split(dash, 1)
            break
    else:
        main, sub = text, ""
    words = [w.capitalize() if w.lower() in ("token",) else w for w in main.split()]
    sup = sorted(w for w in words if w in _SUPERTYPES)
    types = sorted(w for w in words if w not in _SUPERTYPES and w != "Token")
    return (sup, types, sorted(sub.split()))


def _current_type_line(g, o, defn) -> tuple:
    """The object's type line now (CR 613.1d), or the card's printed one when it is no
    object (a card in a library)."""
    if o is None:
        return _type_line_parts(defn.type_line)
    from ..engine.characteristics import type_line
    sup, types, subs = type_line(g, o)
    return (sorted(sup), sorted(types), sorted(subs))


def _format_type_line(parts) -> str:
    sup, types, subs = parts
    main = " ".join(list(sup) + list(types))
    return main + (" — " + " ".join(subs) if subs else "")
