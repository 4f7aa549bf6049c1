"""Agents that choose actions: uniformly random, and a simple heuristic player.

An agent is any object with ``choose(game) -> Action``.
"""

from __future__ import annotations

from .engine.actions import AUTO, PAY, Action
from .engine.characteristics import power, toughness
from .engine.rng import Rng


class RandomAgent:
    """Chooses uniformly among the legal actions, with two conveniences: mana abilities
    are left out at priority (they are activated while paying), and a mana payment is
    made automatically when the engine can."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game) -> Action:
        acts = game.legal_actions()
        kind = game.decision.kind
        if kind == "pay_mana":
            for a in acts:
                if a is AUTO or a is PAY or a == AUTO or a == PAY:
                    return a
        if kind == "priority":
            acts = [a for a in acts if not (a.kind == "activate" and game.objects[a.obj]
                                            .defn.activated[a.ability - 1].mana_ability)]
        return acts[self.rng.below(len(acts))]


class HeuristicAgent:
    """A simple sensible player: keeps its hand, plays a land, casts the most expensive
    spell it can, burns creatures it can kill or the opponent's face, attacks when the
    attack doesn't lose the creature for nothing, and blocks when the block trades well."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game) -> Action:
        d = game.decision
        acts = game.legal_actions()
        k = d.kind
        if k == "mulligan":
            hand = game.players[d.player].hand
            lands = sum(1 for o in hand if "Land" in game.objects[o].defn.types)
            want = "keep" if 2 <= lands <= 5 or game.players[d.player].mulligans >= 2 else "mulligan"
            return Action("choose", choice=want)
        if k == "pay_mana":
            for a in acts:
                if a == AUTO or a == PAY:
                    return a
            return acts[0]
        if k == "priority":
            return self._priority(game, d.player, acts)
        if k == "targets":
            return self._target(game, d.player, acts)
        if k == "attackers":
            return self._attack(game, d.player, acts)
        if k == "blockers":
            return self._block(game, d.player, acts)
        if k in ("discard", "choose_cards"):
            return self._discard(game, d.player, acts)
        return acts[0]

    def _priority(self, game, me, acts):
        plays = [a for a in acts if a.kind == "play"]
        if plays:
            return plays[0]
        casts = [a for a in acts if a.kind == "cast"]
        spells = []
        for a in casts:
            o = game.objects[a.obj]
            instant = "Instant" in o.defn.types
            if instant and not self._instant_worth(game, me, o):
                continue
            spells.append((o.defn.mana_value, a))
        if spells:
            spells.sort(key=lambda t: -t[0])
            return spells[0][1]
        return acts[0]

    def _instant_worth(self, game, me, o) -> bool:
        spell = o.defn.spell
        if spell is None:
            return False
        from .compiler.abilities import DealDamage, ModifyPowerToughness
        opp = 1 - me
        for e in spell.effects:
            if isinstance(e, DealDamage):
                if game.players[opp].life <= e.amount:
                    return True
                return any(self._killable(game, oid, e.amount, opp) for oid in game.battlefield)
            if isinstance(e, ModifyPowerToughness):
                # pump during combat, when our creature is in combat
                c = game.combat
                return bool(c and game.step in ("declare_blockers",) and
                            any(game.objects[a].controller == me for a in
                                list(c.attackers) + list(c.blockers) if a in game.objects))
        return True

    def _killable(self, game, oid, dmg, opp) -> bool:
        o = game.objects[oid]
        return (o.controller == opp and "Creature" in o.defn.types
                and toughness(game, o) - o.damage <= dmg)

    def _target(self, game, me, acts):
        opp = 1 - me
        item = game.stack[-1]
        src = game.objects.get(item.source)
        from .compiler.abilities import DealDamage
        effects = src.defn.spell.effects if src and src.defn.spell else ()
        if any(isinstance(e, DealDamage) for e in effects):
            dmg = max(e.amount for e in effects if isinstance(e, DealDamage))
            if game.players[opp].life <= dmg:
                for a in acts:
                    if a.choice == (opp,):
                        return a
            best = None
            for a in acts:
                t = a.choice[0]
                if t >= 2 and self._killable(game, t, dmg, opp):
                    val = power(game, game.objects[t])
                    if best is None or val > best[0]:
                        best = (val, a)
            if best:
                return best[1]
            for a in acts:
                if a.choice == (opp,):
                    return a
        for a in acts:   # pump: our best creature
            t = a.choice[0]
            if t >= 2 and game.objects[t].controller == me:
                return a
        return acts[0]

    def _attack(self, game, me, acts):
        opp = 1 - me
        blockers = [game.objects[o] for o in game.battlefield
                    if game.objects[o].controller == opp and "Creature" in game.objects[o].defn.types
                    and not game.objects[o].tapped]
        chosen = []
        for oid in game.pending.data["candidates"]:
            o = game.objects[oid]
            p, t = power(game, o), toughness(game, o)
            if p <= 0:
                continue
            # attack if no untapped blocker could kill it without dying, or it trades up
            safe = all(power(game, b) < t or toughness(game, b) <= p for b in blockers)
            if safe or not blockers:
                chosen.append(oid)
        return Action("attack", choice=tuple(x for x in game.pending.data["candidates"] if x in chosen))

    def _block(self, game, me, acts):
        data = game.pending.data
        pairs = []
        used = set()
        life = game.players[me].life
        incoming = sum(power(game, game.objects[a]) for a in game.combat.attackers)
        for b, opts in zip(data["blockers"], data["options"]):
            bo = game.objects[b]
            best = None
            for a in opts:
                if a in used:
                    continue
                ao = game.objects[a]
                kills = power(game, bo) >= toughness(game, ao)
                survives = power(game, ao) < toughness(game, bo)
                if survives or (kills and power(game, ao) >= power(game, bo)) or incoming >= life:
                    score = (survives, kills, power(game, ao))
                    if best is None or score > best[0]:
                        best = (score, a)
            if best:
                pairs.append((b, best[1]))
                used.add(best[1])
        return Action("block", choice=tuple(pairs))

    def _discard(self, game, me, acts):
        # discard the most expensive cards first when over the hand size
        return acts[-1]


AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent}


def make_agent(name: str, seed: int = 0):
    try:
        return AGENTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown agent {name!r} (known: {', '.join(AGENTS)})") from None


def play_game(game, agents, max_decisions: int = 100_000):
    """Let ``agents`` (one per player) play ``game`` to the end; returns the game."""
    n = 0
    while not game.is_over:
        d = game.decision
        game.apply(agents[d.player].choose(game))
        n += 1
        if n > max_decisions:
            raise RuntimeError("game did not end")
    return game
