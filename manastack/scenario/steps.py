"""Running the steps of a scenario's ``do`` script against a game.

Each step becomes one or more engine actions. ``Rejected`` means the engine (or the
runner, acting for it on a step it can't take) refused the step: it passes only with
``error: true``. ``StepFailed`` fails the scenario. ``NotAnswered`` is strict mode: the
engine waits for a decision the step does not answer.
"""

from __future__ import annotations

from ..engine.characteristics import activated_abilities

from ..engine.actions import AUTO, PASS, PAY, Action, IllegalAction
from ..engine.state import STEP_INDEX
from ..mana import NAME_TO_SYMBOL, TYPE_INDEX, parse_symbols
from .refs import PLAYERS, RefError, card_name, card_of, describe, resolve

MAX_PASSES = 5000


class Rejected(Exception):
    """The step is an illegal action."""


class StepFailed(Exception):
    """The scenario fails at this step."""


class NotAnswered(Exception):
    """Strict mode: the pending decision is not what this step answers."""


# options answering decisions the engine may not ask yet: an option left unused fails the
# step with "not supported yet"
LATE_OPTIONS = ("mode", "alternative", "additional", "hybrid", "phyrexian")
COST_CHOICE_KEYS = ("alternative", "additional", "hybrid", "phyrexian")
# decision kinds of cost choices (CR 118.3) -> the step option that answers them
COST_KINDS = {"sacrifice": "sacrifice", "tap": "tap", "return": "return",
              "discard_cost": "discard", "exile": "exile"}
MANA_KINDS = ("color", "mana_type", "mana_combination")


def in_first_strike_step(g) -> bool:
    """CR 510.4: whether the game is in a first-strike combat damage step."""
    return g.step == "combat_damage" and g.combat is not None and \
        g.combat.damage_kind == "first"


def pname(p: int) -> str:
    return f"p{p + 1}"


def pending_text(g) -> str:
    d = g.pending
    if g.over:
        return "the game is over"
    if d is None:
        return "nothing is pending"
    return f"{pname(d.player)} to decide {d.kind}"


class Runner:
    """Holds the game of a running scenario and takes steps on it."""

    def __init__(self, game, table) -> None:
        self.g = game
        self.table = table
        self.stack_at_start: list[int] = []
        self.actor: int | None = None   # the player taking the current step
        self.used: set[str] = set()     # the options the last announcement used

    # ------------------------------------------------------------ helpers
    def ref(self, r, players=True) -> int:
        try:
            return resolve(self.g, self.table, r, self.stack_at_start, allow_players=players)
        except RefError as e:
            # the card exists (references were checked on loading) but can't be named
            # now (it is in a library, or the stack is shorter): an illegal action
            raise Rejected(str(e)) from None

    def name(self, oid: int) -> str:
        return describe(self.g, self.table, oid)

    def apply(self, action: Action) -> None:
        g = self.g
        before = g.clone()
        try:
            if self.actor is None:
                g.apply(action)
            else:
                g.apply(action, player=self.actor)
        except IllegalAction as e:
            if _state(g) != _state(before):
                raise StepFailed(f"the engine rejected {action!r} ({e}) but changed the game "
                                 "state") from None
            raise Rejected(str(e)) from None

    def expect(self, player: int | None, kinds) -> None:
        """Strict mode: the pending decision must be one of ``kinds`` for ``player``."""
        g = self.g
        d = g.pending
        if g.over:
            raise NotAnswered("the game is over")
        if d is None or d.kind not in kinds or (player is not None and d.player != player):
            raise NotAnswered(f"the engine is waiting for {pending_text(g)}, which this step "
                              "does not answer")

    # ------------------------------------------------------------ steps
    def run_step(self, step) -> None:
        g = self.g
        self.stack_at_start = [s.oid for s in g.stack]
        self.actor = None
        if step == "pass":
            self.expect(None, ("priority",))
            self.apply(PASS)
            return
        if step == "resolve":
            self.resolve()
            return
        if "advance" in step:
            self.advance(step["advance"])
            return
        (pkey, body), = ((k, v) for k, v in step.items() if k in PLAYERS)
        p = PLAYERS[pkey]
        self.actor = p
        for k in ("play", "cast", "activate", "mana", "choose", "attack", "block"):
            if k in body:
                getattr(self, "do_" + k)(p, body)
                return
        raise StepFailed(f"no action in step {body!r}")

    def do_play(self, p, body) -> None:
        oid = self.ref(body["play"], players=False)
        self.expect(p, ("priority",))
        self.apply(Action("play", oid, choice=body.get("face")))

    def do_cast(self, p, body) -> None:
        self._unsupported(body)
        oid = self.ref(body["cast"], players=False)
        self.expect(p, ("priority",))
        card = self.g.objects[oid].card
        before = len(self.g.stack)
        self.apply(Action("cast", oid, choice=body.get("face")))
        # (a prepared permanent's spell is cast as a copy, another object: CR 722.3c)
        if len(self.g.stack) <= before or (self.g.stack[before].source_card != card
                                           and body.get("face") is None):
            raise Rejected(self._reversal_reason("the cast"))
        self._answer_announcement(p, body, self.g.stack[before].oid)

    def do_activate(self, p, body) -> None:
        self._unsupported(body)
        oid = self.ref(body["activate"], players=False)
        o = self.g.objects[oid]
        acts = activated_abilities(self.g, o)
        n = body.get("ability")
        if n is None:
            nonmana = [i for i, ab in enumerate(acts, 1) if not ab.mana_ability]
            if len(nonmana) != 1:
                raise Rejected(f"{self.name(oid)} has {len(nonmana)} activated abilities that "
                               "are not mana abilities; say which with `ability: N`")
            n = nonmana[0]
        if not 1 <= n <= len(acts):
            raise Rejected(f"CR 602.1: {self.name(oid)} has no activated ability number {n}")
        if acts[n - 1].mana_ability or acts[n - 1].timing.startswith("special"):
            # CR 605.3a: a mana ability doesn't use the stack; its costs are still paid.
            # CR 116.2h / 116.2k: nor does a special action (plot, foretell).
            self._mana(p, oid, n)
            self._answer_options(p, body)
            return
        self.expect(p, ("priority",))
        before = len(self.g.stack)
        self.apply(Action("activate", oid, n))
        if len(self.g.stack) <= before:
            raise Rejected(self._reversal_reason("the activation"))
        self._answer_announcement(p, body, self.g.stack[before].oid)

    def do_mana(self, p, body) -> None:
        oid = self.ref(body["mana"], players=False)
        o = self.g.objects[oid]
        n = body.get("ability")
        if n is None:
            mana = [i for i, ab in enumerate(activated_abilities(self.g, o), 1) if ab.mana_ability]
            if not mana:
                raise Rejected(f"CR 605.1a: {self.name(oid)} has no mana ability")
            n = mana[0]
        elif not (1 <= n <= len(activated_abilities(self.g, o))) or not activated_abilities(self.g, o)[n - 1].mana_ability:
            raise Rejected(f"CR 605.1a: ability {n} of {self.name(oid)} is not a mana ability")
        self._mana(p, oid, n)

    def _mana(self, p, oid, n) -> None:
        self.expect(p, ("priority", "pay_mana"))
        self.apply(Action("activate", oid, n))

    def do_choose(self, p, body) -> None:
        ans = body["choose"]
        g = self.g
        d = g.pending
        if d is None or g.over or d.kind == "priority" or d.player != p:
            raise NotAnswered(f"the engine is waiting for {pending_text(g)}, which `choose` "
                              "by " + pname(p) + " does not answer")
        self.answer(p, d.kind, ans)

    def do_attack(self, p, body) -> None:
        refs = body["attack"]
        g = self.g
        if isinstance(refs, dict):
            # CR 508.1b: {ATTACKER: DEFENDER}; attacking the defending player is the bare
            # id, a planeswalker an (attacker, planeswalker) pair.
            entries = []
            for att, defender in refs.items():
                oid, to = self.ref(att, players=False), self.ref(defender)
                entries.append(oid if to == 1 - g.active else (oid, to))
            oids = tuple(entries)
        else:
            oids = tuple(self.ref(r, players=False) for r in refs)
        d = g.pending
        if (not oids and d is not None and d.kind == "priority" and g.step == "declare_attackers"
                and g.active == p and g.combat is not None and not g.combat.attackers):
            return   # the declaration had one legal answer and was not asked
        self.expect(p, ("attackers",))
        self.apply(Action("attack", choice=oids))

    def do_block(self, p, body) -> None:
        pairs = tuple((self.ref(b, players=False), self.ref(a, players=False))
                      for b, a in body["block"].items())
        g = self.g
        d = g.pending
        if (not pairs and d is not None and d.kind == "priority" and g.step == "declare_blockers"
                and g.combat is not None and not g.combat.blockers):
            return
        self.expect(p, ("blockers",))
        self.apply(Action("block", choice=pairs))

    def resolve(self) -> None:
        g = self.g
        self.expect(None, ("priority",))
        if not g.stack:
            raise Rejected("`resolve`: the stack is empty")
        target = g.stack[-1].oid
        for _ in range(MAX_PASSES):
            if g.over or all(s.oid != target for s in g.stack):
                return
            if g.pending is None or g.pending.kind != "priority":
                return   # a decision while resolving: the next step answers it
            self.apply(PASS)
        raise StepFailed("`resolve` passed too many times: the object never left the stack")

    def advance(self, step: str) -> None:
        g = self.g
        self.expect(None, ("priority",))
        start_turn, start_idx = g.turn, STEP_INDEX[g.step]
        # format 1.1: `first_strike_damage` is the combat damage step CR 510.4 adds; it
        # stops only there (`combat_damage` stops at the first damage step of either kind)
        first = step == "first_strike_damage"
        engine_step = "combat_damage" if first else step
        for _ in range(MAX_PASSES):
            if g.over:
                return
            if g.step == engine_step and (g.turn > start_turn
                                          or STEP_INDEX[engine_step] > start_idx) and (
                    not first or in_first_strike_step(g)):
                return
            d = g.pending
            if d is None or d.kind != "priority":
                return   # stops early at any other decision
            n = len(g.stack)
            self.apply(PASS)
            if len(g.stack) > n:
                return   # an object was put on the stack
        raise StepFailed(f"`advance: {step}` never reached {step}")

    # ------------------------------------------------------------ casting
    def _unsupported(self, body) -> None:
        """Options are checked after the announcement (``_answer_announcement``)."""

    def _reversal_reason(self, what: str) -> str:
        log = self.g.log
        last = next((f"CR {r}: {t}" for r, t in reversed(log) if r == "733.1"), None)
        return f"{what} was reversed" + (f" ({last})" if last else "")

    def _answer_options(self, p, opts: dict, mana=None) -> None:
        """Answer, from a step's options, each decision of CR 601.2 / 602.2 / 605 that
        ``p`` is asked while the options last (X, targets, payment, cost choices, mana)."""
        g = self.g
        targets = [self.ref(r) for r in opts["targets"]] if "targets" in opts else None
        given = 0
        used: set[str] = set()
        # CR 601.2: the options answer the decisions of this announcement only; once it
        # is over, a triggered ability it caused (CR 603.3) asks in the next step.
        start = _cast_key(g.cast)
        for _ in range(1000):
            d = g.pending
            if d is None or g.over or d.player != p:
                return
            if start is not None and not _in_cast(g.cast, start):
                self.used = used
                return
            k = d.kind
            if k == "x" and "x" in opts and "x" not in used:
                used.add("x")
                self.apply(Action("choose", choice=opts["x"]))
            elif k == "targets" and targets is not None and max(
                    given, self._chosen_so_far()) < len(targets):
                # target phrases with one legal answer were not asked: their targets
                # are already chosen, and the list goes on after them
                given = max(given, self._chosen_so_far())
                group = self._target_group(d, targets[given:])
                if group is None:
                    raise Rejected(f"CR 601.2c: too few targets given ({len(targets)})")
                self.apply(Action("choose", choice=group))
                given += len(group)
            elif k == "targets" and targets is not None and g.cast is not None:
                raise Rejected(f"CR 601.2c: more targets are asked than the {len(targets)} given")
            elif k == "pay_mana" and "pay" in opts and "pay" not in used:
                used.add("pay")
                self.pay(p, opts["pay"])
            elif COST_KINDS.get(k) in opts and COST_KINDS[k] not in used:
                used.add(COST_KINDS[k])
                self.apply(Action("choose", choice=tuple(
                    self.ref(r, players=False) for r in opts[COST_KINDS[k]])))
            elif k in MANA_KINDS and mana is not None and "mana" not in used:
                used.add("mana")
                self.answer(p, k, mana)
            elif k == "mode" and "mode" in opts and "mode" not in used:
                used.add("mode")
                self.answer(p, k, opts["mode"])
            elif k == "cost_choice" and any(c in opts and c not in used for c in COST_CHOICE_KEYS):
                used.update(COST_CHOICE_KEYS)
                self.answer(p, k, {c: opts[c] for c in COST_CHOICE_KEYS if c in opts})
            else:
                self.used = used
                return
        self.used = used

    def _answer_announcement(self, p, body, item_oid: int) -> None:
        """Answer the decisions of CR 601.2 / 602.2 from the step's options, then check
        that options naming an unasked decision named its only answer."""
        g = self.g
        self._answer_options(p, body)
        item = next((s for s in g.stack if s.oid == item_oid), None)
        for k in LATE_OPTIONS:
            if k in body and k not in self.used:
                # The contract: an option may name the only legal answer to a decision
                # that was therefore not asked; any other value is rejected.
                taken = None
                if item is not None:
                    if k == "mode":
                        taken = item.info.get("modes")
                    else:
                        taken = item.info.get("cost_choice", {}).get(k)
                if taken is None:
                    raise StepFailed(f"not supported yet: {k} (the engine asked no decision "
                                     "it answers)")
                want = body[k]
                if isinstance(want, (list, tuple)):
                    want = [str(w) for w in want]
                    taken = [str(t) for t in taken]
                if want != taken:
                    raise Rejected(f"CR 601.2b: {k} can only be {taken}, not {body[k]}")
        if item is None and g.cast is None:
            # CR 733.1: the announcement was reversed (no legal target, cost unpaid).
            raise Rejected(self._reversal_reason("the announcement"))
        if g.cast is None:
            self._check_unasked_costs(body)
        if item is None or g.cast is not None:
            return
        if "targets" in body:
            targets = [self.ref(r) for r in body["targets"]]
            if list(item.targets) != targets:
                raise Rejected("CR 601.2c: the targets are "
                               + (", ".join(self.name(t) for t in item.targets) or "none")
                               + ", not " + (", ".join(self.name(t) for t in targets) or "none"))
        if "x" in body and item.x != body["x"]:
            raise Rejected(f"CR 601.2b: X is {item.x}, not {body['x']}")

    def _check_unasked_costs(self, body) -> None:
        """A cost option (``sacrifice``, ``exile``...) whose decision had one legal answer,
        and so was not asked, must name what the engine chose (else: rejected)."""
        where = {"sacrifice": "graveyard", "exile": "exile", "return": "hand",
                 "discard": "graveyard"}
        for key in set(COST_KINDS.values()):
            if key not in body or key in self.used:
                continue
            for r in body[key] or ():
                oid = self.ref(r, players=False)
                o = self.g.objects.get(oid)
                if key == "tap":
                    ok = o is not None and o.tapped
                else:
                    ok = o is None or o.zone == where[key]
                if not ok:
                    raise Rejected(f"CR 118.3: {self.name(oid)} was not the one to {key} "
                                   "(the only legal choice was another)")

    def _check_unasked_mana(self, p, o, n, mana) -> None:
        """A SOURCE's ``mana`` naming the answer of a choice that has one legal answer
        (or none), and so is not asked, must name that answer (else: rejected)."""
        try:
            from ..engine.mana_abilities import mana_choice
            from ..ir.mana import is_production
        except ImportError:
            return
        for eff in activated_abilities(self.g, o)[n - 1].effects:
            if not is_production(eff):
                continue
            ch = mana_choice(self.g, p, o, eff)
            if ch is None:
                continue
            _kind, options = ch
            if len(options) <= 1 and _match_mana(mana, options) is None:
                raise Rejected(f"{self.name(o.oid)} can't make {mana}: the only choice is "
                               + (", ".join(map(str, options)) or "none") + " (CR 106.7, 608.2d)")

    def _trigger_order(self, p, ans) -> tuple:
        """CR 603.3b: the answer lists sources in the order they go on the stack."""
        if not isinstance(ans, list):
            raise Rejected("the order of triggers is a list of their sources")
        mine = [r for r in self.g.waiting if r[3] == p]
        used: list[int] = []
        for a in ans:
            ref, n = (a.get("source"), a.get("ability")) if isinstance(a, dict) else (a, None)
            try:
                card = card_of(self.g, self.table, ref)
            except RefError as e:
                raise Rejected(str(e)) from None
            k = next((i for i, r in enumerate(mine) if i not in used and r[1] == card
                      and (n is None or r[2] == n - 1)), None)
            if k is None:
                raise Rejected(f"{ref!r} has no triggered ability waiting to be put on the stack")
            used.append(k)
        return tuple(used)

    def _replacement(self, ans) -> tuple:
        """Format 1.1, CR 616.1: the replacement effect chosen, by its source as a REF or
        ``{source: REF, ability: N}`` where one source has several."""
        g = self.g
        ab = None
        if isinstance(ans, dict):
            if "source" not in ans:
                raise Rejected("a replacement_order answer is a REF or {source: REF, "
                               "ability: N}")
            ab = ans.get("ability")
            if ab is not None and (not isinstance(ab, int) or isinstance(ab, bool)):
                raise Rejected(f"`ability` counts from 1, not {ab!r}")
            ans = ans["source"]
        try:
            card = card_of(g, self.table, ans, self.stack_at_start)
        except RefError as e:
            raise Rejected(str(e)) from None
        opts = [tuple(o) for o in g.pending.data.get("options", ()) if o[0] == card]
        if ab is not None:
            # the source's ability by number (its activated abilities count from 1)
            opts = [o for o in opts if o[1] == ab]
        if not opts:
            raise Rejected(f"{ans!r} is not the source of a replacement effect that would "
                           "apply (CR 616.1)")
        if len(opts) > 1:
            raise Rejected(f"{ans!r} is the source of several replacement effects: answer "
                           "with {source: REF, ability: N}")
        return opts[0]

    def _library_cards(self, items) -> tuple:
        """Cards found in a library (they have no object yet): card indices."""
        cards = list(self.g.pending.data.get("cards", ()))
        out: list[int] = []
        for r in items:
            card = None
            try:
                kind, v = self.table.lookup(r)
                if kind == "card" and v.card in cards and v.card not in out:
                    card = v.card
            except RefError:
                pass
            if card is None and isinstance(r, str):
                from .refs import canon
                card = next((c for c in cards if c not in out
                             and canon(card_name(self.g, c)) == canon(r)), None)
            if card is None:
                raise Rejected(f"{r!r} is not among the cards that may be chosen")
            out.append(card)
        return tuple(out)

    def pay(self, p, pay) -> None:
        """CR 601.2g-h: activate a mana ability of each source, then pay from the pool."""
        if pay == "auto":
            self.apply(AUTO)
            return
        for s in pay:
            d = self.g.pending
            if d is None or d.kind != "pay_mana":
                raise Rejected(f"the payment is over ({pending_text(self.g)}) before every "
                               "source was used")
            self._pay_source(p, s)
        d = self.g.pending
        if d is not None and d.kind == "pay_mana" and d.player == p:
            self.apply(PAY)

    def _pay_source(self, p, s) -> None:
        g = self.g
        opts = s if isinstance(s, dict) else {}
        ref = s["source"] if isinstance(s, dict) else s
        n = opts.get("ability")
        oid = self.ref(ref, players=False)
        o = g.objects[oid]
        if n is None:
            mana_abs = [i for i, ab in enumerate(activated_abilities(self.g, o), 1) if ab.mana_ability]
            if not mana_abs:
                raise Rejected(f"CR 605.1a: {self.name(oid)} has no mana ability")
            n = mana_abs[0]
        card = o.card
        if opts.get("mana") is not None:
            self._check_unasked_mana(p, o, n, opts["mana"])
        self.apply(Action("activate", oid, n))
        self._answer_options(p, opts, mana=opts.get("mana"))
        d = g.pending
        if (d is not None and d.player == p and d.kind not in ("pay_mana", "priority")
                and (d.data.get("card") == card or d.data.get("source") == oid)):
            raise NotAnswered(f"the mana ability of {self.name(oid)} asks {pname(p)} to decide "
                              f"{d.kind}, which its pay entry does not answer")

    def _chosen_so_far(self) -> int:
        """How many targets the object being cast or activated has already."""
        g = self.g
        if g.cast is None or g.cast.item is None:
            return 0
        item = next((s for s in g.stack if s.oid == g.cast.item), None)
        return len(item.targets) if item is not None else 0

    # ------------------------------------------------------------ answers
    @staticmethod
    def _target_group(d, rest: list) -> tuple | None:
        """The targets of one "target" phrase (CR 601.2c): one, or up to its maximum."""
        lo = d.data.get("min", 1)
        hi = d.data.get("max", 1)
        if hi == 1 and lo == 1:
            return (rest[0],) if rest else None
        n = len(rest) if hi is None else min(hi, len(rest))
        if n < lo:
            return None
        return tuple(rest[:n])

    def answer(self, p, kind: str, ans) -> None:
        g = self.g
        if isinstance(ans, bool) and kind != "yes_no":
            raise Rejected(f"a yes/no answer does not answer a {kind} decision")
        if kind == "yes_no":
            if not isinstance(ans, bool):
                raise Rejected(f"a yes_no decision is answered with yes or no, not {ans!r}")
            self.apply(Action("choose", choice=ans))
            return
        if kind == "targets":
            items = ans if isinstance(ans, list) else [ans]
            oids = [self.ref(r) for r in items]
            d = g.pending
            if not oids:
                self.apply(Action("choose", choice=()))
                return
            while oids:
                d = g.pending
                if d is None or d.kind != "targets" or d.player != p:
                    raise Rejected("more targets given than asked")
                group = self._target_group(d, oids)
                if group is None:
                    raise Rejected(f"CR 601.2c: too few targets for {d.kind}")
                self.apply(Action("choose", choice=group))
                oids = oids[len(group):]
            return
        if kind == "color" and isinstance(ans, list) and len(ans) == 1:
            ans = ans[0]
        if kind == "color":
            name = _color_name(ans)
            choices = g.pending.data.get("choices", ())
            if name is None or (choices and name not in choices):
                raise Rejected(f"{ans!r} is not a color that may be chosen here"
                               + (f" ({', '.join(choices)})" if choices else ""))
            self.apply(Action("choose", choice=name))
            return
        if kind == "order_triggers":
            self.apply(Action("choose", choice=self._trigger_order(p, ans)))
            return
        if kind == "choose_cards" and g.pending.data.get("from") == "library":
            items = ans if isinstance(ans, list) else [ans]
            self.apply(Action("choose", choice=self._library_cards(items)))
            return
        if kind == "pay_mana":
            if ans != "auto" and not isinstance(ans, list):
                raise Rejected("a mana payment is answered with a list of sources or `auto`")
            self.pay(p, ans)
            return
        if kind in ("discard", "choose_cards"):
            items = ans if isinstance(ans, list) else [ans]
            self.apply(Action("choose", choice=tuple(self.ref(r, players=False) for r in items)))
            return
        if kind == "assign_damage":
            if not isinstance(ans, dict):
                raise Rejected("combat damage is assigned with a mapping {REF: amount}")
            div = {}
            for r, n in ans.items():
                if not isinstance(n, int) or isinstance(n, bool):
                    raise Rejected(f"damage to {r} must be a whole number")
                if n:
                    div[self.ref(r)] = n
            self.apply(Action("choose", choice=div))
            return
        if kind in ("mana_type", "mana_combination"):
            choices = list(g.pending.data.get("choices", ()))
            pick = _match_mana(ans, choices)
            if pick is None:
                raise Rejected(f"{ans!r} is not one of the choices ({', '.join(map(str, choices))})")
            self.apply(Action("choose", choice=pick))
            return
        if kind == "x":
            if not isinstance(ans, int) or isinstance(ans, bool):
                raise Rejected(f"X is a whole number, not {ans!r}")
            self.apply(Action("choose", choice=ans))
            return
        if kind in COST_KINDS:
            items = ans if isinstance(ans, list) else [ans]
            self.apply(Action("choose", choice=tuple(self.ref(r, players=False) for r in items)))
            return
        if kind == "mode":
            modes = ans if isinstance(ans, list) else [ans]
            if not all(isinstance(m, int) and not isinstance(m, bool) for m in modes):
                raise Rejected(f"modes are numbers counted from 1, not {ans!r}")
            self.apply(Action("choose", choice=tuple(modes)))
            return
        if kind in ("cost_choice", "choose_counters"):
            if not isinstance(ans, dict):
                raise Rejected(f"a {kind} decision is answered with a mapping")
            self.apply(Action("choose", choice=dict(ans)))
            return
        if kind == "replacement_order":
            self.apply(Action("choose", choice=self._replacement(ans)))
            return
        if kind == "room":
            if ans not in g.pending.data.get("choices", ()):
                raise Rejected(f"{ans!r} is not a room the venture marker may move into")
            self.apply(Action("choose", choice=ans))
            return
        if kind == "name_card":
            if not isinstance(ans, str):
                raise Rejected(f"a card is named with its Oracle name, not {ans!r}")
            from ..cards import get_database
            card = get_database().get(ans)
            self.apply(Action("choose", choice=card.name if card else ans))
            return
        raise StepFailed(f"not supported yet: answering a {kind} decision")


def _cast_key(c) -> tuple | None:
    """What identifies an announcement in progress (CR 601.2 / 602.2)."""
    if c is None:
        return None
    return (c.kind, c.item, c.source, c.card, c.ability, c.player)


def _in_cast(c, key) -> bool:
    """Whether announcement ``key`` is ``c`` or one that ``c`` (a mana ability activated
    while paying, CR 601.2g) interrupts."""
    while c is not None:
        if _cast_key(c) == key:
            return True
        c = c.parent
    return False


def _mana_key(v) -> tuple | None:
    """``"{R}{G}{G}"`` / ``"R"`` / ``red`` -> a sorted tuple of mana symbols."""
    if not isinstance(v, str):
        return None
    t = v.strip()
    if t.lower() in NAME_TO_SYMBOL:
        return (NAME_TO_SYMBOL[t.lower()],)
    syms = parse_symbols(t) if "{" in t else tuple(t.upper())
    if not syms or not all(x in TYPE_INDEX for x in syms):
        return None
    return tuple(sorted(syms))


def _match_mana(ans, choices):
    """The engine's choice matching a scenario's answer (mana symbols or a color)."""
    want = _mana_key(ans)
    if want is None:
        return None
    for c in choices:
        if _mana_key(c) == want:
            return c
    # "two mana of any one color" answered as "{R}{R}": the one type chosen
    if len(set(want)) == 1:
        for c in choices:
            if _mana_key(c) == want[:1]:
                return c
    return None


def _color_name(ans) -> str | None:
    """``green`` / ``{G}`` -> ``green``."""
    from ..mana import COLOR_NAMES
    if not isinstance(ans, str):
        return None
    a = ans.strip().lower()
    if a in ("white", "blue", "black", "red", "green"):
        return a
    syms = parse_symbols(ans)
    if len(syms) == 1 and syms[0] in "WUBRG":
        return COLOR_NAMES[syms[0]]
    return None


def _state(g) -> dict:
    d = g.state_dict()
    d.pop("log", None)
    return d


def state_key(g) -> dict:
    return _state(g)
