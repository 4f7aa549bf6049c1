"""Parser combinators over tokens: the machinery of the Oracle grammar.

A parser takes ``(state, i)`` -- the tokens of a line and a position -- and returns every
way it can read a phrase starting at ``i``, as a list of ``(value, end)`` pairs in order
of preference (an empty list: no reading). Sequences try every combination, so a phrase
that reads too far is undone by what follows (full backtracking); ``Rule`` parsers are
memoised per line, so each is read once per position.

Every parser knows the tokens it can start with (``firsts()``, or ``ANY``): ``alt`` uses
them to try only the alternatives that can match the next token, which keeps a grammar
of hundreds of alternatives fast.

``State.furthest`` records the furthest token any literal reached: where a line stops
being understood, for the coverage report.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .tokens import Line

ANY = None   # the first tokens of a parser that may start with any token, or none

_GENERATION = [0]   # bumped when a Rule gains alternatives: first-token indexes rebuild


class Reject(Exception):
    """Raised by a ``map`` function: this reading doesn't make sense after all."""


class State:
    """The line being parsed, its memo table and the parse's context (the card)."""

    __slots__ = ("toks", "line", "memo", "furthest", "context")

    def __init__(self, line: Line, context: Any = None) -> None:
        self.line = line
        self.toks = line.low
        self.memo: dict = {}
        self.furthest = 0
        self.context = context


class Parser:
    """``fn(state, i) -> [(value, end), ...]``. ``first``: the tokens it can begin with,
    ``ANY``, or a function of no arguments computing them from its parts."""

    __slots__ = ("fn", "first", "name", "empty_ok")

    def __init__(self, fn: Callable, first: Any = ANY, name: str = "",
                 empty_ok: bool = False) -> None:
        self.fn = fn
        self.first = first
        self.name = name
        self.empty_ok = empty_ok   # it may read no tokens at all

    def __call__(self, st: State, i: int) -> list:
        return self.fn(st, i)

    def firsts(self, seen: frozenset = frozenset()) -> frozenset | None:
        """The tokens this parser can begin with, or ``ANY``."""
        f = self.first
        return f(seen) if callable(f) else f

    def map(self, f: Callable) -> "Parser":
        """Transform each reading's value; ``f`` may raise ``Reject`` to drop one."""
        inner = self.fn

        def run(st, i):
            out = []
            for v, j in inner(st, i):
                try:
                    out.append((f(v), j))
                except Reject:
                    pass
            return out
        return Parser(run, self.firsts, self.name, self.empty_ok)

    def where(self, pred: Callable) -> "Parser":
        """Only the readings whose value satisfies ``pred``."""
        inner = self.fn
        return Parser(lambda st, i: [(v, j) for v, j in inner(st, i) if pred(v)],
                      self.firsts, self.name, self.empty_ok)

    def __or__(self, other: "Parser") -> "Parser":
        return alt(self, other)

    def __repr__(self) -> str:
        return f"<Parser {self.name}>"


def _union(parsers, seen) -> frozenset | None:
    out: set = set()
    for p in parsers:
        f = p.firsts(seen)
        if f is ANY:
            return ANY
        out |= f
    return frozenset(out)


def _miss(st: State, i: int) -> list:
    if i > st.furthest:
        st.furthest = i
    return []


def word(*options: str) -> Parser:
    """One token among ``options``; its value is the token."""
    ws = frozenset(options)

    def run(st, i):
        toks = st.toks
        if i < len(toks) and toks[i] in ws:
            return [(toks[i], i + 1)]
        return _miss(st, i)
    return Parser(run, ws, "|".join(options))


def words(text: str, value: Any = None) -> Parser:
    """A fixed run of tokens (``words("until end of turn")``); its value is ``value``,
    or ``text`` when none is given."""
    parts = tuple(text.split())
    n = len(parts)
    val = text if value is None else value

    def run(st, i):
        toks = st.toks
        for k in range(n):
            if i + k >= len(toks) or toks[i + k] != parts[k]:
                return _miss(st, i + k)
        return [(val, i + n)]
    return Parser(run, frozenset((parts[0],)), text)


def table(entries: dict, name: str = "table") -> Parser:
    """A phrase of one or more words looked up in ``entries``; the value is the entry's.
    Every matching entry is a reading, longest first."""
    by_first: dict[str, list] = {}
    for phrase, value in entries.items():
        parts = tuple(phrase.split())
        by_first.setdefault(parts[0], []).append((parts, value))
    for lst in by_first.values():
        lst.sort(key=lambda e: -len(e[0]))

    def run(st, i):
        toks = st.toks
        if i >= len(toks):
            return []
        cands = by_first.get(toks[i])
        if not cands:
            return _miss(st, i)
        out = []
        for parts, value in cands:
            n = len(parts)
            if toks[i:i + n] == parts:
                out.append((value, i + n))
        return out or _miss(st, i + 1)
    return Parser(run, frozenset(by_first), name)


def token(pred: Callable[[str], Any], first: Any = ANY, name: str = "token") -> Parser:
    """One token for which ``pred`` returns a value other than None."""
    def run(st, i):
        toks = st.toks
        if i < len(toks):
            v = pred(toks[i])
            if v is not None:
                return [(v, i + 1)]
        return _miss(st, i)
    return Parser(run, first, name)


def seq(*parsers: Parser) -> Parser:
    """Each parser in turn; the value is the tuple of their values."""
    ps = tuple(parsers)
    fns = tuple(p.fn for p in ps)

    def run(st, i):
        partial = [((), i)]
        for fn in fns:
            nxt = []
            for vals, j in partial:
                for v, k in fn(st, j):
                    nxt.append((vals + (v,), k))
            if not nxt:
                return []
            partial = nxt
        return partial

    def first(seen):
        # the first parser's tokens, unless it can read nothing
        out: set = set()
        for p in ps:
            f = p.firsts(seen)
            if f is ANY:
                return ANY
            out |= f
            if not p.empty_ok:
                return frozenset(out)
        return ANY
    return Parser(run, first, "seq", all(p.empty_ok for p in ps))


def alt(*parsers: Parser) -> Parser:
    """Every reading of each alternative, in order; alternatives that can't start with
    the next token are not tried."""
    ps = tuple(parsers)
    cache: list = [None, (), -1]   # index, alternatives that start anywhere, generation

    def build():
        anyp: list = []
        index: dict[str, list] = {}
        for p in ps:
            f = p.firsts()
            if f is ANY:
                anyp.append(p)
                for lst in index.values():
                    lst.append(p)
                continue
            for tok in f:
                if tok not in index:
                    index[tok] = list(anyp)
                index[tok].append(p)
        cache[0] = {t: tuple(q.fn for q in v) for t, v in index.items()}
        cache[1] = tuple(q.fn for q in anyp)
        cache[2] = _GENERATION[0]

    def run(st, i):
        if cache[2] != _GENERATION[0]:
            build()
        toks = st.toks
        cands = cache[0].get(toks[i], cache[1]) if i < len(toks) else cache[1]
        if len(cands) == 1:
            return cands[0](st, i)
        out = []
        for fn in cands:
            out.extend(fn(st, i))
        return out
    return Parser(run, lambda seen: _union(ps, seen), "alt", any(p.empty_ok for p in ps))


def opt(p: Parser, default: Any = None) -> Parser:
    """``p``'s readings, then reading nothing (value ``default``)."""
    inner = p.fn
    return Parser(lambda st, i: inner(st, i) + [(default, i)], p.firsts, "opt", True)


def many(p: Parser, minimum: int = 0) -> Parser:
    """``p`` repeated, longest first; the value is a tuple."""
    inner = p.fn

    def run(st, i):
        levels = []
        frontier = [((), i)]
        while frontier:
            levels.append(frontier)
            nxt = []
            for vals, j in frontier:
                for v, k in inner(st, j):
                    if k > j:
                        nxt.append((vals + (v,), k))
            frontier = nxt
        # the most repetitions first; within as many, in the order of the readings
        return [r for level in reversed(levels) for r in level if len(r[0]) >= minimum]
    return Parser(run, p.firsts, "many", not minimum or p.empty_ok)


def listing(p: Parser, conj: tuple[str, ...] = ("and",), minimum: int = 1) -> Parser:
    """A list in English -- ``X``, ``X and Y``, ``X, Y, and Z`` -- joined by one of
    ``conj`` ("and", "or", "and/or"); the value is the tuple of items, longest first."""
    conj_fn = word(*conj).fn
    comma_fn = word(",").fn
    item = p.fn

    def run(st, i):
        out = []
        for v1, j in item(st, i):
            out.append(((v1,), j))
            for _, k in conj_fn(st, j):             # X and Y
                for v2, m in item(st, k):
                    out.append(((v1, v2), m))
            chains = [((v1,), j)]                   # X, Y, and Z
            while chains:
                nxt = []
                for vals, j2 in chains:
                    for _, k in comma_fn(st, j2):
                        for v2, m in item(st, k):
                            nxt.append((vals + (v2,), m))
                        if len(vals) >= 2:
                            for _, k2 in conj_fn(st, k):
                                for v2, m in item(st, k2):
                                    out.append((vals + (v2,), m))
                chains = nxt
        out.sort(key=lambda e: -e[1])
        return [(v, j) for v, j in out if len(v) >= minimum]
    return Parser(run, p.firsts, "listing", p.empty_ok)


def longest(p: Parser) -> Parser:
    """Only the readings that reach furthest."""
    inner = p.fn

    def run(st, i):
        res = inner(st, i)
        if len(res) <= 1:
            return res
        end = max(j for _, j in res)
        return [(v, j) for v, j in res if j == end]
    return Parser(run, p.firsts, "longest", p.empty_ok)


def preferred(p: Parser) -> Parser:
    """Only the first reading (a cut: what follows can't make ``p`` read differently)."""
    inner = p.fn
    return Parser(lambda st, i: inner(st, i)[:1], p.firsts, "preferred", p.empty_ok)


def lookahead(p: Parser) -> Parser:
    """Reads nothing, but only where ``p`` can read."""
    inner = p.fn
    return Parser(lambda st, i: [(None, i)] if inner(st, i) else [], p.firsts, "lookahead", True)


def _distinct(res: list) -> list:
    """The readings without repeats (the same value to the same end)."""
    seen = set()
    out = []
    for r in res:
        try:
            if r in seen:
                continue
            seen.add(r)
        except TypeError:
            return res
        out.append(r)
    return out


class Rule(Parser):
    """A named, memoised parser that may be defined after it is used (recursion), and
    to which rules areas add alternatives: ``r = Rule("object"); r.add(p, q)``."""

    __slots__ = ("alts", "_compiled", "_key")

    def __init__(self, name: str) -> None:
        self.alts: list[Parser] = []
        self._compiled: Parser | None = None
        self._key = object()
        key = self._key

        def run(st, i):
            memo = st.memo
            k = (key, i)
            res = memo.get(k)
            if res is None:
                memo[k] = []      # a left-recursive use reads nothing
                p = self._compiled
                if p is None:
                    p = self._compiled = alt(*self.alts)
                res = p.fn(st, i)
                if len(res) > 1:
                    res = _distinct(res)
                memo[k] = res
            return res
        super().__init__(run, self._rule_first, name)
        # a Rule's alternatives must each read at least one token (checked in add)

    def _rule_first(self, seen: frozenset) -> frozenset | None:
        if self._key in seen:
            return frozenset()     # a recursive use adds nothing new
        return _union(self.alts, seen | {self._key})

    def add(self, *parsers: Parser) -> "Rule":
        """More alternatives, tried after the earlier ones."""
        for p in parsers:
            if p.empty_ok:
                raise ValueError(f"rule {self.name}: an alternative may read nothing ({p!r})")
        self.alts.extend(parsers)
        self._compiled = None
        _GENERATION[0] += 1
        return self


def located(p: Parser, build: Callable) -> Parser:
    """``p`` with the value ``build(value, position)``, for placeholders that need where
    their words are in the text."""
    inner = p.fn
    return Parser(lambda st, i: [(build(v, i), j) for v, j in inner(st, i)], p.firsts,
                  p.name, p.empty_ok)


def parse(p: Parser, line: Line, context: Any = None) -> tuple[list, State]:
    """Every reading of the whole line: (values, state)."""
    st = State(line, context)
    n = len(line.low)
    return [v for v, j in p.fn(st, 0) if j == n], st
