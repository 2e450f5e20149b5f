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

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from . import nocython as cython

if cython.compiled:
    from cython.cimports.cpython.buffer import Py_buffer, PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer

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


@cython.locals(i=cython.Py_ssize_t, size=cython.Py_ssize_t, flags=cython.p_char)  # (p_char: char *)
def mark(ids: list[int], out: np.ndarray) -> None:
    """`out[i] = 1` for every id of `ids`, `out` a flat, C-contiguous int8 array (an action
    mask): the environments mark a step's legal ids in a fresh mask. Compiled, through the
    array's buffer in C (a typed memoryview costs about 200 ns to take, numpy's fancy index
    more); an id outside the mask raises IndexError, leaving the ids before it marked."""
    if not cython.compiled:
        if out.dtype.itemsize != 1:
            raise TypeError("an action mask is an array of bytes (int8)")
        size = len(out)
        # through the array's own memoryview once making it (about 170 ns) is paid back
        flat = out.data if len(ids) >= 8 else out
        for i in ids:
            if not 0 <= i < size:
                raise IndexError(f"action id {i} is outside the mask's {size}")
            flat[i] = 1
        return
    buffer = cython.declare(Py_buffer)
    PyObject_GetBuffer(out, cython.address(buffer), PyBUF_WRITABLE)  # raises unless contiguous
    try:
        if buffer.itemsize != 1:
            raise TypeError("an action mask is an array of bytes (int8)")
        size, flags = buffer.len, cython.cast(cython.p_char, buffer.buf)
        for i in ids:
            if not 0 <= i < size:
                raise IndexError(f"action id {i} is outside the mask's {size}")
            flags[i] = 1
    finally:
        PyBuffer_Release(cython.address(buffer))
