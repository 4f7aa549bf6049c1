"""The ``Game``: state, the decision API, cloning and JSON (DESIGN core contracts).

A game is its setup (decks, seed, options) plus its actions. ``apply`` validates an
action against the pending decision before it changes anything, so an illegal action
raises ``IllegalAction`` and leaves the game exactly as it was.
"""

from __future__ import annotations

import json
from functools import cached_property
from dataclasses import dataclass, field
from enum import Enum

from ..compiler.abilities import CardDefinition
from .actions import Action, IllegalAction, MalformedAction
from .areas import trigger_text_turn as _turn_facts
from .rng import Rng
from .state import (FIRST_OBJECT_ID, CastContext, Combat, ContinuousEffect, Decision, Obj,
                    Player, StackItem)

JSON_FORMAT = "manastack.game/1"


@dataclass(frozen=True)
class Options:
    """Game options. ``max_turns``: a turn limit after which the game is a draw (for
    simulations; 0 = none). ``auto_pass``: a player whose only choices at priority are
    passing and mana abilities passes without being asked (for fast playouts; off by
    default, since the scenario contract asks priority always). ``mulligans``: play the
    London mulligan (CR 103.5). ``log``: keep the event log. ``max_decisions_per_turn``
    and ``max_decisions``: after that many decisions (actions applied) in one turn, or
    in the whole game, the game ends as a draw (0 = no limit; ``new_game`` sets 2,000 and
    50,000, scenarios none): the rules let players repeat optional actions forever
    (CR 104.4b draws only loops of mandatory ones), a program must not."""

    max_turns: int = 0
    auto_pass: bool = False
    mulligans: bool = True
    log: bool = True
    starting_life: int = 20
    hand_size: int = 7
    max_decisions_per_turn: int = 0
    max_decisions: int = 0


# The limits ``new_game`` puts on a game unless told otherwise.
DEFAULT_DECISION_LIMITS = {"max_decisions_per_turn": 2_000, "max_decisions": 50_000}


class EndedBy(str, Enum):
    """How a game ended: by the rules (CR 104), or by one of the options' limits."""

    RULES = "rules"
    TURN_LIMIT = "turn_limit"
    DECISION_LIMIT = "decision_limit"


@dataclass(frozen=True)
class Ending:
    """How and why the game ended: ``by``, the rule (or limit) named in the log, and the
    logged text."""

    by: EndedBy
    rule: str
    text: str

    def to_json(self) -> dict:
        return {"by": self.by.value, "rule": self.rule, "text": self.text}

    @staticmethod
    def from_json(d: dict) -> "Ending":
        return Ending(EndedBy(d["by"]), d["rule"], d["text"])


@dataclass(frozen=True)
class Setup:
    """What is shared by a game and all its clones: cards and their definitions."""

    cards: tuple[str, ...]                  # card index -> Oracle name
    owners: tuple[int, ...]                 # card index -> owner
    definitions: tuple[CardDefinition, ...]  # card index -> compiled definition
    decks: tuple[tuple[str, ...], tuple[str, ...]]
    seed: int
    options: Options = field(default_factory=Options)
    custom: tuple = ()                      # scenario-defined card data (dicts)

    @cached_property
    def static_kinds(self) -> frozenset:
        """The kinds of static ability any card of this game has, on any face (so that
        a rule can skip scanning the battlefield for a kind no card has)."""
        kinds = set()
        for d in self.definitions:
            for x in (d, *(getattr(d, "faces", None) or ())):
                kinds.update(s.kind for s in x.static)
        return frozenset(kinds)


class Game:
    """A two-player game of Magic (CR 100.1). See the module docstring of
    ``manastack`` for the API."""

    __slots__ = ("setup", "players", "objects", "battlefield", "stack", "turn", "active",
                 "step", "priority", "passes", "pending", "cast", "combat", "effects", "rng",
                 "next_id", "timestamp", "log", "actions", "over", "winner", "stage",
                 "starting_player", "loop_guard", "cleanup_again", "waiting", "placing",
                 "tokens", "token_defs", "links", "designations", "turn_facts", "_legal_cache",
                 "faces", "adventures", "cast_permits", "turn_start", "ending")

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.players = [Player(0, setup.options.starting_life),
                        Player(1, setup.options.starting_life)]
        self.objects: dict[int, Obj] = {}
        self.battlefield: list[int] = []
        self.stack: list[StackItem] = []   # bottom first; top is stack[-1]
        self.turn = 0
        self.active = 0
        self.step = "untap"
        self.priority: int | None = None
        self.passes = 0
        self.pending: Decision | None = None
        self.cast: CastContext | None = None
        self.combat: Combat | None = None
        self.effects: list[ContinuousEffect] = []
        self.rng = Rng(setup.seed)
        self.next_id = FIRST_OBJECT_ID
        self.timestamp = 0
        self.log: list[tuple[str, str]] = []
        self.actions: list[Action] = []
        self.over = False
        self.winner: int | None = None
        self.stage = "setup"       # setup / mulligan / play
        self.starting_player = 0
        self.loop_guard = 0
        self.cleanup_again = False
        self.waiting: list[tuple] = []   # triggered abilities waiting (CR 603.3)
        self.placing: list[tuple] = []   # being put on the stack, in the chosen order
        self.tokens: list[dict] = []     # token specs; token card numbers are -2, -3, ...
        self.token_defs: list = []       # their compiled definitions (immutable, shared)
        self.links: list[tuple] = []     # (source oid, exiled oid): exiled "until" (610.3)
        self.designations: dict = {}     # CR 122 / 725: see engine/areas/designations.py
        self.turn_facts: dict = {}       # this turn's deaths and attacks (trigger_text_turn)
        self._legal_cache = None
        # card -> index of the face up on the stack or battlefield, when not its usual
        # one (CR 709.3b, 712.8, 715.3b); cards exiled on an adventure (715.3d)
        self.faces: dict[int, int] = {}
        self.adventures: list[int] = []
        # cards in exile their owner may cast later: [object id, "plot"/"foretell", turn]
        # (CR 702.170d, 702.143a; areas/casting_keywords.py)
        self.cast_permits: list[list] = []
        self.turn_start = 0              # index in ``actions`` of this turn's first decision
        self.ending: Ending | None = None   # how the game ended (None while it goes on)

    def card_definition(self, card: int):
        """The definition of card number ``card`` (a token's when negative)."""
        if card >= 0:
            if self.faces and card in self.faces:   # a face up (engine/areas/faces.py)
                return self.setup.definitions[card].faces[self.faces[card]]
            return self.setup.definitions[card]
        return self.token_defs[-card - 2]

    def token_spec(self, card: int) -> dict:
        """The recorded characteristics of token number ``card`` (negative, CR 111.3)."""
        return self.tokens[-card - 2]

    def may_have_static(self, kind: str) -> bool:
        """Whether any card or token of this game has a static ability of ``kind``."""
        return kind in self.setup.static_kinds or any(
            s.kind == kind for d in self.token_defs for s in d.static)

    def attachments_exist(self) -> bool:
        """Whether any permanent is attached to another (a fast check for the layers)."""
        objs = self.objects
        for oid in self.battlefield:
            if objs[oid].attached_to is not None:
                return True
        return False

    def register_token(self, spec: dict) -> int:
        """Record a token's characteristics (CR 111.3); returns its card number."""
        from .setup import token_definition
        self.tokens.append(dict(spec))
        self.token_defs.append(token_definition(spec))
        return -len(self.tokens) - 1

    # ------------------------------------------------------------ events
    def event(self, rule: str, text: str) -> None:
        """Record an event naming the rule behind it (DESIGN: every event names its rule)."""
        if self.setup.options.log:
            self.log.append((rule, text))

    def pname(self, player: int) -> str:
        return f"P{player + 1}"

    def oname(self, oid: int) -> str:
        if oid in (0, 1):
            return self.pname(oid)
        o = self.objects.get(oid)
        return f"{o.defn.name}#{oid}" if o else f"#{oid}"

    # ------------------------------------------------------------ API
    @property
    def decision(self) -> Decision | None:
        """The pending decision: ``.player`` and ``.kind``; None when the game is over."""
        return self.pending

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def ended_by(self) -> EndedBy | None:
        """How the game ended (``EndedBy.RULES``, ``TURN_LIMIT`` or ``DECISION_LIMIT``),
        None while it goes on."""
        if not self.over:
            return None
        return self.ending.by if self.ending is not None else EndedBy.RULES

    @property
    def turn_decisions(self) -> int:
        """Decisions (actions applied) so far in this turn."""
        return len(self.actions) - self.turn_start

    def legal_actions(self):
        """The legal answers to the pending decision (a list, or a lazy sequence view
        for declarations with very many answers)."""
        if self._legal_cache is None:
            from .legal import legal_actions
            self._legal_cache = legal_actions(self)
        return self._legal_cache

    def apply(self, action: Action, player: int | None = None) -> None:
        """Take one action for the player who must decide (or, when ``player`` is given,
        for that player, who must be the one deciding). Raises ``IllegalAction`` (naming
        the rule) and changes nothing when the action is not legal now."""
        from .legal import perform, validate
        if not isinstance(action, Action):
            r = repr(action)
            raise MalformedAction("expected a manastack Action (e.g. Action('pass')), got "
                                  f"{type(action).__name__} {r if len(r) < 60 else r[:57] + '...'}")
        try:
            action._key()
        except AttributeError:
            raise MalformedAction("a malformed Action (made without Action(...))") from None
        if player is not None and (type(player) is not int or player not in (0, 1)):
            raise MalformedAction(f"player: expected 0 or 1, got {player!r}")
        if player is not None and self.pending is not None and player != self.pending.player:
            kind = self.pending.kind
            raise IllegalAction(
                "CR 117.1: " + (f"P{player + 1} doesn't have priority" if kind == "priority"
                                else f"P{self.pending.player + 1} is deciding ({kind}), "
                                f"not P{player + 1}"))
        validate(self, action)
        self.actions.append(action)
        self._legal_cache = None
        perform(self, action)
        from .flow import check_decision_limits, run
        run(self)
        if not self.over:
            check_decision_limits(self)

    def clone(self) -> "Game":
        """An independent copy sharing nothing mutable with this game (DESIGN: cheap)."""
        g = Game.__new__(Game)
        g.setup = self.setup
        g.players = [p.copy() for p in self.players]
        g.objects = {k: o.copy() for k, o in self.objects.items()}
        g.battlefield = self.battlefield[:]
        g.stack = [s.copy() for s in self.stack]
        g.turn = self.turn
        g.active = self.active
        g.step = self.step
        g.priority = self.priority
        g.passes = self.passes
        g.pending = self.pending
        g.cast = self.cast.copy() if self.cast else None
        g.combat = self.combat.copy() if self.combat else None
        g.effects = self.effects[:]
        g.rng = Rng(0)
        g.rng.state = self.rng.state
        g.next_id = self.next_id
        g.timestamp = self.timestamp
        g.log = self.log[:]
        g.actions = self.actions[:]
        g.over = self.over
        g.winner = self.winner
        g.stage = self.stage
        g.starting_player = self.starting_player
        g.loop_guard = self.loop_guard
        g.cleanup_again = self.cleanup_again
        g.waiting = self.waiting[:]
        g.placing = self.placing[:]
        g.tokens = self.tokens[:]
        g.token_defs = self.token_defs[:]
        g.links = self.links[:]
        g.designations = dict(self.designations)
        g.faces = dict(self.faces)
        g.adventures = self.adventures[:]
        g.turn_facts = _turn_facts.copy(self.turn_facts) if self.turn_facts else {}
        g.cast_permits = [p[:] for p in self.cast_permits]
        g.turn_start = self.turn_start
        g.ending = self.ending
        g._legal_cache = None
        return g

    def to_scenario(self): from ..scenario.writer import to_scenario; return to_scenario(self)  # noqa: E702,E501

    def view(self, player: int) -> dict:
        """What ``player`` may see (CR 400.2: libraries and the opponent's hand are
        hidden; 402.3: a player may look at their own hand)."""
        from .view import view
        return view(self, player)

    # ------------------------------------------------------------ JSON
    def state_dict(self) -> dict:
        """The game's state (without setup and actions) as plain data."""
        return {
            "players": [p.to_dict() for p in self.players],
            "objects": [o.to_dict() for o in self.objects.values()],
            "battlefield": self.battlefield[:],
            "stack": [s.to_dict() for s in self.stack],
            "turn": self.turn, "active": self.active, "step": self.step,
            "priority": self.priority, "passes": self.passes,
            "pending": self.pending.to_dict() if self.pending else None,
            "cast": _cast_to_dict(self.cast),
            "combat": self.combat.to_dict() if self.combat else None,
            "effects": [e.to_dict() for e in self.effects],
            "rng": self.rng.state, "next_id": self.next_id, "timestamp": self.timestamp,
            "log": [list(e) for e in self.log],
            "over": self.over, "winner": self.winner, "stage": self.stage,
            "starting_player": self.starting_player, "loop_guard": self.loop_guard,
            "cleanup_again": self.cleanup_again,
            "waiting": [list(r) for r in self.waiting],
            "placing": [list(r) for r in self.placing],
            "tokens": [dict(t) for t in self.tokens],
            "links": [list(x) for x in self.links],
            "designations": _designations_json(self.designations),
            "faces": [[c, f] for c, f in self.faces.items()],
            "adventures": self.adventures[:],
            "turn_facts": _turn_facts.to_json(self.turn_facts),
            "cast_permits": [p[:] for p in self.cast_permits],
            "turn_start": self.turn_start,
            "ending": self.ending.to_json() if self.ending is not None else None,
        }

    def load_state_dict(self, d: dict) -> None:
        from .setup import token_definition
        self.tokens = [dict(t) for t in d.get("tokens", [])]
        self.token_defs = [token_definition(t) for t in self.tokens]
        self.links = [tuple(x) for x in d.get("links", [])]
        from .areas.designations import from_json as _designations
        self.designations = _designations(d.get("designations"))
        self.faces = {c: f for c, f in d.get("faces", [])}
        self.adventures = list(d.get("adventures", []))
        self.turn_facts = _turn_facts.from_json(d.get("turn_facts"))
        self.cast_permits = [list(p) for p in d.get("cast_permits", [])]
        self.players = [Player.from_dict(p) for p in d["players"]]
        self.objects = {}
        for od in d["objects"]:
            o = Obj.from_dict(od, self.card_definition(od["card"]))
            self.objects[o.oid] = o
        self.battlefield = list(d["battlefield"])
        self.stack = [StackItem.from_dict(s) for s in d["stack"]]
        self.turn, self.active, self.step = d["turn"], d["active"], d["step"]
        self.priority, self.passes = d["priority"], d["passes"]
        self.pending = Decision.from_dict(d["pending"]) if d["pending"] else None
        self.cast = _cast_from_dict(self, d["cast"])
        self.combat = Combat.from_dict(d["combat"]) if d["combat"] else None
        self.effects = [ContinuousEffect.from_dict(e) for e in d["effects"]]
        self.rng = Rng(0)
        self.rng.state = d["rng"]
        self.next_id, self.timestamp = d["next_id"], d["timestamp"]
        self.log = [tuple(e) for e in d["log"]]
        self.over, self.winner, self.stage = d["over"], d["winner"], d["stage"]
        self.starting_player, self.loop_guard = d["starting_player"], d["loop_guard"]
        self.cleanup_again = d["cleanup_again"]
        self.waiting = [tuple(r) for r in d.get("waiting", [])]
        self.placing = [tuple(r) for r in d.get("placing", [])]
        self.turn_start = d.get("turn_start", 0)
        self.ending = Ending.from_json(d["ending"]) if d.get("ending") else None
        self._legal_cache = None

    def to_json(self) -> str:
        """The whole game as JSON (format ``manastack.game/1``, see docs/json.md)."""
        s = self.setup
        return json.dumps({
            "format": JSON_FORMAT,
            "setup": {"decks": [list(s.decks[0]), list(s.decks[1])], "seed": s.seed,
                      "options": s.options.__dict__, "custom": list(s.custom),
                      "cards": list(s.cards), "owners": list(s.owners)},
            "state": self.state_dict(),
            "actions": [a.to_json() for a in self.actions],
        }, separators=(",", ":"))

    @staticmethod
    def from_json(text: str, max_bytes: int | None = None) -> "Game":
        """Rebuild a game from ``to_json`` output, losslessly. Anything that is not such
        a game (bad JSON, a wrong type, an impossible state) raises ``GameFormatError``
        (a ``ValueError``) naming the JSON path of the first problem (engine/game_format.py);
        ``max_bytes`` bounds the text (default 8 MB)."""
        from .game_format import MAX_GAME_JSON_BYTES, load_game
        return load_game(text, max_bytes or MAX_GAME_JSON_BYTES)

    def __repr__(self) -> str:
        return (f"<Game turn {self.turn} {self.step} active=P{self.active + 1} "
                f"decision={self.pending!r}>")


def _designations_json(d: dict) -> dict:
    from .areas.designations import to_json
    return to_json(d)


def _cast_to_dict(c: CastContext | None):
    return None if c is None else c.to_dict()


def _cast_from_dict(g: Game, d):
    if d is None:
        return None

    def make_snapshot(sd):
        snap = Game(g.setup)
        snap.load_state_dict(sd)
        return snap
    return CastContext.from_dict(d, make_snapshot)


def raise_illegal(rule: str, why: str):
    raise IllegalAction(f"CR {rule}: {why}")
