"""Building a game positioned as described (a scenario's board, CR 103 skipped).

``build_position(desc)`` takes a plain description, already checked by its caller:

    {"turn": 3, "active": 0, "step": "main1", "custom": (card dicts...),
     "players": [{"life": 20, "pool": "{G}", "counters": {"poison": 1}, "library": [name, ...],
                  "hand": [name, ...], "graveyard": [...], "exile": [...],
                  "battlefield": [{"card": name, "owner": 0, "tapped": False,
                                   "sick": False, "counters": {}, "damage": 0,
                                   "attached_to": None, "chosen": None}, ...]}, ...]}

A battlefield entry may have ``"token": token_spec(...)`` instead of ``card``.
``attached_to`` indexes the list of all battlefield entries (player 1's first). It
returns the game and, for each placed card, its card number (``Obj.card``), in the order
library, hand, graveyard, exile, battlefield per player. The game is run to the moment
the active player receives priority in the step: the step's turn-based actions and
beginning triggers are over (so nothing is drawn in a draw step), the stack is empty,
no land has been played this turn, and nothing is shuffled.
"""

from __future__ import annotations

from .game import Game, Options
from .setup import make_setup
from .state import Combat
from . import zones

ZONE_KEYS = ("library", "hand", "graveyard", "exile", "battlefield")
# CR 502.4 / 514.3: no player receives priority in untap and cleanup; combat steps after
# beginning of combat are reached by playing.
START_STEPS = ("upkeep", "draw", "main1", "beginning_of_combat", "end_of_combat", "main2",
               "end")


def _entry_name(e) -> str:
    return e if isinstance(e, str) else e["card"]


def token_spec(name: str, type_line: str, text: str = "", power=None, toughness=None,
               colors=()) -> dict:
    """A token's characteristics as the engine records them (CR 111.3-4)."""
    main, _, sub = type_line.partition("—")
    spec = {"name": name, "types": tuple(w for w in main.split() if w != "Token"),
            "subtypes": tuple(sub.split()), "text": text or "", "colors": tuple(colors)}
    if power is not None:
        spec["power"] = int(power)
    if toughness is not None:
        spec["toughness"] = int(toughness)
    return spec


def build_position(desc: dict, seed: int = 0) -> tuple[Game, list[list[dict[str, list[int]]]]]:
    """Return (game, indices) where ``indices[player][zone]`` lists card indices."""
    step = desc.get("step", "main1")
    if step not in START_STEPS:
        raise ValueError(f"a position can't start in step {step!r}")
    players = desc["players"]
    # Card indices: each owner's cards in turn (make_setup numbers deck 0, then deck 1).
    decks: list[list[str]] = [[], []]
    placed: list[tuple[int, int, str, dict | str]] = []  # (owner, controller, zone, entry)
    for p, pd in enumerate(players):
        for zone in ZONE_KEYS:
            for e in pd.get(zone, ()):
                owner = p
                if zone == "battlefield" and isinstance(e, dict) and e.get("owner") is not None:
                    owner = e["owner"]
                placed.append((owner, p, zone, e))
    order: list[int] = []
    for owner in (0, 1):
        for k, (o, _c, _z, e) in enumerate(placed):
            if o == owner and not (isinstance(e, dict) and e.get("token")):
                decks[owner].append(_entry_name(e))
                order.append(k)
    card_of = [0] * len(placed)
    for idx, k in enumerate(order):
        card_of[k] = idx
    setup = make_setup(decks, seed, Options(mulligans=False), custom=tuple(desc.get("custom", ())))
    g = Game(setup)
    g.stage = "play"
    g.turn = int(desc.get("turn", 1))
    g.active = int(desc.get("active", 0))
    # CR 103.8a matters only in turn 1: the starting player takes the odd turns.
    g.starting_player = g.active if g.turn % 2 == 1 else 1 - g.active
    indices = [{z: [] for z in ZONE_KEYS} for _ in players]
    bf_objs = []
    for k, (owner, ctrl, zone, e) in enumerate(placed):
        card = card_of[k]
        if isinstance(e, dict) and e.get("token"):
            # CR 111.3: a token's characteristics are those its creator gave it; the
            # setup's tokens are registered first, in the order written.
            card = g.register_token(e["token"])
        indices[ctrl][zone].append(card)
        if zone == "library":
            g.players[owner].library.append(card)
            continue
        o = zones.new_object(g, card, owner, zone)
        if zone == "battlefield":
            d = e if isinstance(e, dict) else {}
            o.controller = ctrl
            o.tapped = bool(d.get("tapped", False))
            o.sick = bool(d.get("sick", False))
            given = d.get("counters") or {}
            counters = {c: int(n) for c, n in given.items() if n}
            if "loyalty" not in given and o.defn.loyalty is not None and \
                    "Planeswalker" in o.defn.types:
                # CR 306.5b: a planeswalker entered with its printed loyalty (unless the
                # description says how many loyalty counters it has now).
                counters["loyalty"] = o.defn.loyalty
            o.counters = counters or None
            o.damage = int(d.get("damage", 0) or 0)
            if d.get("chosen") is not None:
                o.chosen = str(d["chosen"])   # CR 614.12: the choice made as it entered
            g.battlefield.append(o.oid)
            bf_objs.append((o, d))
        else:
            getattr(g.players[owner], zone).append(o.oid)
    for o, d in bf_objs:
        a = d.get("attached_to")
        if a is not None:
            o.attached_to = bf_objs[a][0].oid
    from ..mana import parse_pool
    for p, pd in enumerate(players):
        pl = g.players[p]
        pl.life = int(pd.get("life", 20))
        for kind, n in (pd.get("counters") or {}).items():
            pl.set_counter(kind, int(n))   # CR 122.1: poison, energy, experience...
        pl.pool = parse_pool(pd.get("pool") or "")
        pl.lands_played = 0
        pl.turn_timestamp = g.timestamp   # the permanents were there as the turn began
    g.step = step
    if step in ("beginning_of_combat", "end_of_combat"):
        g.combat = Combat()
    # The step has begun and its turn-based actions are over: the active player
    # receives priority (CR 117.3a) once state-based actions are checked (CR 117.5).
    g.priority = g.active
    g.passes = 0
    g.event("117.3a", f"position: turn {g.turn}, {step}, {g.pname(g.active)} receives priority")
    from .flow import run
    run(g)
    return g, indices
