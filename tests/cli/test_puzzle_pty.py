"""`glyphhall puzzle` in a pseudo-terminal, as a person types: the position from the solver's seat,
an illegal move refused (the puzzle stays), a wrong move answered with the best one and why, the
rating kept in the data directory, the next puzzle, and a right move solving it."""

from __future__ import annotations

import json

import pexpect

from tests.puzzles_play.sample import EXPLAINED, RIGHT, toml_of

from .pty import shown, spawn, type_line


def test_solving_and_failing_puzzles_in_the_terminal(tmp_path):
    puzzles = tmp_path / "puzzles.toml"
    puzzles.write_text(toml_of("inscription"), encoding="utf-8")
    data = tmp_path / "data"
    child = spawn("puzzle", "inscription", "--file", str(puzzles), "--name", "Ann", "--theme", "wins-this-turn",
                  data_dir=str(data))
    child.expect_exact("Your puzzle rating: 1500? (none tried yet)")
    child.expect_exact("Puzzle: Win this turn")
    child.expect_exact("your hand:")  # the terminal game view, from Ann's seat
    child.expect_exact("Your move>")
    type_line(child, "fly away")
    child.expect_exact("Not a legal move here")
    child.expect_exact("Your move>")
    type_line(child, "bell")  # legal, not the best: the puzzle is over, with the answer and why
    child.expect_exact("bell is not the best move here. The best move: ")
    child.expect_exact(EXPLAINED)
    child.expect_exact("Your puzzle rating: ")
    child.expect_exact("Enter: the next puzzle")
    kept = json.loads((data / "puzzles" / "inscription.json").read_text())
    assert kept["rating"]["rating"] < 1500 and kept["solved"] == 0
    first = kept["tried"][0]
    type_line(child, "")
    child.expect_exact("Puzzle: Win this turn")  # the theme's other puzzle (the first was tried)
    child.expect_exact("Your move>")
    answer = "play 4 3" if first == "inscription-9001" else RIGHT
    type_line(child, answer)
    child.expect_exact("Right! Solved.")
    child.expect_exact("Enter: the next puzzle")
    type_line(child, "quit")
    child.expect(pexpect.EOF)
    kept = json.loads((data / "puzzles" / "inscription.json").read_text())
    assert kept["solved"] == 1 and set(kept["tried"]) == {"inscription-9001", "inscription-9003"}
    text = shown(child)
    assert "Wrong: bell is not the best move here." in text and "Ann plays" in text
    for leak in ("seat 0", "seat 1", "Traceback", "toml", "Your opponent: candles 2/2  bones 0  hand 4"):
        assert leak not in text
