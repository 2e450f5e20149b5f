"""Hex geometry: axial coordinates (q, r), neighbours, distances, labels, centres and lines.

Maps are written in "odd-r" offset rows (row letter + column number, e.g. "c4") because that is
how a person reads a printed map; the engine works in axial coordinates (redblobgames.com)."""

from __future__ import annotations

import functools
import math

# Axial neighbour offsets, clockwise from east.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

SQRT3 = math.sqrt(3.0)


def offset_to_axial(row: int, col: int) -> tuple[int, int]:
    """Odd-r offset (row, column), both from 0, to axial (q, r)."""
    return col - (row - (row & 1)) // 2, row


def axial_to_offset(q: int, r: int) -> tuple[int, int]:
    return r, q + (r - (r & 1)) // 2


def row_name(row: int) -> str:
    """0 -> 'a', 25 -> 'z', 26 -> 'aa' ..."""
    name = ""
    row += 1
    while row:
        row, rem = divmod(row - 1, 26)
        name = chr(ord("a") + rem) + name
    return name


def label(q: int, r: int) -> str:
    row, col = axial_to_offset(q, r)
    return f"{row_name(row)}{col + 1}"


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def neighbours(q: int, r: int) -> list[tuple[int, int]]:
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def centre(q: int, r: int) -> tuple[float, float]:
    """Pointy-top centre in units of the hex's inner radius doubled (neighbours are 1.0 apart)."""
    return q + r / 2.0, r * SQRT3 / 2.0


def line(a: tuple[int, int], b: tuple[int, int], nudge: float = 1e-6) -> list[tuple[float, tuple[int, int]]]:
    """The hexes a straight line from a's centre to b's centre crosses, each with its position
    t in [0, 1] along the line. `nudge` shifts the line slightly so that a line running exactly
    along an edge picks one side; call with +nudge and -nudge to see both sides."""
    aq, ar = a
    return [(t, (aq + q, ar + r)) for t, (q, r) in line_offsets(b[0] - aq, b[1] - ar, nudge)]


@functools.lru_cache(maxsize=8192)
def line_offsets(dq: int, dr: int, nudge: float) -> tuple[tuple[float, tuple[int, int]], ...]:
    """`line` from (0, 0) to (dq, dr). A line depends only on the offset between its ends, so
    every map shares these. The nudge is (1, 2, -3) x `nudge` in cube coordinates: parallel to
    no line along hex edges, so it moves such a line off the edge, to the same side all along
    (an even nudge in q and r runs along the edges of the (1, 1, -2) directions, and the side
    was then picked by rounding noise, differently from hex to hex)."""
    n = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
    if n == 0:
        return ((0.0, (0, 0)),)
    out = []
    for i in range(n + 1):
        t = i / n
        # cube rounding (round() of a float is already an int)
        fq, fr = nudge + dq * t, 2 * nudge + dr * t
        fs = -fq - fr
        q, r, rs = round(fq), round(fr), round(fs)
        ddq, ddr, dds = abs(q - fq), abs(r - fr), abs(rs - fs)
        if ddq > ddr and ddq > dds:
            q = -r - rs
        elif ddr > dds:
            r = -q - rs
        out.append((t, (q, r)))
    return tuple(out)
