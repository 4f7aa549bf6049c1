"""The legend rule (CR 704.5j), a state-based action with a choice.

CR 704.5j: if a player controls two or more legendary permanents with the same name,
that player chooses one of them, and the rest are put into their owners' graveyards.
The choice is a ``choose_cards`` decision (scenario format 1.1) whose answer holds the
one permanent kept of each name; when both players must choose, the active player
chooses first (CR 101.4, APNAP order). The choices are remembered on the players
(``Player.legend_keep``) until every player has made theirs, and then all the
state-based actions are performed at once (CR 704.3).
"""

from __future__ import annotations

from itertools import product

RULE = "704.5j"


def legend_groups(g, player: int) -> list[list[int]]:
    """CR 704.5j: the legendary permanents ``player`` controls, grouped by name, for each
    name shared by two or more of them (in battlefield order)."""
    by_name: dict[str, list[int]] = {}
    for oid in g.battlefield:
        o = g.objects[oid]
        # CR 205.4d: "legendary" is a supertype; CR 201.2: the name is the object's name.
        if o.controller == player and "Legendary" in o.defn.supertypes:
            by_name.setdefault(o.defn.name, []).append(oid)
    return [ids for ids in by_name.values() if len(ids) > 1]


def legend_rule(g) -> tuple[list, bool]:
    """CR 704.5j for the state-based action check: ``(to_graveyard, asked)``. The
    permanents to put into the graveyard come back once every player concerned has
    chosen; until then the next player to choose, in APNAP order, is asked (``asked``)."""
    from ..flow import ask
    order = (g.active, 1 - g.active)   # CR 101.4: APNAP order
    groups = {p: legend_groups(g, p) for p in order}
    for p in order:
        keep = g.players[p].legend_keep
        if groups[p] and not _answers(groups[p], keep):
            g.players[p].legend_keep = None
            ask(g, p, "choose_cards", {"purpose": "legend", "rule": RULE,
                                       "groups": groups[p]})
            return [], True
    out = []
    for p in order:
        keep = g.players[p].legend_keep
        g.players[p].legend_keep = None
        for ids in groups[p]:
            for oid in ids:
                if oid not in keep:
                    out.append((g.objects[oid], RULE, "shares its name with the legendary "
                                "permanent its controller kept (legend rule)"))
    return out, False


def _answers(groups, keep) -> bool:
    """Whether ``keep`` keeps exactly one permanent of each group."""
    if keep is None:
        return False
    return all(sum(1 for oid in ids if oid in keep) == 1 for ids in groups) and all(
        any(oid in ids for ids in groups) for oid in keep)


def legend_actions(d) -> list:
    """The legal answers: one permanent kept of each name (CR 704.5j)."""
    from ..actions import Action
    return [Action("choose", choice=c) for c in product(*d.data["groups"])]


def legend_answer_ok(d, choice) -> bool:
    """Whether ``choice`` (ids in any order) keeps exactly one permanent of each name."""
    return (isinstance(choice, tuple) and all(type(c) is int for c in choice)
            and len(set(choice)) == len(choice) == len(d.data["groups"])
            and _answers(d.data["groups"], choice))


def record_legend_choice(g, d, choice) -> None:
    """Remember the permanents kept; the next state-based action check puts the rest
    into the graveyard (with every other state-based action, CR 704.3)."""
    g.players[d.player].legend_keep = sorted(choice)
    names = ", ".join(g.oname(oid) for oid in sorted(choice))
    g.event(RULE, f"{g.pname(d.player)} keeps {names} (legend rule)")
