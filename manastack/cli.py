"""The ``manastack`` command line (DESIGN layer 4: no rules live here).

    manastack play --deck green --deck red --seed 1
    manastack card "Lightning Bolt"
    manastack scenario ...          (when manastack.scenario is installed)
    manastack rules 601.2f          (when manastack.rules_text is installed)
"""

from __future__ import annotations

import re
from typing import Optional

import typer
from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

app = typer.Typer(
    name="manastack",
    help="manastack: a Magic: The Gathering rules engine that plays real cards from "
         "their Oracle text, by the Comprehensive Rules.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# Exit codes: 0 success, 1 "not found" (card lookup), 2 bad input (deck, agent, option).
EXIT_NOT_FOUND = 1
EXIT_BAD_INPUT = 2


def _out(soft_wrap: bool = True) -> Console:
    # A console per call, so output follows the current sys.stdout (CliRunner, pipes).
    return Console(highlight=False, soft_wrap=soft_wrap)


def _err() -> Console:
    return Console(stderr=True, highlight=False, soft_wrap=True)


def fail(message: str, code: int = EXIT_BAD_INPUT) -> "typer.Exit":
    """Print ``error: message`` as one line on stderr and return the Exit to raise."""
    one_line = " ".join(str(message).split())
    _err().print(Text(f"error: {one_line}", style="bold red"))
    return typer.Exit(code)


# Bounds of numeric arguments (a seed is a 63-bit number; nothing sensible needs more).
MAX_SEED = 2 ** 63 - 1
MAX_TURNS = 1_000_000
MAX_GAMES = 10_000_000
MAX_WORKERS = 1024


def check_writable(path: str, option: str) -> None:
    """Refuse an output path that can't be written, before any work is done."""
    import os
    existed = os.path.exists(path)
    if os.path.isdir(path):
        raise fail(f"{option} {path}: is a directory")
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise fail(f"{option} {path}: cannot write: {exc.strerror or exc}") from None
    if not existed:
        os.remove(path)


def _version(value: bool) -> None:
    if value:
        from . import __version__
        _out().print(f"manastack {__version__}")
        raise typer.Exit()


@app.callback()
def _root(version: bool = typer.Option(False, "--version", callback=_version,
                                       is_eager=True, help="Show the version and exit.")
          ) -> None:
    """manastack: a Magic: The Gathering rules engine that plays real cards from their
    Oracle text, by the Comprehensive Rules."""


# ---------------------------------------------------------------------------- play


def _agent_names(spec: str) -> tuple[str, str]:
    names = [n.strip().lower() for n in spec.split(",") if n.strip()]
    if len(names) == 1:
        return names[0], names[0]
    if len(names) == 2:
        return names[0], names[1]
    raise ValueError(f"--agents takes one name or two names separated by a comma, "
                     f"got {spec!r}")


def _print_log(console: Console, log, start: int = 0) -> None:
    """Print log events from ``start`` on: turn headers, then each event with its CR
    number; runs of identical events are shown once with a count."""
    events = log[start:]
    i = 0
    while i < len(events):
        rule, text = events[i]
        j = i + 1
        while j < len(events) and events[j] == events[i]:
            j += 1
        count = j - i
        if rule == "500.1" and text.startswith("turn "):
            console.print()
            m = re.match(r"turn (\d+) begins \((.*)\)", text)
            title = f"Turn {m.group(1)} ({m.group(2)})" if m else text
            console.rule(Text(title, style="bold cyan"), align="left")
        line = Text("  ")
        line.append(f"{rule:<8}", style="dim")
        line.append(text, style="dim" if rule == "117.3d" else "")
        if count > 1:
            line.append(f" (x{count})", style="dim")
        console.print(line)
        i = j


def _result_line(game) -> str:
    e = game.ending
    how = "" if e is None else f"; CR {e.rule}: {e.text}" if e.by.value == "rules" else \
        f"; {e.text}"
    if game.winner is not None:
        return (f"Result: {game.pname(game.winner)} wins on turn {game.turn} "
                f"({len(game.actions)} decisions{how})")
    return f"Result: draw on turn {game.turn} ({len(game.actions)} decisions{how})"


def _check_format(name: str) -> None:
    """Refuse an unknown --format before any deck is loaded."""
    from .formats import UnknownFormat, get_format
    try:
        get_format(name)
    except UnknownFormat as exc:
        raise fail(str(exc)) from None


@app.command()
def play(
    deck: Optional[list[str]] = typer.Option(
        None, "--deck", "-d",
        help="A deck: a file, or a bundled deck name (green, red). Give it twice "
             "(player 1, then player 2). Default: green and red."),
    seed: int = typer.Option(1, "--seed", "-s", min=0, max=MAX_SEED, help="The game's seed."),
    agents: str = typer.Option(
        "heuristic", "--agents", "-a",
        help="Agents for the two players: one name for both or NAME_A,NAME_B "
             "(random, heuristic, mcts, human: you play in the terminal)."),
    max_turns: int = typer.Option(
        100, "--max-turns", min=0, max=MAX_TURNS,
        help="Turn limit after which the game is a draw (0: none)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print only the result."),
    save: Optional[str] = typer.Option(
        None, "--save", help="Write the finished game as JSON (docs/json.md) to this file."),
    deck_format: str = typer.Option(
        "freeform", "--format", "-f",
        help="Check deck construction for this format (freeform: none; standard, pioneer, "
             "modern, legacy, vintage, premodern, pauper)."),
) -> None:
    """Play a whole game between two agents and print its log and result."""
    from .agents import make_agent, play_game
    from .decklist import DeckError
    from .engine.setup import new_game

    _check_format(deck_format)
    decks = list(deck or [])
    if not decks:
        decks = ["green", "red"]
    if len(decks) != 2:
        raise fail(f"give --deck exactly twice (once per player), got {len(decks)}")
    if save:
        check_writable(save, "--save")
    try:
        name_a, name_b = _agent_names(agents)
        if "human" in (name_a, name_b):
            for n in (name_a, name_b):
                if n != "human":
                    make_agent(n)
        else:
            players = [make_agent(name_a, seed * 2 + 1), make_agent(name_b, seed * 2 + 2)]
    except ValueError as exc:
        raise fail(str(exc)) from None
    if "human" in (name_a, name_b):
        from .play_human import play_human
        try:
            code = play_human(decks, seed, (name_a, name_b), max_turns=max_turns,
                              console=_out())
        except DeckError as exc:
            raise fail(str(exc)) from None
        except (KeyError, OSError) as exc:
            raise fail(f"cannot load deck: {exc}") from None
        raise typer.Exit(code)
    try:
        game = new_game(decks, seed=seed, max_turns=max_turns, deck_format=deck_format)
    except DeckError as exc:
        raise fail(str(exc)) from None
    except (KeyError, OSError) as exc:
        raise fail(f"cannot load deck: {exc}") from None

    console = _out()
    if not quiet:
        console.print(Text(f"manastack: {decks[0]} ({name_a}) vs {decks[1]} ({name_b}), "
                           f"seed {seed}", style="bold"))
    play_game(game, players)
    if not quiet:
        _print_log(console, game.log)
        console.print()
    console.print(Text(_result_line(game), style="bold green"))
    if save:
        try:
            with open(save, "w", encoding="utf-8") as fh:
                fh.write(game.to_json())
        except OSError as exc:
            raise fail(f"cannot write {save}: {exc.strerror or exc}") from None


# ---------------------------------------------------------------------------- simulate


@app.command()
def simulate(
    deck_a: str = typer.Argument(..., help="Deck A: a file or a bundled deck name."),
    deck_b: str = typer.Argument(..., help="Deck B: a file or a bundled deck name."),
    games: int = typer.Option(100, "--games", "-n", min=1, max=MAX_GAMES,
                              help="Number of games."),
    workers: int = typer.Option(0, "--workers", "-w", min=0, max=MAX_WORKERS,
                                help="Worker processes (0: all cores)."),
    agents: str = typer.Option(
        "heuristic", "--agents", "-a",
        help="Agents for deck A and deck B: one name or NAME_A,NAME_B "
             "(random, heuristic, mcts)."),
    seed: int = typer.Option(0, "--seed", "-s", min=0, max=MAX_SEED,
                             help="Seed; game i is seeded from it and i."),
    max_turns: int = typer.Option(100, "--max-turns", min=0, max=MAX_TURNS,
                                  help="Turn limit after which a game is a draw (0: none)."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as one JSON object."),
    html_file: Optional[str] = typer.Option(None, "--html",
                                            help="Write a self-contained HTML report here."),
    ray_address: Optional[str] = typer.Option(
        None, "--ray", help="Run on a Ray cluster at this address ('local': start one)."),
    deck_format: str = typer.Option(
        "freeform", "--format", "-f",
        help="Check deck construction for this format (freeform: none; standard, pioneer, "
             "modern, legacy, vintage, premodern, pauper)."),
) -> None:
    """Play many games between two decks (seats alternate) and print win rates with
    95% confidence intervals."""
    import json as _json

    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                               TimeElapsedColumn, TimeRemainingColumn)

    from .decklist import DeckError
    from .simulate import default_workers
    from .simulate import simulate as run_simulation

    _check_format(deck_format)
    if html_file:
        check_writable(html_file, "--html")
    try:
        pair = _agent_names(agents)
        from .agents import make_agent
        for n in pair:
            make_agent(n)
    except ValueError as exc:
        raise fail(str(exc)) from None
    nworkers = workers or default_workers()
    progress = Progress(TextColumn("[bold]simulating"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), TimeRemainingColumn(),
                        console=Console(stderr=True), transient=as_json)
    try:
        with progress:
            task = progress.add_task("games", total=games)
            result = run_simulation(
                deck_a, deck_b, games, workers=nworkers, agents=pair, seed=seed,
                max_turns=max_turns, ray_address=ray_address, deck_format=deck_format,
                progress=lambda done: progress.update(task, completed=done))
    except DeckError as exc:
        raise fail(str(exc)) from None
    except (KeyError, OSError) as exc:
        raise fail(f"cannot load deck: {exc}") from None
    except RuntimeError as exc:
        raise fail(str(exc)) from None
    except KeyboardInterrupt:
        raise fail("interrupted: the simulation was stopped", 130) from None
    if html_file:
        from .report import write_html
        try:
            write_html(result, html_file)
        except OSError as exc:
            raise fail(f"cannot write {html_file}: {exc.strerror or exc}") from None
    if as_json:
        d = result.to_dict()
        if html_file:
            d["html"] = html_file
        typer.echo(_json.dumps(d))
        return
    console = _out(soft_wrap=False)
    table = Table(title=f"{result.decks[0]} vs {result.decks[1]}: {result.games} games, "
                        f"seed {seed}", title_justify="left")
    for col in ("deck", "agent", "wins", "win rate", "95% CI (Wilson)"):
        table.add_column(col, justify="left" if col in ("deck", "agent") else "right")
    for i in (0, 1):
        lo, hi = result.wilson(i)
        table.add_row(result.decks[i], result.agents[i], str(result.wins[i]),
                      f"{100 * result.win_rate(i):.1f}%",
                      f"{100 * lo:.1f}% - {100 * hi:.1f}%")
    table.add_row("draws", "", str(result.draws),
                  f"{100 * result.draws / result.games:.1f}%", "")
    console.print(table)
    console.print(f"Average game: {result.avg_turns:.1f} turns, "
                  f"{result.avg_decisions:.1f} decisions. "
                  f"{result.seconds:.1f} s on {result.workers} worker(s)"
                  f"{' (ray)' if result.backend == 'ray' else ''}.")
    for i in (0, 1):
        if result.searched[i]:
            console.print(f"{result.agents[i]} ({result.decks[i]}): "
                          f"{result.seconds_per_search(i):.3f} s per searched decision")
    if html_file:
        console.print(f"Report: {html_file}")


# ---------------------------------------------------------------------------- card


def _oracle_panel(card) -> Panel:
    faces = card.faces or (card,)
    body = Text()
    for i, face in enumerate(faces):
        if i:
            body.append("\n" + "-" * 20 + "\n", style="dim")
        _face_text(body, face)
    return Panel(body, title="Oracle", title_align="left", expand=False)


def _face_text(body: Text, card) -> None:
    header = card.name
    if card.mana_cost:
        header += f"  {card.mana_cost}"
    body.append(header + "\n", style="bold")
    body.append(card.type_line)
    if card.power is not None and card.toughness is not None:
        body.append(f"   {card.power}/{card.toughness}")
    if card.loyalty is not None:
        body.append(f"   loyalty {card.loyalty}")
    if card.text:
        body.append("\n\n" + card.text)


def _compiled_table(defn) -> Table:
    from .ir.render import render_ability, render_cost
    table = Table(title="Compiled", title_justify="left", show_header=True,
                  header_style="bold", expand=False)
    table.add_column("part")
    table.add_column("compiled to", overflow="fold")
    # a multi-faced card: each face as compiled (CR 709, 712, 715)
    faces = [(f"{f.name}: ", f) for f in defn.faces] or [("", defn)]
    for prefix, d in faces:
        if d.keywords:
            table.add_row(prefix + "keywords", ", ".join(sorted(d.keywords)))
        if d.spell is not None:
            if d.spell.modes:
                for i, m in enumerate(d.spell.modes, start=1):
                    table.add_row(prefix + f"mode {i}", render_ability(m))
            else:
                table.add_row(prefix + "spell", render_ability(d.spell))
        for i, ab in enumerate(d.activated, start=1):
            table.add_row(prefix + f"activated {i}" + (" (mana)" if ab.mana_ability else ""),
                          render_ability(ab))
        for t in d.triggered:
            table.add_row(prefix + "triggered", render_ability(t))
        for st in d.static:
            table.add_row(prefix + "static", repr(st))
        # CR 118.8: a mandatory additional cost; CR 601.2b: optional ones (kicker, ...)
        for c in d.required:
            table.add_row(prefix + "additional cost", render_cost(c))
        for a in d.additional:
            table.add_row(prefix + f"optional cost ({a.name})", render_cost(a.cost))
        for a in d.alternatives:
            table.add_row(prefix + "alternative", repr(a))
    for u in defn.unsupported:
        table.add_row(Text("UNSUPPORTED", style="bold red"), u.text)
    if not table.rows:
        table.add_row("-", "no abilities")
    return table


@app.command()
def card(name: str = typer.Argument(..., help="The card's name (any case).")) -> None:
    """Show a card's Oracle text and what manastack compiled it to."""
    from .cards import get_database
    from .compiler import definition_for

    db = get_database()
    oracle = db.get(name) or db.resolve(name)
    if oracle is None:
        hints = db.suggest(name)
        msg = f"unknown card {name!r}"
        if hints:
            msg += f" (did you mean: {', '.join(hints)}?)"
        raise fail(msg, EXIT_NOT_FOUND)
    defn = definition_for(oracle.name)
    console = _out(soft_wrap=False)
    console.print(_oracle_panel(oracle))
    console.print(_compiled_table(defn))
    if defn.supported:
        console.print(Text("Playable: every line of its text compiled.", style="green"))
    else:
        console.print(Text("Not playable: manastack cannot compile "
                           f"{len(defn.unsupported)} part(s) of its text (shown above); "
                           "a deck holding it is refused.", style="red"))
    _print_rulings(console, oracle.name)


def _print_rulings(console: Console, name: str) -> None:
    """The card's dated rulings (MTGJSON, to 2022), when the bundle has any."""
    try:
        from .cards.rulings import rulings_for
        rulings = rulings_for(name)
    except (ImportError, OSError):   # a build without the rulings bundle
        return
    if not rulings:
        console.print(Text("Rulings: none on record (bundled rulings run to 2022).",
                           style="dim"))
        return
    table = Table(title=f"Rulings ({len(rulings)})", title_justify="left",
                  show_header=True, header_style="bold", expand=False)
    table.add_column("date", no_wrap=True)
    table.add_column("ruling", overflow="fold")
    for date, text in rulings:
        table.add_row(date, text)
    console.print(table)


# ---------------------------------------------------------------------------- cards, decks

cards_app = typer.Typer(help="Search the card database and measure compiler coverage.",
                        no_args_is_help=True)
decks_app = typer.Typer(help="Decklist tools.", no_args_is_help=True)
app.add_typer(cards_app, name="cards")
app.add_typer(decks_app, name="decks")


def _pct(share: float) -> str:
    return f"{share * 100:.1f}%"


@cards_app.command("search")
def cards_search(
    query: list[str] = typer.Argument(
        ..., help="A Scryfall-style query: words in the name, \"phrases\", o:, t:, c:, "
                  "id:, mv/cmc/pow/tou with = < > <= >= !=, -negation, or, ( ), "
                  "is:supported. Several arguments are joined with spaces."),
    limit: int = typer.Option(50, "--limit", "-n", min=0, help="Show at most this many "
                              "cards (0: all); the count is always the full count."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
) -> None:
    """Search the bundled card database with the common Scryfall syntax."""
    import json as _json

    from .cards.search import QueryError, parse_query, search
    from .compiler import definition_for

    text = " ".join(query)
    if limit < 0:
        raise fail("--limit must be 0 or more")
    try:
        parsed = parse_query(text)
    except QueryError as exc:
        if not as_json:
            _err().print(Text(exc.pointer(), style="dim"))
        raise fail(f"bad query: {exc}") from None
    try:
        found = search(parsed)
    except QueryError as exc:   # a regular expression over its time limit
        raise fail(f"bad query: {exc}") from None
    shown = found if limit == 0 else found[:limit]

    def supported(card) -> bool:
        return definition_for(card.name).supported

    if as_json:
        payload = {"query": text, "parsed": str(parsed), "count": len(found),
                   "cards": [{"name": c.name, "mana_cost": c.mana_cost,
                              "type_line": c.type_line, "mana_value": c.mana_value,
                              "colors": list(c.colors),
                              "color_identity": list(c.color_identity),
                              "supported": supported(c)} for c in shown]}
        typer.echo(_json.dumps(payload, ensure_ascii=False, indent=2))
        return
    console = _out(soft_wrap=False)
    table = Table(show_header=True, header_style="bold", expand=False)
    table.add_column("name", overflow="fold")
    table.add_column("cost", no_wrap=True)
    table.add_column("type", overflow="fold")
    table.add_column("supported", justify="center")
    for c in shown:
        ok = supported(c)
        table.add_row(c.name, c.mana_cost or "", c.type_line,
                      Text("yes", style="green") if ok else Text("no", style="red"))
    if shown:
        console.print(table)
    more = f", showing {len(shown)} (--limit 0 for all)" if len(shown) < len(found) else ""
    console.print(Text(f"{len(found)} card{'s' if len(found) != 1 else ''} match "
                       f"{str(parsed)}{more}", style="bold"))


@cards_app.command("coverage")
def cards_coverage(
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of tables."),
    top: int = typer.Option(50, "--top", min=0, max=100_000,
                            help="How many unsupported phrases to list."),
) -> None:
    """How many of the database's cards compile fully, by type and color identity,
    and the most common text the compiler cannot handle yet."""
    import json as _json

    from .coverage import card_coverage

    report = card_coverage(top=top)
    if as_json:
        typer.echo(_json.dumps(report, ensure_ascii=False, indent=2))
        return
    console = _out(soft_wrap=False)
    console.print(Text(f"{report['supported']:,} of {report['total']:,} distinct cards "
                       f"compile fully ({_pct(report['share'])}); compiled in "
                       f"{report['seconds']} s", style="bold"))
    for title, key in (("By card type", "by_type"), ("By color identity", "by_identity")):
        table = Table(title=title, title_justify="left", header_style="bold")
        for col in ("", "cards", "supported", "share"):
            table.add_column(col, justify="left" if not col else "right")
        for k, row in report[key].items():
            table.add_row(k, f"{row['total']:,}", f"{row['supported']:,}", _pct(row["share"]))
        console.print(table)
    table = Table(title=f"Most common unsupported phrases (top {top})", title_justify="left",
                  header_style="bold")
    table.add_column("cards", justify="right")
    table.add_column("phrase", overflow="fold")
    table.add_column("e.g.", overflow="fold")
    for row in report["unsupported_phrases"]:
        table.add_row(f"{row['cards']:,}", row["phrase"], row["example"])
    console.print(table)


@decks_app.command("coverage")
def decks_coverage(
    files: list[str] = typer.Argument(
        ..., help="Decklist files, directories of them (grouped by sub-directory), or "
                  "tournament .jsonl files (grouped by each record's format)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of tables."),
    top: int = typer.Option(10, "--top", min=0, max=100_000,
                            help="How many blocking cards and mechanics to list per group."),
    min_cards: int = typer.Option(0, "--min-cards", min=0, max=100_000,
                                  help="Leave out decks whose main deck "
                                  "has fewer cards (e.g. 40: skip Secret Lair drops)."),
) -> None:
    """The share of decklists manastack can play (every main-deck and commander card
    supported), by format (a record's format, a text file's // FORMAT: header), with the
    cards and the mechanics that most often block them, and the playable files."""
    import json as _json
    from pathlib import Path

    from .coverage import deck_coverage

    missing = [f for f in files if not Path(f).exists()]
    if missing:
        raise fail(f"no such file or directory: {', '.join(missing)}")
    if min_cards < 0:
        raise fail("--min-cards must be 0 or more")
    report = deck_coverage(files, top=top, min_cards=min_cards)
    if as_json:
        typer.echo(_json.dumps(report, ensure_ascii=False, indent=2))
        return
    console = _out(soft_wrap=False)
    t = report["total"]
    console.print(Text(f"{t['playable']:,} of {t['decks']:,} decks fully playable "
                       f"({_pct(t['share'])}); {t['unreadable']} unreadable"
                       + (f"; {report['skipped_small']} with fewer than {min_cards} cards "
                          "left out" if min_cards else ""), style="bold"))
    table = Table(header_style="bold")
    table.add_column("format / group")
    table.add_column("decks", justify="right")
    table.add_column("playable", justify="right")
    table.add_column("share", justify="right")
    table.add_column("most common blocking cards (decks)", overflow="fold")
    for group, row in report["by_group"].items():
        blockers = ", ".join(f"{b['card']} ({b['decks']})" for b in row["blocking"][:5])
        table.add_row(group, f"{row['decks']:,}", f"{row['playable']:,}",
                      _pct(row["share"]), blockers)
    console.print(table)
    table = Table(title="Most common blocking cards overall", title_justify="left",
                  header_style="bold")
    table.add_column("card")
    table.add_column("decks", justify="right")
    table.add_column("sole blocker in", justify="right")
    sole = {b["card"]: b["decks"] for b in t["sole_blocker"]}
    for b in t["blocking"]:
        table.add_row(b["card"], f"{b['decks']:,}", str(sole.get(b["card"], 0)))
    console.print(table)
    table = Table(title="Mechanics that block the most decks (the phrase where the grammar "
                  "stops)", title_justify="left", header_style="bold")
    table.add_column("decks", justify="right")
    table.add_column("mechanic", overflow="fold")
    table.add_column("cards that need it", overflow="fold")
    for m in t["mechanics"]:
        table.add_row(f"{m['decks']:,}", m["mechanic"], ", ".join(m["cards"]))
    console.print(table)
    playable = [f for f in report["files"] if f["playable"]]
    console.print(Text(f"playable decks ({len(playable):,}):", style="bold"))
    for f in playable:
        console.print(Text(f"  {f['source']} ({f['group']})"))
    if report["errors"]:
        console.print(Text(f"unreadable decks (first {len(report['errors'])}):", style="dim"))
        for e in report["errors"][:5]:
            console.print(Text("  " + e, style="dim"))


@decks_app.command("check")
def decks_check(
    files: list[str] = typer.Argument(
        ..., help="Decklist files, directories of them, or tournament .jsonl files."),
    deck_format: Optional[str] = typer.Option(
        None, "--format", "-f",
        help="Check every deck in this format (default: each deck's own format, a "
             "tournament record's 'format', with the list in force on its 'date')."),
    banlist: Optional[str] = typer.Option(
        None, "--banlist", help="A banned/restricted list JSON file overriding the format's."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of text."),
) -> None:
    """For each deck: legal in its format or not (every violation on its own line) and
    playable or not (every unsupported card, its count and the text that blocks it).
    Exits 1 when a deck is illegal or unreadable."""
    import json as _json
    from pathlib import Path

    from .formats import BanListError, UnknownFormat
    from .formats.check import check_decks

    missing = [f for f in files if not Path(f).exists()]
    if missing:
        raise fail(f"no such file or directory: {', '.join(missing)}")
    try:
        results = check_decks(files, deck_format, banlist)
    except (UnknownFormat, BanListError) as exc:
        raise fail(str(exc)) from None
    legal = sum(r.legal for r in results)
    playable = sum(r.playable for r in results)
    unreadable = sum(r.error is not None for r in results)
    if as_json:
        typer.echo(_json.dumps({"decks": len(results), "legal": legal, "playable": playable,
                                "unreadable": unreadable,
                                "results": [r.to_dict() for r in results]},
                               ensure_ascii=False, indent=2))
    else:
        console = _out()
        for r in results:
            when = f", {r.on.isoformat()}" if r.on else ""
            if r.error:
                console.print(Text(f"{r.source} ({r.format}{when}): unreadable: {r.error}",
                                   style="red"))
                continue
            status = (f"{'legal' if r.legal else 'NOT legal'} in {r.format}; "
                      f"{'playable' if r.playable else 'not playable'}")
            console.print(Text(f"{r.source} ({r.format}{when}): {status}",
                               style="bold" if r.legal else "bold red"))
            for v in r.violations:
                console.print(Text(f"  illegal: {v.message}"))
            for u in r.unsupported:
                console.print(Text(f"  unsupported: {u.count} {u.card}: " + "; ".join(u.text),
                                   style="dim"))
        console.print(Text(f"{legal:,} of {len(results):,} decks legal in their format; "
                           f"{playable:,} playable; {unreadable:,} unreadable", style="bold"))
    if legal < len(results):
        raise typer.Exit(1)


# ---------------------------------------------------------------------------- plug-ins


def _unavailable(command: str, error: Exception):
    def stub(ctx: typer.Context) -> None:
        raise fail(f"'manastack {command}' is not available in this install ({error})")
    stub.__doc__ = f"(unavailable: {error})"
    return stub


_EXTRA = {"allow_extra_args": True, "ignore_unknown_options": True}

try:  # written separately: manastack/scenario/cli.py
    from .scenario.cli import scenario_app
except ImportError as _exc:
    app.command("scenario", hidden=True, context_settings=_EXTRA)(_unavailable("scenario", _exc))
else:
    app.add_typer(scenario_app, name="scenario", help="Run and check scenario files.")

try:  # written separately: manastack/rules_text.py
    from .rules_text import rules_command
except ImportError as _exc:
    app.command("rules", hidden=True, context_settings=_EXTRA)(_unavailable("rules", _exc))
else:
    app.command("rules")(rules_command)


def _click_errors() -> tuple[tuple, tuple, tuple]:
    """Click's UsageError, ClickException and Abort classes, from Click and from the
    copy of Click that recent Typer versions carry."""
    import importlib
    usage, other, abort = [], [], []
    for name in ("typer._click.exceptions", "click.exceptions"):
        try:
            m = importlib.import_module(name)
        except ImportError:
            continue
        usage.append(m.UsageError)
        other.append(m.ClickException)
        if hasattr(m, "Abort"):
            abort.append(m.Abort)
    return tuple(usage), tuple(other), tuple(abort)


def main() -> None:
    """Entry point of the ``manastack`` script and ``python -m manastack``: a refused
    argument is one line on stderr and exit code 2 (Click's usage errors included), an
    interrupt exit code 130, and an unexpected error one line and exit code 1 (set
    ``MANASTACK_DEBUG=1`` for its traceback)."""
    import os
    import sys
    usage, click_error, abort = _click_errors()
    try:
        code = app(prog_name="manastack", standalone_mode=False)
    except usage as exc:
        if type(exc).__name__ == "NoArgsIsHelpError":   # no arguments: the help
            typer.echo(exc.format_message() if exc.ctx is None else exc.ctx.get_help(),
                       err=True)
            sys.exit(EXIT_BAD_INPUT)
        hint = f" (see: {exc.ctx.command_path} --help)" if exc.ctx is not None else ""
        _err().print(Text(f"error: {' '.join(exc.format_message().split())}{hint}",
                          style="bold red"))
        sys.exit(EXIT_BAD_INPUT)
    except click_error as exc:
        _err().print(Text(f"error: {' '.join(exc.format_message().split())}",
                          style="bold red"))
        sys.exit(exc.exit_code)
    except (KeyboardInterrupt, *abort):
        _err().print(Text("error: interrupted", style="bold red"))
        sys.exit(130)
    except Exception as exc:
        if os.environ.get("MANASTACK_DEBUG"):
            raise
        _err().print(Text(f"error: internal error ({type(exc).__name__}: "
                          f"{' '.join(str(exc).split())[:300]}); set MANASTACK_DEBUG=1 for "
                          "the traceback", style="bold red"))
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
