# cython: annotation_typing=True
"""Card costs: which sacrifices pay a blood cost (Rulebook, Card Costs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from .cards import CardDef
from .sigils import MANY_LIVES, WORTHY_SACRIFICE
from .state import CID

if TYPE_CHECKING:
    from .state import InscriptionState


def blood_value(st: InscriptionState, i: int) -> int:
    """Rulebook, Card Costs > Blood: 1 blood per card; Worthy Sacrifice counts 3."""
    return 3 if st.defs[st.board[i][CID]].sig & WORTHY_SACRIFICE else 1


def sacrificeable(st: InscriptionState, seat: int) -> list[int]:
    """Lanes of `seat` holding a card that may be sacrificed: only cards that are alive."""
    side = seat * 4
    board, defs = st.board, st.defs
    return [lane for lane in range(4) if board[side + lane] is not None and defs[board[side + lane][CID]].alive]


_OPTIONS: dict[tuple, list[tuple[int, tuple[int, ...]]]] = {}
EMPTY, NOT_ALIVE, ALIVE, WORTHY = 0, 1, 2, 3  # what a lane holds (+2: Many Lives), for the memo key


@cython.locals(d=CardDef)
def lane_kinds(st: InscriptionState, seat: cython.int) -> tuple[int, ...]:
    board, defs = st.board, st.defs
    out = []
    for i in range(seat * 4, seat * 4 + 4):
        slot = board[i]
        if slot is None:
            out.append(EMPTY)
            continue
        d = defs[slot[CID]]
        if not d.alive:
            out.append(NOT_ALIVE)
        else:
            out.append((WORTHY if d.sig & WORTHY_SACRIFICE else ALIVE) + (2 if d.sig & MANY_LIVES else 0))
    return tuple(out)


def sacrifice_options(st: InscriptionState, seat: cython.int, cost: cython.int) -> list[tuple[int, tuple[int, ...]]]:
    """Every (target lane, sacrificed lanes) that pays `cost` blood exactly as the rulebook asks:
    the sacrifices are cards already on the board, and blood is never stored, so no sacrifice is
    wasted (dropping any one of them would leave the cost unpaid). The target is an empty space,
    or the space of a sacrificed card that perishes (Many Lives stays)."""
    key = (cost, lane_kinds(st, seat))
    found = _OPTIONS.get(key)
    if found is None:
        found = _OPTIONS[key] = _options(cost, key[1])
    return found


def _options(cost: int, kinds: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
    lanes = [lane for lane in range(4) if kinds[lane] >= ALIVE]
    values = [3 if kinds[lane] in (WORTHY, WORTHY + 2) else 1 for lane in lanes]
    empty = [lane for lane in range(4) if kinds[lane] == EMPTY]
    out: list[tuple[int, tuple[int, ...]]] = []
    n = len(lanes)
    for mask in range(1, 1 << n):
        picked = [k for k in range(n) if mask >> k & 1]
        total = sum(values[k] for k in picked)
        if total < cost or total - min(values[k] for k in picked) >= cost:
            continue
        chosen = tuple(lanes[k] for k in picked)
        freed = [lane for lane in chosen if kinds[lane] < ALIVE + 2]
        for target in sorted(empty + freed):
            out.append((target, chosen))
    out.sort()
    return out


def can_pay(st: InscriptionState, seat: int, cid: int) -> bool:
    from .cards import BLOOD, BONES

    d = st.defs[cid]
    if d.kind == BONES:
        return st.bones[seat] >= d.cost
    if d.kind == BLOOD:
        return bool(sacrifice_options(st, seat, d.cost))
    return True
