"""`glyphhall`: list games, play in the terminal, replay a match record; the server, the arena
and benchmarks add their own sub-commands (see `_OPTIONAL_COMMANDS`)."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from glyphhall import games
from glyphhall.bots.levels import LEVELS, introduce
from glyphhall.bots.levels import label as bot_label
from glyphhall.bots.spec import BotSpecError, make_bot
from glyphhall.engine import GlyphHallError, parse_option_texts

from .errors import fail, os_error_text
from .fullscreen import FullScreen
from .play import Seat, action_meanings, legal_texts, new_match, play_match, position_match
from .prompt import LineReader, is_terminal, person_name
from .render import terminal_hook
from .screen import PlainScreen

app = typer.Typer(no_args_is_help=True, add_completion=False, help="Glyph Hall: glyph-themed tabletop games.")
console = Console()

# Sub-commands that live in their own module, each exposing register(app).
_OPTIONAL_COMMANDS = ("serve", "arena", "bench", "heroscape_maps", "learn", "puzzle")



@app.command("games")
def list_games() -> None:
    """List the games, their player counts and options."""
    table = Table("id", "name", "players", "options")
    for game_id in games.ids():
        game = games.get(game_id)
        players = f"{game.min_players}-{game.max_players}" if game.min_players != game.max_players else str(game.min_players)
        options = ", ".join(f"{o.name}={o.default}" for o in game.options) or "-"
        table.add_row(game.id, game.name, players, options)
    console.print(table)


def _seat_names(count: int, seat: int, vs: str, name: str) -> list[str]:
    """The person's name at their seat; "Player N" for hotseat friends; "Hard computer" (numbered
    when there are several) for bots, named by their level (bots/levels.py)."""
    bot_seats = count - 1
    level = bot_label(vs)
    return [
        name if i == seat else (f"Player {i + 1}" if vs == "human" else (level if bot_seats == 1 else f"{level} {i}"))
        for i in range(count)
    ]


@app.command("play")
def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="a game id, see 'glyphhall games'")],
    seat: Annotated[int, typer.Option(help="your seat (0 is the first player)")] = 0,
    vs: Annotated[str, typer.Option(help="the computer's level for the other seats: "
                                     f"{', '.join(lv.key for lv in LEVELS if lv.on_ladder)} (weakest to strongest), "
                                     f"or {', '.join(lv.key for lv in LEVELS if not lv.on_ladder)}; "
                                     "or 'human' for hotseat")] = "medium",
    players: Annotated[int | None, typer.Option(help="number of seats (default: the game's minimum)")] = None,
    seed: Annotated[int | None, typer.Option(help="random seed (default: from the clock)")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="game option key=value")] = None,
    name: Annotated[str | None, typer.Option(help="your name in the log and the result (default: your login)")] = None,
    plain: Annotated[bool, typer.Option("--plain", help="line-by-line output (screen readers, pipes)")] = False,
    position: Annotated[str | None, typer.Option(
        metavar="FILE", help="start from a position file (TOML, see the game's README); it sets players, seed and options")] = None,
) -> None:
    """Play a game in the terminal against bots, or hotseat with friends."""
    import time
    from pathlib import Path

    try:
        game = games.get(game_id)
    except KeyError as err:
        raise fail(str(err).strip('"')) from None
    start = text = None
    if position is not None:
        if players is not None or seed is not None or option:
            raise fail("--position sets the players, the seed and the options itself")
        try:
            text = Path(position).read_text()
            start = game.load_position(text)
        except GlyphHallError as err:
            raise fail(f"{position}: {err}") from None
        except OSError as err:
            raise fail(os_error_text(err)) from None
        players, seed = start.num_players, start.seed
    count = players or game.min_players
    if not 0 <= seat < count:
        raise fail(f"--seat must be between 0 and {count - 1}")
    try:
        raw = parse_option_texts(option or [])
        if game.id == "heroscape":  # -o map=FILE.toml|FILE.hsc: the map itself goes in the options
            from glyphhall.games.heroscape.map_files import options_with_map_file

            raw, notes = options_with_map_file(raw, count)
            for note in notes:
                console.print(f"[yellow]map: {escape(note)}[/yellow]")
        opts = game.resolve_options(raw)
        chosen_seed = int(time.time()) if seed is None else seed
        names = _seat_names(count, seat, vs, name or person_name())
        seats = [Seat(names[i]) if i == seat or vs == "human" else Seat(names[i], make_bot(vs, chosen_seed + i))
                 for i in range(count)]
        match = (new_match(game, seats, chosen_seed, opts) if start is None or text is None
                 else position_match(game, seats, start, text))
        reader = LineReader(game.id, lambda: legal_texts(match), meta=lambda: action_meanings(match))
    except (GlyphHallError, KeyError, BotSpecError) as err:
        raise fail(str(err).strip('"')) from None
    except OSError as err:
        raise fail(os_error_text(err)) from None
    console.print(f"[bold]{escape(game.name)}[/bold], seed {chosen_seed}. Type 'help' for commands.")
    if vs != "human" and count > 1:
        console.print(f"You play against the {escape(introduce(vs, game.id))}", highlight=False)
    if count == 1 and game.max_players > 1:
        console.print(f"Solo game: you are the only player. To play with bots: glyphhall play {game.id} "
                      f"--players N --vs medium (N up to {game.max_players}).", highlight=False)
    _run(match, reader, plain)


def _run(match, reader: LineReader, plain: bool) -> None:
    """Full screen at a terminal; line by line with --plain or when input is not a terminal."""
    try:
        if plain or not reader.interactive:
            play_match(match, console, reader, screen=PlainScreen(console))
            return
        screen = full_screen(match)
        try:
            screen.run(lambda: play_match(match, screen.console, screen, screen=screen))
        finally:
            console.file.write(screen.transcript())
            console.file.flush()
    except OSError as err:
        raise fail(os_error_text(err)) from None


def full_screen(match) -> FullScreen:
    """The play screen, with the game's own summary for the status line and its pattern of
    must-read events where its terminal module has them."""
    summary = terminal_hook(match.game, "summary")
    person = next((i for i, s in enumerate(match.seats) if s.bot is None), None)

    def status() -> str:
        return summary(match.state.view(person), person, match.names) if summary else match.game.name

    return FullScreen(match.game.id, lambda: legal_texts(match), lambda: action_meanings(match),
                      important=terminal_hook(match.game, "IMPORTANT"), summary=status)


@app.command("resume")
def resume(
    number: Annotated[int | None, typer.Argument(metavar="N", help="which saved game (see the list)")] = None,
    plain: Annotated[bool, typer.Option("--plain", help="line-by-line output (screen readers, pipes)")] = False,
) -> None:
    """List the unfinished games (saved after every move) and continue one."""
    from . import saves
    from .play import resumed_match

    found, problems = saves.listed()
    for problem in problems:
        console.print(f"[yellow]{escape(problem)}[/yellow]")
    if not found:
        console.print("No unfinished games. Every game you leave before its end is kept here to resume.")
        return
    if number is None:
        for i, saved in enumerate(found, start=1):
            console.print(f"  {i}. {escape(saved.summary())}", highlight=False)
        if not is_terminal():
            console.print("Continue one with: glyphhall resume N")
            return
        answer = LineReader("", interactive=True)("Which game (Enter: 1)? ").strip() or "1"
        if not answer.isdigit():
            raise fail(f"{answer!r} is not a number from the list")
        number = int(answer)
    if not 1 <= number <= len(found):
        raise fail(f"there {'is 1 saved game' if len(found) == 1 else f'are {len(found)} saved games'}; "
                   f"N is a number from 1 to {len(found)}")
    saved = found[number - 1]
    try:
        seats = [Seat(name) if spec is None else Seat(name, make_bot(spec, saved.record.seed + i))
                 for i, (name, spec) in enumerate(zip(saved.record.players, saved.bots, strict=True))]
        match = resumed_match(saved, seats)
    except (GlyphHallError, BotSpecError) as err:
        raise fail(f"cannot continue that game: {err}") from None
    reader = LineReader(match.game.id, lambda: legal_texts(match), meta=lambda: action_meanings(match))
    console.print(f"[bold]{escape(match.game.name)}[/bold], continued after {len(match.record.actions)} moves. "
                  "Type 'help' for commands.", highlight=False)
    _run(match, reader, plain)


@app.command("replay")
def replay_command(
    record_path: Annotated[str, typer.Argument(metavar="RECORD.json")],
    seat: Annotated[int | None, typer.Option(help="see the match as this seat (default: a spectator)")] = None,
    step: Annotated[int | None, typer.Option(help="start at (or, printed, stop after) this many actions")] = None,
    plain: Annotated[bool, typer.Option("--plain", help="print every step at once instead of stepping")] = False,
) -> None:
    """Replay a finished match record: step through it (next, back, go N, seat N), or print it."""
    from .replay import Replay, print_replay, step_replay

    try:
        rep = Replay.open(record_path)
        rep.check_seat(seat)
    except (GlyphHallError, KeyError) as err:
        raise fail(str(err).strip('"')) from None
    try:
        if plain or not is_terminal():
            print_replay(rep, console, seat, step)
        else:
            step_replay(rep, console, LineReader("replay", rep.commands), seat, step)
    except GlyphHallError as err:
        raise fail(str(err)) from None


for _name in _OPTIONAL_COMMANDS:
    if importlib.util.find_spec(f"glyphhall.cli.{_name}") is not None:
        importlib.import_module(f"glyphhall.cli.{_name}").register(app)


def run() -> None:
    """The `glyphhall` command: a problem of the machine (files, ports) is one line, exit code 2."""
    import sys

    try:
        app()
    except OSError as err:
        fail(os_error_text(err))
        sys.exit(2)


if __name__ == "__main__":
    run()
