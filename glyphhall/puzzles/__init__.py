"""Puzzles from real games: positions where one move, or one short line of the solver's own
decisions, is clearly best. Model and themes (model.py), reading each game's `puzzles.toml`
(loading.py), playing one (solving.py); the generator that finds them (generate.py) and its
checks (finding.py, checking.py). See README.md."""

from .loading import load_puzzles, parse_puzzles, puzzle_by_id, puzzle_of_the_day
from .model import THEMES, Attempt, Puzzle, PuzzleNotFound
from .solving import puzzle_start, puzzle_state, try_move

__all__ = [
    "THEMES",
    "Attempt",
    "Puzzle",
    "PuzzleNotFound",
    "load_puzzles",
    "parse_puzzles",
    "puzzle_by_id",
    "puzzle_of_the_day",
    "puzzle_start",
    "puzzle_state",
    "try_move",
]
