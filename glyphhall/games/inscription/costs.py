"""Card costs: which sacrifices pay a blood cost (Rulebook, Card Costs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import board as B
from . import sigils as S

if TYPE_CHECKING:
    from .state import InscriptionState


def blood_value(st: InscriptionState, i: int) -> int:
    """Rulebook, Card Costs > Blood: 1 blood per card; Worthy Sacrifice counts 3."""
    return 3 if st.defs[st.board[i][B.CID]].sig & S.WORTHY_SACRIFICE else 1


def sacrificeable(st: InscriptionState, seat: int) -> list[int]:
    """Lanes of `seat` holding a card that may be sacrificed: only cards that are alive."""
    side = seat * 4
    board, defs = st.board, st.defs
    return [lane for lane in range(4) if board[side + lane] is not None and defs[board[side + lane][B.CID]].alive]


def sacrifice_options(st: InscriptionState, seat: int, cost: int) -> list[tuple[int, tuple[int, ...]]]:
    """Every (target lane, sacrificed lanes) that pays `cost` blood exactly as the rulebook asks:
    the sacrifices are cards already on the board, and blood is never stored, so no sacrifice is
    wasted (dropping any one of them would leave the cost unpaid). The target is an empty space,
    or the space of a sacrificed card that perishes (Many Lives stays)."""
    side = seat * 4
    lanes = sacrificeable(st, seat)
    values = [blood_value(st, side + lane) for lane in lanes]
    defs, board = st.defs, st.board
    empty = [lane for lane in range(4) if board[side + lane] is None]
    out: list[tuple[int, tuple[int, ...]]] = []
    n = len(lanes)
    for mask in range(1, 1 << n):
        total = 0
        smallest = 99
        for k in range(n):
            if mask >> k & 1:
                total += values[k]
                if values[k] < smallest:
                    smallest = values[k]
        if total < cost or total - smallest >= cost:
            continue
        chosen = tuple(lanes[k] for k in range(n) if mask >> k & 1)
        freed = [lane for lane in chosen if not defs[board[side + lane][B.CID]].sig & S.MANY_LIVES]
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
