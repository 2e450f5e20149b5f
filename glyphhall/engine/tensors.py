"""Designed observation tensors (OpenSpiel's names): a game's `TensorEncoder` writes what one seat
may know into a float32 array of a fixed shape, with a documented layout (`describe()`), every
value in [-1, 1] or a small count.

Two tensors, as in OpenSpiel:
- the *observation*: the position as the seat sees it now;
- the *information state*: the observation followed by what the seat remembers that the position
  no longer shows (cards it saw played, what an opponent is known to hold); a game whose
  observation already holds all of it says so and returns the observation.

Both are built from what the seat may see only: the conformance test resamples everything hidden
from the seat (`determinize`) and checks that neither tensor changes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

import numpy as np

#: A game's state (engine/game.py's `State`; named loosely here: the contract module imports this one).
State = Any


class TensorEncoder(ABC):
    observation_shape: tuple[int, ...]
    information_state_shape: tuple[int, ...]

    @abstractmethod
    def observation(self, state: State, seat: int, out: np.ndarray) -> None:
        """Write `seat`'s observation into `out` (float32, `observation_shape`, all zeros)."""

    def information_state(self, state: State, seat: int, out: np.ndarray) -> None:
        """Write `seat`'s information state into `out` (zeros). Default: the observation, for a
        game whose observation already holds everything the seat has seen that still matters."""
        self.observation(state, seat, out)

    def describe(self) -> list[str]:
        """The layout, one line per part: offset, length, meaning."""
        return [f"0..{int(np.prod(self.observation_shape)) - 1}: observation"]


class Layout:
    """Named, consecutive parts of a flat tensor, for writing by name and for `describe()`."""

    def __init__(self) -> None:
        self.parts: list[tuple[str, int, int]] = []  # (meaning, offset, length)
        self.size = 0

    def add(self, length: int, meaning: str) -> int:
        """Reserve `length` floats; returns their offset."""
        offset = self.size
        self.parts.append((meaning, offset, length))
        self.size += length
        return offset

    def describe(self) -> list[str]:
        return [f"{offset}..{offset + length - 1}: {meaning}" for meaning, offset, length in self.parts]


def writable(out: Any) -> Any:
    """`out` to write one float at a time: a memoryview of a flat C-contiguous float32 array
    (item assignment costs about half of numpy's, `+=` a third: an encoder writes a few hundred
    single floats a step), else `out` itself. Reads, slices and `+=` work on both."""
    if type(out) is np.ndarray and out.ndim == 1 and out.dtype == np.float32 and out.flags.c_contiguous:
        return out.data  # the array's own memoryview (format "f", its shape)
    return out
