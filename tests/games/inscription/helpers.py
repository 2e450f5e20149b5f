"""Build Inscription positions directly, for scenario tests.

    st = position(board0=["Wolf", None, None, "Squirrel"], board1=[None, "Stoat", None, None],
                  hand0=["Raven"], turn=0)

Boards are listed by space 1..4 (space 1 nearest the bell). A position starts in the play step
of an ordinary turn (not a first turn) with the draft over, unless told otherwise.
"""

from __future__ import annotations

from typing import Any

from glyphhall.games.inscription import GAME
from glyphhall.games.inscription import board as B
from glyphhall.games.inscription.state import InscriptionState

PREFERRED = ("draw", "rare", "squirrel", "upgrade", "swap", "smoke", "item")


def cid(st: InscriptionState, name: str) -> int:
    """The definition a player's own card of that name uses (draw pile first)."""
    for pile in PREFERRED:
        for d in st.defs:
            if d.name == name and d.pile == pile:
                return d.id
    raise KeyError(name)


def position(
    board0: list[str | None] | None = None,
    board1: list[str | None] | None = None,
    hand0: list[str] = (),  # type: ignore[assignment]
    hand1: list[str] = (),  # type: ignore[assignment]
    deck0: list[str] = (),  # type: ignore[assignment]
    deck1: list[str] = (),  # type: ignore[assignment]
    items0: list[str] = (),  # type: ignore[assignment]
    items1: list[str] = (),  # type: ignore[assignment]
    turn: int = 0,
    phase: str = "play",
    bones: tuple[int, int] = (0, 0),
    scale: int = 0,
    candles: tuple[int, int] = (2, 2),
    first_turn: tuple[int, int] = (0, 0),
    seed: int = 7,
    **options: Any,
) -> InscriptionState:
    st: InscriptionState = GAME.new(2, seed, options)  # type: ignore[assignment]
    st.draft_pile, st.faceup = [], []
    st.phase = phase
    st.turn = turn
    st.turn_no = 5
    st.board = [None] * 8
    for seat, row in ((0, board0), (1, board1)):
        for lane, name in enumerate(row or [None] * 4):
            if name is not None:
                st.board[seat * 4 + lane] = B.new_slot(st, seat, cid(st, name))
    st.hands = [[cid(st, n) for n in hand0], [cid(st, n) for n in hand1]]
    st.known = [[], []]
    st.decks = [[cid(st, n) for n in deck0], [cid(st, n) for n in deck1]]
    st.items = [[cid(st, n) for n in items0], [cid(st, n) for n in items1]]
    st.bones = list(bones)
    st.scale = st.scale_mark = scale
    st.candles = list(candles)
    st.first_turn = list(first_turn)
    return st


def names(st: InscriptionState, cards: list[int]) -> list[str]:
    return [st.defs[c].name for c in cards]


def row(st: InscriptionState, seat: int) -> list[str | None]:
    """The names on a seat's four spaces."""
    return [None if st.board[seat * 4 + k] is None else st.defs[st.board[seat * 4 + k][B.CID]].name
            for k in range(4)]


def health(st: InscriptionState, seat: int, space: int) -> int:
    return st.board[seat * 4 + space - 1][B.HP]


def act(st: InscriptionState, text: str, seat: int | None = None) -> list[str]:
    """Apply a typed action for the seat to move; return the event texts everyone sees."""
    if seat is None:
        seat = st.to_move()[0]
    return [e.text for e in st.apply_text(seat, text) if e.to is None]


def bell(st: InscriptionState) -> list[str]:
    return act(st, "bell")


def end_turn(st: InscriptionState) -> list[str]:
    """Draw a squirrel if it is the draw step, then ring the bell."""
    events = act(st, "draw squirrel") if st.phase == "draw" else []
    return events + bell(st)
