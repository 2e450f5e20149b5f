"""Shared luck for paired games: chance streams keyed by what is drawn.

Two games on the same deal (the seed fixes it) stop sharing their dice as soon as one of them
draws a different number of times: every later roll comes from another place in the one stream.
`SharedLuck` gives each purpose of a draw its own stream instead, as duplicate bridge deals the
same cards at every table: a draw is keyed by the code that asks for it (the game function
calling the rng), the kind and size of the draw, and where in the game it happens (the game's
optional `luck_context(state)` hook: whose turn, and which), and the k-th draw under a key is the
same in every game of the same seed. So the paired games of a strength measurement (bot against
heuristic, heuristic against itself) roll the same attack dice for the same attacks for as long
as their play allows, and the difference between them says more about the players.

Each stream is a SplitMix64 `Rng` of its own, so within a game every draw is still uniform and
independent of the others. Where the game code is compiled (it has no Python frames) the key
falls back to the nearest Python caller, so the streams are coarser but still shared alike in
both games of a pair. A game played with shared luck replays from its record only with the same
`SharedLuck` (the record keeps one stream's state, not these): `luck_adjusted.py` does so."""

from __future__ import annotations

import sys
import zlib
from collections.abc import Callable, Hashable, MutableSequence, Sequence
from pathlib import Path
from typing import TypeVar

from glyphhall.engine import Rng

T = TypeVar("T")

#: Frames in these files are the rng's own, never the purpose of a draw.
_RNG_FILES = (__file__, sys.modules[Rng.__module__].__file__ or "")
#: Frames that drive a game rather than play it: a match, and its replay for luck-adjusted scores.
#: Where the game code is compiled they are the nearest Python frames; one key for both lets the
#: replay roll the match's dice.
_DRIVER_FILES = tuple(str(Path(__file__).with_name(name)) for name in ("match.py", "luck_adjusted.py"))


def _purpose() -> str:
    """'file:function' of the nearest caller outside the rng code ("a match" for the code that
    drives the game)."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_filename in _RNG_FILES:
        frame = frame.f_back  # type: ignore[assignment]
    if frame is None:
        return "?"
    if frame.f_code.co_filename in _DRIVER_FILES:
        return "a match"
    code = frame.f_code
    return f"{code.co_filename.rsplit('/', 1)[-1]}:{code.co_qualname}"


class SharedLuck(Rng):
    """An `Rng` whose draws come from per-purpose streams (see the module's docstring)."""

    __slots__ = ("streams", "context")

    def __init__(self, seed: int = 0, context: Callable[[], Hashable] | None = None) -> None:
        super().__init__(seed)
        self.streams: dict[str, Rng] = {}
        #: Where in the game a draw happens (the game's `luck_context`, e.g. whose turn and which):
        #: part of the key, so the dice of the same turn are the same however many were rolled before.
        self.context = context

    def _stream(self, kind: str) -> Rng:
        where = "" if self.context is None else repr(self.context())
        key = f"{_purpose()}|{kind}|{where}"
        stream = self.streams.get(key)
        if stream is None:
            # crc32, not hash(): str hashes differ between processes.
            stream = self.streams[key] = Rng(self.state ^ (zlib.crc32(key.encode()) * 0x9E3779B1))
            stream.next64()
        return stream

    def next64(self) -> int:
        return self._stream("next64").next64()

    def below(self, n: int) -> int:
        return self._stream(f"below {n}").below(n)

    def randint(self, low: int, high: int) -> int:
        return low + self._stream(f"below {high - low + 1}").below(high - low + 1)

    def random(self) -> float:
        return self._stream("random").random()

    def choice(self, seq: Sequence[T]) -> T:
        return self._stream(f"below {len(seq)}").choice(seq)

    def shuffle(self, items: MutableSequence[T]) -> None:
        self._stream(f"shuffle {len(items)}").shuffle(items)

    def fork(self) -> Rng:
        return Rng(self.next64())

    def clone(self) -> SharedLuck:
        twin = SharedLuck.__new__(SharedLuck)
        twin.state = self.state
        twin.streams = {key: stream.clone() for key, stream in self.streams.items()}
        twin.context = self.context
        return twin

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SharedLuck) and other.state == self.state and other.streams == self.streams

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"SharedLuck(state={self.state:#x}, {len(self.streams)} streams)"
