"""A small seeded random number generator whose whole state is one integer.

`random.Random` keeps 625 words of state, which makes cloning a game state cost microseconds;
SplitMix64 keeps one, so a clone copies an int. Its streams are reproducible across platforms
and Python versions, which match records rely on.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n). The modulo bias is below 2**-50 for any n a game uses."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # next64 written out: playouts draw here on every step (the same stream)
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return (s ^ (s >> 31)) % n

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in [low, high], both ends included (a die is randint(1, 6))."""
        return low + self.below(high - low + 1)

    def random(self) -> float:
        """Uniform float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        n = len(seq)
        if n <= 0:
            raise ValueError("choice() from an empty sequence")
        # below(n) written out: playouts choose here on every step (the same stream)
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return seq[(s ^ (s >> 31)) % n]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place. `next64` is written out inline (the same stream, so records
        replay the same): determinizations shuffle whole decks on every search iteration."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state = s = (state + _GOLDEN) & _MASK
            s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (s ^ (s >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = state

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def fork(self) -> Rng:
        """An independent generator seeded from this one (advances this one by one draw)."""
        return Rng(self.next64())

    def clone(self) -> Rng:
        twin = Rng.__new__(Rng)
        twin.state = self.state
        return twin

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
