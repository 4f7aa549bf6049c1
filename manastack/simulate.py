"""Many games between two decks: seeded, seat-alternating, in parallel.

    from manastack.simulate import simulate
    result = simulate("green", "red", games=200, workers=2, agents=("heuristic", "random"))
    result.wins, result.draws, result.win_rate(0), result.wilson(0)

Game ``i`` is played with the seed ``game_seed(seed, i)``; deck A is player 1 in even
games and player 2 in odd ones. Games run in chunks on a process pool (spawn-safe: the
worker function is a module-level function taking plain data) or on a Ray cluster, and
results are put back in game order, so a result never depends on the worker count.
Games use the engine's ``auto_pass`` option: decisions counted are those an agent made.
"""

from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass, field

MASK64 = (1 << 64) - 1


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded ``seed`` (splitmix64 of both)."""
    z = (seed * 0x9E3779B97F4A7C15 + (index + 1) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return (z ^ (z >> 31)) & 0x7FFFFFFF


def wilson(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for ``wins`` successes in ``n``."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


# ---------------------------------------------------------------- one game / a chunk

@dataclass(frozen=True)
class Job:
    """Everything a worker needs for a chunk of games (plain, picklable data)."""

    decks: tuple[tuple[str, ...], tuple[str, ...]]   # card names of deck A and deck B
    agents: tuple[str, str]                          # agent names for deck A and deck B
    seed: int
    max_turns: int
    start: int
    stop: int
    agent_options: tuple = ()                        # ((name, {option: value}), ...)


def play_one(job: Job, index: int) -> tuple:
    """Play game ``index``: returns (index, winning deck 0/1 or None, turns, decisions,
    seconds, ((searched decisions, search seconds) of deck A's agent, of deck B's))."""
    from .agents import make_agent, play_game
    from .engine.setup import new_game
    t0 = time.perf_counter()
    s = game_seed(job.seed, index)
    a_seat = index % 2           # deck A is P1 in even games, P2 in odd ones
    decks = [job.decks[0], job.decks[1]] if a_seat == 0 else [job.decks[1], job.decks[0]]
    names = [job.agents[0], job.agents[1]] if a_seat == 0 else [job.agents[1], job.agents[0]]
    opts = dict(job.agent_options)
    players = [make_agent(names[p], s * 2 + 1 + p, **opts.get(names[p], {})) for p in (0, 1)]
    game = new_game(decks, seed=s, max_turns=job.max_turns, auto_pass=True, log=False)
    play_game(game, players)
    w = game.winner
    ended = game.ended_by.value if game.ended_by else None
    winner = None if w is None else (0 if w == a_seat else 1)
    search = [(getattr(players[p], "searched", 0), getattr(players[p], "search_seconds", 0.0))
              for p in (0, 1)]
    if a_seat == 1:
        search.reverse()
    return (index, winner, game.turn, len(game.actions), time.perf_counter() - t0,
            tuple(search), ended)


def run_chunk(job: Job) -> list[tuple]:
    """Play games ``job.start`` to ``job.stop - 1`` (the worker entry point)."""
    return [play_one(job, i) for i in range(job.start, job.stop)]


# ---------------------------------------------------------------- the result

@dataclass
class SimResult:
    decks: tuple[str, str]
    agents: tuple[str, str]
    seed: int
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    turns: list[int] = field(default_factory=list)        # per game, in game order
    decisions: list[int] = field(default_factory=list)
    winners: list = field(default_factory=list)            # 0 / 1 (deck) / None
    seconds: float = 0.0
    workers: int = 1
    backend: str = "local"
    max_turns: int = 0
    searched: list[int] = field(default_factory=lambda: [0, 0])       # MCTS decisions
    search_seconds: list[float] = field(default_factory=lambda: [0.0, 0.0])
    ended_by: dict = field(default_factory=dict)   # how the games ended: rules, limits

    def add(self, rows: list[tuple]) -> None:
        for _, winner, turns, decisions, _, search, ended in rows:
            self.ended_by[ended] = self.ended_by.get(ended, 0) + 1
            for d in (0, 1):
                self.searched[d] += search[d][0]
                self.search_seconds[d] += search[d][1]
            self.games += 1
            self.winners.append(winner)
            self.turns.append(turns)
            self.decisions.append(decisions)
            if winner is None:
                self.draws += 1
            else:
                self.wins[winner] += 1

    def win_rate(self, deck: int) -> float:
        return self.wins[deck] / self.games if self.games else 0.0

    def wilson(self, deck: int) -> tuple[float, float]:
        return wilson(self.wins[deck], self.games)

    @property
    def avg_turns(self) -> float:
        return sum(self.turns) / len(self.turns) if self.turns else 0.0

    @property
    def avg_decisions(self) -> float:
        return sum(self.decisions) / len(self.decisions) if self.decisions else 0.0

    def to_dict(self) -> dict:
        return {
            "decks": list(self.decks), "agents": list(self.agents), "seed": self.seed,
            "games": self.games, "wins": list(self.wins), "draws": self.draws,
            "win_rates": [round(self.win_rate(i), 4) for i in (0, 1)],
            "ci95": [[round(x, 4) for x in self.wilson(i)] for i in (0, 1)],
            "draw_rate": round(self.draws / self.games, 4) if self.games else 0.0,
            "avg_turns": round(self.avg_turns, 2),
            "avg_decisions": round(self.avg_decisions, 2),
            "max_turns": self.max_turns,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
            "workers": self.workers, "backend": self.backend,
            "ended_by": {str(k): v for k, v in sorted(self.ended_by.items(), key=str)},
            "searched_decisions": list(self.searched),
            "seconds_per_search": [round(self.seconds_per_search(d), 4) for d in (0, 1)],
        }

    def seconds_per_search(self, deck: int) -> float:
        n = self.searched[deck]
        return self.search_seconds[deck] / n if n else 0.0


# ---------------------------------------------------------------- running

def _chunks(games: int, workers: int, chunk: int | None) -> list[tuple[int, int]]:
    if chunk is None:
        # a few chunks per worker balance the load; capped to keep progress moving
        chunk = max(1, min(25, math.ceil(games / (workers * 8))))
    return [(i, min(i + chunk, games)) for i in range(0, games, chunk)]


def default_workers() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:   # pragma: no cover - not Linux
        return os.cpu_count() or 1


def simulate(deck_a, deck_b, games: int, workers: int | None = None,
             agents=("heuristic", "heuristic"), seed: int = 0, max_turns: int = 100,
             ray_address: str | None = None, chunk: int | None = None,
             progress=None, agent_options: dict | None = None,
             deck_format: str = "freeform") -> SimResult:
    """Play ``games`` games of ``deck_a`` against ``deck_b``; see the module docstring.
    ``progress(done_games)`` is called as chunks finish.  ``deck_format`` checks both
    decks' construction first (manastack.formats; "freeform": no checks)."""
    from .agents import make_agent
    from .engine.setup import deck_card_names
    for name in agents:
        make_agent(name)   # unknown names fail here, before any work starts
    if ray_address:
        check_ray_address(ray_address)
    if deck_format != "freeform":
        from .decklist import load_decklist
        from .formats import check_deck, get_format
        fmt = get_format(deck_format)
        for deck in (deck_a, deck_b):
            check_deck(load_decklist(deck), fmt)
    names = (tuple(deck_card_names(deck_a)), tuple(deck_card_names(deck_b)))
    label = (_label(deck_a), _label(deck_b))
    workers = default_workers() if not workers else workers
    jobs = [Job(names, tuple(agents), seed, max_turns, a, b,
                tuple((k, v) for k, v in (agent_options or {}).items()))
            for a, b in _chunks(games, workers, chunk)]
    result = SimResult(label, tuple(agents), seed, workers=workers, max_turns=max_turns)
    t0 = time.perf_counter()
    if ray_address:
        rows = _run_ray(jobs, ray_address, progress)
        result.backend = "ray"
    elif workers <= 1:
        rows = []
        for job in jobs:
            rows.extend(run_chunk(job))
            if progress:
                progress(len(rows))
    else:
        rows = _run_pool(jobs, workers, progress)
    rows.sort(key=lambda r: r[0])
    result.add(rows)
    result.seconds = time.perf_counter() - t0
    return result


def _label(deck) -> str:
    if isinstance(deck, str):
        if "\n" in deck:
            return "deck"
        return os.path.splitext(os.path.basename(deck))[0] or deck
    return "deck"


def _run_pool(jobs, workers, progress) -> list[tuple]:
    """The chunks on a pool of spawned processes. On an interrupt (Ctrl-C) the workers
    are terminated at once rather than left to finish their chunks."""
    import multiprocessing
    ctx = multiprocessing.get_context("spawn")
    rows: list[tuple] = []
    pool = ctx.Pool(processes=min(workers, len(jobs)) or 1, initializer=_warm)
    try:
        for chunk in pool.imap_unordered(run_chunk, jobs):
            rows.extend(chunk)
            if progress:
                progress(len(rows))
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
    return rows


def _warm() -> None:
    """Worker initialiser: load the card database once, before games are timed; an
    interrupt is the parent's to handle (it terminates the workers)."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from .cards import get_database
    get_database()


RAY_CONNECT_SECONDS = 5.0


def check_ray_address(address: str, timeout: float = RAY_CONNECT_SECONDS) -> None:
    """Refuse (RuntimeError) a Ray address whose host and port don't accept a connection
    within ``timeout`` seconds, before Ray is asked to connect (it retries for minutes)."""
    import socket
    if address in ("local", "auto"):
        return
    hostport = address.split("://", 1)[-1].rstrip("/")
    host, sep, port = hostport.rpartition(":")
    if not sep or not port.isdigit() or not host:
        raise RuntimeError(f"--ray {address!r}: expected HOST:PORT, ray://HOST:PORT, auto "
                           "or local")
    if not 0 < int(port) < 65536:
        raise RuntimeError(f"--ray {address!r}: port {port} is out of range")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            pass
    except OSError as exc:
        raise RuntimeError(f"--ray {address}: no Ray cluster answers there "
                           f"({exc.strerror or exc})") from None


def _run_ray(jobs, address: str, progress) -> list[tuple]:
    try:
        import ray
    except ImportError as exc:
        raise RuntimeError("--ray needs Ray: pip install 'manastack[sim]'") from exc
    started = False
    if not ray.is_initialized():
        check_ray_address(address)
        if address == "local":
            ray.init(include_dashboard=False, log_to_driver=False,
                     configure_logging=False)
        else:
            ray.init(address=address, log_to_driver=False)
        started = True
    try:
        remote = ray.remote(run_chunk)
        pending = [remote.remote(job) for job in jobs]
        rows: list[tuple] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                rows.extend(ray.get(ref))
            if progress:
                progress(len(rows))
        return rows
    finally:
        if started:
            ray.shutdown()
