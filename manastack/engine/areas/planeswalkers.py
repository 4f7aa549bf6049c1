"""Planeswalkers (CR 306, 606): loyalty, loyalty abilities, damage and attacks.

* CR 306.5b: a planeswalker enters with loyalty counters equal to its printed loyalty
  (a replacement effect, so no "enters" event sees it without them).
* CR 306.5c: its loyalty on the battlefield is the number of loyalty counters on it.
* CR 606.3: a loyalty ability (CR 606.2: one with a loyalty symbol in its cost) is
  activated only as a sorcery and only if no loyalty ability of that permanent was
  activated this turn; CR 606.4: its cost puts on or removes loyalty counters; CR 606.6:
  a negative cost needs that many counters.
* CR 120.3c: damage dealt to a planeswalker removes that many loyalty counters.
* CR 704.5i: a planeswalker with loyalty 0 is put into its owner's graveyard.
* CR 506.2, 508.1b: a creature may attack a planeswalker an opponent controls instead of
  the player (the defending player is the planeswalker's controller); CR 510.1b: an
  unblocked creature deals its combat damage to the planeswalker it attacks.
"""

from __future__ import annotations

LOYALTY = "loyalty"
#: The continuous-effect layer name of the CR 606.3 record (ends with the turn).
LOYALTY_USED = "loyalty_ability_this_turn"


def is_planeswalker(g, o) -> bool:
    """CR 306.1: whether ``o`` is a planeswalker now (layer 4, CR 613.1d)."""
    from ..characteristics import card_types
    return "Planeswalker" in card_types(g, o)


def loyalty(o) -> int:
    """CR 306.5c: the loyalty of a planeswalker on the battlefield."""
    return (o.counters or {}).get(LOYALTY, 0)


def enters_with_loyalty(g, n) -> None:
    """CR 306.5b: a planeswalker enters with its printed loyalty in loyalty counters."""
    printed = n.defn.loyalty
    if printed is None or not is_planeswalker(g, n):
        return
    n.counters = dict(n.counters or {})
    n.counters[LOYALTY] = n.counters.get(LOYALTY, 0) + printed
    g.event("306.5b", f"{n.defn.name} enters with {printed} loyalty counter(s)")


def loyalty_ability_used(g, o) -> bool:
    """CR 606.3: whether a loyalty ability of ``o`` was activated this turn (the record
    is on the object, so a permanent that left and came back is a new one, CR 400.7)."""
    return any(e.layer == LOYALTY_USED and e.affected == o.oid for e in g.effects)


def record_loyalty_ability(g, o) -> None:
    """CR 606.3: remember until the turn ends that a loyalty ability of ``o`` was
    activated."""
    from ..effects import _add_effect
    _add_effect(g, layer=LOYALTY_USED, affected=o.oid, until="end_of_turn")


def why_not_loyalty(g, player: int, o, ab) -> str | None:
    """Why the loyalty ability ``ab`` of ``o`` can't be activated now (CR 606.3, 606.6),
    or None."""
    if loyalty_ability_used(g, o):
        return (f"606.3: a loyalty ability of {o.defn.name} has already been activated "
                "this turn")
    change = ab.cost.loyalty.change
    if change < 0 and loyalty(o) < -change:
        return (f"606.6: {o.defn.name} has {loyalty(o)} loyalty counter(s), fewer than the "
                f"{-change} the cost removes")
    return None


def pay_loyalty(g, o, cost, x: int = 0) -> None:
    """CR 606.4: pay a loyalty cost, putting on or removing loyalty counters (``x``: the
    X of a "−X" cost, CR 107.3)."""
    change = -x if cost.x else cost.change
    if change == 0:
        return
    o.counters = dict(o.counters or {})
    left = o.counters.get(LOYALTY, 0) + change
    if left > 0:
        o.counters[LOYALTY] = left
    else:
        o.counters.pop(LOYALTY, None)
    word = "put on" if change > 0 else "removed from"
    g.event("606.4", f"{abs(change)} loyalty counter(s) {word} {g.oname(o.oid)}")


def damage(g, o, amount: int, source_name: str) -> None:
    """CR 120.3c: damage dealt to a planeswalker removes that many loyalty counters."""
    o.counters = dict(o.counters or {})
    left = o.counters.get(LOYALTY, 0) - amount
    if left > 0:
        o.counters[LOYALTY] = left
    else:
        o.counters.pop(LOYALTY, None)
    g.event("120.3c", f"{source_name} deals {amount} damage to {g.oname(o.oid)}: "
            f"{amount} loyalty counter(s) removed")


def zero_loyalty(g) -> list:
    """CR 704.5i: the planeswalkers with loyalty 0, for the state-based action check
    (run after every action: the layer-4 type check is made only for a permanent with
    no loyalty that is printed a planeswalker or while some effect could change types)."""
    out = []
    for oid in g.battlefield:
        o = g.objects[oid]
        if loyalty(o) <= 0 and ("Planeswalker" in o.defn.types or g.effects) \
                and is_planeswalker(g, o):
            out.append((o, "704.5i", "has loyalty 0"))
    return out


def attackable(g, player: int) -> list[int]:
    """CR 508.1b: the planeswalkers ``player``'s creatures may attack (those their
    opponents control), in battlefield order."""
    return [oid for oid in g.battlefield if g.objects[oid].controller != player
            and is_planeswalker(g, g.objects[oid])]


def split_declaration(choice) -> tuple[tuple[int, ...], dict[int, int]]:
    """An attack declaration's attackers, and the planeswalker each of those that attack
    one attacks (CR 508.1b). An entry is an attacker's id (it attacks the defending
    player) or an ``(attacker, planeswalker)`` pair."""
    attackers: list[int] = []
    attacked: dict[int, int] = {}
    for entry in choice or ():
        if isinstance(entry, tuple):
            attackers.append(entry[0])
            attacked[entry[0]] = entry[1]
        else:
            attackers.append(entry)
    return tuple(attackers), attacked


def attack_recipient(g, attacker: int) -> int | None:
    """Who an unblocked attacker deals its combat damage to (CR 510.1b): the defending
    player, or the planeswalker it attacks; None when that planeswalker has been removed
    from combat (CR 506.4: it left the battlefield, changed controller or stopped being
    a planeswalker; 506.4c: the creature deals no combat damage)."""
    c = g.combat
    walker = c.attacked.get(attacker)
    if walker is None:
        return c.attackers[attacker]
    o = g.objects.get(walker)
    if (o is None or o.zone != "battlefield" or o.controller != c.attackers[attacker]
            or not is_planeswalker(g, o)):
        return None
    return walker


class AttackDeclarations:
    """A lazy view of the legal attack declarations: each required attacker (CR 508.1d)
    attacks the player or one of the planeswalkers (CR 508.1b), each other candidate
    doesn't attack or attacks one of them. With no planeswalkers these are the subsets
    of the candidates that hold every required attacker."""

    __slots__ = ("required", "others", "defenders")

    def __init__(self, required, others, planeswalkers) -> None:
        self.required = tuple(required)
        self.others = tuple(others)
        self.defenders = (None, *planeswalkers)   # None: the defending player

    def __len__(self) -> int:
        n = len(self.defenders)
        return n ** len(self.required) * (n + 1) ** len(self.others)

    def __getitem__(self, i: int):
        from ..actions import Action
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        n = len(self.defenders)
        out = []
        for oid in self.required:
            i, d = divmod(i, n)
            out.append(self._entry(oid, self.defenders[d]))
        for oid in self.others:
            i, d = divmod(i, n + 1)
            if d:
                out.append(self._entry(oid, self.defenders[d - 1]))
        return Action("attack", choice=tuple(out))

    @staticmethod
    def _entry(oid: int, walker):
        return oid if walker is None else (oid, walker)

    def __iter__(self):
        return (self[i] for i in range(len(self)))

    def __contains__(self, a: object) -> bool:
        from ..actions import Action
        if not (isinstance(a, Action) and a.kind == "attack" and a.obj is None
                and isinstance(a.choice, tuple)):
            return False
        if not all(isinstance(e, int) or isinstance(e, tuple) and len(e) == 2
                   and all(isinstance(x, int) for x in e) for e in a.choice):
            return False
        attackers, attacked = split_declaration(a.choice)
        return (len(set(attackers)) == len(attackers)
                and all(r in attackers for r in self.required)
                and all(x in self.required or x in self.others for x in attackers)
                and all(w in self.defenders for w in attacked.values()))
