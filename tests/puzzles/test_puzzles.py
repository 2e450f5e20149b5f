"""The puzzle interface (glyphhall/puzzles): loading with errors that name puzzle and key, the
position replayed, try_move right / wrong / illegal, the puzzle of the day, and hidden
information: the solver's view of a puzzle shows nothing that resampling what they cannot see
would change."""

from __future__ import annotations

import dataclasses
import datetime

import pytest

from glyphhall.engine import IllegalAction, LoadError, Rng
from glyphhall.puzzles import (
    THEMES,
    PuzzleNotFound,
    load_puzzles,
    parse_puzzles,
    puzzle_by_id,
    puzzle_of_the_day,
    puzzle_state,
    try_move,
)

GOOD = """
[[puzzle]]
id = "inscription-9001"
theme = "wins-this-turn"
seat = 0
players = 2
seed = 3
moves = ["draft 1"]
line = [["play 1 3", "play 1 4"], ["bell"]]
explanation = "Play the wolf, then ring the bell."
generated = { margin = 1.0 }
"""


def first_puzzle():
    puzzles = load_puzzles("inscription")
    assert puzzles, "Inscription ships puzzles"
    return puzzles[0]


def test_a_good_table_loads_with_defaults():
    (puzzle,) = parse_puzzles("inscription", GOOD)
    assert puzzle.id == "inscription-9001" and puzzle.seat == 0 and puzzle.players == 2
    assert puzzle.line == (("play 1 3", "play 1 4"), ("bell",))
    assert puzzle.moves == ("draft 1",) and puzzle.options == {}
    assert puzzle.rating == 1500.0 and puzzle.deviation == 350.0
    assert puzzle.generated == {"margin": 1.0}


@pytest.mark.parametrize("change, words", [
    (('theme = "wins-this-turn"', 'theme = "fancy"'), ["inscription-9001", "'theme'", "fancy"]),
    (("seat = 0", "seat = 2"), ["inscription-9001", "'seat'", "below"]),
    (("seat = 0", 'seat = "zero"'), ["inscription-9001", "'seat'", "whole number"]),
    (('line = [["play 1 3", "play 1 4"], ["bell"]]', "line = []"), ["inscription-9001", "'line'"]),
    (('line = [["play 1 3", "play 1 4"], ["bell"]]', "line = [[]]"), ["inscription-9001", "line"]),
    (('moves = ["draft 1"]', "moves = [1]"), ["inscription-9001", "'moves'"]),
    (('id = "inscription-9001"', 'id = "glyfts-9001"'), ["glyfts-9001", "'id'", "inscription-"]),
    (("players = 2", "players = 5"), ["inscription-9001", "'players'"]),
    (("seed = 3", "seed = 3\ncolour = 1"), ["inscription-9001", "unknown key 'colour'"]),
    (('explanation = "Play the wolf, then ring the bell."', ""), ["inscription-9001", "'explanation'"]),
    (("[[puzzle]]", "[[puzzle]\n"), ["not valid TOML"]),
])
def test_bad_files_are_refused_with_a_sentence_naming_puzzle_and_key(change, words):
    text = GOOD.replace(*change)
    with pytest.raises(LoadError) as caught:
        parse_puzzles("inscription", text)
    message = str(caught.value)
    for word in words:
        assert word in message, message
    assert "Traceback" not in message and message.endswith(tuple("abcdefghijklmnopqrstuvwxyz.')0123456789"))


def test_an_id_twice_is_refused():
    with pytest.raises(LoadError, match="inscription-9001 of inscription appears twice"):
        parse_puzzles("inscription", GOOD + GOOD)


def test_moves_that_do_not_replay_are_refused_naming_the_move():
    (puzzle,) = parse_puzzles("inscription", GOOD.replace('moves = ["draft 1"]', 'moves = ["draft 1", "fly away"]'))
    with pytest.raises(LoadError, match=r"inscription-9001: move 2 \('fly away'\) does not replay"):
        puzzle_state(puzzle)


def test_every_theme_of_the_shipped_puzzles_is_known_and_ids_find_them():
    puzzle = first_puzzle()
    assert puzzle.theme in THEMES
    assert puzzle_by_id(puzzle.id) is puzzle
    with pytest.raises(PuzzleNotFound):
        puzzle_by_id("inscription-99999")
    with pytest.raises(KeyError):  # a PuzzleNotFound is a KeyError too
        puzzle_by_id("chess-0001")


def test_the_position_is_the_solvers_move():
    puzzle = first_puzzle()
    state = puzzle_state(puzzle)
    assert state.to_move() == (puzzle.seat,) and not state.is_over()


def test_a_right_move_advances_and_the_last_one_solves():
    puzzle = first_puzzle()
    state = puzzle_state(puzzle)
    before = state.to_dict()
    for step, accepted in enumerate(puzzle.line):
        attempt = try_move(puzzle, state, step, accepted[0])
        assert attempt.correct
        assert attempt.solved == (step == len(puzzle.line) - 1)
        state = attempt.state
    assert "Solved" in attempt.message and puzzle.explanation in attempt.message
    assert puzzle_state(puzzle).to_dict() == before  # solving changed no shared position


def test_a_legal_wrong_move_keeps_the_position_and_says_so():
    puzzle = first_puzzle()
    state = puzzle_state(puzzle)
    before = state.to_dict()
    wrong = next(str(a) for a in state.legal_actions(puzzle.seat) if str(a) not in puzzle.line[0])
    attempt = try_move(puzzle, state, 0, wrong)
    assert not attempt.correct and not attempt.solved
    assert attempt.state is state and state.to_dict() == before
    assert "not the best" in attempt.message


def test_an_illegal_move_raises_and_changes_nothing():
    puzzle = first_puzzle()
    state = puzzle_state(puzzle)
    before = state.to_dict()
    with pytest.raises(IllegalAction):
        try_move(puzzle, state, 0, "play 99 99")
    with pytest.raises(IllegalAction):
        try_move(puzzle, state, 0, "")
    assert state.to_dict() == before
    with pytest.raises(ValueError):
        try_move(puzzle, state, len(puzzle.line), puzzle.line[0][0])


def test_the_solvers_view_shows_nothing_hidden():
    """Resampling everything the solver cannot see (the opponent's hand, the decks) leaves the
    solver's view of the puzzle unchanged, while the opponent's view is not the solver's."""
    puzzle = first_puzzle()
    state = puzzle_state(puzzle)
    seen = state.view(puzzle.seat)
    for n in range(4):
        assert state.determinize(puzzle.seat, Rng(n)).view(puzzle.seat) == seen
    assert state.view(1 - puzzle.seat) != seen


def test_the_puzzle_of_the_day_is_the_same_all_day_and_changes_over_days():
    day = datetime.date(2026, 12, 2)
    assert puzzle_of_the_day("inscription", day) == puzzle_of_the_day("inscription", day)
    picked = {puzzle_of_the_day("inscription", day + datetime.timedelta(days=n)).id for n in range(30)}
    assert len(picked) > 1
    assert all(puzzle_by_id(i).game_id == "inscription" for i in picked)


def test_a_puzzle_is_immutable():
    with pytest.raises(dataclasses.FrozenInstanceError):
        first_puzzle().seat = 1  # type: ignore[misc]
