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


def _freeze(v: Any) -> Any:
    if isinstance(v, list | tuple):
        return tuple(_freeze(x) for x in v)
    if isinstance(v, dict):
        return tuple(sorted((k, _freeze(x)) for k, x in v.items()))
    return v


def _thaw(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_thaw(x) for x in v]
    return v


class Action:
    """One player action; hashable and comparable so ``action in legal_actions`` works."""

    __slots__ = ("kind", "obj", "ability", "choice")

    KINDS = ("pass", "play", "cast", "activate", "choose", "attack", "block", "pay", "auto")

    def __init__(self, kind: str, obj: int | None = None, ability: int | None = None,
                 choice: Any = None) -> None:
        self.kind = kind
        self.obj = obj
        self.ability = ability
        self.choice = _freeze(choice)

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
        if not isinstance(d, dict) or d.get("kind") not in Action.KINDS:
            raise ValueError(f"not an action: {d!r}")
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
