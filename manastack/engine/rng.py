"""The game's own seeded random number generator (splitmix64).

Its output depends only on the seed, never on the Python version, and its whole state is
one integer, so it copies and serialises for free (DESIGN: determinism).
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class Rng:
    """splitmix64: a small, well-tested 64-bit generator."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) by rejection sampling."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (_MASK + 1) - ((_MASK + 1) % n)
        while True:
            v = self.next64()
            if v < limit:
                return v % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place (CR 701.24: a random order)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, seq):
        return seq[self.below(len(seq))]
