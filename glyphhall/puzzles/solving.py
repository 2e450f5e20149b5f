"""Playing a puzzle: the position the solver faces, and the answer to each move they try."""

from __future__ import annotations

from glyphhall import games
from glyphhall.engine import Event, GlyphHallError, LoadError, State, normalize_text

from .model import Attempt, Puzzle


def replay_moves(puzzle: Puzzle) -> State:
    """The game replayed from the puzzle's seed, options and moves (each move is played by the
    first seat to move, as the generator played it). Raises LoadError naming the move."""
    return _replay(puzzle, None)


def _replay(puzzle: Puzzle, events: list[tuple[Event, ...]] | None) -> State:
    game = games.get(puzzle.game_id)
    state = game.new(puzzle.players, puzzle.seed, dict(puzzle.options))
    for index, text in enumerate(puzzle.moves):
        seats = state.to_move()
        if not seats:
            raise LoadError(f"puzzle {puzzle.id}: the game is over before move {index + 1} ({text!r})")
        try:
            happened = state.apply_text(seats[0], text)
        except GlyphHallError as err:
            raise LoadError(f"puzzle {puzzle.id}: move {index + 1} ({text!r}) does not replay: {err}") from None
        if events is not None:
            events.append(tuple(happened))
    return state


def puzzle_state(puzzle: Puzzle) -> State:
    """The position the solver faces (the whole state: show the solver only `view(puzzle.seat)`).
    Raises LoadError if the moves do not replay or it is not the solver's move."""
    return puzzle_start(puzzle)[0]


def puzzle_start(puzzle: Puzzle) -> tuple[State, tuple[tuple[Event, ...], ...]]:
    """`puzzle_state` and the events of each move of the game before it (for a log)."""
    events: list[tuple[Event, ...]] = []
    state = _replay(puzzle, events)
    if state.is_over() or state.to_move() != (puzzle.seat,):
        raise LoadError(f"puzzle {puzzle.id}: after its moves it is not the solver's move alone")
    return state, tuple(events)


def accepted(puzzle: Puzzle, step: int) -> frozenset[str]:
    """The moves accepted at `step` (0 = the first decision), normalized as the game compares them."""
    return frozenset(normalize_text(text) for text in puzzle.line[step])


def try_move(puzzle: Puzzle, state: State, step: int, move: str) -> Attempt:
    """The solver tries `move` at `step` of the line, in `state` (the position at that step).

    An illegal move raises the engine's IllegalAction and changes nothing. A legal move that is not
    in the line: correct=False and the same state. A right move: a copy of the state after it,
    solved=True after the last step."""
    if not 0 <= step < len(puzzle.line):
        raise ValueError(f"this puzzle has {len(puzzle.line)} steps; there is no step {step + 1}")
    action = state.game.parse_action(state, puzzle.seat, move)  # IllegalAction if not legal
    if normalize_text(str(action)) not in accepted(puzzle, step):
        return Attempt(False, False, state, "That move is legal, but it is not the best here. Try again.")
    after = state.clone()
    after.apply(puzzle.seat, action)
    if step + 1 == len(puzzle.line):
        return Attempt(True, True, after, "Solved! " + puzzle.explanation)
    return Attempt(True, False, after, "Right. Keep going: it is still your move.")
