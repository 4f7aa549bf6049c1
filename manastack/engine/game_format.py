"""Checking a game's JSON (format ``manastack.game/1``, docs/json.md) before it is loaded.

``Game.from_json`` comes here first. The text is bounded (size, containers, nesting),
parsed, checked field by field against the schema below (pydantic, strict: no bool for
an integer, no string for a number, no unknown key), then against the invariants a real
game keeps (every object in exactly one zone, every card in one place, known cards, ids
below ``next_id``, a decision that fits the state, a cast in progress with its stack
item). The first problem raises ``GameFormatError`` (a ``ValueError``) naming its JSON
path. The check never changes the data, so a valid game still round-trips byte for byte.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .state import PLAYER_COUNTER_KINDS, STEPS

# Limits of a game's JSON text (a 50,000-decision game with its log is about 6 MB).
MAX_GAME_JSON_BYTES = 8 * 1024 * 1024
MAX_CONTAINERS = 1_000_000     # objects and arrays (counted by their opening brackets)
MAX_DEPTH = 40                 # nesting of objects and arrays
INT_LIMIT = 2 ** 31            # every count, id and amount is within +-2**31

ZONES = ("hand", "battlefield", "graveyard", "stack", "exile")
DECISION_KINDS = frozenset((
    "priority", "mulligan", "cost_choice", "mode", "x", "targets", "pay_mana", "sacrifice",
    "tap", "return", "discard_cost", "exile", "color", "mana_type", "mana_combination",
    "yes_no", "choose_cards", "choose_counters", "name_card", "order_triggers", "attackers",
    "blockers", "assign_damage", "discard", "room", "replacement_order"))
CAST_KINDS = ("spell", "ability", "trigger", "mana", "unless")


class GameFormatError(ValueError):
    """A game's JSON that is not a game: ``path`` says where (``state.players[0].life``),
    the message what is wrong."""

    def __init__(self, path: str, message: str) -> None:
        self.path, self.message = path, message
        super().__init__(f"{path}: {message}" if path else message)


# ---------------------------------------------------------------- the schema

Int = Annotated[int, Field(ge=-INT_LIMIT, lt=INT_LIMIT)]
Count = Annotated[int, Field(ge=0, lt=INT_LIMIT)]
PlayerIndex = Annotated[int, Field(ge=0, le=1)]
Oid = Annotated[int, Field(ge=0, lt=INT_LIMIT)]       # 0/1 are the players
Pair = Annotated[list[Int], Field(min_length=2, max_length=2)]
Name = Annotated[str, Field(max_length=200)]


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")


class OptionsModel(_Strict):
    max_turns: Count = 0
    auto_pass: bool = False
    mulligans: bool = True
    log: bool = True
    starting_life: Int = 20
    hand_size: Annotated[int, Field(ge=0, le=1000)] = 7
    max_decisions_per_turn: Count = 0
    max_decisions: Count = 0


class CustomCard(BaseModel):
    model_config = ConfigDict(strict=True, extra="allow")
    name: Name
    type: Annotated[str, Field(max_length=200)] = ""
    mana_cost: Annotated[str, Field(max_length=100)] | None = None
    text: Annotated[str, Field(max_length=5000)] | None = None


class SetupModel(_Strict):
    decks: Annotated[list[list[Name]], Field(min_length=2, max_length=2)]
    seed: Annotated[int, Field(ge=0, lt=2 ** 64)]
    options: OptionsModel
    custom: list[CustomCard] = []
    cards: list[Name]
    owners: list[PlayerIndex]


class PlayerModel(_Strict):
    index: PlayerIndex
    life: Int
    library: list[Count]
    hand: list[Oid]
    graveyard: list[Oid] = []
    exile: list[Oid] = []
    pool: Annotated[list[Count], Field(min_length=6, max_length=6)] = [0] * 6
    lands_played: Count = 0
    lost: bool = False
    drew_from_empty: bool = False
    mulligans: Count = 0
    kept: bool = False
    declared: Annotated[str, Field(pattern="^(keep|mulligan)$")] | None = None
    bottomed: bool = False
    permanent_left: bool = False
    poison: Count = 0
    drawn: Count = 0
    spells_cast: Count = 0
    spells_last_turn: Count = 0
    turn_timestamp: Count = 0
    legend_keep: list[Oid] | None = None
    # CR 122.1: a player's counters other than poison, by kind (none written as 0)
    counters: dict[Annotated[str, Field(pattern="^(" + "|".join(
        k for k in PLAYER_COUNTER_KINDS if k != "poison") + ")$")],
                   Annotated[int, Field(ge=1, lt=INT_LIMIT)]] | None = None
    # CR 616.1: [affected, source, ability] of each replacement chosen to apply first
    replacing: list[Annotated[list[Int], Field(min_length=3, max_length=3)]] | None = None


class ObjectModel(_Strict):
    oid: Annotated[int, Field(ge=2, lt=INT_LIMIT)]
    card: Int
    owner: PlayerIndex
    controller: PlayerIndex
    zone: Annotated[str, Field(pattern="^(hand|battlefield|graveyard|stack|exile)$")]
    tapped: bool = False
    sick: bool = False
    counters: dict[Annotated[str, Field(max_length=60)], Annotated[int, Field(ge=1, lt=INT_LIMIT)]] | None = None
    damage: Count = 0
    deathtouched: bool = False
    attached_to: Oid | None = None
    timestamp: Count = 0
    x: Count = 0
    chosen: Any = None
    cast_alt: Name | None = None
    kicked: Count = 0


class StackItemModel(_Strict):
    oid: Oid
    source: Int          # -1: an ability with no source (a designation's)
    controller: PlayerIndex
    ability: Count | None
    targets: list[Int]
    x: Count
    source_card: Int
    mana_ability: bool
    trigger: Count | None = None
    info: dict[str, Any] = {}
    resolution: dict[str, Any] | None = None   # a compiled effect's progress (continuation)


class DecisionModel(_Strict):
    player: PlayerIndex
    kind: Name
    data: dict[str, Any]


class CastModel(_Strict):
    item: Oid | None
    stage: Name
    generic: Count
    colored: Annotated[list[Count], Field(min_length=6, max_length=6)]
    kind: Name
    player: PlayerIndex
    source: Int | None       # -1: an ability with no source (a designation's)
    card: Int
    ability: Count | None
    chosen: list[list[Int]]
    resume: Oid | None = None
    parent: "CastModel | None"
    snapshot: "StateModel | None"


class CombatModel(_Strict):
    attackers: list[Pair]
    attacked: list[Pair] = []   # attacker -> the planeswalker it attacks (CR 508.1b)
    blockers: list[Annotated[list[Any], Field(min_length=2, max_length=2)]]
    blocked: list[Annotated[list[Any], Field(min_length=2, max_length=2)]]
    first_strike_dealt: list[Oid]
    damage_kind: Annotated[str, Field(pattern="^(first|regular)$")] | None
    assignments: list[Annotated[list[Any], Field(min_length=2, max_length=2)]]
    queue: list[Oid]


class EffectModel(_Strict):
    timestamp: Count
    layer: Name
    affected: Int
    power: Int
    toughness: Int
    until: Name
    controller: PlayerIndex | None
    previous: PlayerIndex | None
    keyword: Name | None
    data: Any


class EndingModel(_Strict):
    by: Annotated[str, Field(pattern="^(rules|turn_limit|decision_limit)$")]
    rule: Name
    text: Annotated[str, Field(max_length=1000)]


class StateModel(_Strict):
    players: Annotated[list[PlayerModel], Field(min_length=2, max_length=2)]
    objects: list[ObjectModel]
    battlefield: list[Oid]
    stack: list[StackItemModel]
    turn: Count
    active: PlayerIndex
    step: Annotated[str, Field(pattern="^(" + "|".join(STEPS) + ")$")]
    priority: PlayerIndex | None
    passes: Annotated[int, Field(ge=0, le=2)]
    pending: DecisionModel | None
    cast: CastModel | None
    combat: CombatModel | None
    effects: list[EffectModel]
    rng: Annotated[int, Field(ge=0, lt=2 ** 64)]
    next_id: Annotated[int, Field(ge=2, lt=INT_LIMIT)]
    timestamp: Count
    log: list[Annotated[list[Annotated[str, Field(max_length=2000)]],
                        Field(min_length=2, max_length=2)]]
    over: bool
    winner: PlayerIndex | None
    stage: Annotated[str, Field(pattern="^(setup|mulligan|play)$")]
    starting_player: PlayerIndex
    loop_guard: Count
    cleanup_again: bool
    waiting: list[list[Any]] = []
    placing: list[list[Any]] = []
    tokens: list[dict[str, Any]] = []
    links: list[list[Any]] = []
    designations: dict[str, Any] | None = None
    faces: list[Pair] = []
    adventures: list[Count] = []
    turn_facts: dict[str, Any] | None = None
    cast_permits: list[list[Any]] = []
    turn_start: Count = 0
    ending: EndingModel | None = None


class ActionModel(_Strict):
    kind: Annotated[str, Field(pattern="^(pass|play|cast|activate|choose|attack|block|pay|auto)$")]
    obj: Int | None = None
    ability: Count | None = None
    choice: Any = None


class GameModel(_Strict):
    format: str
    setup: SetupModel
    state: StateModel
    actions: list[ActionModel]


# ---------------------------------------------------------------- text to data

def parse_game_text(text, max_bytes: int = MAX_GAME_JSON_BYTES) -> dict:
    """The game's JSON text as data, within the limits (``GameFormatError`` else)."""
    if isinstance(text, bytes | bytearray):
        if len(text) > max_bytes:
            raise GameFormatError("", f"the text is {len(text):,} bytes, more than the "
                                  f"{max_bytes:,} a game may have")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise GameFormatError("", f"not UTF-8 text (byte {e.start})") from None
    if not isinstance(text, str):
        raise GameFormatError("", f"expected the game's JSON text, got {type(text).__name__}")
    if len(text) > max_bytes:
        raise GameFormatError("", f"the text is {len(text):,} characters, more than the "
                              f"{max_bytes:,} a game may have")
    if not text.strip():
        raise GameFormatError("", "empty text: not a game")
    if text.count("{") + text.count("[") > MAX_CONTAINERS:
        raise GameFormatError("", f"more than {MAX_CONTAINERS:,} JSON objects and arrays")

    def constant(name):
        raise GameFormatError("", f"{name} is not a JSON number")
    try:
        data = json.loads(text, parse_constant=constant)
    except json.JSONDecodeError as e:
        raise GameFormatError("", f"not valid JSON: {e.msg} (line {e.lineno}, column "
                              f"{e.colno})") from None
    except RecursionError:
        raise GameFormatError("", f"nested more than {MAX_DEPTH} deep") from None
    except GameFormatError:
        raise
    except ValueError:   # an integer with more digits than Python reads
        raise GameFormatError("", "not valid JSON: a number with too many digits") from None
    _check_depth(data)
    return data


def _check_depth(data) -> None:
    todo = [(data, 0)]
    while todo:
        v, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise GameFormatError("", f"nested more than {MAX_DEPTH} deep")
        if isinstance(v, dict):
            todo.extend((x, depth + 1) for x in v.values())
        elif isinstance(v, list):
            todo.extend((x, depth + 1) for x in v)


def _path(loc) -> str:
    out = ""
    for p in loc:
        if isinstance(p, int):
            out += f"[{p}]"
        else:
            out += ("." if out else "") + str(p)
    return out


def check_schema(data) -> None:
    """The data has the fields and types of a game (``GameFormatError`` naming the first
    field that hasn't)."""
    from .game import JSON_FORMAT
    if not isinstance(data, dict):
        raise GameFormatError("", f"expected a JSON object (a game), got "
                              f"{'null' if data is None else type(data).__name__}")
    if data.get("format") != JSON_FORMAT:
        raise GameFormatError("format", f"not a manastack game (format "
                              f"{data.get('format')!r}, expected {JSON_FORMAT!r})")
    try:
        GameModel.model_validate(data)
    except ValidationError as e:
        err = e.errors(include_url=False)[0]
        if err["type"] == "missing":
            raise GameFormatError(_path(err["loc"]), "missing") from None
        if err["type"] == "extra_forbidden":
            raise GameFormatError(_path(err["loc"]), "unknown key") from None
        got = err.get("input")
        shown = repr(got) if not isinstance(got, dict | list) else type(got).__name__
        if len(shown) > 40:
            shown = shown[:37] + "..."
        raise GameFormatError(_path(err["loc"]), f"{err['msg']} (got {shown})") from None


# ---------------------------------------------------------------- invariants

def check_setup(setup: dict) -> None:
    """Cards, owners and decks agree; every card is known (Oracle or custom)."""
    from ..compiler import definition_for
    cards, owners, decks = setup["cards"], setup["owners"], setup["decks"]
    if len(cards) != len(owners):
        raise GameFormatError("setup.owners", f"{len(owners)} owners for {len(cards)} cards")
    if len(decks[0]) + len(decks[1]) != len(cards):
        raise GameFormatError("setup.decks", f"the decks hold {len(decks[0]) + len(decks[1])}"
                              f" cards, setup.cards {len(cards)}")
    if owners != [0] * len(decks[0]) + [1] * len(decks[1]):
        raise GameFormatError("setup.owners", "the owners don't follow the decks (player 0's "
                              "cards first)")
    customs = {c["name"] for c in setup.get("custom", [])}
    known: dict[str, bool] = {}
    for i, name in enumerate(cards):
        if name in customs or known.get(name):
            continue
        try:
            definition_for(name)
        except KeyError:
            raise GameFormatError(f"setup.cards[{i}]", f"unknown card {name!r}") from None
        known[name] = True


def _new_id(oid: int, seen, state: dict, at: str, what: str) -> None:
    """An id handed out once (CR 400.7: a new object each time), below ``next_id``."""
    if oid in seen:
        raise GameFormatError(at + ".oid", f"{what} {oid} appears twice")
    if oid >= state["next_id"]:
        raise GameFormatError(at + ".oid", f"{what} {oid} is not below next_id "
                              f"{state['next_id']}")


def check_state(state: dict, setup: dict, where: str = "state") -> None:
    """The invariants of a game state (``where`` is its JSON path)."""
    ncards = len(setup["cards"])
    owners = setup["owners"]
    ntokens = len(state.get("tokens", []))
    objects: dict[int, dict] = {}
    for i, o in enumerate(state["objects"]):
        at = f"{where}.objects[{i}]"
        _new_id(o["oid"], objects, state, at, "object")
        c = o["card"]
        if c >= 0:
            if c >= ncards:
                raise GameFormatError(at + ".card", f"card {c} is not in setup.cards "
                                      f"({ncards} cards)")
            if o["owner"] != owners[c]:
                raise GameFormatError(at + ".owner", f"card {c} is owned by player "
                                      f"{owners[c]}, not {o['owner']}")
        elif not -ntokens - 1 <= c <= -2:
            raise GameFormatError(at + ".card", f"card {c} is neither a card index nor a "
                                  f"token of state.tokens ({ntokens} tokens)")
        if o["zone"] != "battlefield":
            for k in ("tapped", "damage", "attached_to", "deathtouched"):
                if o.get(k):
                    raise GameFormatError(f"{at}.{k}", f"only a permanent can be {k} "
                                          f"(this object is in the {o['zone']})")
        objects[o["oid"]] = o
    # CR 400.1: every object is in exactly one zone, the one it says.
    placed: dict[int, str] = {}

    def place(oid, zone, path):
        if oid in placed:
            raise GameFormatError(path, f"object {oid} is in two zones ({placed[oid]} and "
                                  f"{zone})")
        o = objects.get(oid)
        if o is None:
            raise GameFormatError(path, f"object {oid} is not in {where}.objects")
        if o["zone"] != zone.split()[-1]:
            raise GameFormatError(path, f"object {oid} says it is in the {o['zone']}, not "
                                  f"the {zone}")
        placed[oid] = zone
    for p, pl in enumerate(state["players"]):
        if pl["index"] != p:
            raise GameFormatError(f"{where}.players[{p}].index", f"player {p} has index "
                                  f"{pl['index']}")
        for zone in ("hand", "graveyard", "exile"):
            for k, oid in enumerate(pl[zone] if zone == "hand" else pl.get(zone, [])):
                place(oid, f"player {p}'s {zone}", f"{where}.players[{p}].{zone}[{k}]")
                if objects[oid]["owner"] != p:
                    raise GameFormatError(f"{where}.players[{p}].{zone}[{k}]",
                                          f"object {oid} is owned by the other player")
    for k, oid in enumerate(state["battlefield"]):
        place(oid, "battlefield", f"{where}.battlefield[{k}]")
    spells: dict[int, int] = {}
    item_ids: set[int] = set()
    for k, s in enumerate(state["stack"]):
        at = f"{where}.stack[{k}]"
        _new_id(s["oid"], item_ids, state, at, "stack item")
        item_ids.add(s["oid"])
        if s["ability"] is None and s["trigger"] is None:   # a spell (CR 112.1)
            o = objects.get(s["source"])
            if o is None or o["zone"] != "stack":
                raise GameFormatError(at + ".source", f"the spell's object {s['source']} is "
                                      "not an object on the stack")
            if s["source"] in spells:
                raise GameFormatError(at + ".source", f"object {s['source']} is two spells")
            spells[s["source"]] = k
            placed[s["source"]] = "stack"
        c = s["source_card"]
        if not (-ntokens - 1 <= c < ncards):
            raise GameFormatError(at + ".source_card", f"card {c} is neither a card nor a "
                                  "token")
    for oid, o in objects.items():
        if oid not in placed:
            raise GameFormatError(f"{where}.objects", f"object {oid} ({o['zone']}) is in no "
                                  "zone list" if o["zone"] != "stack" else
                                  f"object {oid} is on the stack but is no spell")
    # every physical card is in exactly one place: a library, or one object
    where_card: dict[int, str] = {}
    for p, pl in enumerate(state["players"]):
        for k, c in enumerate(pl["library"]):
            path = f"{where}.players[{p}].library[{k}]"
            if c >= ncards:
                raise GameFormatError(path, f"card {c} is not in setup.cards ({ncards} cards)")
            if owners[c] != p:
                raise GameFormatError(path, f"card {c} belongs to player {owners[c]}'s "
                                      "library")
            if c in where_card:
                raise GameFormatError(path, f"card {c} is in two places ({where_card[c]} "
                                      "and a library)")
            where_card[c] = f"player {p}'s library"
    for oid, o in objects.items():
        c = o["card"]
        if c >= 0:
            if c in where_card:
                raise GameFormatError(f"{where}.objects", f"card {c} is in two places "
                                      f"({where_card[c]} and object {oid})")
            where_card[c] = f"object {oid}"
    for oid in state["battlefield"]:
        # (its object may have just left the battlefield: CR 704.5m-n act at the next check)
        if objects[oid].get("attached_to") == oid:
            raise GameFormatError(f"{where}.objects", f"object {oid} is attached to itself")
    _check_flow(state, where, objects, item_ids)


def _check_flow(state: dict, where: str, objects: dict, item_ids: set) -> None:
    """The game's progress: who decides what, the cast in progress, the end."""
    pending, over = state["pending"], state["over"]
    if state["winner"] is not None and not over:
        raise GameFormatError(f"{where}.winner", "a game in progress has no winner")
    if over:
        if pending is not None:
            raise GameFormatError(f"{where}.pending", "a finished game has no decision")
    elif state["stage"] != "setup" and where == "state":
        if pending is None:
            raise GameFormatError(f"{where}.pending", "a game in progress waits for a "
                                  "decision")
    if state.get("ending") is not None and not over:
        raise GameFormatError(f"{where}.ending", "a game in progress has not ended")
    if state["stage"] == "play" and state["turn"] < 1:
        raise GameFormatError(f"{where}.turn", "a game being played is in turn 1 or later")
    if pending is not None:
        kind = pending["kind"]
        if kind not in DECISION_KINDS:
            raise GameFormatError(f"{where}.pending.kind", f"unknown decision kind {kind!r}")
        if kind == "priority" and state["priority"] != pending["player"]:
            raise GameFormatError(f"{where}.pending.player", "the priority decision is not "
                                  "for the player with priority")
        if kind in ("mulligan",) and state["stage"] != "mulligan":
            raise GameFormatError(f"{where}.pending.kind", "a mulligan decision outside the "
                                  "mulligan stage")
        if kind in ("attackers", "blockers", "assign_damage") and not pending["data"].get(
                "divide") and state["combat"] is None:
            raise GameFormatError(f"{where}.pending.kind", f"a {kind} decision outside combat")
        for key in ("candidates", "cards", "blockers"):
            vals = pending["data"].get(key)
            if vals is not None and not (isinstance(vals, list) and all(
                    type(v) is int for v in vals)):
                raise GameFormatError(f"{where}.pending.data.{key}", "expected a list of ids")
    cast = state["cast"]
    if cast is not None:
        _check_cast(cast, state, where + ".cast", objects, item_ids)
    for k, e in enumerate(state["effects"]):
        if e["layer"] == "2" and e["controller"] is None:
            raise GameFormatError(f"{where}.effects[{k}].controller", "a control effect "
                                  "names the new controller")


def _check_cast(cast: dict, state: dict, where: str, objects: dict, item_ids: set) -> None:
    if cast["kind"] not in CAST_KINDS:
        raise GameFormatError(where + ".kind", f"unknown kind of cast {cast['kind']!r}")
    if cast["item"] is not None and cast["item"] not in item_ids:
        raise GameFormatError(where + ".item", f"stack item {cast['item']} is not on the "
                              "stack")
    if cast["kind"] == "spell" and cast["item"] is None:
        raise GameFormatError(where + ".item", "a spell being cast has a stack item")
    if cast["parent"] is not None:
        _check_cast(cast["parent"], state, where + ".parent", objects, item_ids)


def load_game(text, max_bytes: int = MAX_GAME_JSON_BYTES):
    """``Game.from_json``: the game of ``text``, or ``GameFormatError`` naming the first
    problem. A game that passes the checks is also asked for its legal actions, and one
    of them is tried on a clone, so that a state no check foresaw is refused here rather
    than failing later inside the engine."""
    from .actions import Action, IllegalAction
    from .game import Game
    from .setup import make_setup_from_dict
    d = parse_game_text(text, max_bytes)
    check_game_data(d)
    actions = []
    for i, a in enumerate(d["actions"]):
        try:
            actions.append(Action.from_json(a))
        except ValueError as e:
            raise GameFormatError(f"actions[{i}]", str(e)) from None
    try:
        g = Game(make_setup_from_dict(d["setup"]))
        g.load_state_dict(d["state"])
    except Exception as e:   # a state no check foresaw: refused, never a traceback
        raise GameFormatError("state", f"can't be loaded ({type(e).__name__}: {e})") from None
    g.actions = actions
    if not g.over:
        try:
            probe = g.clone()
            legal = probe.legal_actions()
            if len(legal):
                probe.apply(legal[0])
        except IllegalAction as e:
            raise GameFormatError("state.pending", f"its first legal action is refused "
                                  f"({e})") from None
        except Exception as e:
            raise GameFormatError("state.pending", f"the game can't go on from this state "
                                  f"({type(e).__name__}: {e})") from None
    return g


def check_game_data(data: dict) -> None:
    """Schema, then invariants, of a parsed game (``GameFormatError`` at the first
    problem)."""
    check_schema(data)
    setup = data["setup"]
    check_setup(setup)
    check_state(data["state"], setup)
    cast = data["state"]["cast"]
    depth = 0
    while cast is not None:
        snap = cast.get("snapshot")
        if snap is not None:
            check_state(snap, setup, "state.cast" + ".parent" * depth + ".snapshot")
        cast = cast.get("parent")
        depth += 1
    n = len(data["actions"])
    if data["state"].get("turn_start", 0) > n:
        raise GameFormatError("state.turn_start", f"{data['state']['turn_start']} is past "
                              f"the {n} actions")


CastModel.model_rebuild()
