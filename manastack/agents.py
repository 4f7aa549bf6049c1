"""Agents that choose actions: uniformly random, a sensible heuristic player, and (in
``manastack.mcts``) a Monte Carlo tree search player.

An agent is any object with ``choose(game) -> Action``. Agents read only what their
player may see (their own hand, public zones); the MCTS agent determinises the rest.
"""

from __future__ import annotations

from .engine.characteristics import activated_abilities

from .engine.actions import AUTO, PASS, PAY, Action
from .engine.characteristics import has_keyword, is_creature, is_land, power, toughness
from .engine.rng import Rng


def _mana_ability(game, a) -> bool:
    return (a.kind == "activate"
            and activated_abilities(game, game.objects[a.obj])[a.ability - 1].mana_ability)


def meaningful_actions(game, acts=None):
    """The legal actions without mana abilities at priority (they are activated while
    paying) and, for a mana payment the engine can make, just that payment."""
    if acts is None:
        acts = game.legal_actions()
    kind = game.decision.kind
    if kind == "pay_mana":
        for a in acts:
            if a == AUTO or a == PAY:
                return [a]
    if kind == "priority":
        return [a for a in acts if not _mana_ability(game, a)]
    return acts


MAX_REPEATS = 3   # the same activation of one object, in one turn, that changed nothing


def _observable(game) -> tuple:
    """What the players can see of the game, but the stack: life, poison, zone sizes,
    mana pools and each permanent's state, power and toughness."""
    ps = tuple((p.life, p.poison, len(p.hand), len(p.library), len(p.graveyard),
                len(p.exile), tuple(p.pool)) for p in game.players)
    bf = []
    for oid in game.battlefield:
        o = game.objects[oid]
        pt = (power(game, o), toughness(game, o)) if is_creature(o, game) else ()
        bf.append((oid, o.tapped, o.damage, tuple(sorted(o.counters.items()))
                   if o.counters else (), o.attached_to, pt))
    return ps, tuple(bf)


class LoopGuard:
    """What keeps an agent from looping where the rules let it (issue 17): an
    announcement the engine reversed (CR 733.1: it couldn't be completed) is not chosen
    again in that turn, and one activation of one object is chosen at most
    ``MAX_REPEATS`` times in a turn unless the game changed visibly since its last
    activation (free, repeatable abilities such as {X} with X = 0)."""

    __slots__ = ("key", "reversed", "counts", "last")

    def __init__(self) -> None:
        self.key = None
        self.reversed: set = set()
        self.counts: dict = {}
        self.last = None   # (action, step, stack size, what was seen) of the last announcement

    def filter(self, game, acts) -> list:
        """The priority answers ``acts`` without the looping ones (passing stays)."""
        key = (id(game.setup), game.turn)
        if key != self.key:
            self.key, self.reversed, self.counts, self.last = key, set(), {}, None
        if self.last is not None:
            a, step, size, before = self.last
            self.last = None
            if game.step == step and len(game.stack) == size and a in acts \
                    and _observable(game) == before:
                self.reversed.add(a)   # back where it was announced: it was reversed
        out = []
        seen = None
        for a in acts:
            if a in self.reversed:
                continue
            if a.kind == "activate":
                n, before = self.counts.get((a.obj, a.ability), (0, None))
                if n >= MAX_REPEATS:
                    if seen is None:
                        seen = _observable(game)
                    if seen == before:
                        continue
            out.append(a)
        return out or [a for a in acts if a.kind == "pass"] or list(acts)

    def chose(self, game, a) -> None:
        """Note the priority answer ``a`` the agent is about to give."""
        if a.kind in ("cast", "activate"):
            seen = _observable(game)
            self.last = (a, game.step, len(game.stack), seen)
            if a.kind == "activate":
                n, _ = self.counts.get((a.obj, a.ability), (0, None))
                self.counts[(a.obj, a.ability)] = (n + 1, seen)


class RandomAgent:
    """Chooses uniformly among the legal actions, with two conveniences: mana abilities
    are left out at priority (they are activated while paying), and a mana payment is
    made automatically when the engine can; a ``LoopGuard`` keeps it from repeating
    reversed announcements and free activations that change nothing."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.guard = LoopGuard()

    def choose(self, game) -> Action:
        acts = meaningful_actions(game)
        if game.decision.kind == "priority":
            acts = self.guard.filter(game, acts)
            a = acts[self.rng.below(len(acts))]
            self.guard.chose(game, a)
            return a
        return acts[self.rng.below(len(acts))]


# ---------------------------------------------------------------- card knowledge

def spell_effects(defn):
    return defn.spell.effects if defn.spell is not None else ()


def burn_amount(defn) -> int:
    """Damage a spell deals to its target (0 when it is not a burn spell)."""
    from .compiler.abilities import DealDamage
    return max((e.amount for e in spell_effects(defn)
                if isinstance(e, DealDamage) and isinstance(e.amount, int)), default=0)


def pump_amount(defn) -> tuple[int, int]:
    """(+power, +toughness) a spell gives its target creature ((0, 0) if none)."""
    from .compiler.abilities import ModifyPowerToughness
    for e in spell_effects(defn):
        if isinstance(e, ModifyPowerToughness) and isinstance(e.power, int) \
                and isinstance(e.toughness, int) and e.power >= 0 and e.toughness >= 0 \
                and (e.power or e.toughness):
            return e.power, e.toughness
    return 0, 0


_KEYWORD_VALUE = {"flying": 1.5, "first strike": 1.0, "double strike": 2.0,
                  "deathtouch": 1.5, "lifelink": 1.0, "trample": 0.5, "vigilance": 0.5,
                  "reach": 0.5, "hexproof": 1.0, "indestructible": 2.0}


def creature_value(game, o) -> float:
    """A rough worth of a creature on the battlefield: stats, keywords, mana value."""
    v = power(game, o) + 0.5 * toughness(game, o) + 0.25 * o.defn.mana_value
    for k in o.defn.keywords:
        v += _KEYWORD_VALUE.get(k, 0.0)
    if o.defn.activated and any(ab.mana_ability for ab in o.defn.activated):
        v += 0.5   # mana creatures accelerate
    return v


def _creatures(game, player, untapped=False):
    out = []
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.controller == player and is_creature(o, game) and not (untapped and o.tapped):
            out.append(o)
    return out


def _lethal(game, o) -> int:
    """Damage that kills ``o`` now."""
    return max(0, toughness(game, o) - o.damage)


def _kills(game, src, o, extra_power=0) -> bool:
    p = power(game, src) + extra_power
    return p > 0 and (p >= _lethal(game, o) or has_keyword(game, src, "deathtouch"))


def _available_mana(game, player) -> int:
    """Untapped mana sources the player controls (lands and mana creatures), plus pool."""
    n = sum(game.players[player].pool)
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.controller != player or o.tapped:
            continue
        if any(ab.mana_ability and ab.cost.tap for ab in o.defn.activated):
            if is_creature(o, game) and o.sick and not has_keyword(game, o, "haste"):
                continue
            n += 1
    return n


class HeuristicAgent:
    """A sensible player: keeps a hand with a reasonable number of lands, plays a land
    every turn and spends its mana on the biggest spells it can (its curve), burns the
    opponent's face when that is lethal and their best creature otherwise, attacks when
    the attack doesn't throw a creature away (or when an all-out attack is lethal) while
    keeping enough blockers home, blocks where the block kills the attacker, survives or
    trades up (chump-blocking only to stay alive), and uses pump spells in combat where
    they win a fight, or to save a creature from burn."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.intent: tuple[int, int] | None = None   # (card index, target) of our spell
        self.guard = LoopGuard()

    def choose(self, game) -> Action:
        d = game.decision
        acts = game.legal_actions()
        k = d.kind
        me = d.player
        if k == "mulligan":
            return self._mulligan(game, me)
        if k == "pay_mana":
            for a in acts:
                if a == AUTO or a == PAY:
                    return a
            return acts[0]
        if k == "priority":
            a = self._priority(game, me, self.guard.filter(game, acts))
            self.guard.chose(game, a)
            return a
        if k == "targets":
            return self._target(game, me, acts)
        if k == "attackers":
            return self.attack(game, me)
        if k == "blockers":
            return self.block(game, me)
        if k in ("discard", "choose_cards") and game.pending.data.get("from") != "library":
            return self._discard(game, me, acts)
        if k == "yes_no":
            return Action("choose", choice=True)
        if k == "x":
            return acts[-1]
        return acts[0]

    # ------------------------------------------------------------ opening hand
    def _mulligan(self, game, me):
        p = game.players[me]
        lands = sum(1 for o in p.hand if is_land(game.objects[o]))
        n = len(p.hand)
        lo, hi = (2, 5) if p.mulligans == 0 else (1, 5)
        keep = lo <= lands <= min(hi, n - 1) or p.mulligans >= 2
        return Action("choose", choice="keep" if keep else "mulligan")

    def _discard(self, game, me, acts):
        """Keep lands near what the hand needs: bottom/discard surplus lands when the
        player has enough, else the most expensive spells."""
        p = game.players[me]
        lands_out = sum(
            1 for oid in game.battlefield
            if game.objects[oid].controller == me and is_land(game.objects[oid]))

        def score(a):
            kept = [o for o in p.hand if o not in a.choice]
            kl = sum(1 for o in kept if is_land(game.objects[o])) + lands_out
            want = 4 if game.stage != "play" or lands_out < 4 else 5
            curve = sum(game.objects[o].defn.mana_value for o in kept
                        if not is_land(game.objects[o]) and game.objects[o].defn.mana_value <= kl + 1)
            return -abs(kl - want) * 2 + curve * 0.1
        return max(acts, key=score)

    # ------------------------------------------------------------ priority
    def _priority(self, game, me, acts):
        self.intent = None
        opp = 1 - me
        stack = game.stack
        my_turn = game.active == me
        main = my_turn and game.step in ("main1", "main2") and not stack
        plays = [a for a in acts if a.kind == "play"]
        if plays and main:
            return plays[0]
        casts = [a for a in acts if a.kind == "cast"]
        if not casts:
            return PASS if PASS in acts else acts[0]
        # burn and pump decisions first (they may be made at instant speed)
        for a in self._instant_plays(game, me, opp, casts):
            return a
        if main:
            perms = []
            for a in casts:
                o = game.objects[a.obj]
                d = o.defn
                if d.is_permanent_card:
                    perms.append((d.mana_value, is_creature(o), a))
                elif "Sorcery" in d.types and not burn_amount(d) and pump_amount(d) == (0, 0):
                    perms.append((d.mana_value - 0.5, False, a))
            if perms:
                perms.sort(key=lambda t: (-t[0], not t[1]))
                return perms[0][2]
        return PASS if PASS in acts else acts[0]

    def _instant_plays(self, game, me, opp, casts):
        """Burn and pump spells worth casting now, best first (sets ``intent``)."""
        burns, pumps = [], []
        for a in casts:
            d = game.objects[a.obj].defn
            dmg = burn_amount(d)
            if dmg:
                burns.append((dmg, a))
                continue
            pp, pt = pump_amount(d)
            if pp or pt:
                pumps.append((pp, pt, a))
        top = game.stack[-1] if game.stack else None
        # save a creature of ours from the opponent's burn
        if pumps and top is not None and top.controller == opp and top.is_spell:
            src = game.objects.get(top.source)
            dmg = burn_amount(src.defn) if src else 0
            for t in top.targets:
                o = game.objects.get(t)
                if dmg and o is not None and o.controller == me and is_creature(o, game) \
                        and dmg >= _lethal(game, o):
                    for pp, pt, a in pumps:
                        if dmg < _lethal(game, o) + pt:
                            self.intent = (game.objects[a.obj].card, t)
                            return [a]
        if top is not None:
            return []
        # burn: face when lethal (alone or with the rest of the burn in hand), else
        # the best creature it kills
        if burns:
            life = game.players[opp].life
            mana = _available_mana(game, me)
            total = sum(dmg for dmg, _ in sorted(burns, key=lambda t: -t[0])[:max(mana, 1)])
            burns.sort(key=lambda t: -t[0])
            if life <= total and total > 0:
                dmg, a = burns[0]
                self.intent = (game.objects[a.obj].card, opp)
                return [a]
            best = None
            for o in _creatures(game, opp):
                if has_keyword(game, o, "hexproof") or has_keyword(game, o, "indestructible"):
                    continue
                for dmg, a in sorted(burns, key=lambda t: t[0]):   # cheapest burn that kills
                    if dmg >= _lethal(game, o):
                        v = creature_value(game, o) - 0.3 * dmg
                        if best is None or v > best[0]:
                            best = (v, a, o.oid)
                        break
            if best is not None and (best[0] >= 1.0 or len(burns) > 1):
                self.intent = (game.objects[best[1].obj].card, best[2])
                return [best[1]]
            # late: burn to the face when there is nothing to kill and the hand is full
            if game.active == me and game.step == "main2" and not _creatures(game, opp) \
                    and len(game.players[me].hand) >= 4:
                dmg, a = burns[0]
                self.intent = (game.objects[a.obj].card, opp)
                return [a]
        # pump: in combat, after blockers, where it changes a fight or is lethal
        c = game.combat
        if pumps and c is not None and game.step == "declare_blockers" and c.attackers:
            pp, pt, a = max(pumps, key=lambda t: t[0] + t[1])
            target = self._pump_target(game, me, opp, pp, pt)
            if target is not None:
                self.intent = (game.objects[a.obj].card, target)
                return [a]
        return []

    def _pump_target(self, game, me, opp, pp, pt):
        c = game.combat
        best = None
        unblocked = [a for a in c.attackers if a in game.objects and not c.blocked.get(a)]
        if game.active == me:
            dmg = sum(max(0, power(game, game.objects[a])) for a in unblocked)
            if unblocked and dmg < game.players[opp].life <= dmg + pp:
                return unblocked[0]
        for x in list(c.attackers) + list(c.blockers):
            o = game.objects.get(x)
            if o is None or o.controller != me:
                continue
            foes = (c.blocked.get(x, []) if x in c.attackers else c.blockers.get(x, []))
            foes = [game.objects[f] for f in foes if f in game.objects]
            if not foes:
                continue
            incoming = sum(max(0, power(game, f)) for f in foes)
            dies = incoming >= _lethal(game, o) and incoming > 0
            dies_p = incoming >= _lethal(game, o) + pt and incoming > 0
            kills = [f for f in foes if _kills(game, o, f)]
            kills_p = [f for f in foes if _kills(game, o, f, pp)]
            gain = 0.0
            if dies and not dies_p:
                gain += creature_value(game, o)
            if len(kills_p) > len(kills):
                gain += max(creature_value(game, f) for f in kills_p if f not in kills)
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, x)
        return best[1] if best else None

    # ------------------------------------------------------------ targets
    def _target(self, game, me, acts):
        opp = 1 - me
        ctx = game.cast
        if self.intent is not None and ctx is not None and ctx.card == self.intent[0]:
            want = (self.intent[1],)
            self.intent = None
            for a in acts:
                if a.choice == want:
                    return a
        defn = None
        if ctx is not None and ctx.card >= 0:
            defn = game.card_definition(ctx.card)
        elif game.stack:
            src = game.objects.get(game.stack[-1].source)
            defn = src.defn if src else None
        dmg = burn_amount(defn) if defn is not None else 0
        pp, pt = pump_amount(defn) if defn is not None else (0, 0)

        def tval(t):
            if t in (0, 1):
                return (t == opp) * (3 if dmg else 0) - (t == me) * 5
            o = game.objects.get(t)
            if o is None or not is_creature(o, game):
                return 0
            v = creature_value(game, o)
            mine = o.controller == me
            if dmg:
                if mine:
                    return -v - 5
                return v + (5 if dmg >= _lethal(game, o) else -2)
            if pp or pt:
                return v if mine else -v
            return -v if mine else v   # unknown effects: assume harmful
        scored = []
        for a in acts:
            ch = a.choice if isinstance(a.choice, tuple) else (a.choice,)
            scored.append((sum(tval(t) for t in ch if isinstance(t, int)), a))
        return max(scored, key=lambda t: t[0])[1]

    # ------------------------------------------------------------ combat
    def attack(self, game, me) -> Action:
        opp = 1 - me
        cands = [game.objects[x] for x in game.pending.data["candidates"]]
        blockers = [b for b in _creatures(game, opp, untapped=True)
                    if not any(s.kind == "cant_block" for s in b.defn.static)]
        life = game.players[opp].life
        from .engine.combat import can_block
        pump = self._pump_in_hand(game, me)
        chosen = []
        attackers = [o for o in cands if power(game, o) > 0]
        # all-out attack when it is lethal even if each blocker stops one attacker
        powers = sorted((power(game, o) for o in attackers), reverse=True)
        if attackers and sum(powers[len(blockers):]) >= life:
            return Action("attack", choice=tuple(o.oid for o in attackers))
        pump_used = False
        for o in sorted(attackers, key=lambda o: -creature_value(game, o)):
            bl = [b for b in blockers if can_block(game, b, o)]
            if not bl:
                chosen.append(o)
                continue
            v = creature_value(game, o)
            risky = False
            for b in bl:
                if _kills(game, b, o) and not (_kills(game, o, b) and creature_value(game, b) >= v - 0.5):
                    risky = True
                    break
            if not risky and len(bl) >= 2:
                ps = sorted((power(game, b) for b in bl), reverse=True)
                if ps[0] + ps[1] >= _lethal(game, o) and not any(_kills(game, o, b) for b in bl):
                    risky = True
            if risky and pump and not pump_used:
                pp, pt = pump
                if all(power(game, b) < _lethal(game, o) + pt or
                       (_kills(game, o, b, pp)) for b in bl):
                    risky = False
                    pump_used = True
            if not risky:
                chosen.append(o)
        # keep enough blockers home against the crack-back
        my_life = game.players[me].life
        threats = sorted((power(game, b) for b in _creatures(game, opp) if power(game, b) > 0),
                         reverse=True)
        while chosen:
            home = [o for o in _creatures(game, me) if o not in chosen and not o.tapped] \
                + [o for o in chosen if has_keyword(game, o, "vigilance")]
            dmg = sum(threats[len(home):])
            if dmg < my_life:
                break
            chosen.remove(max(chosen, key=lambda o: toughness(game, o) - power(game, o) * 0.1))
        ids = {o.oid for o in chosen}
        return Action("attack", choice=tuple(x for x in game.pending.data["candidates"] if x in ids))

    def _pump_in_hand(self, game, me):
        best = None
        mana = _available_mana(game, me)
        for oid in game.players[me].hand:
            d = game.objects[oid].defn
            pp, pt = pump_amount(d)
            if (pp or pt) and "Instant" in d.types and d.mana_value <= mana:
                if best is None or pp + pt > best[0] + best[1]:
                    best = (pp, pt)
        return best

    def block(self, game, me) -> Action:
        data = game.pending.data
        c = game.combat
        life = game.players[me].life
        options = {b: opts for b, opts in zip(data["blockers"], data["options"])}
        attackers = sorted((game.objects[a] for a in c.attackers if a in game.objects),
                           key=lambda o: -power(game, o))
        free = set(options)
        pairs = {}
        for a in attackers:
            va = creature_value(game, a)
            best = None
            for b in free:
                if a.oid not in options[b]:
                    continue
                bo = game.objects[b]
                vb = creature_value(game, bo)
                kills = _kills(game, bo, a)
                survives = not _kills(game, a, bo)
                if kills and survives:
                    score = 10 + va - 0.1 * vb
                elif survives:
                    score = 3 + power(game, a) * 0.5 - 0.1 * vb
                elif kills and va >= vb - 0.25:
                    score = 2 + va - vb
                else:
                    continue
                if best is None or score > best[0]:
                    best = (score, b)
            if best is not None:
                pairs[best[1]] = a.oid
                free.discard(best[1])

        def unblocked_damage():
            blocked = set(pairs.values())
            return sum(max(0, power(game, a)) for a in attackers if a.oid not in blocked)
        # chump only to stay alive: biggest unblocked attacker, cheapest blocker
        while unblocked_damage() >= life:
            blocked = set(pairs.values())
            open_att = [a for a in attackers if a.oid not in blocked]
            done = False
            for a in open_att:   # biggest first
                cands = [b for b in free if a.oid in options[b]]
                if cands:
                    b = min(cands, key=lambda x: creature_value(game, game.objects[x]))
                    pairs[b] = a.oid
                    free.discard(b)
                    done = True
                    break
            if not done:
                break
        order = {b: i for i, b in enumerate(data["blockers"])}
        return Action("block", choice=tuple(sorted(pairs.items(), key=lambda t: order[t[0]])))


def _load_agents():
    agents = {"random": RandomAgent, "heuristic": HeuristicAgent}
    try:
        from .mcts import MCTSAgent
    except ImportError:   # pragma: no cover
        pass
    else:
        agents["mcts"] = MCTSAgent
    return agents


AGENTS: dict = {"random": RandomAgent, "heuristic": HeuristicAgent}


def make_agent(name: str, seed: int = 0, **options):
    """An agent by name (``random``, ``heuristic``, ``mcts``); ``options`` go to its
    constructor (for ``mcts``: ``playouts``, ``rollout_turns``...)."""
    if "mcts" not in AGENTS:
        AGENTS.update(_load_agents())
    try:
        cls = AGENTS[name]
    except KeyError:
        raise ValueError(f"unknown agent {name!r} (known: {', '.join(AGENTS)})") from None
    return cls(seed, **options)


def play_game(game, agents, max_decisions: int = 100_000):
    """Let ``agents`` (one per player) play ``game`` to the end; returns the game. A game
    without decision limits of its own (``Options.max_decisions``) ends as a draw after
    ``max_decisions`` more decisions (``game.ended_by`` says so)."""
    n = 0
    while not game.is_over:
        d = game.decision
        game.apply(agents[d.player].choose(game))
        n += 1
        if n >= max_decisions and not game.is_over:
            from .engine.flow import end_by_decision_limit
            end_by_decision_limit(game, f"play_game's limit of {max_decisions} decisions "
                                  "reached")
    return game
