"""Mana and mana costs: types, symbols, pools and payment (CR 106, 107.4, 202, 601.2g-h).

Mana types are indexed W U B R G C (CR 106.1a-b). A mana cost is a tuple of symbols as
printed (``"{2}{G}"`` -> ``("2", "G")``); a pool is a list of six counts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# CR 106.1: the five colors and colorless, in WUBRG order, then C.
MANA_TYPES = ("W", "U", "B", "R", "G", "C")
TYPE_INDEX = {t: i for i, t in enumerate(MANA_TYPES)}
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
NAME_TO_SYMBOL = {v: k for k, v in COLOR_NAMES.items()}

_SYMBOL_RE = re.compile(r"\{([^}]+)\}")


def parse_symbols(text: str | None) -> tuple[str, ...]:
    """Split ``"{2}{G}{G}"`` into ``("2", "G", "G")`` (CR 107.4)."""
    if not text:
        return ()
    return tuple(m.group(1).upper() for m in _SYMBOL_RE.finditer(text))


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A mana cost (CR 107.4, 202.1): generic amount, colored/colorless requirements, X.

    ``colored`` counts W U B R G C requirements; ``x`` is how many {X} it has
    (CR 107.3); ``hybrid`` and ``phyrexian`` keep those symbols for CR 107.4e-f choices.
    """

    symbols: tuple[str, ...] = ()
    generic: int = 0
    colored: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)
    x: int = 0
    hybrid: tuple[str, ...] = ()
    phyrexian: tuple[str, ...] = ()

    @staticmethod
    def parse(text: str | None) -> "ManaCost":
        """Parse a printed mana cost such as ``{3}{G}{G}`` (CR 107.4)."""
        symbols = parse_symbols(text)
        generic = 0
        colored = [0] * 6
        x = 0
        hybrid: list[str] = []
        phyrexian: list[str] = []
        for s in symbols:
            if s.isdigit():
                generic += int(s)
            elif s in TYPE_INDEX:
                colored[TYPE_INDEX[s]] += 1
            elif s == "X":
                x += 1
            elif s.endswith("/P"):
                phyrexian.append(s)
            elif "/" in s:
                hybrid.append(s)
            elif s in ("Y", "Z"):
                x += 1
            else:
                raise ValueError(f"unknown mana symbol {{{s}}}")
        return ManaCost(symbols, generic, tuple(colored), x, tuple(hybrid), tuple(phyrexian))

    @property
    def mana_value(self) -> int:
        """CR 202.3: the total of the cost's symbols, X counting as 0 (CR 107.3g)."""
        mv = self.generic + sum(self.colored)
        for h in self.hybrid:
            a = h.split("/")[0]
            mv += int(a) if a.isdigit() else 1
        return mv + len(self.phyrexian)

    @property
    def total(self) -> int:
        return self.generic + sum(self.colored)

    def is_zero(self) -> bool:
        return self.total == 0 and not self.hybrid and not self.phyrexian

    def with_x(self, x_value: int) -> "ManaCost":
        """CR 107.3a / 601.2f: the cost with each {X} replaced by ``x_value`` generic mana."""
        return ManaCost(self.symbols, self.generic + self.x * x_value, self.colored, 0,
                        self.hybrid, self.phyrexian)

    def reduced(self, generic: int) -> "ManaCost":
        """CR 601.2f: reduce the generic part, never below {0}."""
        return ManaCost(self.symbols, max(0, self.generic - generic), self.colored, self.x,
                        self.hybrid, self.phyrexian)

    def increased(self, generic: int) -> "ManaCost":
        return ManaCost(self.symbols, self.generic + generic, self.colored, self.x,
                        self.hybrid, self.phyrexian)

    def __str__(self) -> str:
        return format_cost(self.generic, self.colored)


def format_cost(generic: int, colored) -> str:
    """Format a generic amount plus W U B R G C requirements as ``{2}{G}``; ``{0}`` when empty."""
    out = [f"{{{generic}}}"] if generic else []
    for i, n in enumerate(colored):
        out.extend(f"{{{MANA_TYPES[i]}}}" for _ in range(n))
    return "".join(out) or "{0}"


def format_pool(pool) -> str:
    """Format a pool's mana as symbols (``{G}{G}{C}``); empty string when empty."""
    return "".join(f"{{{MANA_TYPES[i]}}}" * n for i, n in enumerate(pool))


def parse_pool(text: str | None) -> list[int]:
    """Parse ``"{G}{G}"`` into a pool of six counts (CR 106.4)."""
    pool = [0] * 6
    for s in parse_symbols(text):
        if s not in TYPE_INDEX:
            raise ValueError(f"{{{s}}} is not a type of mana (CR 106.1)")
        pool[TYPE_INDEX[s]] += 1
    return pool


def pool_can_pay(pool, generic: int, colored) -> bool:
    """CR 601.2h: whether the pool holds enough mana of the right types for the cost."""
    rest = 0
    for i in range(6):
        if pool[i] < colored[i]:
            return False
        rest += pool[i] - colored[i]
    return rest >= generic


def pay_from_pool(pool, generic: int, colored) -> list[int]:
    """CR 601.2h: remove the cost's mana from the pool, returning the mana spent.

    Colored and {C} requirements take their own type; generic takes colorless mana first,
    then the colors of which the most is left (which mana is left over never decides an
    outcome the rules care about).
    """
    spent = [0] * 6
    for i in range(6):
        pool[i] -= colored[i]
        spent[i] += colored[i]
    need = generic
    while need:
        i = 5 if pool[5] else max(range(5), key=lambda k: pool[k])
        take = min(need, pool[i])
        pool[i] -= take
        spent[i] += take
        need -= take
    return spent


def remaining_after_pool(pool, generic: int, colored) -> tuple[int, list[int]]:
    """What of a cost the pool cannot cover: (generic, colored) still needed."""
    col = [max(0, colored[i] - pool[i]) for i in range(6)]
    spare = sum(max(0, pool[i] - colored[i]) for i in range(6))
    return max(0, generic - spare), col


def find_payment(options, generic: int, colored, pool=None):
    """Choose sources to pay a cost: ``options[k]`` lists the mana (each a 6-count list)
    source k can make; returns a list of (k, choice) or None (CR 601.2g, automatic payment).

    A depth-first search: colored requirements first, then generic; each source is used at
    most once. Sources are few, so this is fast.
    """
    have = list(pool) if pool is not None else [0] * 6
    need_col = list(colored)
    n = len(options)
    chosen: list[tuple[int, int]] = []

    def satisfied(h) -> bool:
        return pool_can_pay(h, generic, need_col)

    def short(h) -> int:
        g, c = remaining_after_pool(h, generic, need_col)
        return g + sum(c)

    total_possible = sum(max((sum(o) for o in opts), default=0) for opts in options)
    if short(have) > total_possible:
        return None

    def dfs(k: int, h) -> bool:
        if satisfied(h):
            return True
        if k == n:
            return False
        g_left, c_left = remaining_after_pool(h, generic, need_col)
        # try each option of source k that helps, then skipping it
        opts = options[k]
        order = sorted(range(len(opts)),
                       key=lambda j: -sum(min(opts[j][i], c_left[i]) for i in range(6)))
        for j in order:
            o = opts[j]
            if not any(o):
                continue
            if sum(c_left) and not any(o[i] and c_left[i] for i in range(6)) and g_left == 0:
                continue
            h2 = [h[i] + o[i] for i in range(6)]
            chosen.append((k, j))
            if dfs(k + 1, h2):
                return True
            chosen.pop()
        return dfs(k + 1, h)

    if dfs(0, have):
        return list(chosen)
    return None
