"""Turning what a seat sees into numbers, and action indexes into actions.

Observations: a view (JSON-ready, from `State.view(seat)` only, so nothing hidden can leak in) is
flattened by feature hashing. Every leaf has a path ("hand[2].cost", "phase"): a number adds its
value at the slot the path hashes to, a string or a boolean adds 1 at the slot of "path=value".
The vector has a fixed size for any game and any view shape, and the same path always lands in
the same slot (crc32, not Python's salted `hash`). Collisions are possible; a larger `size` makes
them rarer.

Actions: index i means the i-th action of `legal_actions(seat)` (a stable order, by the contract),
up to a fixed maximum; the mask marks the indexes that are legal now."""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from typing import Any

import numpy as np

from glyphhall.engine import Action

DEFAULT_OBS_SIZE = 1024
DEFAULT_MAX_ACTIONS = 512
#: Every slot is kept in [-CLIP, CLIP] so one huge count cannot swamp a learner.
CLIP = 1000.0


def _slot(text: str, size: int) -> int:
    return zlib.crc32(text.encode()) % size


def encode_view(view: Any, size: int = DEFAULT_OBS_SIZE) -> np.ndarray:
    """The feature-hashed float32 vector of a view."""
    out = np.zeros(size, dtype=np.float32)
    _walk(view, "", out, size)
    np.clip(out, -CLIP, CLIP, out=out)  # slots shared by several leaves stay in bounds too
    return out


def _walk(value: Any, path: str, out: np.ndarray, size: int) -> None:
    if isinstance(value, dict):
        for key in sorted(value, key=str):
            _walk(value[key], f"{path}.{key}" if path else str(key), out, size)
    elif isinstance(value, (list, tuple)):
        out[_slot(path + "#len", size)] += len(value)
        for i, item in enumerate(value):
            _walk(item, f"{path}[{i}]", out, size)
    elif isinstance(value, (bool, str)):
        out[_slot(f"{path}={value}", size)] += 1.0
    elif isinstance(value, (int, float)):
        number = float(value)
        if math.isfinite(number):
            out[_slot(path, size)] += max(-CLIP, min(CLIP, number))
    elif value is None:
        out[_slot(path + "=None", size)] += 1.0


def action_mask(legal: Sequence[Action], max_actions: int) -> np.ndarray:
    mask = np.zeros(max_actions, dtype=np.int8)
    mask[: min(len(legal), max_actions)] = 1
    return mask


def decode_action(legal: Sequence[Action], index: Any, max_actions: int) -> Action:
    """The legal action at `index`. Raises ValueError naming the problem for a masked index."""
    try:
        i = int(index)
    except (TypeError, ValueError):
        raise ValueError(f"an action is an integer index, not {index!r}") from None
    if not 0 <= i < min(len(legal), max_actions):
        raise ValueError(
            f"action index {i} is not legal now: {min(len(legal), max_actions)} actions are (see action_mask)"
        )
    return legal[i]
