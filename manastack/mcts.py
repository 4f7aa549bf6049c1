"""A Monte Carlo search agent (name ``mcts``) built on ``Game.clone()``.

For each decision with more than one meaningful answer the agent:

1. builds a short list of candidate actions (every answer when there are few; for
   attacks and blocks, the heuristic player's declaration, "none", "all" and the
   heuristic declaration with one creature changed);
2. samples ``determinizations`` of the hidden information from what its player can see
   (CR 400.2): the opponent's hand and library are reshuffled together and dealt back,
   and its own library is reshuffled (the cards stay with their owners);
3. in each sampled world plays every candidate out (common random numbers: the same
   world and the same rollout seed for every candidate, so the comparison is fair) with
   the heuristic policy for both players (a little randomness mixed in) for a limited
   number of turns, on a clone that uses the engine's ``auto_pass`` option and no log;
4. scores the end position (1 win, 0 loss, 0.5 draw; otherwise a logistic of life,
   board and cards) and picks the candidate with the best mean, the heuristic's choice
   winning ties.

The budget is a fixed number of playouts per decision (``playouts``), and every random
choice comes from the agent's own seeded generator, so a seed gives the same game.
Forced decisions (one meaningful answer) and the opening mulligans are not searched.
"""

from __future__ import annotations

import dataclasses
import math
import time

from .agents import HeuristicAgent, creature_value, meaningful_actions
from .engine.actions import Action
from .engine.characteristics import is_creature, is_land
from .engine.rng import Rng


class RolloutAgent(HeuristicAgent):
    """The heuristic player with a small chance of a random meaningful action."""

    name = "rollout"

    def __init__(self, seed: int = 0, epsilon: float = 0.1) -> None:
        super().__init__(seed)
        self.epsilon = epsilon

    def choose(self, game) -> Action:
        if self.epsilon and self.rng.below(1000) < self.epsilon * 1000:
            acts = meaningful_actions(game)
            if len(acts) > 1:
                self.intent = None
                return acts[self.rng.below(len(acts))]
        return super().choose(game)


def determinize(g, me: int, rng: Rng) -> None:
    """Resample, in place on ``g`` (a clone), what player ``me`` cannot see: the
    opponent's hand and library are shuffled together and dealt back (same sizes), and
    ``me``'s own library is shuffled. The game's RNG is reseeded too."""
    defs = g.setup.definitions
    opp = g.players[1 - me]
    hand = [g.objects[o] for o in opp.hand]
    pool = [o.card for o in hand] + opp.library
    rng.shuffle(pool)
    for o, card in zip(hand, pool):
        if o.card != card:
            o.card = card
            o.defn = defs[card]
    opp.library = pool[len(hand):]
    rng.shuffle(g.players[me].library)
    g.rng.state = rng.next64()
    g._legal_cache = None


def evaluate(g, me: int, self_life_weight: float = 0.5) -> float:
    """The worth of a position for ``me`` in [0, 1]."""
    if g.over:
        if g.winner is None:
            return 0.5
        return 1.0 if g.winner == me else 0.0
    score = 0.0
    for p in (0, 1):
        sign = 1.0 if p == me else -1.0
        pl = g.players[p]
        life = pl.life
        # life matters more as it runs out
        score += sign * (self_life_weight * min(life, 20) + (0.5 * (6 - life) if life < 6 else 0.0))
        score += sign * 0.6 * len(pl.hand)
    lands = [0, 0]
    for oid in g.battlefield:
        o = g.objects[oid]
        sign = 1.0 if o.controller == me else -1.0
        if is_creature(o, g):
            score += sign * creature_value(g, o)
        elif is_land(o):
            lands[o.controller] += 1
        else:
            score += sign * 0.5 * o.defn.mana_value
    for p in (0, 1):
        sign = 1.0 if p == me else -1.0
        score += sign * 0.3 * min(lands[p], 6)
    return 1.0 / (1.0 + math.exp(-score / 4.0))


class MCTSAgent:
    """Determinised Monte Carlo search over candidate actions with short heuristic
    rollouts (see the module docstring). ``playouts`` is the budget per searched
    decision; ``rollout_turns`` how many turn changes a rollout may see."""

    name = "mcts"

    def __init__(self, seed: int = 0, playouts: int = 20, rollout_turns: int = 1,
                 epsilon: float = 0.1, max_candidates: int = 10,
                 max_rollout_decisions: int = 200, margin: float = 0.02,
                 life_weight: float = 0.5) -> None:
        self.margin = margin
        self.life_weight = life_weight
        self.rng = Rng(seed * 7919 + 17)
        self.policy = HeuristicAgent(seed)
        self.playouts = playouts
        self.rollout_turns = rollout_turns
        self.epsilon = epsilon
        self.max_candidates = max_candidates
        self.max_rollout_decisions = max_rollout_decisions
        self.searched = 0          # decisions searched
        self.search_seconds = 0.0  # time spent searching them
        self._fast = (None, None)

    # ------------------------------------------------------------ API
    def choose(self, game) -> Action:
        d = game.decision
        acts = meaningful_actions(game)
        if len(acts) == 1:
            return acts[0]
        if d.kind == "mulligan" or game.stage != "play":
            return self.policy.choose(game)
        t0 = time.perf_counter()
        base = self.policy.choose(game)
        cands = self.candidates(game, acts, base)
        if len(cands) == 1:
            return cands[0]
        best = self.search(game, cands)
        self.searched += 1
        self.search_seconds += time.perf_counter() - t0
        return best

    @property
    def seconds_per_search(self) -> float:
        return self.search_seconds / self.searched if self.searched else 0.0

    # ------------------------------------------------------------ candidates
    def candidates(self, game, acts, base: Action) -> list[Action]:
        kind = game.decision.kind
        out = [base]
        seen = {base}

        def add(a):
            if a not in seen and len(out) < self.max_candidates and a in acts:
                seen.add(a)
                out.append(a)
        if kind == "attackers":
            cands = tuple(game.pending.data["candidates"])
            add(Action("attack", choice=()))
            add(Action("attack", choice=cands))
            chosen = set(base.choice)
            for x in cands:
                ch = chosen ^ {x}
                add(Action("attack", choice=tuple(c for c in cands if c in ch)))
            return out
        if kind == "blockers":
            data = game.pending.data
            add(Action("block", choice=()))
            pairs = dict(base.choice)
            order = {b: i for i, b in enumerate(data["blockers"])}
            for b, opts in zip(data["blockers"], data["options"]):
                for att in [None] + list(opts):
                    if pairs.get(b) == att:
                        continue
                    p = dict(pairs)
                    if att is None:
                        p.pop(b, None)
                    else:
                        p[b] = att
                    add(Action("block", choice=tuple(sorted(p.items(),
                                                            key=lambda t: order[t[0]]))))
            return out
        n = len(acts)
        if n <= self.max_candidates:
            for a in acts:
                add(a)
            return out
        idx = list(range(n))
        self.rng.shuffle(idx)
        for i in idx[:self.max_candidates - 1]:
            add(acts[i])
        return out

    # ------------------------------------------------------------ search
    def _fast_setup(self, game):
        key, fast = self._fast
        if key is not game.setup:
            opts = dataclasses.replace(game.setup.options, auto_pass=True, log=False)
            fast = dataclasses.replace(game.setup, options=opts)
            self._fast = (game.setup, fast)
        return fast

    def search(self, game, cands: list[Action]) -> Action:
        me = game.decision.player
        fast = self._fast_setup(game)
        n = len(cands)
        worlds = max(2, -(-self.playouts // n))
        totals = [0.0] * n
        for _ in range(worlds):
            world = game.clone()
            world.log = []
            world.setup = fast
            determinize(world, me, self.rng)
            rollout_seed = self.rng.next64()
            for i, a in enumerate(cands):
                g = world.clone()
                totals[i] += self.rollout(g, a, me, rollout_seed)
        best = max(range(n), key=lambda i: (totals[i], -i))
        # the heuristic's choice stands unless the search finds something clearly better
        if (totals[best] - totals[0]) / worlds < self.margin:
            best = 0
        return cands[best]

    def rollout(self, g, action: Action, me: int, seed: int) -> float:
        g.apply(action)
        limit = g.turn + self.rollout_turns
        agents = (RolloutAgent(seed, self.epsilon), RolloutAgent(seed ^ 0x5DEECE66D, self.epsilon))
        n = 0
        while not g.over and g.turn <= limit and n < self.max_rollout_decisions:
            d = g.pending
            g.apply(agents[d.player].choose(g))
            n += 1
        return evaluate(g, me, self.life_weight)
