"""A small seeded random number generator whose whole state is one integer.

`random.Random` keeps 625 words of state, which makes cloning a game state cost microseconds;
SplitMix64 keeps one, so a clone copies an int. Its streams are reproducible across platforms
and Python versions, which match records rely on.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from .errors import ScriptError

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from . import nocython as cython

T = TypeVar("T")

# Compiled, these are C unsigned 64-bit constants, so a draw runs on C integers throughout (whose
# wrap-around is the `& _MASK` of the Python code); pure Python, they are plain ints.
_MASK = cython.declare(cython.ulonglong, (1 << 64) - 1)
_GOLDEN = cython.declare(cython.ulonglong, 0x9E3779B97F4A7C15)
_M1 = cython.declare(cython.ulonglong, 0xBF58476D1CE4E5B9)
_M2 = cython.declare(cython.ulonglong, 0x94D049BB133111EB)


class Rng:
    __slots__ = ("_state",)

    def __init__(self, seed: int = 0) -> None:
        self._state = seed & 0xFFFFFFFFFFFFFFFF  # (on Python ints: a seed may be negative or wider)

    @property
    def state(self) -> int:
        """The whole generator: an integer below 2**64 (one set from outside is taken modulo
        2**64, which gives the draws that state would give)."""
        return self._state

    @state.setter
    def state(self, value: int) -> None:
        self._state = value & 0xFFFFFFFFFFFFFFFF

    @cython.locals(s=cython.ulonglong)
    def next64(self) -> int:
        self._state = s = (self._state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * _M1) & _MASK
        s = ((s ^ (s >> 27)) * _M2) & _MASK
        return s ^ (s >> 31)

    @cython.locals(s=cython.ulonglong)
    def below(self, n: int) -> int:
        """Uniform integer in [0, n), n below 2**63. The modulo bias is below 2**-50 for any n a
        game uses."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # next64 written out: playouts draw here on every step (the same stream)
        self._state = s = (self._state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * _M1) & _MASK
        s = ((s ^ (s >> 27)) * _M2) & _MASK
        return (s ^ (s >> 31)) % cython.cast(cython.ulonglong, n)

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in [low, high], both ends included (a die is randint(1, 6))."""
        return low + self.below(high - low + 1)

    def random(self) -> float:
        """Uniform float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    @cython.locals(s=cython.ulonglong, n=cython.Py_ssize_t)
    def choice(self, seq: Sequence[T]) -> T:
        n = len(seq)
        if n <= 0:
            raise ValueError("choice() from an empty sequence")
        # below(n) written out: playouts choose here on every step (the same stream)
        self._state = s = (self._state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * _M1) & _MASK
        s = ((s ^ (s >> 27)) * _M2) & _MASK
        return seq[(s ^ (s >> 31)) % cython.cast(cython.ulonglong, n)]

    @cython.locals(state=cython.ulonglong, s=cython.ulonglong, i=cython.Py_ssize_t, j=cython.Py_ssize_t)
    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place. `next64` is written out inline (the same stream, so records
        replay the same): determinizations shuffle whole decks on every search iteration."""
        if len(items) < 2:
            return
        state = self._state
        for i in range(len(items) - 1, 0, -1):
            state = s = (state + _GOLDEN) & _MASK
            s = ((s ^ (s >> 30)) * _M1) & _MASK
            s = ((s ^ (s >> 27)) * _M2) & _MASK
            j = (s ^ (s >> 31)) % cython.cast(cython.ulonglong, i + 1)
            items[i], items[j] = items[j], items[i]
        self._state = state

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def fork(self) -> Rng:
        """An independent generator seeded from this one (advances this one by one draw)."""
        return Rng(self.next64())

    def clone(self) -> Rng:
        twin = Rng.__new__(Rng)
        cython.cast(Rng, twin)._state = self._state
        return twin

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"

    def __reduce__(self) -> tuple[Any, ...]:
        # Written out because compiled, Rng is an extension type, whose own pickling would drop
        # the fields its Python subclasses (scripted dice, the arena's shared luck) keep in slots.
        fields = {name: getattr(self, name) for cls in type(self).__mro__[:-1]
                  for name in getattr(cls, "__slots__", ()) if name != "_state" and hasattr(self, name)}
        return (_remade, (type(self), self.state, fields))


def _remade(cls: type[Rng], state: int, fields: dict[str, Any]) -> Rng:
    """An unpickled Rng (see `Rng.__reduce__`)."""
    rng = cls.__new__(cls)
    rng.state = state
    for name, value in fields.items():
        setattr(rng, name, value)
    return rng


#: Whether a script is strict where its position does not say (`[chance] strict`). Off for play:
#: a teaching position scripts its first dice and the game plays on from the seed. The test suite
#: turns it on (tests/conftest.py), so a scenario that draws more than it scripted fails loudly.
STRICT_BY_DEFAULT = False

#: The strict scripts made since `take_unfinished_scripts` last ran (the tests check, after each
#: test, that every one was used up).
_strict_scripts: list[_Script] = []


class _Script:
    """What a position scripted, shared by a scripted generator and every clone of it: the
    furthest any of them got tells whether the script was used up."""

    __slots__ = ("dice", "orders", "dice_used", "orders_used")

    def __init__(self, dice: Sequence[tuple[int, int]], orders: Sequence[Sequence[object]]) -> None:
        self.dice = tuple(dice)
        self.orders = tuple(list(order) for order in orders)
        self.dice_used = 0
        self.orders_used = 0

    def unfinished(self) -> str:
        """What is left unused, in words ('' when all was used)."""
        left = []
        if self.dice_used < len(self.dice):
            left.append(", ".join(f"d{f} {v}" for f, v in self.dice[self.dice_used:]))
        if self.orders_used < len(self.orders):
            left.append("; ".join(map(str, self.orders[self.orders_used:])))
        return " and ".join(left)


def strict_by_default() -> bool:
    return STRICT_BY_DEFAULT


def take_unfinished_scripts() -> list[str]:
    """What each strict script made since the last call left unused (and forget them all)."""
    left = [text for text in (script.unfinished() for script in _strict_scripts) if text]
    _strict_scripts.clear()
    return left


class ScriptedRng(Rng):
    """An Rng that first gives what a position script names, then carries on with the seeded stream
    (or, `strict`, raises ScriptError once the script has run out).

    `dice` are (faces, face) pairs taken in order by every die-like draw: `below(n)` and
    `choice(seq)` take the next pair if it has n (or len(seq)) faces and give face - 1 (the
    face-th of the choices); `randint(1, 6)` is a d6 giving the face itself. `orders` are taken in
    order by `shuffle`: each is the new order of the items, which must be the items shuffled.
    A draw that does not match the script's next entry raises ScriptError naming both, so a
    scenario cannot silently drift from what its author meant. `strict` (None: STRICT_BY_DEFAULT)
    also refuses a draw past the end of a script that names anything, and a strict script is
    remembered so that a test can check it was used up (`take_unfinished_scripts`)."""

    __slots__ = ("script", "at_die", "at_order", "strict")

    def __init__(self, seed: int = 0, dice: Sequence[tuple[int, int]] = (),
                 orders: Sequence[Sequence[object]] = (), strict: bool | None = None) -> None:
        super().__init__(seed)
        for faces, face in dice:
            if not 1 <= face <= faces:
                raise ScriptError(f"a d{faces} has no face {face}")
        self.script = _Script(dice, orders)
        self.at_die = self.at_order = 0
        # a script with nothing in it scripts nothing: the seed carries on, strict or not
        self.strict = bool(dice or orders) and (strict_by_default() if strict is None else strict)
        if self.strict:
            _strict_scripts.append(self.script)

    @property
    def dice(self) -> list[tuple[int, int]]:
        """The scripted dice still to come."""
        return list(self.script.dice[self.at_die:])

    @property
    def orders(self) -> list[list[object]]:
        """The scripted shuffles still to come."""
        return [order[:] for order in self.script.orders[self.at_order:]]

    def _ran_out(self, draw: str) -> None:
        script = self.script
        raise ScriptError(f"the chance script has run out ({len(script.dice)} dice and {len(script.orders)} "
                          f"orders, all used) and the game {draw}: script it, or set 'strict = false' "
                          "under [chance] to let the seed carry on")

    def below(self, n: int) -> int:
        script = self.script
        if self.at_die >= len(script.dice):
            if self.strict:
                self._ran_out(f"draws a d{n}")
            return super().below(n)
        faces, face = script.dice[self.at_die]
        if faces != n:
            raise ScriptError(f"the script's next die is a d{faces}, but the game draws one of {n}")
        self.at_die += 1
        script.dice_used = max(script.dice_used, self.at_die)
        return face - 1

    def next64(self) -> int:
        if self.strict:
            self._ran_out("draws a number no die scripts")
        return super().next64()

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise ValueError("choice() from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        script = self.script
        if self.at_order >= len(script.orders):
            if self.strict and len(items) > 1:
                self._ran_out(f"shuffles {len(items)} things")
            super().shuffle(items)
            return
        order = script.orders[self.at_order]
        if sorted(map(repr, order)) != sorted(map(repr, items)):
            raise ScriptError(f"the script's next order {order} is not an order of the shuffled {list(items)}")
        self.at_order += 1
        script.orders_used = max(script.orders_used, self.at_order)
        items[:] = order  # type: ignore[assignment]

    def clone(self) -> ScriptedRng:
        twin = ScriptedRng.__new__(ScriptedRng)
        twin.state = self.state
        twin.script = self.script
        twin.at_die, twin.at_order, twin.strict = self.at_die, self.at_order, self.strict
        return twin

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, ScriptedRng) and other.state == self.state
                and other.dice == self.dice and other.orders == self.orders)

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"ScriptedRng(state={self.state:#x}, dice={self.dice}, orders={self.orders})"
