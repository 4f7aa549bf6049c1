"""Game state: players, objects, zones, the stack, combat (CR 400-405, 110, 302.6).

Flat structures of small ``__slots__`` objects with explicit ``copy()`` (DESIGN). Card
definitions are shared, immutable; only per-game facts live here. Libraries hold card
indices until a card leaves (an object is made when it does: CR 400.7 new objects).
"""

from __future__ import annotations

from ..compiler.abilities import CardDefinition

# Zones (CR 400.1)
LIBRARY, HAND, BATTLEFIELD, GRAVEYARD, STACK, EXILE = (
    "library", "hand", "battlefield", "graveyard", "stack", "exile")

STEPS = ("untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "combat_damage", "end_of_combat", "main2", "end", "cleanup")
STEP_INDEX = {s: i for i, s in enumerate(STEPS)}

# CR 122.1: the kinds of counters a player can have (poison, 122.1f; energy, 107.14;
# experience; rad, 122.1i; ticket, 107.17).
PLAYER_COUNTER_KINDS = ("poison", "energy", "experience", "rad", "ticket")

# Object ids start here; 0 and 1 name the two players wherever a player may be named
# among objects (targets, damage recipients).
FIRST_OBJECT_ID = 2


class Obj:
    """A card or token as an object in a zone (CR 109). A zone change makes a new Obj
    with a new ``oid``; ``card`` names the physical card (-1 for a token)."""

    __slots__ = ("oid", "card", "defn", "owner", "controller", "zone", "tapped", "sick",
                 "counters", "damage", "deathtouched", "attached_to", "timestamp", "x", "chosen",
                 "cast_alt", "kicked")

    def __init__(self, oid: int, card: int, defn: CardDefinition, owner: int, zone: str,
                 timestamp: int = 0) -> None:
        self.oid = oid
        self.card = card
        self.defn = defn
        self.owner = owner
        self.controller = owner
        self.zone = zone
        self.tapped = False
        # CR 302.6: True until its controller has controlled it continuously since the
        # start of their most recent turn.
        self.sick = False
        self.counters: dict[str, int] | None = None
        self.damage = 0
        self.deathtouched = False  # CR 704.5h: dealt damage by a deathtouch source
        self.attached_to: int | None = None
        self.timestamp = timestamp
        self.x = 0
        self.chosen: str | None = None   # a choice made as it entered/attached (CR 614.12)
        self.cast_alt: str | None = None  # the alternative cost it was cast for ("evoke")
        self.kicked = 0   # times its kicker cost was paid as it was cast (CR 702.33d)

    def copy(self) -> "Obj":
        o = Obj.__new__(Obj)
        o.oid = self.oid
        o.card = self.card
        o.defn = self.defn
        o.owner = self.owner
        o.controller = self.controller
        o.zone = self.zone
        o.tapped = self.tapped
        o.sick = self.sick
        o.counters = dict(self.counters) if self.counters else None
        o.damage = self.damage
        o.deathtouched = self.deathtouched
        o.attached_to = self.attached_to
        o.timestamp = self.timestamp
        o.x = self.x
        o.chosen = self.chosen
        o.cast_alt = self.cast_alt
        o.kicked = self.kicked
        return o

    @property
    def name(self) -> str:
        return self.defn.name

    def to_dict(self) -> dict:
        d = {"oid": self.oid, "card": self.card, "owner": self.owner,
             "controller": self.controller, "zone": self.zone}
        if self.tapped:
            d["tapped"] = True
        if self.sick:
            d["sick"] = True
        if self.counters:
            d["counters"] = dict(self.counters)
        if self.damage:
            d["damage"] = self.damage
        if self.deathtouched:
            d["deathtouched"] = True
        if self.attached_to is not None:
            d["attached_to"] = self.attached_to
        if self.timestamp:
            d["timestamp"] = self.timestamp
        if self.x:
            d["x"] = self.x
        if self.chosen is not None:
            d["chosen"] = self.chosen
        if self.cast_alt is not None:
            d["cast_alt"] = self.cast_alt
        if self.kicked:
            d["kicked"] = self.kicked
        return d

    @staticmethod
    def from_dict(d: dict, defn: CardDefinition) -> "Obj":
        o = Obj(d["oid"], d["card"], defn, d["owner"], d["zone"], d.get("timestamp", 0))
        o.controller = d["controller"]
        o.tapped = d.get("tapped", False)
        o.sick = d.get("sick", False)
        o.counters = dict(d["counters"]) if d.get("counters") else None
        o.damage = d.get("damage", 0)
        o.deathtouched = d.get("deathtouched", False)
        o.attached_to = d.get("attached_to")
        o.x = d.get("x", 0)
        o.chosen = d.get("chosen")
        o.cast_alt = d.get("cast_alt")
        o.kicked = d.get("kicked", 0)
        return o


class Player:
    """A player (CR 102): life, zones owned, mana pool (CR 106.4), lands played (CR 305.2)."""

    __slots__ = ("index", "life", "library", "hand", "graveyard", "exile", "pool",
                 "lands_played", "lost", "drew_from_empty", "mulligans", "kept", "declared",
                 "bottomed", "permanent_left", "poison", "drawn", "spells_cast",
                 "spells_last_turn", "turn_timestamp", "legend_keep", "counters", "replacing")

    def __init__(self, index: int, life: int = 20) -> None:
        self.index = index
        self.life = life
        self.library: list[int] = []   # card indices, top first
        self.hand: list[int] = []      # object ids
        self.graveyard: list[int] = []  # object ids, bottom first
        self.exile: list[int] = []
        self.pool = [0, 0, 0, 0, 0, 0]
        self.lands_played = 0
        self.lost = False
        self.drew_from_empty = False   # CR 704.5b
        self.mulligans = 0
        self.kept = False
        self.declared: str | None = None  # CR 103.5: this round's mulligan declaration
        self.bottomed = False
        self.permanent_left = False  # a permanent left the battlefield under their control
        #                              this turn (revolt)
        self.poison = 0   # poison counters (CR 122.1f; 704.5c)
        self.drawn = 0         # cards drawn this turn (CR 121.1; "for each card you've drawn")
        self.spells_cast = 0   # spells cast this turn (CR 601.2i; storm, CR 702.40a)
        self.turn_timestamp = 0   # the game's timestamp as this turn began ("entered this turn")
        self.spells_last_turn = 0   # spells cast during the previous turn (CR 502.2; werewolves)
        # CR 704.5j: the legendary permanents this player chose to keep, until the
        # state-based actions that wait for the other player's choice are performed.
        self.legend_keep: list[int] | None = None
        # CR 122.1: counters a player has other than poison (energy, CR 107.14;
        # experience; rad, 122.1i; ticket, 107.17), by kind; None when there are none.
        self.counters: dict[str, int] | None = None
        # CR 616.1: the replacement effect this player chose to apply first to a
        # permanent's destruction, [affected, source, ability] each, until it happens.
        self.replacing: list[list[int]] | None = None

    def copy(self) -> "Player":
        p = Player.__new__(Player)
        p.index = self.index
        p.life = self.life
        p.library = self.library[:]
        p.hand = self.hand[:]
        p.graveyard = self.graveyard[:]
        p.exile = self.exile[:]
        p.pool = self.pool[:]
        p.lands_played = self.lands_played
        p.lost = self.lost
        p.drew_from_empty = self.drew_from_empty
        p.mulligans = self.mulligans
        p.kept = self.kept
        p.declared = self.declared
        p.bottomed = self.bottomed
        p.permanent_left = self.permanent_left
        p.poison = self.poison
        p.drawn = self.drawn
        p.spells_cast = self.spells_cast
        p.turn_timestamp = self.turn_timestamp
        p.spells_last_turn = self.spells_last_turn
        p.legend_keep = self.legend_keep[:] if self.legend_keep is not None else None
        p.counters = dict(self.counters) if self.counters else None
        p.replacing = [r[:] for r in self.replacing] if self.replacing else None
        return p

    def counter(self, kind: str) -> int:
        """CR 122.1: how many counters of ``kind`` the player has (poison: 122.1f)."""
        if kind == "poison":
            return self.poison
        return (self.counters or {}).get(kind, 0)

    def set_counter(self, kind: str, n: int) -> None:
        """Give the player exactly ``n`` counters of ``kind`` (CR 122.1)."""
        if kind == "poison":
            self.poison = n
            return
        c = dict(self.counters or {})
        if n:
            c[kind] = n
        else:
            c.pop(kind, None)
        self.counters = c or None

    def to_dict(self) -> dict:
        out = {}
        for s in Player.__slots__:
            v = getattr(self, s)
            out[s] = ([list(x) if isinstance(x, list) else x for x in v] if isinstance(v, list)
                      else dict(v) if isinstance(v, dict) else v)
        return out

    @staticmethod
    def from_dict(d: dict) -> "Player":
        p = Player(d["index"])
        for s in Player.__slots__:
            v = d.get(s, getattr(p, s))
            setattr(p, s, [list(x) if isinstance(x, list) else x for x in v]
                    if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
        return p


class StackItem:
    """An object on the stack (CR 405): a spell (``ability`` is None; ``source`` is the
    card's object) or an activated/triggered ability (``ability`` indexes the source's
    activated abilities)."""

    __slots__ = ("oid", "source", "controller", "ability", "targets", "x", "source_card",
                 "mana_ability", "trigger", "info", "resolution")

    def __init__(self, oid: int, source: int, controller: int, ability: int | None,
                 targets: tuple = (), x: int = 0, source_card: int = -1) -> None:
        self.oid = oid
        self.source = source
        self.controller = controller
        self.ability = ability
        self.targets = targets
        self.x = x
        self.source_card = source_card
        self.mana_ability = False
        self.trigger: int | None = None   # index of a triggered ability (CR 603)
        self.info: dict = {}               # what a trigger remembers; resolution progress
        self.resolution = None             # continuation.Resolution of compiled instructions

    def copy(self) -> "StackItem":
        s = StackItem.__new__(StackItem)
        s.oid, s.source, s.controller, s.ability = self.oid, self.source, self.controller, self.ability
        s.targets, s.x, s.source_card, s.mana_ability = (self.targets, self.x, self.source_card,
                                                         self.mana_ability)
        s.trigger = self.trigger
        s.info = _copy_json(self.info) if self.info else {}
        s.resolution = self.resolution.copy() if self.resolution is not None else None
        return s

    @property
    def is_spell(self) -> bool:
        return self.ability is None and self.trigger is None

    def to_dict(self) -> dict:
        return {"oid": self.oid, "source": self.source, "controller": self.controller,
                "ability": self.ability, "targets": list(self.targets), "x": self.x,
                "source_card": self.source_card, "mana_ability": self.mana_ability,
                "trigger": self.trigger, "info": self.info,
                **({"resolution": self.resolution.to_dict()} if self.resolution is not None
                   else {})}

    @staticmethod
    def from_dict(d: dict) -> "StackItem":
        s = StackItem(d["oid"], d["source"], d["controller"], d["ability"],
                      tuple(d["targets"]), d["x"], d["source_card"])
        s.mana_ability = d["mana_ability"]
        s.trigger = d.get("trigger")
        s.info = dict(d.get("info") or {})
        if d.get("resolution") is not None:
            from .continuation import Resolution
            s.resolution = Resolution.from_dict(d["resolution"])
        return s


class Combat:
    """Combat facts for the turn (CR 506-511)."""

    __slots__ = ("attackers", "attacked", "blockers", "blocked", "first_strike_dealt",
                 "damage_kind", "assignments", "queue")

    def __init__(self) -> None:
        self.attackers: dict[int, int] = {}        # attacker oid -> defending player
        # CR 506.2 / 508.1b: attacker oid -> the planeswalker it attacks (absent: it
        # attacks the defending player)
        self.attacked: dict[int, int] = {}
        self.blockers: dict[int, list[int]] = {}   # blocker oid -> attackers it blocks
        self.blocked: dict[int, list[int]] = {}    # attacker oid -> its blockers (CR 509.1h)
        self.first_strike_dealt: list[int] = []    # creatures that dealt first-strike damage
        self.damage_kind: str | None = None        # "first" / "regular" (CR 510.4)
        self.assignments: dict[int, dict[int, int]] = {}  # creature -> recipient -> amount
        self.queue: list[int] = []                 # creatures whose division is still to ask

    def copy(self) -> "Combat":
        c = Combat.__new__(Combat)
        c.attackers = dict(self.attackers)
        c.attacked = dict(self.attacked)
        c.blockers = {k: v[:] for k, v in self.blockers.items()}
        c.blocked = {k: v[:] for k, v in self.blocked.items()}
        c.first_strike_dealt = self.first_strike_dealt[:]
        c.damage_kind = self.damage_kind
        c.assignments = {k: dict(v) for k, v in self.assignments.items()}
        c.queue = self.queue[:]
        return c

    def to_dict(self) -> dict:
        out = {"attackers": [[k, v] for k, v in self.attackers.items()]}
        if self.attacked:   # CR 508.1b (written only when a planeswalker is attacked)
            out["attacked"] = [[k, v] for k, v in self.attacked.items()]
        return out | {
                "blockers": [[k, v] for k, v in self.blockers.items()],
                "blocked": [[k, v] for k, v in self.blocked.items()],
                "first_strike_dealt": self.first_strike_dealt, "damage_kind": self.damage_kind,
                "assignments": [[k, [[r, a] for r, a in v.items()]]
                                for k, v in self.assignments.items()],
                "queue": self.queue}

    @staticmethod
    def from_dict(d: dict) -> "Combat":
        c = Combat()
        c.attackers = {k: v for k, v in d["attackers"]}
        c.attacked = {k: v for k, v in d.get("attacked", ())}
        c.blockers = {k: list(v) for k, v in d["blockers"]}
        c.blocked = {k: list(v) for k, v in d["blocked"]}
        c.first_strike_dealt = list(d["first_strike_dealt"])
        c.damage_kind = d["damage_kind"]
        c.assignments = {k: {r: a for r, a in v} for k, v in d["assignments"]}
        c.queue = list(d["queue"])
        return c


class Decision:
    """The one pending decision (DESIGN): who must choose what. Immutable once made."""

    __slots__ = ("player", "kind", "data")

    def __init__(self, player: int, kind: str, data: dict | None = None) -> None:
        self.player = player
        self.kind = kind
        self.data = data or {}

    def __repr__(self) -> str:
        return f"Decision(player={self.player}, kind={self.kind!r})"

    def to_dict(self) -> dict:
        return {"player": self.player, "kind": self.kind, "data": self.data}

    @staticmethod
    def from_dict(d: dict) -> "Decision":
        return Decision(d["player"], d["kind"], d["data"])


class CastContext:
    """A spell being cast, or an ability being activated, as data (CR 601.2 / 602.2 /
    605.3), so a paused cast can be cloned and serialised.

    ``kind``: ``spell``, ``ability``, ``trigger`` (choosing targets as it is put on the
    stack) or ``mana`` (a mana ability with costs to pay; it has no stack item).
    ``stage``: ``x``, ``targets``, ``cost``, ``pay``, ``costs`` (choice costs), ``done``.
    ``snapshot`` is the state before the announcement, restored if the process cannot
    be completed (CR 733); ``parent`` is the payment a mana ability interrupts."""

    __slots__ = ("item", "stage", "generic", "colored", "snapshot", "kind", "player",
                 "source", "card", "ability", "parent", "chosen", "resume")

    def __init__(self, item: int | None, stage: str, kind: str = "spell", player: int = 0,
                 source: int | None = None, card: int = -1, ability: int | None = None) -> None:
        self.item = item
        self.stage = stage
        self.generic = 0
        self.colored = [0] * 6
        self.snapshot = None
        self.kind = kind
        self.player = player
        self.source = source
        self.card = card
        self.ability = ability
        self.parent: CastContext | None = None
        self.chosen: list[list[int]] = []   # answers to choice costs, in order
        self.resume: int | None = None   # a resolving item to go on with afterwards

    def copy(self) -> "CastContext":
        c = CastContext(self.item, self.stage, self.kind, self.player, self.source, self.card,
                        self.ability)
        c.generic = self.generic
        c.colored = self.colored[:]
        c.snapshot = self.snapshot  # snapshots are never mutated: share
        c.parent = self.parent.copy() if self.parent else None
        c.chosen = [x[:] for x in self.chosen]
        c.resume = self.resume
        return c

    def to_dict(self) -> dict:
        return {"item": self.item, "stage": self.stage, "generic": self.generic,
                "colored": self.colored, "kind": self.kind, "player": self.player,
                "source": self.source, "card": self.card, "ability": self.ability,
                "chosen": self.chosen, "resume": self.resume,
                "parent": self.parent.to_dict() if self.parent else None,
                "snapshot": self.snapshot.state_dict() if self.snapshot is not None else None}

    @staticmethod
    def from_dict(d: dict, make_snapshot) -> "CastContext":
        c = CastContext(d["item"], d["stage"], d["kind"], d["player"], d["source"], d["card"],
                        d["ability"])
        c.generic, c.colored = d["generic"], list(d["colored"])
        c.chosen = [list(x) for x in d["chosen"]]
        c.resume = d.get("resume")
        c.parent = CastContext.from_dict(d["parent"], make_snapshot) if d["parent"] else None
        c.snapshot = make_snapshot(d["snapshot"]) if d["snapshot"] is not None else None
        return c


class ContinuousEffect:
    """A continuous effect from a resolved spell or ability (CR 611.2), applied in its
    layer (CR 613) by timestamp: ``2`` control (``controller``; ``previous`` is who
    controlled it before), ``6`` an ability gained (``keyword``), ``7c`` +P/+T, and
    ``requirement`` (CR 509.1c: ``affected`` must block ``data``). Immutable."""

    __slots__ = ("timestamp", "layer", "affected", "power", "toughness", "until",
                 "controller", "previous", "keyword", "data")

    def __init__(self, timestamp: int, layer: str, affected: int, power: int = 0,
                 toughness: int = 0, until: str = "end_of_turn", controller: int | None = None,
                 previous: int | None = None, keyword: str | None = None, data=None) -> None:
        self.timestamp = timestamp
        self.layer = layer
        self.affected = affected
        self.power = power
        self.toughness = toughness
        self.until = until
        self.controller = controller
        self.previous = previous
        self.keyword = keyword
        self.data = data

    def to_dict(self) -> dict:
        return {s: getattr(self, s) for s in ContinuousEffect.__slots__}

    @staticmethod
    def from_dict(d: dict) -> "ContinuousEffect":
        return ContinuousEffect(**d)


def _copy_json(v):
    """A copy of JSON-like data (dicts and lists copied all the way down), so that a
    cloned game's stack items never share resolution progress with the original."""
    if isinstance(v, dict):
        return {k: _copy_json(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_copy_json(x) for x in v]
    return v

