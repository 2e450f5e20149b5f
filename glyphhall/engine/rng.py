"""A small seeded random number generator whose whole state is one integer.

`random.Random` keeps 625 words of state, which makes cloning a game state cost microseconds;
SplitMix64 keeps one, so a clone copies an int. Its streams are reproducible across platforms
and Python versions, which match records rely on.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from .errors import ScriptError

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from . import nocython as cython

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    # Compiled (`@cython.locals`), the mixing runs on C unsigned 64-bit integers, whose
    # wrap-around is the `& mask` of the Python code; the first step stays on Python ints, so any
    # stored state gives the same draw in both builds.
    @cython.locals(s=cython.ulonglong, mask=cython.ulonglong, m1=cython.ulonglong, m2=cython.ulonglong)
    def next64(self) -> int:
        mask, m1, m2 = _MASK, _M1, _M2
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * m1) & mask
        s = ((s ^ (s >> 27)) * m2) & mask
        return s ^ (s >> 31)

    @cython.locals(s=cython.ulonglong, mask=cython.ulonglong, m1=cython.ulonglong, m2=cython.ulonglong)
    def below(self, n: int) -> int:
        """Uniform integer in [0, n). The modulo bias is below 2**-50 for any n a game uses."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # next64 written out: playouts draw here on every step (the same stream)
        mask, m1, m2 = _MASK, _M1, _M2
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * m1) & mask
        s = ((s ^ (s >> 27)) * m2) & mask
        return (s ^ (s >> 31)) % n

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in [low, high], both ends included (a die is randint(1, 6))."""
        return low + self.below(high - low + 1)

    def random(self) -> float:
        """Uniform float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    @cython.locals(s=cython.ulonglong, mask=cython.ulonglong, m1=cython.ulonglong, m2=cython.ulonglong,
                   n=cython.Py_ssize_t)
    def choice(self, seq: Sequence[T]) -> T:
        n = len(seq)
        if n <= 0:
            raise ValueError("choice() from an empty sequence")
        # below(n) written out: playouts choose here on every step (the same stream)
        mask, m1, m2 = _MASK, _M1, _M2
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * m1) & mask
        s = ((s ^ (s >> 27)) * m2) & mask
        return seq[(s ^ (s >> 31)) % n]

    @cython.locals(state=cython.ulonglong, s=cython.ulonglong, mask=cython.ulonglong, golden=cython.ulonglong,
                   m1=cython.ulonglong, m2=cython.ulonglong, i=cython.Py_ssize_t, j=cython.Py_ssize_t)
    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place. `next64` is written out inline (the same stream, so records
        replay the same): determinizations shuffle whole decks on every search iteration."""
        if len(items) < 2:
            return
        mask, golden, m1, m2 = _MASK, _GOLDEN, _M1, _M2
        state = self.state & _MASK
        for i in range(len(items) - 1, 0, -1):
            state = s = (state + golden) & mask
            s = ((s ^ (s >> 30)) * m1) & mask
            s = ((s ^ (s >> 27)) * m2) & mask
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


class ScriptedRng(Rng):
    """An Rng that first gives what a position script names, then carries on with the seeded stream.

    `dice` are (faces, face) pairs taken in order by every die-like draw: `below(n)` and
    `choice(seq)` take the next pair if it has n (or len(seq)) faces and give face - 1 (the
    face-th of the choices); `randint(1, 6)` is a d6 giving the face itself. `orders` are taken in
    order by `shuffle`: each is the new order of the items, which must be the items shuffled.
    A draw that does not match the script's next entry raises ScriptError naming both, so a
    scenario cannot silently drift from what its author meant."""

    __slots__ = ("dice", "orders")

    def __init__(self, seed: int = 0, dice: Sequence[tuple[int, int]] = (),
                 orders: Sequence[Sequence[object]] = ()) -> None:
        super().__init__(seed)
        for faces, face in dice:
            if not 1 <= face <= faces:
                raise ScriptError(f"a d{faces} has no face {face}")
        self.dice = list(dice)
        self.orders = [list(order) for order in orders]

    def below(self, n: int) -> int:
        if not self.dice:
            return super().below(n)
        faces, face = self.dice[0]
        if faces != n:
            raise ScriptError(f"the script's next die is a d{faces}, but the game draws one of {n}")
        del self.dice[0]
        return face - 1

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise ValueError("choice() from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        if not self.orders:
            super().shuffle(items)
            return
        order = self.orders[0]
        if sorted(map(repr, order)) != sorted(map(repr, items)):
            raise ScriptError(f"the script's next order {order} is not an order of the shuffled {list(items)}")
        del self.orders[0]
        items[:] = order  # type: ignore[assignment]

    def clone(self) -> ScriptedRng:
        twin = ScriptedRng.__new__(ScriptedRng)
        twin.state = self.state
        twin.dice = self.dice[:]
        twin.orders = [order[:] for order in self.orders]
        return twin

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, ScriptedRng) and other.state == self.state
                and other.dice == self.dice and other.orders == self.orders)

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"ScriptedRng(state={self.state:#x}, dice={self.dice}, orders={self.orders})"
