"""Actions: small values independent of any game (like python-chess's ``Move``).

``Action(kind, obj, ability, choice)``:

=========  ==================================================================
kind       meaning
=========  ==================================================================
pass       pass priority (CR 117.3d)
play       play a land (CR 305.1); ``obj`` is the card in hand
cast       cast a spell (CR 601.2); ``obj`` is the card
activate   activate ability number ``ability`` (from 1, CR 602/605) of ``obj``
choose     answer the pending decision with ``choice``
attack     declare attackers (CR 508.1): ``choice`` is a tuple of object ids
block      declare blockers (CR 509.1): ``choice`` is a tuple of (blocker, attacker)
pay        pay the locked-in cost from the mana pool (CR 601.2h)
auto       activate mana abilities chosen by the engine, then pay (CR 601.2g-h)
=========  ==================================================================
"""

from __future__ import annotations

from typing import Any


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message names the rule. The game is
    left exactly as it was (CR 733)."""


class MalformedAction(IllegalAction):
    """An action whose fields have the wrong types or sizes (``obj=True``, a choice
    holding a set): refused as it is made, naming the field."""


# Bounds on an action's answer (no decision asks for more): nesting and items.
MAX_CHOICE_DEPTH = 6
MAX_CHOICE_ITEMS = 100_000
_INT_LIMIT = 1 << 63


def _integer(v: Any, field: str) -> int:
    """An integer field: an int, or a float with an integral value (made an int); a bool
    or anything else is refused, naming ``field``."""
    t = type(v)
    if t is int:
        if -_INT_LIMIT <= v < _INT_LIMIT:
            return v
        raise MalformedAction(f"{field}: integer {v} is out of range")
    if t is float and v.is_integer() and abs(v) < _INT_LIMIT:
        return int(v)
    if t is bool:
        raise MalformedAction(f"{field}: expected an integer, got a bool ({v!r})")
    if hasattr(v, "__index__") and t is not float:   # numpy integers and the like
        return _integer(int(v.__index__()), field)
    raise MalformedAction(f"{field}: expected an integer, got {t.__name__} {_short(v)}")


def _short(v: Any) -> str:
    r = repr(v)
    return r if len(r) <= 60 else r[:57] + "..."


def freeze(v: Any, field: str = "choice", depth: int = 0) -> Any:
    """An answer as the hashable value actions hold: lists become tuples, a dict the
    tuple of its (key, value) pairs sorted by key, an integral float an int; a bool, a
    string and None stay. Anything else (a set, a non-integral float, an object) is
    refused with ``MalformedAction`` naming the field."""
    t = type(v)
    if v is None or t is str or t is bool:
        return v
    if t is int or t is float or (hasattr(v, "__index__") and not isinstance(v, bool)):
        return _integer(v, field)
    if depth >= MAX_CHOICE_DEPTH:
        raise MalformedAction(f"{field}: nested more than {MAX_CHOICE_DEPTH} deep")
    if isinstance(v, list | tuple):
        if len(v) > MAX_CHOICE_ITEMS:
            raise MalformedAction(f"{field}: more than {MAX_CHOICE_ITEMS} items")
        return tuple(freeze(x, f"{field}[{i}]", depth + 1) for i, x in enumerate(v))
    if isinstance(v, dict):
        if len(v) > MAX_CHOICE_ITEMS:
            raise MalformedAction(f"{field}: more than {MAX_CHOICE_ITEMS} items")
        pairs = [(freeze(k, f"{field} key", depth + 1), freeze(x, f"{field}[{k!r}]", depth + 1))
                 for k, x in v.items()]
        for k, _ in pairs:
            if type(k) not in (int, str):
                raise MalformedAction(f"{field}: a key must be an integer or a string, "
                                      f"got {type(k).__name__}")
        return tuple(sorted(pairs, key=lambda p: (type(p[0]) is str, p[0])))
    raise MalformedAction(f"{field}: expected a number, a string, a bool, a list or a "
                          f"mapping, got {t.__name__} {_short(v)}")


def holds_bool(v: Any) -> bool:
    """Whether a frozen answer holds a bool anywhere (only a yes/no answer may)."""
    if type(v) is bool:
        return True
    return type(v) is tuple and any(holds_bool(x) for x in v)


def _thaw(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_thaw(x) for x in v]
    return v


class Action:
    """One player action; hashable and comparable so ``action in legal_actions`` works.
    Its fields are checked and normalised as it is made (an integral float becomes an
    int; a bool is refused for ``obj`` and ``ability``), so equal actions have equal
    JSON; ``MalformedAction`` names a field of the wrong type. Immutable."""

    __slots__ = ("kind", "obj", "ability", "choice")

    KINDS = ("pass", "play", "cast", "activate", "choose", "attack", "block", "pay", "auto")

    def __init__(self, kind: str, obj: int | None = None, ability: int | None = None,
                 choice: Any = None) -> None:
        if kind not in Action.KINDS or type(kind) is not str:
            raise MalformedAction(f"kind: expected one of {', '.join(Action.KINDS)}, got "
                                  f"{_short(kind)}")
        setter = object.__setattr__
        setter(self, "kind", kind)
        setter(self, "obj", obj if obj is None or type(obj) is int and -_INT_LIMIT <= obj
               < _INT_LIMIT else _integer(obj, "obj"))
        setter(self, "ability", ability if ability is None or type(ability) is int
               and 0 <= ability < 1 << 31 else _integer(ability, "ability"))
        setter(self, "choice", freeze(choice))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("an Action is immutable: make a new one")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("an Action is immutable")

    def __copy__(self) -> "Action":
        return self

    def __deepcopy__(self, memo) -> "Action":
        return self

    def __reduce__(self):
        return (Action, (self.kind, self.obj, self.ability, _thaw(self.choice)))

    def _key(self):
        return (self.kind, self.obj, self.ability, self.choice)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        parts = [repr(self.kind)]
        if self.obj is not None:
            parts.append(f"obj={self.obj}")
        if self.ability is not None:
            parts.append(f"ability={self.ability}")
        if self.choice is not None:
            parts.append(f"choice={self.choice!r}")
        return f"Action({', '.join(parts)})"

    def to_json(self) -> dict:
        d: dict[str, Any] = {"kind": self.kind}
        if self.obj is not None:
            d["obj"] = self.obj
        if self.ability is not None:
            d["ability"] = self.ability
        if self.choice is not None:
            d["choice"] = _thaw(self.choice)
        return d

    @staticmethod
    def from_json(d: dict) -> "Action":
        """An action from its JSON object; ``MalformedAction`` (a ``ValueError``) for
        anything else, naming the field."""
        if not isinstance(d, dict):
            raise MalformedAction(f"expected an action object {{\"kind\": ...}}, got "
                                  f"{type(d).__name__} {_short(d)}")
        extra = set(d) - {"kind", "obj", "ability", "choice"}
        if extra:
            raise MalformedAction(f"unknown action field {sorted(map(str, extra))[0]!r}")
        if d.get("kind") not in Action.KINDS:
            raise MalformedAction(f"not an action: kind {_short(d.get('kind'))} is not one "
                                  f"of {', '.join(Action.KINDS)}")
        return Action(d["kind"], d.get("obj"), d.get("ability"), d.get("choice"))


PASS = Action("pass")
PAY = Action("pay")
AUTO = Action("auto")


class SubsetActions:
    """A lazy sequence of every subset of ``items`` as actions of ``kind`` (bitmask order).

    Declaring attackers has 2**n answers; this view enumerates them without building the
    list, supports ``len``, indexing and ``in`` (DESIGN: legal moves as a lazy view)."""

    __slots__ = ("kind", "items")

    def __init__(self, kind: str, items: list[int]) -> None:
        self.kind = kind
        self.items = items

    def __len__(self) -> int:
        return 1 << len(self.items)

    def __getitem__(self, i: int) -> Action:
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        return Action(self.kind, choice=tuple(x for b, x in enumerate(self.items) if i >> b & 1))

    def __iter__(self):
        return (self[i] for i in range(len(self)))

    def __contains__(self, a: object) -> bool:
        return (isinstance(a, Action) and a.kind == self.kind and a.obj is None
                and isinstance(a.choice, tuple) and len(set(a.choice)) == len(a.choice)
                and all(x in self.items for x in a.choice))


class ProductActions:
    """A lazy sequence of blocker declarations: each blocker picks none or one of its
    options (mixed-radix order), as ``block`` actions of (blocker, attacker) pairs."""

    __slots__ = ("blockers", "options")

    def __init__(self, blockers: list[int], options: list[list[int]]) -> None:
        self.blockers = blockers
        self.options = options

    def __len__(self) -> int:
        n = 1
        for o in self.options:
            n *= len(o) + 1
        return n

    def __getitem__(self, i: int) -> Action:
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        pairs = []
        for b, opts in zip(self.blockers, self.options):
            i, r = divmod(i, len(opts) + 1)
            if r:
                pairs.append((b, opts[r - 1]))
        return Action("block", choice=tuple(pairs))

    def __iter__(self):
        return (self[i] for i in range(len(self)))

    def __contains__(self, a: object) -> bool:
        if not isinstance(a, Action) or a.kind != "block" or not isinstance(a.choice, tuple):
            return False
        seen = set()
        order = {b: k for k, b in enumerate(self.blockers)}
        for pair in a.choice:
            if not (isinstance(pair, tuple) and len(pair) == 2):
                return False
            b, att = pair
            if b not in order or b in seen or att not in self.options[order[b]]:
                return False
            seen.add(b)
        return True
