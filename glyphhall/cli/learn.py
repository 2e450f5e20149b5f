"""`glyphhall learn GAME`: the game's guided first game (engine/tutorial.py) in the terminal. Each
step shows the board and a few sentences and waits for the move it asks for; a wrong move is
answered with why, and the position stays. Then a short game against the gentlest computer."""

from __future__ import annotations

import time
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from glyphhall import games
from glyphhall.bots.spec import BotSpecError, make_bot
from glyphhall.engine import GlyphHallError, filter_events
from glyphhall.engine.tutorial import Lesson, Tutorial
from glyphhall.games.tutorials import tutorial

from .errors import fail, os_error_text
from .fullscreen import FullScreen
from .play import Seat, action_meanings, legal_texts, new_match, play_match
from .prompt import LineReader, person_name
from .render import renderer_for, terminal_hook
from .screen import PlainScreen

console = Console()

#: What the short game's computer opponent is called.
GENTLE_NAME = "Gentle computer"

#: Words at the lesson's prompt besides a move.
LESSON_HELP = ("Type the move the text asks for (Tab completes moves). 'board' shows the board again, "
               "'skip' goes straight to the short game, 'quit' leaves.")


def register(app: typer.Typer) -> None:
    @app.command("learn")
    def learn(
        game_id: Annotated[str, typer.Argument(metavar="GAME", help="a game id, see 'glyphhall games'")],
        name: Annotated[str | None, typer.Option(help="your name in the log (default: your login)")] = None,
        plain: Annotated[bool, typer.Option("--plain", help="line-by-line output in the short game (screen readers, pipes)")] = False,
        seed: Annotated[int | None, typer.Option(help="the short game's random seed (default: from the clock)")] = None,
    ) -> None:
        """Learn a game: a guided first turn, then a short game against the gentlest computer."""
        try:
            found = tutorial(game_id)
        except KeyError as err:
            raise fail(str(err).strip('"')) from None
        except GlyphHallError as err:
            raise fail(f"the lesson for {game_id} does not load: {err}") from None
        if found is None:
            raise fail(f"{games.get(game_id).name} has no guided first game yet")
        person = name or person_name("Player")
        try:
            lesson = Lesson(found)
            reader = LineReader(found.game.id, lambda: _lesson_moves(lesson))
            if not teach(lesson, person, reader):
                return
            short_game(found, person, seed, plain)
        except OSError as err:
            raise fail(os_error_text(err)) from None


def _names(tutorial: Tutorial, count: int, person: str) -> list[str]:
    return [person if i == tutorial.seat else ("Your opponent" if count == 2 else f"Opponent {i}") for i in range(count)]


def _lesson_moves(lesson: Lesson) -> list[str]:
    if lesson.done or lesson.tutorial.seat not in lesson.state.to_move():
        return []
    return [str(a) for a in lesson.state.legal_actions(lesson.tutorial.seat)]


def teach(lesson: Lesson, person: str, read_line) -> bool:
    """The lesson, step by step: True once done, False if the person left."""
    tutorial, seat = lesson.tutorial, lesson.tutorial.seat
    names = _names(tutorial, lesson.state.num_players, person)
    render = renderer_for(tutorial.game)
    console.print(f"[bold]{escape(tutorial.game.name)}: {escape(tutorial.title)}[/bold]", highlight=False)
    console.print(LESSON_HELP, highlight=False)
    total = len(tutorial.steps)
    show_board = True
    while not lesson.done:
        if show_board:
            console.print(render(lesson.state.view(seat), seat, names))
        show_board = False
        console.print(f"\n[bold]Step {lesson.index + 1} of {total}.[/bold] {escape(lesson.step.text)}", highlight=False)
        try:
            line = read_line("Your move> ").strip()
        except EOFError:
            return False
        word = line.lower()
        if word in ("quit", "exit"):
            console.print("You left the lesson. 'glyphhall learn' starts it again.")
            return False
        if word == "skip":
            return True
        if word in ("help", "?"):
            console.print(LESSON_HELP, highlight=False)
            continue
        if word == "board" or not line:
            show_board = True
            continue
        answer = lesson.play(line)
        if not answer.accepted:
            console.print(f"[yellow]Not that move.[/yellow] {escape(answer.message)}", highlight=False)
            continue
        for event in filter_events(answer.events, seat):
            console.print(f"  {escape(tutorial.game.event_text(event, names))}", highlight=False)
        show_board = True
    console.print(f"\n[bold]{escape(tutorial.finish_text)}[/bold]", highlight=False)
    return True


def short_game(tutorial: Tutorial, person: str, seed: int | None, plain: bool) -> None:
    """A new game of the tutorial's game against its gentle bot, the person in the tutorial's seat."""
    game = tutorial.game
    chosen = int(time.time()) if seed is None else seed
    count = game.min_players
    try:
        seats = [Seat(person) if i == tutorial.seat else Seat(GENTLE_NAME, make_bot(tutorial.bot, chosen + i))
                 for i in range(count)]
        match = new_match(game, seats, chosen, dict(tutorial.options))
    except (GlyphHallError, BotSpecError) as err:
        raise fail(f"the short game does not start: {err}") from None
    reader = LineReader(game.id, lambda: legal_texts(match), meta=lambda: action_meanings(match))
    console.print(f"[bold]{escape(game.name)}[/bold]: a short game. Type 'help' for commands.", highlight=False)
    if plain or not reader.interactive:
        play_match(match, console, reader, screen=PlainScreen(console))
        return
    summary = terminal_hook(game, "summary")
    screen = FullScreen(game.id, lambda: legal_texts(match), lambda: action_meanings(match),
                        important=terminal_hook(game, "IMPORTANT"),
                        summary=lambda: summary(match.state.view(tutorial.seat), tutorial.seat, match.names)
                        if summary else game.name)
    try:
        screen.run(lambda: play_match(match, screen.console, screen, screen=screen))
    finally:
        console.file.write(screen.transcript())
        console.file.flush()
