"""Glyphs' terminal board at 80 x 24 (issue 27): the opening glyphs stay on screen however long
the game runs, the newest glyphs that fit follow, earlier ones are on pages, and no picture or
notation is cut with an ellipsis."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from glyphhall.engine import Action, Rng
from glyphhall.games.glyphs import GAME, apprentice
from glyphhall.games.glyphs.terminal import PAGING, RESERVED_LINES, command, render


def _played(options: dict, glyphs: int):
    """Two players, `glyphs` glyphs made, nobody guessing: a board longer than a screen."""
    s = GAME.new(2, 5, options)
    rng = Rng(1)
    made = 0
    while made < glyphs:
        seat = s.to_move()[0]
        action = apprentice.choose(s.determinize(seat, rng.fork()), seat, rng)
        if action.verb == "guess":
            action = Action("pass")
        made += action.verb in ("perform", "study", "build")
        s.apply(seat, action)
    return s


@pytest.fixture(scope="module")
def long_game():
    return _played({"level": 3}, 10)


@pytest.fixture(autouse=True)
def newest_page():
    PAGING.page, PAGING.side = 1, None
    yield
    PAGING.page, PAGING.side = 1, None


def screen(state, colour: bool) -> list[str]:
    console = Console(width=80, height=24, record=True, force_terminal=colour,
                      color_system="truecolor" if colour else None, file=io.StringIO())
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


def test_a_duel_shows_one_side_at_a_time(long_game):
    duel = _played({"mode": "duel", "level": 2}, 12)
    lines = screen(duel, colour=True)
    assert len(lines) + RESERVED_LINES <= 24 and not any("…" in line for line in lines)
    assert any(line.startswith("Ann's side") for line in lines)
    assert command(duel, 0, "side") == "the other side of the board"
    assert any(line.startswith("Bob's side") for line in screen(duel, colour=True))
    assert "one board" in command(long_game, 0, "side")
