"""Hex geometry: axial coordinates (q, r), neighbours, distances, labels, centres and lines.

Maps are written in "odd-r" offset rows (row letter + column number, e.g. "c4") because that is
how a person reads a printed map; the engine works in axial coordinates (redblobgames.com)."""

from __future__ import annotations

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
    n = distance(a, b)
    if n == 0:
        return [(0.0, a)]
    out = []
    aq, ar = a[0] + nudge, a[1] + nudge
    bq, br = b[0] + nudge, b[1] + nudge
    span_q, span_r = bq - aq, br - ar
    for i in range(n + 1):
        t = i / n
        # cube rounding, inlined: maps cache lines, but a fresh map computes thousands
        # (round() of a float is already an int)
        fq, fr = aq + span_q * t, ar + span_r * t
        fs = -fq - fr
        q, r, rs = round(fq), round(fr), round(fs)
        dq, dr, ds = abs(q - fq), abs(r - fr), abs(rs - fs)
        if dq > dr and dq > ds:
            q = -r - rs
        elif dr > ds:
            r = -q - rs
        out.append((t, (q, r)))
    return out

