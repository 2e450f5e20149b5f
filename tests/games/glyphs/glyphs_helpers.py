"""Building positions for Glyphs scenario tests."""

from __future__ import annotations

from glyphhall.games.glyphs import GAME
from glyphhall.games.glyphs.decrees.parser import parse
from glyphhall.games.glyphs.state import Board, read_glyph
from glyphhall.games.glyphs.turn import start_turn

SQUARE = "square@0,0"
OVAL = "oval@0,0"
SQUARE_OVAL = "oval@1.5,0 square@0,0"
TWO_OVALS = "oval@0,0 oval@1.5,0"


def glyph(text: str) -> tuple:
    return read_glyph(text)


def position(players: int = 2, decree: str = "it has at least one oval", board=((OVAL, True), (SQUARE, False)),
             coins=None, **options):
    """A computer-mage game (or another mode via options) with this decree and opening board,
    at the start of seat 0's turn (apprentices mode)."""
    s = GAME.new(players, 7, options)
    if s.mode == "apprentices":
        s.decrees[0] = [parse(decree)]
        b = Board()
        for text, approved in board:
            b.glyphs.append([glyph(text), approved, -1, "opening", {}])
        s.boards[0] = b
        first = s.apprentices()[0]
        start_turn(s, first)
    if coins is not None:
        s.coins = list(coins)
    return s
