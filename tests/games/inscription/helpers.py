"""Inscription positions for scenario tests, through the engine's `load_position`.

    st = position(board0=["Wolf", None, None, "Squirrel"], board1=[None, "Stoat", None, None],
                  hand0=["Raven"], turn=0)

Boards are listed by space 1..4 (space 1 nearest the bell). A position starts in the play step
of an ordinary turn (not a first turn) with the draft over, unless told otherwise.
"""

from __future__ import annotations

from typing import Any

from glyphhall.games.inscription import GAME
from glyphhall.games.inscription import board as B
from glyphhall.games.inscription.position import card_id
from glyphhall.games.inscription.state import InscriptionState

cid = card_id  # the card a name means in a position (a player's own card first)


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
    """The position through `GAME.load_position` (the README's format); decks are listed
    bottom first here, as the state keeps them."""
    seats = [{"board": [name or "" for name in row or [None] * 4], "hand": list(hand), "deck": list(reversed(deck)),
              "items": list(items), "bones": bones[seat], "candles": candles[seat],
              "first_turn": bool(first_turn[seat])}
             for seat, (row, hand, deck, items) in enumerate(((board0, hand0, deck0, items0), (board1, hand1, deck1, items1)))]
    return GAME.load_position({"seed": seed, "options": options, "seats": seats,  # type: ignore[return-value]
                               "position": {"turn": turn, "step": phase, "scale": scale, "turns_played": 5}})


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
