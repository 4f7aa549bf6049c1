"""Checking a scenario against format version 1 before it runs: every key, every card,
every reference. Each problem is recorded with its key path and line."""

from __future__ import annotations

import difflib
from functools import lru_cache

from ..engine.position import START_STEPS
from ..engine.state import PLAYER_COUNTER_KINDS, STEPS

# Format 1.1: `first_strike_damage` names the combat damage step CR 510.4 adds.
SCENARIO_STEPS = STEPS[:STEPS.index("combat_damage")] + ("first_strike_damage",) + STEPS[
    STEPS.index("combat_damage"):]
from ..mana import parse_pool
from .refs import PLAYERS, Entry, RefError, RefTable, canon

TOP_KEYS = ("name", "rules", "turn", "active", "step", "players", "cards", "do", "expect")
PLAYER_KEYS = ("life", "hand", "library", "graveyard", "exile", "mana_pool", "battlefield",
               "counters")
ZONES = ("library", "hand", "graveyard", "exile", "battlefield")
PERMANENT_KEYS = ("card", "token", "id", "tapped", "sick", "counters", "damage",
                  "attached_to", "owner", "chosen")
CARD_KEYS = ("name", "mana_cost", "type", "text", "power", "toughness", "loyalty")
ACTIONS = ("play", "cast", "activate", "mana", "choose", "attack", "block")
COST_OPTIONS = ("x", "mode", "targets", "sacrifice", "tap", "return", "discard", "exile",
                "alternative", "additional", "hybrid", "phyrexian", "pay")
ACTION_OPTIONS = {
    # `face`: the face or half cast or played (CR 709.3, 712.11b, 712.12, 715.3)
    "play": ("face",), "cast": COST_OPTIONS + ("face",), "activate": ("ability",) + COST_OPTIONS,
    "mana": ("ability",), "choose": (), "attack": (), "block": (),
}
REF_LIST_OPTIONS = ("targets", "sacrifice", "tap", "return", "discard", "exile")
SOURCE_KEYS = ("source", "ability", "mana", "sacrifice", "tap", "return", "discard",
               "exile", "pay")
EXPECT_KEYS = ("p1", "p2", "objects", "stack", "pending", "turn", "step", "winner")
EXPECT_PLAYER_KEYS = ("life", "mana_pool", "hand", "hand_count", "graveyard", "library",
                      "library_count", "exile", "battlefield", "lost", "counters")
OBJECT_KEYS = ("zone", "power", "toughness", "tapped", "controller", "counters", "sick",
               "attached_to", "mana_value", "chosen", "damage", "colors", "type_line", "has",
               "lacks", "base_power", "base_toughness")
DECISION_KINDS = ("priority", "targets", "yes_no", "x", "mode", "color", "mana_type",
                  "mana_combination", "pay_mana", "sacrifice", "tap", "return", "discard",
                  "exile", "cost_choice", "attackers", "blockers", "assign_damage",
                  "order_triggers", "choose_cards", "choose_counters", "name_card", "room",
                  "replacement_order")
OBJECT_ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile", "none")


def _hint(word, choices) -> str:
    m = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1)
    return f" (did you mean {m[0]!r}?)" if m else ""


def _unknown_keys(sc, mapping: dict, allowed, path: tuple, what: str) -> None:
    for k in mapping:
        if k not in allowed:
            sc.error(path + (k,), f"unknown key {k!r} in {what}{_hint(k, allowed)}")


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


@lru_cache(maxsize=4096)
def _real_card(name: str):
    """(oracle name, problem) for a real card name."""
    from ..cards import get_database
    from ..compiler import definition_for
    db = get_database()
    card = db.get(name)
    if card is None:
        hint = db.suggest(name)
        return None, f"unknown card {name!r}" + (f" (did you mean: {', '.join(hint)}?)" if hint
                                                 else "")
    try:
        defn = definition_for(card.name)
    except Exception as e:   # a compiler crash is a problem of the card, reported
        return card.name, f"card {card.name!r} does not compile: {type(e).__name__}: {e}"
    if defn.unsupported:
        return card.name, (f"card {card.name!r} is not supported yet: unsupported text: "
                           + "; ".join(repr(u.text) for u in defn.unsupported))
    return card.name, None


def validate(sc) -> None:
    """Check the whole scenario; fills ``sc.errors`` and sets ``sc.table``."""
    d = sc.data
    if not isinstance(d, dict):
        return
    _unknown_keys(sc, d, TOP_KEYS, (), "a scenario")
    if "name" in d and not isinstance(d["name"], str):
        sc.error(("name",), "`name` must be a string")
    if "rules" in d and not (isinstance(d["rules"], list)
                             and all(isinstance(r, (str, int, float)) for r in d["rules"])):
        sc.error(("rules",), "`rules` must be a list of CR numbers")
    if "turn" in d and not (_is_int(d["turn"]) and d["turn"] >= 1):
        sc.error(("turn",), f"`turn` must be a whole number from 1, got {d['turn']!r}")
    if "active" in d and d["active"] not in PLAYERS:
        sc.error(("active",), f"`active` must be p1 or p2, got {d['active']!r}")
    if "step" in d:
        s = d["step"]
        if s not in SCENARIO_STEPS:
            sc.error(("step",), f"unknown step {s!r}{_hint(s, SCENARIO_STEPS)}")
        elif s not in START_STEPS:
            sc.error(("step",), f"a scenario can't start in {s!r}: no player receives priority "
                     "there or it is reached by playing (CR 502.4, 514.3); use "
                     + ", ".join(START_STEPS))
    customs = _check_cards(sc, d.get("cards", []))
    entries = _check_players(sc, d.get("players"), customs)
    table = RefTable(entries)
    sc.table = table
    sc.customs = customs
    _check_attachments(sc, d.get("players"), table)
    do = d.get("do", [])
    if do is None:
        do = []
    if not isinstance(do, list):
        sc.error(("do",), "`do` must be a list of steps")
    else:
        for i, step in enumerate(do):
            check_step(sc, step, ("do", i), table)
    if "expect" in d and d["expect"] is not None:
        check_expect(sc, d["expect"], ("expect",), table)


def _check_cards(sc, cards) -> dict:
    customs: dict[str, dict] = {}
    if cards is None:
        return customs
    if not isinstance(cards, list):
        sc.error(("cards",), "`cards` must be a list of card definitions")
        return customs
    from ..engine.setup import custom_definition
    for i, c in enumerate(cards):
        p = ("cards", i)
        if not isinstance(c, dict):
            sc.error(p, "a card definition must be a mapping")
            continue
        _unknown_keys(sc, c, CARD_KEYS, p, "a card definition")
        if not isinstance(c.get("name"), str) or not c["name"].strip():
            sc.error(p, "a card definition needs a `name`")
            continue
        if not isinstance(c.get("type"), str):
            sc.error(p + ("type",), f"card {c['name']!r} needs a `type` line")
            continue
        clean = {k: (str(v) if k in ("power", "toughness", "loyalty", "mana_cost") and v is not None
                     else v) for k, v in c.items() if k in CARD_KEYS}
        try:
            defn = custom_definition(clean)
        except Exception as e:
            sc.error(p, f"card {c['name']!r} does not compile: {type(e).__name__}: {e}")
            continue
        if defn.unsupported:
            sc.error(p, f"card {c['name']!r} is not supported yet: unsupported text: "
                     + "; ".join(repr(u.text) for u in defn.unsupported))
        if canon(c["name"]) in customs:
            sc.error(p + ("name",), f"card {c['name']!r} is defined twice")
        customs[canon(c["name"])] = clean
    return customs


def _card_name(sc, name, path, customs) -> str | None:
    if not isinstance(name, str) or not name.strip():
        sc.error(path, f"a card name must be a string, got {name!r}")
        return None
    if canon(name) in customs:
        return customs[canon(name)]["name"]
    real, problem = _real_card(name.strip())
    if problem:
        sc.error(path, problem)
    return real


def _check_players(sc, players, customs) -> list[Entry]:
    entries: list[Entry] = []
    if players is None:
        sc.error(("players",), "a scenario needs `players` with p1 and p2")
        return entries
    if not isinstance(players, dict):
        sc.error(("players",), "`players` must be a mapping of p1 and p2")
        return entries
    extra = [k for k in players if k not in PLAYERS]
    if extra:
        sc.error(("players", extra[0]), f"more than two players or an unknown player: "
                 f"{', '.join(map(str, extra))} (a scenario has exactly p1 and p2)")
    for p in PLAYERS:
        if p not in players:
            sc.error(("players",), f"player {p} is missing (write `{p}: {{}}` for defaults)")
    ids: dict[str, tuple] = {}
    for pkey, pi in PLAYERS.items():
        pd = players.get(pkey)
        pp = ("players", pkey)
        if pd is None:
            continue
        if not isinstance(pd, dict):
            sc.error(pp, f"player {pkey} must be a mapping")
            continue
        _unknown_keys(sc, pd, PLAYER_KEYS, pp, f"player {pkey}")
        if "life" in pd and not _is_int(pd["life"]):
            sc.error(pp + ("life",), f"`life` must be a whole number, got {pd['life']!r}")
        if "counters" in pd:
            _check_player_counters(sc, pd["counters"], pp + ("counters",))
        if "mana_pool" in pd:
            try:
                parse_pool(pd["mana_pool"] if isinstance(pd["mana_pool"], str) else "x")
                if not isinstance(pd["mana_pool"], str):
                    raise ValueError("write mana as symbols, like \"{G}{G}\"")
            except ValueError as e:
                sc.error(pp + ("mana_pool",), f"bad mana pool {pd['mana_pool']!r}: {e}")
        for zone in ZONES:
            items = pd.get(zone)
            if items is None:
                continue
            if not isinstance(items, list):
                sc.error(pp + (zone,), f"`{zone}` must be a list")
                continue
            for i, e in enumerate(items):
                ep = pp + (zone, i)
                ent = _check_entry(sc, e, ep, zone, pi, customs)
                if ent is None:
                    continue
                ent.pos = i
                if ent.id is not None:
                    if ent.id in ids:
                        sc.error(ep + ("id",), f"id {ent.id!r} is used twice")
                    ids[ent.id] = ep
                entries.append(ent)
    return entries


def _check_player_counters(sc, c, path) -> None:
    """Format 1.1: a player's counters (CR 122.1), ``{poison: 3, energy: 2}``: kinds the
    CR names for players, each a non-negative YAML integer."""
    if not isinstance(c, dict):
        sc.error(path, "`counters` must map counter kinds to numbers, like {poison: 3}")
        return
    for kind, n in c.items():
        if kind not in PLAYER_COUNTER_KINDS:
            sc.error(path + (kind,), f"unknown kind of player counter {kind!r} (CR 122: "
                     + ", ".join(PLAYER_COUNTER_KINDS) + ")" + _hint(kind, PLAYER_COUNTER_KINDS))
        elif not (_is_int(n) and n >= 0):
            sc.error(path + (kind,), f"a count of {kind} counters must be a whole number "
                     f"from 0, got {n!r}")


def _check_entry(sc, e, ep, zone, pi, customs) -> Entry | None:
    if isinstance(e, str):
        name = _card_name(sc, e, ep, customs)
        return Entry(pi, zone, 0, name, None, ep, pi) if name else None
    if not isinstance(e, dict):
        sc.error(ep, f"an entry must be a card name or a mapping, got {e!r}")
        return None
    allowed = PERMANENT_KEYS if zone == "battlefield" else ("card", "id")
    _unknown_keys(sc, e, allowed, ep, f"a {zone} entry")
    token = None
    if "token" in e and zone == "battlefield":
        if "card" in e:
            sc.error(ep, "an entry has `card` or `token`, not both")
            return None
        token = _check_token(sc, e["token"], ep + ("token",))
        if token is None:
            return None
    elif "card" not in e:
        sc.error(ep, "an entry needs `card` (a card name)")
        return None
    name = token["name"] if token else _card_name(sc, e["card"], ep + ("card",), customs)
    eid = e.get("id")
    if eid is not None:
        if not isinstance(eid, str) or not eid.strip():
            sc.error(ep + ("id",), f"an id must be a string, got {eid!r}")
            eid = None
        elif eid in PLAYERS or eid.startswith("stack#"):
            sc.error(ep + ("id",), f"id {eid!r} is reserved (players and stack positions)")
            eid = None
    owner = pi
    if zone == "battlefield":
        for k in ("tapped", "sick"):
            if k in e and not isinstance(e[k], bool):
                sc.error(ep + (k,), f"`{k}` must be true or false, got {e[k]!r}")
        if "damage" in e and not (_is_int(e["damage"]) and e["damage"] >= 0):
            sc.error(ep + ("damage",), f"`damage` must be a whole number, got {e['damage']!r}")
        if "counters" in e:
            c = e["counters"]
            if not isinstance(c, dict) or not all(_is_int(v) and v >= 0 for v in c.values()):
                sc.error(ep + ("counters",), "`counters` must map counter kinds to numbers")
        if "owner" in e:
            if e["owner"] not in PLAYERS:
                sc.error(ep + ("owner",), f"`owner` must be p1 or p2, got {e['owner']!r}")
            else:
                owner = PLAYERS[e["owner"]]
        if "chosen" in e and not isinstance(e["chosen"], str):
            sc.error(ep + ("chosen",), "`chosen` must be a color or a card name")
    if name is None:
        return None
    return Entry(pi, zone, 0, name, eid, ep, owner, token=token)


TOKEN_KEYS = ("name", "type", "text", "power", "toughness", "colors")


def _check_token(sc, t, path) -> dict | None:
    """A token of the setup (CR 111.3-4): name, type line, text, power, toughness, colors."""
    from ..engine.position import token_spec
    from ..engine.setup import token_definition
    from ..mana import NAME_TO_SYMBOL
    if not isinstance(t, dict):
        sc.error(path, "`token` must be a mapping {name, type, text, ...}")
        return None
    _unknown_keys(sc, t, TOKEN_KEYS, path, "a token")
    if not isinstance(t.get("name"), str) or not t["name"].strip():
        sc.error(path, "a token needs a `name` (as CR 111.4 gives it, like `Clue Token`)")
        return None
    if not isinstance(t.get("type"), str):
        sc.error(path, f"token {t['name']!r} needs a `type` line")
        return None
    colors = []
    for c in t.get("colors") or []:
        sym = NAME_TO_SYMBOL.get(str(c).lower(), str(c).upper())
        if sym not in ("W", "U", "B", "R", "G"):
            sc.error(path + ("colors",), f"{c!r} is not a color")
            return None
        colors.append(sym)
    for k in ("power", "toughness"):
        if k in t and not _is_int(t[k]):
            sc.error(path + (k,), f"`{k}` must be a whole number")
            return None
    spec = token_spec(t["name"].strip(), t["type"], t.get("text") or "", t.get("power"),
                      t.get("toughness"), colors)
    try:
        defn = token_definition(spec)
    except Exception as err:
        sc.error(path, f"token {t['name']!r} does not compile: {type(err).__name__}: {err}")
        return None
    if defn.unsupported:
        sc.error(path, f"token {t['name']!r} is not supported yet: unsupported text: "
                 + "; ".join(repr(u.text) for u in defn.unsupported))
        return None
    return spec


def _check_attachments(sc, players, table: RefTable) -> None:
    if not isinstance(players, dict):
        return
    links: dict[int, int] = {}
    bf = [e for e in table.entries if e.zone == "battlefield"]
    for e in bf:
        pd = players.get("p1" if e.player == 0 else "p2")
        raw = pd["battlefield"][e.pos]
        if not isinstance(raw, dict) or raw.get("attached_to") is None:
            continue
        path = e.path + ("attached_to",)
        try:
            kind, target = table.lookup(raw["attached_to"])
        except RefError as err:
            sc.error(path, str(err))
            continue
        if kind != "card" or target.zone != "battlefield":
            sc.error(path, f"{raw['attached_to']!r} is not a permanent on the battlefield")
            continue
        if target is e:
            sc.error(path, f"{e.name} can't be attached to itself (CR 301.5c, 303.4d)")
            continue
        links[id(e)] = id(target)
    by_key = {id(e): e for e in bf}
    reported: set[int] = set()
    for start in links:
        if start in reported:
            continue
        seen = [start]
        cur = links.get(start)
        while cur is not None:
            if cur == start:
                names = " -> ".join(by_key[k].id or by_key[k].name for k in seen + [start])
                sc.error(by_key[start].path + ("attached_to",), f"attachment loop: {names}")
                reported.update(seen)
                break
            if cur in seen:
                break
            seen.append(cur)
            cur = links.get(cur)


def _ref(sc, table, ref, path, players=True) -> None:
    try:
        kind, _ = table.lookup(ref)
    except RefError as e:
        sc.error(path, str(e))
        return
    if kind == "player" and not players:
        sc.error(path, f"{ref!r} is a player; a card is needed here")


def _check_source(sc, table, s, path) -> None:
    if isinstance(s, dict):
        _unknown_keys(sc, s, SOURCE_KEYS, path, "a mana source")
        if "source" not in s:
            sc.error(path, "a mana source mapping needs `source`")
        else:
            _ref(sc, table, s["source"], path + ("source",), players=False)
        if "ability" in s and not (_is_int(s["ability"]) and s["ability"] >= 1):
            sc.error(path + ("ability",), "`ability` must be a number from 1")
        if "mana" in s and not isinstance(s["mana"], str):
            sc.error(path + ("mana",), "`mana` must be mana symbols, like \"{R}\"")
        for k in REF_LIST_OPTIONS:
            if k in s:
                _check_ref_list(sc, table, s[k], path + (k,))
        if "pay" in s:
            _check_pay(sc, table, s["pay"], path + ("pay",))
    else:
        _ref(sc, table, s, path, players=False)


def _check_pay(sc, table, pay, path) -> None:
    if pay == "auto":
        return
    if not isinstance(pay, list):
        sc.error(path, "`pay` must be a list of mana sources, `[]` or `auto`")
        return
    for i, s in enumerate(pay):
        _check_source(sc, table, s, path + (i,))


def _check_ref_list(sc, table, v, path) -> None:
    if not isinstance(v, list):
        sc.error(path, "must be a list of references")
        return
    for i, r in enumerate(v):
        _ref(sc, table, r, path + (i,))


def check_step(sc, step, path, table) -> None:
    if isinstance(step, str):
        if step not in ("pass", "resolve"):
            sc.error(path, f"unknown step {step!r}"
                     + _hint(step, ("pass", "resolve", "advance", "check")))
        return
    if not isinstance(step, dict) or not step:
        sc.error(path, f"a step must be `pass`, `resolve` or a mapping, got {step!r}")
        return
    main = [k for k in step if k != "error"]
    if "error" in step and not isinstance(step["error"], bool):
        sc.error(path + ("error",), "`error` must be true or false")
    if len(main) != 1:
        sc.error(path, "a step has exactly one of p1, p2, advance, check"
                 + (f" (got {', '.join(map(str, main))})" if main else ""))
        return
    k = main[0]
    v = step[k]
    if k == "advance":
        if v not in SCENARIO_STEPS:
            sc.error(path + (k,), f"unknown step {v!r}{_hint(v, SCENARIO_STEPS)}")
    elif k == "check":
        if step.get("error"):
            sc.error(path + ("error",), "a `check` step is not an action: no `error`")
        if not isinstance(v, dict):
            sc.error(path + (k,), "`check` takes an expect mapping")
        else:
            check_expect(sc, v, path + (k,), table)
    elif k in PLAYERS:
        _check_action(sc, v, path + (k,), table)
    else:
        sc.error(path + (k,), f"unknown step {k!r}"
                 + _hint(k, ("p1", "p2", "advance", "check", "pass", "resolve")))


def _check_action(sc, v, path, table) -> None:
    if isinstance(v, str):
        sc.error(path, f"unknown action {v!r}: a player's step is a mapping such as "
                 "`{cast: REF}` (`pass` is a step of its own)")
        return
    if not isinstance(v, dict):
        sc.error(path, "a player's step must be a mapping such as `{cast: REF}`")
        return
    acts = [a for a in v if a in ACTIONS]
    if len(acts) != 1:
        extra = [a for a in v if a not in ACTIONS and a not in COST_OPTIONS + ("ability",)]
        if extra:
            sc.error(path + (extra[0],), f"unknown action {extra[0]!r}"
                     + _hint(extra[0], ACTIONS))
        else:
            sc.error(path, "a player's step has exactly one action of: " + ", ".join(ACTIONS))
        return
    a = acts[0]
    allowed = (a,) + ACTION_OPTIONS[a]
    _unknown_keys(sc, v, allowed, path, f"a {a} step")
    val = v[a]
    if a in ("play", "cast", "activate", "mana"):
        _ref(sc, table, val, path + (a,), players=False)
    elif a == "attack":
        if isinstance(val, dict):
            # Format 1.1 (CR 508.1b): {ATTACKER_REF: DEFENDER_REF}, the defender a player
            # or a planeswalker or battle.
            for att, defender in val.items():
                _ref(sc, table, att, path + (a, att), players=False)
                _ref(sc, table, defender, path + (a, att))
        else:
            _check_ref_list(sc, table, val, path + (a,))
    elif a == "block":
        if not isinstance(val, dict):
            sc.error(path + (a,), "`block` maps each blocker to the attacker it blocks")
        else:
            for b, att in val.items():
                _ref(sc, table, b, path + (a, b), players=False)
                _ref(sc, table, att, path + (a, b), players=False)
    if "ability" in v and not (_is_int(v["ability"]) and v["ability"] >= 1):
        sc.error(path + ("ability",), "`ability` must be a number from 1")
    for k in REF_LIST_OPTIONS:
        if k in v:
            _check_ref_list(sc, table, v[k], path + (k,))
    if "pay" in v:
        _check_pay(sc, table, v["pay"], path + ("pay",))
    if "x" in v and not (_is_int(v["x"]) and v["x"] >= 0):
        sc.error(path + ("x",), "`x` must be a whole number")


def check_expect(sc, e, path, table) -> None:
    if not isinstance(e, dict):
        sc.error(path, "an expectation must be a mapping")
        return
    _unknown_keys(sc, e, EXPECT_KEYS, path, "an expectation")
    for pk in PLAYERS:
        if pk not in e:
            continue
        pd = e[pk]
        pp = path + (pk,)
        if not isinstance(pd, dict):
            sc.error(pp, f"`{pk}` must be a mapping")
            continue
        _unknown_keys(sc, pd, EXPECT_PLAYER_KEYS, pp, f"an expectation of {pk}")
        for k in ("life", "hand_count", "library_count"):
            if k in pd and not _is_int(pd[k]):
                sc.error(pp + (k,), f"`{k}` must be a whole number, got {pd[k]!r}")
        for k in ("hand", "graveyard", "library", "exile", "battlefield"):
            if k in pd and not isinstance(pd[k], list):
                sc.error(pp + (k,), f"`{k}` must be a list of card names")
        if "counters" in pd:
            _check_player_counters(sc, pd["counters"], pp + ("counters",))
        if "lost" in pd and not isinstance(pd["lost"], bool):
            sc.error(pp + ("lost",), "`lost` must be true or false")
        if "mana_pool" in pd:
            try:
                if not isinstance(pd["mana_pool"], str):
                    raise ValueError("write mana as symbols")
                parse_pool(pd["mana_pool"])
            except ValueError as err:
                sc.error(pp + ("mana_pool",), f"bad mana pool {pd['mana_pool']!r}: {err}")
    objs = e.get("objects")
    if objs is not None:
        if not isinstance(objs, dict):
            sc.error(path + ("objects",), "`objects` maps references to properties")
        else:
            for ref, props in objs.items():
                op = path + ("objects", ref)
                _ref(sc, table, ref, op, players=False)
                if not isinstance(props, dict):
                    sc.error(op, "the properties of an object must be a mapping")
                    continue
                _unknown_keys(sc, props, OBJECT_KEYS, op, "an object expectation")
                if "zone" in props and props["zone"] not in OBJECT_ZONES:
                    sc.error(op + ("zone",), f"unknown zone {props['zone']!r}"
                             + _hint(props["zone"], OBJECT_ZONES))
                for k in ("power", "toughness", "base_power", "base_toughness",
                          "mana_value", "damage"):
                    if k in props and not _is_int(props[k]):
                        sc.error(op + (k,), f"`{k}` must be a whole number, got "
                                 f"{props[k]!r}")
                if "type_line" in props and not isinstance(props["type_line"], str):
                    sc.error(op + ("type_line",), "`type_line` must be a string, like "
                             "\"Creature — Bear\"")
                if "controller" in props and props["controller"] not in PLAYERS:
                    sc.error(op + ("controller",), "`controller` must be p1 or p2")
                at = props.get("attached_to")
                if at is not None and at != "none":
                    _ref(sc, table, at, op + ("attached_to",), players=False)
    if "stack" in e and not isinstance(e["stack"], list):
        sc.error(path + ("stack",), "`stack` must be a list (top first)")
    if "pending" in e:
        pd = e["pending"]
        if pd is None or pd == "none":
            pass
        elif not isinstance(pd, dict):
            sc.error(path + ("pending",), "`pending` must be a mapping {player, kind} or none")
        else:
            _unknown_keys(sc, pd, ("player", "kind"), path + ("pending",), "`pending`")
            if "player" in pd and pd["player"] not in PLAYERS:
                sc.error(path + ("pending", "player"), "`player` must be p1 or p2")
            if "kind" in pd and pd["kind"] not in DECISION_KINDS:
                sc.error(path + ("pending", "kind"), f"unknown decision kind {pd['kind']!r}"
                         + _hint(pd["kind"], DECISION_KINDS))
    if "step" in e and e["step"] not in SCENARIO_STEPS:
        sc.error(path + ("step",), f"unknown step {e['step']!r}"
                 f"{_hint(e['step'], SCENARIO_STEPS)}")
    if "turn" in e and not _is_int(e["turn"]):
        sc.error(path + ("turn",), "`turn` must be a whole number")
    if "winner" in e and e["winner"] not in ("p1", "p2", "none", "draw", None):
        sc.error(path + ("winner",), "`winner` must be p1, p2, none or draw")
