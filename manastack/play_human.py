"""Play against the AI in the terminal (``manastack play --agents human,heuristic``).

The board is drawn with Rich from the human player's view (CR 400.2: the opponent's
hand and the libraries are hidden). A decision is answered by the number of a listed
legal action, or by a command in the notation of scenario steps
(docs: scenario-format.md): ``pass``, ``play Forest``, ``cast Lightning Bolt``,
``activate Prodigal Sorcerer``, ``attack Grizzly Bears, Llanowar Elves``, ``attack``
(no attackers), ``block Giant Spider: Hill Giant``, ``choose Hill Giant``,
``choose yes``, ``pay auto``; ``{cast: Lightning Bolt}`` (the YAML form) works too.
Other commands: ``undo`` (take back your last decision while no hidden information has
been revealed since: no card drawn, no shuffle, no card left the opponent's hand),
``log [N]`` (recent events with their CR numbers), ``board``, ``help``, ``quit``.
"""

from __future__ import annotations

from .engine.characteristics import activated_abilities

import copy
import re

from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .engine.actions import AUTO, PASS, PAY, Action, IllegalAction
from .engine.characteristics import is_creature, power, toughness

HELP = """\
Answer with the number of an action, or type it as in a scenario step:
  pass                           pass priority
  play NAME / cast NAME          play a land / cast a spell from your hand
  activate NAME [N]              activate ability N (default: its non-mana ability)
  attack NAME, NAME ...          declare attackers ('attack' alone: none)
  block BLOCKER: ATTACKER, ...   declare blockers ('block' alone: none)
  choose ANSWER                  targets, yes/no, a number, keep/mulligan, cards
  pay auto                       let the engine pay the mana cost
Names may be a card name, NAME#ID, #ID, p1/p2, me/opponent.
Other commands: undo, log [N], board, help, quit"""

MAX_LISTED = 40


class Quit(Exception):
    pass


class HumanGame:
    """A game where some seats are humans typing at ``input_fn`` and the others are
    agents (``None`` in ``agents`` marks a human seat)."""

    def __init__(self, game, agents, console: Console | None = None, input_fn=input,
                 names=("P1", "P2")) -> None:
        self.game = game
        self.agents = list(agents)
        self.console = console or Console(highlight=False)
        self.input = input_fn
        self.names = names
        self.history: list[tuple] = []   # (game clone, agents copy) before each human decision
        self.shown = 0                   # log events already printed

    # ------------------------------------------------------------ main loop
    def run(self) -> int | None:
        """Play until the game ends (returns the winner) or a human quits (raises Quit).
        The game and the agents are read afresh at each decision: ``undo`` replaces both."""
        while not self.game.is_over:
            g = self.game
            self.show_events()
            d = g.decision
            agent = self.agents[d.player]
            if agent is not None:
                g.apply(agent.choose(g))
                continue
            self.human_turn(d.player)
        self.show_events()
        return self.game.winner

    def human_turn(self, me: int) -> None:
        self.render(me)
        while True:
            g = self.game
            acts = g.legal_actions()
            listed = self.listed_actions(acts)
            try:
                line = self.input(f"[P{me + 1}] > ")
            except EOFError:
                raise Quit() from None
            line = line.strip()
            if not line:
                continue
            word = line.split()[0].lower()
            if word in ("quit", "exit", "q"):
                raise Quit()
            if word in ("help", "h", "?"):
                self.console.print(HELP)
                continue
            if word == "board":
                self.render(me)
                continue
            if word == "log":
                parts = line.split()
                n = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 15
                self.show_log(n)
                continue
            if word == "undo":
                if self.undo(me):
                    return
                continue
            try:
                action = self.parse(line, me, acts, listed)
            except ValueError as exc:
                self.console.print(Text(f"? {exc}", style="yellow"))
                continue
            snapshot = (g.clone(), copy.deepcopy(self.agents), self.shown)
            try:
                g.apply(action, player=me)
            except IllegalAction as exc:
                self.console.print(Text(f"illegal: {exc}", style="red"))
                continue
            self.history.append(snapshot)
            return

    # ------------------------------------------------------------ undo
    def undo(self, me: int) -> bool:
        if not self.history:
            self.console.print(Text("nothing to undo", style="yellow"))
            return False
        snap, agents, shown = self.history[-1]
        g = self.game
        opp = 1 - me
        why = None
        if snap.rng.state != g.rng.state:
            why = "a library was shuffled since"
        elif any(len(a.library) != len(b.library) for a, b in zip(snap.players, g.players)):
            why = "a card was drawn since"
        elif not set(snap.players[opp].hand) <= set(g.players[opp].hand):
            why = "a card left your opponent's hand since"
        if why:
            self.console.print(Text(f"can't undo: {why} (hidden information was revealed)",
                                    style="yellow"))
            return False
        self.history.pop()
        self.game = snap
        self.agents = agents
        self.shown = min(shown, len(snap.log))
        self.console.print(Text("undone: back to your previous decision", style="cyan"))
        return True

    # ------------------------------------------------------------ output
    def show_events(self) -> None:
        log = self.game.log
        for rule, text in log[self.shown:]:
            if rule == "117.3d":
                continue
            if rule == "500.1" and text.startswith("turn "):
                self.console.rule(Text(text, style="bold cyan"), align="left")
                continue
            line = Text("  ")
            line.append(f"{rule:<8}", style="dim")
            line.append(text)
            self.console.print(line)
        self.shown = len(log)

    def show_log(self, n: int) -> None:
        for rule, text in self.game.log[-n:]:
            line = Text("  ")
            line.append(f"{rule:<8}", style="dim")
            line.append(text)
            self.console.print(line)

    def obj_label(self, oid: int) -> str:
        g = self.game
        if oid in (0, 1):
            return f"p{oid + 1}"
        o = g.objects.get(oid)
        return f"{o.defn.name}#{oid}" if o else f"#{oid}"

    def _permanents(self, player: int) -> Table:
        g = self.game
        t = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
        t.add_column("#", justify="right", style="dim")
        t.add_column("permanent")
        t.add_column("P/T", justify="right")
        t.add_column("state")
        for oid in g.battlefield:
            o = g.objects[oid]
            if o.controller != player:
                continue
            pt = ""
            if is_creature(o, g):
                pt = f"{power(g, o)}/{toughness(g, o)}"
                if o.damage:
                    pt += f" ({o.damage} dmg)"
            state = []
            if o.tapped:
                state.append("tapped")
            if o.sick and is_creature(o, g):
                state.append("sick")
            if o.counters:
                state.extend(f"{v}x{k}" for k, v in o.counters.items())
            if o.attached_to is not None:
                state.append(f"on #{o.attached_to}")
            if g.combat and oid in g.combat.attackers:
                state.append("attacking")
            if g.combat and oid in g.combat.blockers:
                state.append("blocking")
            t.add_row(str(oid), o.defn.name, pt, ", ".join(state))
        return t

    def render(self, me: int) -> None:
        g = self.game
        c = self.console
        v = g.view(me)
        for p in (1 - me, me):
            pv = v["players"][p]
            who = "you" if p == me else "opponent"
            head = (f"P{p + 1} ({who}{', ' + self.names[p] if self.names[p] else ''}) "
                    f"life {pv['life']}  hand {pv['hand_count']}  library "
                    f"{pv['library_count']}  graveyard {len(pv['graveyard'])}")
            if pv["mana_pool"]:
                head += f"  pool {pv['mana_pool']}"
            body = self._permanents(p)
            c.print(Panel(body, title=head, title_align="left",
                          border_style="green" if p == me else "red"))
        if g.stack:
            st = Text("Stack (top first): ", style="bold")
            st.append("; ".join(
                f"{s['name']} (P{s['controller'] + 1})"
                + (f" -> {', '.join(self.obj_label(t) for t in s['targets'])}"
                   if s["targets"] else "") for s in reversed(v["stack"])))
            c.print(st)
        hand = Text("Your hand: ", style="bold")
        hand.append(", ".join(f"{h['name']}#{h['id']}" for h in v["players"][me]["hand"])
                    or "(empty)")
        c.print(hand)
        d = g.decision
        step = g.step.replace("_", " ")
        active = "your" if g.active == me else "opponent's"
        where = (f"Turn {g.turn} ({active} turn), {step}" if g.stage == "play"
                 else "Opening hand")
        c.print(Text(f"{where}. Decision: {d.kind}" + self._decision_hint(d),
                     style="bold magenta"))
        acts = g.legal_actions()
        listed = self.listed_actions(acts)
        for i, a in enumerate(listed, start=1):
            c.print(f"  {i:>2}. {self.describe(a)}")
        if len(acts) > len(listed):
            c.print(Text(f"  ... {len(acts) - len(listed)} more: type the action "
                         "(e.g. 'attack NAME, NAME')", style="dim"))

    def _decision_hint(self, d) -> str:
        data = d.data or {}
        if d.kind == "pay_mana" and data.get("cost"):
            return f" (cost {data['cost']})"
        if d.kind in ("discard", "choose_cards") and "count" in data:
            return f" ({data['count']} card(s))"
        return ""

    def listed_actions(self, acts) -> list:
        n = min(len(acts), MAX_LISTED)
        out = [acts[i] for i in range(n)]
        if self.game.decision.kind == "priority":
            # mana abilities last: they are rarely what one wants to do
            g = self.game
            out.sort(key=lambda a: a.kind == "activate"
                     and activated_abilities(g, g.objects[a.obj])[a.ability - 1].mana_ability)
        return out

    def describe(self, a: Action) -> str:
        g = self.game
        if a.kind == "pass":
            return "pass"
        if a.kind in ("auto", "pay"):
            return "pay auto" if a.kind == "auto" else "pay (from the mana pool)"
        if a.kind in ("play", "cast"):
            return f"{a.kind} {self.obj_label(a.obj)}"
        if a.kind == "activate":
            o = g.objects[a.obj]
            ab = activated_abilities(g, o)[a.ability - 1]
            return f"activate {self.obj_label(a.obj)} ability {a.ability}: {ab.text}"
        if a.kind == "attack":
            return "attack " + (", ".join(
                f"{self.obj_label(x[0])} -> {self.obj_label(x[1])}" if isinstance(x, tuple)
                else self.obj_label(x) for x in a.choice) or "(none)")
        if a.kind == "block":
            return "block " + (", ".join(f"{self.obj_label(b)}: {self.obj_label(t)}"
                                         for b, t in a.choice) or "(none)")
        return "choose " + self._choice_text(a.choice)

    def _choice_text(self, ch) -> str:
        if isinstance(ch, bool):
            return "yes" if ch else "no"
        if isinstance(ch, int):
            if self.game.decision.kind in ("targets", "discard", "choose_cards"):
                return self.obj_label(ch)
            return str(ch)
        if isinstance(ch, tuple):
            if ch and all(isinstance(x, tuple) and len(x) == 2 for x in ch) and \
                    self.game.decision.kind == "assign_damage":
                return ", ".join(f"{self.obj_label(k)}: {v}" for k, v in ch)
            if self.game.decision.kind == "choose_cards" and \
                    self.game.pending.data.get("from") == "library":
                return ", ".join(self.game.card_definition(x).name for x in ch) or "(none)"
            return ", ".join(self._choice_text(x) for x in ch) or "(none)"
        return str(ch)

    # ------------------------------------------------------------ input
    def resolve_ref(self, text: str, me: int, pool) -> int:
        """An object id (or player 0/1) named by ``text`` among ``pool`` (ids)."""
        t = text.strip().strip("'\"").lower()
        if t in ("me", "you", "self"):
            return me
        if t in ("opponent", "opp"):
            return 1 - me
        if re.fullmatch(r"p[12]", t):
            return int(t[1]) - 1
        m = re.fullmatch(r"(.*?)#(\d+)", t)
        if m:
            oid = int(m.group(2))
            if oid in pool:
                return oid
            raise ValueError(f"no #{oid} here")
        if t.isdigit() and int(t) in pool:
            return int(t)
        names = {oid: self._name(oid).lower() for oid in pool if oid not in (0, 1)}
        exact = [oid for oid, n in names.items() if n == t]
        if not exact:
            exact = [oid for oid, n in names.items() if n.startswith(t)]
        if not exact:
            raise ValueError(f"nothing called {text.strip()!r} can be chosen here")
        return exact[0]

    def _name(self, oid: int) -> str:
        o = self.game.objects.get(oid)
        return o.defn.name if o else f"#{oid}"

    def parse(self, line: str, me: int, acts, listed) -> Action:
        g = self.game
        if line.isdigit():
            i = int(line)
            if not 1 <= i <= len(listed):
                raise ValueError(f"choose a number from 1 to {len(listed)}")
            return listed[i - 1]
        if line.startswith("{") or re.match(r"p[12]\s*:", line):
            return self._parse_yaml(line, me, acts, listed)
        word, _, rest = line.partition(" ")
        word = word.lower().rstrip(":")
        rest = rest.strip()
        d = g.decision
        if word == "pass":
            if PASS in acts:
                return PASS
            raise ValueError(f"you can't pass now: the decision is {d.kind}")
        if word == "pay":
            if rest.lower() in ("", "auto"):
                for a in (AUTO, PAY) if rest.lower() == "auto" else (PAY, AUTO):
                    if a in acts:
                        return a
            raise ValueError("the engine can't pay this automatically: pay with sources "
                             "by number (activate a mana ability)")
        if word in ("play", "cast"):
            hand = [a.obj for a in acts if a.kind == word]
            if not hand:
                raise ValueError(f"nothing can be {'played' if word == 'play' else 'cast'} now")
            return Action(word, self.resolve_ref(rest, me, hand))
        if word in ("activate", "mana"):
            m = re.match(r"(.*?)(?:\s+(?:ability\s+)?(\d+))?$", rest)
            ref, num = m.group(1), m.group(2)
            srcs = list(dict.fromkeys(a.obj for a in acts if a.kind == "activate"))
            if not srcs:
                raise ValueError("no ability can be activated now")
            oid = self.resolve_ref(ref, me, srcs)
            ab = [a for a in acts if a.kind == "activate" and a.obj == oid]
            if num:
                return Action("activate", oid, int(num))
            mana = word == "mana"
            pick = [a for a in ab if activated_abilities(g, g.objects[oid])[a.ability - 1].mana_ability == mana]
            return (pick or ab)[0]
        if word == "attack":
            if d.kind != "attackers":
                raise ValueError(f"it isn't time to attack: the decision is {d.kind}")
            cands = list(d.data["candidates"])
            chosen = []
            for part in _split(rest):
                oid = self.resolve_ref(part, me, [c for c in cands if c not in chosen])
                chosen.append(oid)
            return Action("attack", choice=tuple(c for c in cands if c in chosen))
        if word == "block":
            if d.kind != "blockers":
                raise ValueError(f"it isn't time to block: the decision is {d.kind}")
            blockers = list(d.data["blockers"])
            attackers = sorted({a for opts in d.data["options"] for a in opts})
            pairs = []
            for part in _split(rest):
                m = re.split(r"\s*(?::|=|->|\bblocks\b)\s*", part, maxsplit=1)
                if len(m) != 2:
                    raise ValueError(f"write a block as 'BLOCKER: ATTACKER', not {part!r}")
                b = self.resolve_ref(m[0], me, [x for x in blockers if x not in dict(pairs)])
                a = self.resolve_ref(m[1], me, attackers)
                pairs.append((b, a))
            order = {b: i for i, b in enumerate(blockers)}
            return Action("block", choice=tuple(sorted(pairs, key=lambda t: order[t[0]])))
        if word in ("choose", "target", "keep", "mulligan", "yes", "no"):
            if word in ("keep", "mulligan", "yes", "no"):
                rest = word
            return self._parse_choice(rest, me, acts)
        raise ValueError(f"unknown command {word!r} (type 'help')")

    def _parse_yaml(self, line, me, acts, listed) -> Action:
        import yaml
        try:
            data = yaml.safe_load(line)
        except yaml.YAMLError as exc:
            raise ValueError(f"not a step: {exc}") from None
        if isinstance(data, dict) and len(data) == 1 and str(next(iter(data))) in ("p1", "p2"):
            data = next(iter(data.values()))
        if isinstance(data, str):
            return self.parse(data, me, acts, listed)
        if not isinstance(data, dict) or len(data) != 1:
            raise ValueError("write one step, e.g. {cast: Lightning Bolt}")
        (k, v), = data.items()
        if k == "block" and isinstance(v, dict):
            v = ", ".join(f"{a}: {b}" for a, b in v.items())
        elif isinstance(v, list):
            v = ", ".join(str(x) for x in v)
        elif isinstance(v, bool):
            v = "yes" if v else "no"
        return self.parse(f"{k} {'' if v is None else v}".strip(), me, acts, listed)

    def _parse_choice(self, rest: str, me: int, acts) -> Action:
        g = self.game
        kind = g.decision.kind
        r = rest.strip().lower()
        choices = [a for a in acts if a.kind == "choose"]
        if kind == "yes_no" or r in ("yes", "no", "true", "false"):
            want = r in ("yes", "true", "y")
            a = Action("choose", choice=want)
            if a in acts:
                return a
        if r in ("keep", "mulligan"):
            a = Action("choose", choice=r)
            if a in acts:
                return a
        if re.fullmatch(r"-?\d+", r) and kind in ("x",):
            a = Action("choose", choice=int(r))
            if a in acts:
                return a
        # references: match against the ids that appear in the legal choices
        ids = set()
        for a in choices:
            ch = a.choice if isinstance(a.choice, tuple) else (a.choice,)
            for x in ch:
                if isinstance(x, int) and not isinstance(x, bool):
                    ids.add(x)
        parts = _split(rest)
        picked = []
        for p in parts:
            picked.append(self.resolve_ref(p, me, [i for i in ids if i not in picked]))
        for a in choices:
            ch = a.choice if isinstance(a.choice, tuple) else (a.choice,)
            if all(isinstance(x, int) and not isinstance(x, bool) for x in ch) \
                    and sorted(ch) == sorted(picked):
                return a
        for a in choices:   # free-text match on the description
            if self._choice_text(a.choice).lower() == r:
                return a
        raise ValueError(f"{rest!r} is not a legal answer to {kind}: pick a number")


def _split(text: str) -> list[str]:
    text = text.strip().strip("[]")
    return [p.strip() for p in re.split(r"\s*,\s*|\s+and\s+", text) if p.strip()]


def play_human(decks, seed: int, agent_names, max_turns: int = 100, console=None,
               input_fn=input) -> int:
    """Set up and play a game with human seats (``"human"`` in ``agent_names``).
    Returns the process exit code."""
    from .agents import make_agent
    from .engine.setup import new_game
    game = new_game(decks, seed=seed, max_turns=max_turns, auto_pass=True)
    agents = [None if n == "human" else make_agent(n, seed * 2 + 1 + i)
              for i, n in enumerate(agent_names)]
    console = console or Console(highlight=False)
    console.print(Text(f"manastack: {decks[0]} ({agent_names[0]}) vs {decks[1]} "
                       f"({agent_names[1]}), seed {seed}. Type 'help' for commands.",
                       style="bold"))
    hg = HumanGame(game, agents, console, input_fn, names=tuple(agent_names))
    try:
        hg.run()
    except Quit:
        console.print(Text(f"Quit on turn {hg.game.turn} "
                           f"({len(hg.game.actions)} decisions).", style="bold yellow"))
        return 0
    g = hg.game
    if g.winner is not None:
        who = "you" if agents[g.winner] is None else agent_names[g.winner]
        console.print(Text(f"Result: P{g.winner + 1} ({who}) wins on turn {g.turn} "
                           f"({len(g.actions)} decisions)", style="bold green"))
    else:
        console.print(Text(f"Result: draw on turn {g.turn} ({len(g.actions)} decisions)",
                           style="bold green"))
    return 0
