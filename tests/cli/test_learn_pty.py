"""`glyphhall learn` in a pseudo-terminal, as a newcomer types: each step's text, a wrong move
answered with why (the position kept), the whole first turn, then the short game against the
gentlest computer."""

from __future__ import annotations

import pexpect

from glyphhall.games.tutorials import tutorial

from .pty import shown, spawn, type_line, wait_turn


def test_a_newcomer_learns_inscription_in_the_terminal(tmp_path):
    lesson = tutorial("inscription")
    assert lesson is not None
    child = spawn("learn", "inscription", "--plain", "--name", "Ann", "--seed", "3", data_dir=str(tmp_path / "data"))
    child.expect_exact("Step 1 of 8.")
    child.expect_exact("Your move>")
    type_line(child, "draw squirrel")  # a wrong move: answered with why, the step stays
    child.expect_exact("A Squirrel is free to play but does not fight.")
    child.expect_exact("Step 1 of 8.")
    child.expect_exact("Your move>")
    type_line(child, "fly away")  # not a move at all: the game's reason and the step's why
    child.expect_exact("Every turn starts with a draw.")
    child.expect_exact("Step 1 of 8.")
    for number, step in enumerate(lesson.steps, start=1):
        child.expect_exact("Your move>")
        type_line(child, step.expect)
        child.expect_exact(f"Step {number + 1} of 8." if number < 8 else "gentlest computer")
    child.expect_exact("a short game")
    assert wait_turn(child, "Ann", timeout=60) == 0  # the short game asks for Ann's first move: the draft
    child.sendcontrol("d")
    child.expect_exact("Leave the game?")
    type_line(child, "y")
    child.expect(pexpect.EOF)
    text = shown(child)
    assert "draft" in text[text.index("a short game"):].lower()  # a new game: it begins with the draft
    assert "Ann draws Wolf" in text and "Your opponent plays Squirrel on space 1" in text
    for leak in ("seat 0", "seat 1", "Traceback", "toml"):
        assert leak not in text
