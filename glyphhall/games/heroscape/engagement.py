# cython: annotation_typing=True
"""Adjacency and engagement (reference §1.5): neighbouring spaces where neither figure's base is
at or above the top of the other (and, across a ruin wall, both stand taller than it); enemies
adjacent are engaged. Asked by movement, attacks, powers and glyphs."""

from __future__ import annotations

from typing import TYPE_CHECKING

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

if TYPE_CHECKING:
    from .state import HeroscapeState

ON = 1


def adjacent_at(s: HeroscapeState, ha: int, ta: int, height_a: int, b: int) -> bool:
    """Would a figure standing on (ha, ta) with height `height_a` be adjacent to figure b, with
    the height rule: not adjacent when one base is at or above the top of the other figure."""
    board, levels = s.board, s.board.levels
    hb, tb = s.f_hex[b], s.f_tail[b]
    height_b = s.c_def[s.f_card[b]].height
    for x in (ha, ta):
        if x < 0:
            continue
        nx = board.neighbours[x]
        for y in (hb, tb):
            if y >= 0 and y in nx and levels[x] < levels[y] + height_b and levels[y] < levels[x] + height_a:
                if y in board.wall_nbrs[x]:
                    # across a ruin wall: adjacent only when both figures stand taller than it
                    top = board.walls[(x, y)]
                    if levels[x] + height_a <= top or levels[y] + height_b <= top:
                        continue
                return True
    return False


def adjacent(s: HeroscapeState, a: int, b: int) -> bool:
    """Adjacent in the rules' sense (neighbouring hexes and neither base above the other's top)."""
    return adjacent_at(s, s.f_hex[a], s.f_tail[a], s.c_def[s.f_card[a]].height, b)


def engaged(s: HeroscapeState, a: int, b: int) -> bool:
    st, team, card = s.f_state, s.c_team, s.f_card
    if st[a] != ON or st[b] != ON or team[card[a]] == team[card[b]]:  # teammates are never engaged
        return False
    # heads more than 3 spaces apart cannot be adjacent, even for double-space figures
    if s.board.dmat[s.f_hex[a]][s.f_hex[b]] > 3:
        return False
    return adjacent(s, a, b)


def engaged_with(s: HeroscapeState, f: cython.int) -> list[int]:
    """f's engaged enemies, in figure order. Only figures on a neighbouring hex can be adjacent:
    those are the occupants of the neighbours, plus the moving figure (which is not in `occ`
    while it passes through a friend's space)."""
    st, team, card = s.f_state, s.c_team, s.f_card  # teammates are never engaged
    if st[f] != ON:
        return []
    me = team[card[f]]
    occ, nbrs = s.occ, s.board.neighbours
    near = set()
    for x in (s.f_hex[f], s.f_tail[f]):
        if x >= 0:
            for n in nbrs[x]:
                o = occ[n]
                if o >= 0 and o != f and team[card[o]] != me:
                    near.add(o)
    m = s.moving
    if m >= 0 and m != f and st[m] == ON and team[card[m]] != me:
        near.add(m)
    if not near:
        return []
    return sorted([e for e in near if adjacent(s, f, e)])


def is_engaged(s: HeroscapeState, f: cython.int) -> bool:
    """`engaged_with(s, f)` is not empty, answered at the first engaged enemy (asked for every
    friend a move passes)."""
    st, team, card = s.f_state, s.c_team, s.f_card
    if st[f] != ON:
        return False
    me = team[card[f]]
    occ, nbrs = s.occ, s.board.neighbours
    for x in (s.f_hex[f], s.f_tail[f]):
        if x >= 0:
            for n in nbrs[x]:
                o = occ[n]
                if o >= 0 and o != f and team[card[o]] != me and adjacent(s, f, o):
                    return True
    m = s.moving
    return m >= 0 and m != f and st[m] == ON and team[card[m]] != me and adjacent(s, f, m)
