"""`glyphhall puzzle GAME`: the game's puzzles in the terminal (`glyphhall/puzzles/`). The position
is shown as the terminal game view shows it, from the solver's seat only; a move is answered right
or wrong, and once the puzzle is over with the best line and why; then the next puzzle, near the
player's puzzle rating and not tried before. Progress and the rating (Glicko-2, provisional until
a few puzzles are tried) are kept in the user's data directory (`puzzles/<game>.json`)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from glyphhall import games
from glyphhall.engine import GlyphHallError, IllegalAction, State, filter_events
from glyphhall.paths import data_dir
from glyphhall.puzzles import THEMES, Puzzle, load_puzzles, parse_puzzles, puzzle_state, try_move
from glyphhall.store.glicko import Glicko, after_attempt

from .errors import fail, os_error_text
from .prompt import LineReader, person_name
from .render import renderer_for

console = Console()

HELP = ("Type the best move (Tab completes moves). 'board' shows the position again, 'skip' goes to the "
        "next puzzle, 'quit' leaves.")
#: How many puzzles the progress file remembers as tried.
KEPT = 500


class Progress:
    """The terminal's puzzle progress in one game: the rating, the puzzles tried (most recent
    first), how many were solved. Kept as JSON in the data directory."""

    def __init__(self, game_id: str) -> None:
        self.path = data_dir() / "puzzles" / f"{game_id}.json"
        self.rating = Glicko()
        self.tried: list[str] = []
        self.solved = 0
        try:
            kept = json.loads(self.path.read_text(encoding="utf-8"))
            self.rating = Glicko(**kept["rating"])
            self.tried = [str(p) for p in kept["tried"]][:KEPT]
            self.solved = int(kept["solved"])
        except FileNotFoundError:
            pass
        except (ValueError, KeyError, TypeError):
            console.print(f"[yellow]Your puzzle progress file could not be read ({escape(str(self.path))}); "
                          "starting again.[/yellow]", highlight=False)

    def record(self, puzzle: Puzzle, solved: bool, difficulty: Glicko) -> tuple[Glicko, bool]:
        """The attempt's result: the new rating, and whether it was rated (a first attempt)."""
        first = puzzle.id not in self.tried
        before = self.rating
        if first:
            self.rating, _ = after_attempt(before, difficulty, solved)
            self.solved += int(solved)
        self.tried = [puzzle.id, *(p for p in self.tried if p != puzzle.id)][:KEPT]
        self.save()
        return before, first

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = {"rating": asdict(self.rating), "tried": self.tried, "solved": self.solved}
        self.path.write_text(json.dumps(data), encoding="utf-8")

    def text(self) -> str:
        mark = "?" if self.rating.provisional else ""
        count = len(self.tried)
        return f"{self.rating.shown}{mark} ({self.solved} of {count} solved)" if count else f"{self.rating.shown}? (none tried yet)"


def register(app: typer.Typer) -> None:
    @app.command("puzzle")
    def puzzle(
        game_id: Annotated[str, typer.Argument(metavar="GAME", help="a game id, see 'glyphhall games'")],
        theme: Annotated[str | None, typer.Option(help=f"only puzzles of one theme: {', '.join(THEMES)}")] = None,
        name: Annotated[str | None, typer.Option(help="your name in the log (default: your login)")] = None,
        file: Annotated[Path | None, typer.Option(help="puzzles of your own (a puzzles.toml of this game)")] = None,
    ) -> None:
        """Solve the game's puzzles: find the best move in positions from real games."""
        try:
            game = games.get(game_id)
        except KeyError as err:
            raise fail(str(err).strip('"')) from None
        try:
            found = parse_puzzles(game.id, file.read_text(encoding="utf-8")) if file else load_puzzles(game.id)
        except OSError as err:
            raise fail(os_error_text(err)) from None
        except GlyphHallError as err:
            raise fail(f"the puzzles do not load: {err}") from None
        if theme is not None and theme not in THEMES:
            raise fail(f"there is no puzzle theme {theme!r}; the themes are {', '.join(THEMES)}")
        chosen = [p for p in found if theme is None or p.theme == theme]
        if not chosen:
            raise fail(f"{game.name} has no puzzles{' of that theme' if theme else ''} yet")
        try:
            solve(chosen, Progress(game.id), name or person_name("Player"))
        except OSError as err:
            raise fail(os_error_text(err)) from None


def next_puzzle(puzzles: list[Puzzle], progress: Progress) -> Puzzle:
    """One of the untried puzzles nearest the player's rating; once all were tried, the one tried
    longest ago."""
    fresh = [p for p in puzzles if p.id not in progress.tried]
    if not fresh:
        order = {pid: i for i, pid in enumerate(progress.tried)}
        return max(puzzles, key=lambda p: order.get(p.id, len(order)))
    target = progress.rating.rating
    best = min(abs(p.rating - target) for p in fresh)
    return random.choice([p for p in fresh if abs(p.rating - target) <= best + 150])


def solve(puzzles: list[Puzzle], progress: Progress, person: str) -> None:
    game = games.get(puzzles[0].game_id)
    moves: list[Callable[[], list[str]]] = [list]  # the moves Tab completes: the puzzle's legal ones
    read = LineReader(game.id, lambda: moves[0]())
    console.print(f"[bold]{escape(game.name)} puzzles[/bold]: {len(puzzles)}. Your puzzle rating: {progress.text()}.",
                  highlight=False)
    console.print(HELP, highlight=False)
    while True:
        puzzle = next_puzzle(puzzles, progress)
        outcome = attempt(puzzle, person, read, moves)
        if outcome is None:
            console.print(f"Your puzzle rating: {progress.text()}. 'glyphhall puzzle {game.id}' goes on from here.",
                          highlight=False)
            return
        if outcome == "skipped":
            progress.tried = [puzzle.id, *(p for p in progress.tried if p != puzzle.id)][:KEPT]
            progress.save()
            continue
        before, rated = progress.record(puzzle, outcome == "solved", Glicko(puzzle.rating, puzzle.deviation))
        if rated:
            change = progress.rating.shown - before.shown
            console.print(f"Your puzzle rating: {progress.text()}, {'+' if change >= 0 else ''}{change}.", highlight=False)
        else:
            console.print(f"Not rated: you had tried this puzzle before. Your puzzle rating: {progress.text()}.",
                          highlight=False)
        moves[0] = list
        try:
            if read("Enter: the next puzzle; 'quit' leaves> ").strip().lower() in ("quit", "exit", "q"):
                raise EOFError
        except EOFError:
            console.print(f"'glyphhall puzzle {game.id}' goes on from here.", highlight=False)
            return


def _names(puzzle: Puzzle, person: str) -> list[str]:
    return [person if i == puzzle.seat else ("Your opponent" if puzzle.players == 2 else f"Opponent {i}")
            for i in range(puzzle.players)]


def attempt(puzzle: Puzzle, person: str, read: Callable[[str], str],
            moves: list[Callable[[], list[str]]]) -> str | None:
    """One puzzle: "solved", "failed", "skipped", or None when the person left. `moves[0]` is set
    to what Tab completes (the position's legal moves)."""
    try:
        state = puzzle_state(puzzle)
    except GlyphHallError as err:
        console.print(f"[yellow]This puzzle cannot be set up ({escape(str(err))}); the next one.[/yellow]", highlight=False)
        return "skipped"
    moves[0] = lambda: _moves(state, puzzle)
    names = _names(puzzle, person)
    render = renderer_for(state.game)
    steps = len(puzzle.line)
    console.print(f"\n[bold]Puzzle: {escape(THEMES.get(puzzle.theme, puzzle.theme))}[/bold]"
                  f"{f' ({steps} moves of yours in a row)' if steps > 1 else ''}", highlight=False)
    show_board, step = True, 0
    while True:
        if show_board:
            console.print(render(state.view(puzzle.seat), puzzle.seat, names))
            show_board = False
        try:
            line = read(f"Your move{f' ({step + 1} of {steps})' if steps > 1 else ''}> ").strip()
        except EOFError:
            return None
        word = line.lower()
        if word in ("quit", "exit"):
            return None
        if word == "skip":
            return "skipped"
        if word in ("help", "?"):
            console.print(HELP, highlight=False)
            continue
        if word == "board" or not line:
            show_board = True
            continue
        try:
            answer = try_move(puzzle, state, step, line)
        except IllegalAction as err:
            console.print(f"[yellow]Not a legal move here:[/yellow] {escape(str(err))}", highlight=False)
            continue
        except GlyphHallError as err:
            console.print(f"[yellow]That cannot be played here:[/yellow] {escape(str(err))}", highlight=False)
            continue
        if not answer.correct:
            best = " then ".join(choices[0] for choices in puzzle.line)
            console.print(f"[red]Wrong:[/red] {escape(line)} is not the best move here. "
                          f"The best {'line' if steps > 1 else 'move'}: [bold]{escape(best)}[/bold].", highlight=False)
            console.print(escape(puzzle.explanation), highlight=False)
            return "failed"
        _show_events(state, puzzle, line, names)
        state, step = answer.state, step + 1
        if answer.solved:
            console.print(f"[green]Right! Solved.[/green] {escape(puzzle.explanation)}", highlight=False)
            return "solved"
        console.print("[green]Right.[/green] Keep going: it is still your move.", highlight=False)
        show_board = True


def _show_events(state: State, puzzle: Puzzle, move: str, names: list[str]) -> None:
    """The right move's events as the solver sees them (played again on a copy)."""
    for event in filter_events(state.clone().apply_text(puzzle.seat, move), puzzle.seat):
        console.print(f"  {escape(state.game.event_text(event, names))}", highlight=False)


def _moves(state: State, puzzle: Puzzle) -> list[str]:
    return [str(a) for a in state.legal_actions(puzzle.seat)] if puzzle.seat in state.to_move() else []
