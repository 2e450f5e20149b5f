"""The per-map sight-line cache (los.py) gives the lines a direct walk gives: the terrain part of
line of sight (reference §1.6: a line is blocked below the top of a terrain column, by a ruin
wall above it, by an overhang; it passes over gaps; it only has to be clear on one side of an
edge) is computed once per map from a shared line geometry."""

import pytest

from glyphhall.engine import Rng
from glyphhall.games.heroscape import hexes, los
from glyphhall.games.heroscape.maps import load_map


def walked_lines(board, src, dst, z0, z1s):
    """The sight lines as a plain walk of the hexes crossed, side by side and height by height."""
    lines = []
    for z1 in z1s:
        for nudge in los.NUDGES:
            line = []
            prev, prev_t = -1, 0.0
            for t, h in board.line_hexes(src, dst, nudge):
                if board.walls and (prev, h) in board.walls and \
                        board.walls[(prev, h)] > z0 + (z1 - z0) * (prev_t + t) / 2:
                    break
                prev, prev_t = h, t
                if h in (src, dst):
                    continue
                z = z0 + (z1 - z0) * t
                if board.levels[h] > z or board.ceiling[h] <= z <= board.ceiling_top[h]:
                    break
                line.append((h, board.levels[h], z))
            else:
                if not line:
                    return True
                lines.append(tuple(line))
    return lines


@pytest.mark.parametrize("key", ["skirmish", "valkyrie", "giants"])
def test_cached_sight_lines_are_the_walked_lines(key):
    """§1.6 terrain blocking, over levels, ruin walls (giants) and an overhang (giants)."""
    board = load_map(key)
    rng = Rng(7)
    for _ in range(1500):
        src, dst = rng.below(len(board)), rng.below(len(board))
        z0 = board.levels[src] + rng.choice([0.9, 4.5, 6.3, 10.8])
        z1s = tuple(board.levels[dst] + x for x in rng.choice([(0.5,), (1.75, 3.25, 4.75), (0.2, 2.5, 4.95)]))
        expected = walked_lines(board, src, dst, z0, z1s)
        got = los._build_lines(board, src, dst, z0, z1s, ("test", src, dst, z0, z1s))
        if expected is True:
            assert got is True
        else:
            # the cache keeps a line that both edge sides share once, each flat: (hex, level,
            # height, hex, ...)
            assert got is not True and set(got) == {tuple(x for step in line for x in step) for line in expected}


def test_both_edge_sides_are_kept_when_they_differ():
    """§1.6: a line running along a hex edge is clear if either side is: both are kept."""
    board = load_map("valkyrie")
    both = [(a, b) for a in range(0, len(board), 7) for b in range(len(board))
            if [h for _, h in board.line_hexes(a, b, 1e-6)] != [h for _, h in board.line_hexes(a, b, -1e-6)]]
    assert both, "the map has lines along edges"
    for a, b in both[:50]:
        geometry = los._geometry(board, a, b)
        assert len(geometry) == 2
        assert geometry[0][1][0::5] != geometry[1][1][0::5]  # the hexes crossed (flat: hex, t, level, ...)


def test_hex_line_steps_one_space_at_a_time():
    """Hex lines (reference §1.6 'straight line'): every hex is one space farther from the start."""
    for a in [(0, 0), (3, -2), (-5, 7)]:
        for b in [(4, 1), (-6, 3), (0, 9), (7, -7), (2, 2)]:
            for nudge in los.NUDGES:
                line = hexes.line(a, b, nudge)
                assert [hexes.distance(a, c) for _, c in line] == list(range(len(line)))
                assert line[-1][1] == b


@pytest.mark.parametrize("offset", [(4, 4), (-3, -3), (2, -4), (-5, 10), (6, -3), (-2, 1)])
def test_a_line_along_hex_edges_keeps_one_side_on_each_nudge(offset):
    """§1.6 (a line running along hex edges is clear if either side is): in the three edge
    directions the +nudge line and the -nudge line each stay on one side, the two sides share
    only the hexes the line passes through the centres of, and where on the map the line lies
    changes nothing (an even nudge in q and r once mixed the sides by rounding noise)."""
    dq, dr = offset
    for start in [(0, 0), (-15, 0), (7, 23), (-30, 41)]:
        end = (start[0] + dq, start[1] + dr)
        plus = [c for _, c in hexes.line(start, end, 1e-6)]
        minus = [c for _, c in hexes.line(start, end, -1e-6)]
        centres = plus[::2]
        assert minus[::2] == centres  # every other hex is on the line itself
        assert set(plus[1::2]).isdisjoint(minus[1::2])
        for side in (plus, minus):
            assert [hexes.distance(start, c) for c in side] == list(range(len(side)))
            # one side: each hex between two centres lies on the same turn from the line
            turns = {(c[0] - a[0], c[1] - a[1]) for a, c in zip(side[::2], side[1::2], strict=False)}
            assert len(turns) == 1
        assert [(q - start[0], r - start[1]) for q, r in plus] == [c for _, c in hexes.line((0, 0), offset, 1e-6)]
