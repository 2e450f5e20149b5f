"""Glyphs' terminal board at 80 x 24 (issue 27): the opening glyphs stay on screen however long
the game runs, the newest glyphs that fit follow, earlier ones are on pages, and no picture or
notation is cut with an ellipsis."""

from __future__ import annotations

import pytest
from rich.console import Console

from glyphhall.engine import Action, Rng
from glyphhall.games.glyphs import GAME, apprentice
from glyphhall.games.glyphs.terminal import PAGING, RESERVED_LINES, command, render


@pytest.fixture(scope="module")
def long_game():
    """Two apprentices, ten glyphs made, nobody guessing: a board longer than a screen."""
    s = GAME.new(2, 5, {"level": 3})
    rng = Rng(1)
    made = 0
    while made < 10:
        seat = s.to_move()[0]
        action = apprentice.choose(s.determinize(seat, rng.fork()), seat, rng)
        if action.verb == "guess":
            action = Action("pass")
        made += action.verb in ("perform", "study")
        s.apply(seat, action)
    return s


@pytest.fixture(autouse=True)
def newest_page():
    PAGING.page = 1
    yield
    PAGING.page = 1


def screen(state, colour: bool) -> list[str]:
    console = Console(width=80, height=24, record=True, force_terminal=colour,
                      color_system="truecolor" if colour else None)
    console.print(render(state.view(0), 0, ["Ann", "Bob"]))
    return console.export_text().splitlines()


def numbers(lines: list[str]) -> set[int]:
    """The glyph numbers in the cells' titles."""
    out = set()
    for line in lines:
        words = line.split()
        out |= {int(words[k + 1]) for k, w in enumerate(words[:-1]) if w in ("✓", "✗") and words[k + 1].isdigit()}
    return out


@pytest.mark.parametrize("colour", [True, False], ids=["colour", "braille"])
def test_the_board_fits_80_by_24_with_the_openings_pinned(long_game, colour):
    total = len(long_game.view(0)["boards"][0])
    seen: set[int] = set()
    for page in range(1, 8):
        PAGING.page = page
        lines = screen(long_game, colour)
        assert len(lines) + RESERVED_LINES <= 24, "the board leaves the last moves and the prompt on screen"
        assert all(len(line) <= 80 for line in lines)
        assert not any("…" in line for line in lines), "nothing is cut"
        shown = numbers(lines)
        assert {1, 2} <= shown, "the opening glyphs are on every page"
        if page == 1:
            assert total in shown, "the first page has the newest glyph"
        seen |= shown
    assert seen == set(range(1, total + 1)), "every glyph is on some page"


def test_board_commands_page_and_show_notation(long_game):
    assert command(long_game, 0, "perform oval@0,0") is None  # an action, not a board command
    assert command(long_game, 0, "page next") == "earlier glyphs of the board"
    assert PAGING.page == 2
    command(long_game, 0, "page prev")
    assert PAGING.page == 1
    command(long_game, 0, "page 99")
    screen(long_game, colour=False)
    pages = PAGING.page
    assert 1 < pages < 99  # past the last page is the last page, so one "prev" shows newer glyphs
    command(long_game, 0, "page prev")
    assert PAGING.page == pages - 1
    assert "page takes a number" in command(long_game, 0, "page sideways")
    first = long_game.view(0)["boards"][0][0]["glyph"]
    assert command(long_game, 0, "glyph 1") == f"glyph 1: {first}"
    assert "no glyph 99" in command(long_game, 0, "glyph 99")
