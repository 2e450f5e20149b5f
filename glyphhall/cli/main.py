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

from glyphhall import bots, games
from glyphhall.engine import GlyphHallError, MatchRecord, filter_events, parse_option_texts

from .play import Seat, new_match, play_match
from .render import renderer_for

app = typer.Typer(no_args_is_help=True, add_completion=False, help="Glyph Hall: glyph-themed tabletop games.")
console = Console()

# Sub-commands that live in their own module, each exposing register(app).
_OPTIONAL_COMMANDS = ("serve", "arena", "bench", "heroscape_maps")


def _fail(message: str) -> typer.Exit:
    console.print(f"[red]{escape(message)}[/red]")
    return typer.Exit(code=2)


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


@app.command("play")
def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="a game id, see 'glyphhall games'")],
    seat: Annotated[int, typer.Option(help="your seat (0 is the first player)")] = 0,
    vs: Annotated[str, typer.Option(help="bot for the other seats, or 'human' for hotseat")] = "heuristic",
    players: Annotated[int | None, typer.Option(help="number of seats (default: the game's minimum)")] = None,
    seed: Annotated[int | None, typer.Option(help="random seed (default: from the clock)")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="game option key=value")] = None,
) -> None:
    """Play a game in the terminal against bots, or hotseat with friends."""
    import time

    try:
        game = games.get(game_id)
    except KeyError as err:
        raise _fail(str(err).strip('"')) from None
    count = players or game.min_players
    if not 0 <= seat < count:
        raise _fail(f"--seat must be between 0 and {count - 1}")
    try:
        raw = parse_option_texts(option or [])
        if game.id == "heroscape":  # -o map=FILE.toml|FILE.hsc: the map itself goes in the options
            from glyphhall.games.heroscape.map_files import options_with_map_file

            raw, notes = options_with_map_file(raw, count)
            for note in notes:
                console.print(f"[yellow]map: {escape(note)}[/yellow]")
        opts = game.resolve_options(raw)
        chosen_seed = int(time.time()) if seed is None else seed
        seats = [
            Seat("you") if i == seat else (Seat(f"player {i}") if vs == "human" else Seat(f"{vs} {i}", bots.make(vs, chosen_seed + i)))
            for i in range(count)
        ]
        match = new_match(game, seats, chosen_seed, opts)
    except (GlyphHallError, KeyError) as err:
        raise _fail(str(err).strip('"')) from None
    console.print(f"[bold]{escape(game.name)}[/bold], seed {chosen_seed}. Type 'help' for commands.")
    play_match(match, console, console.input)


@app.command("replay")
def replay_command(
    record_path: Annotated[str, typer.Argument(metavar="RECORD.json")],
    seat: Annotated[int | None, typer.Option(help="see the match as this seat (default: a spectator)")] = None,
    step: Annotated[int | None, typer.Option(help="stop after this many actions")] = None,
) -> None:
    """Replay a finished match record: every action, the events one seat (or a spectator) saw."""
    try:
        record = MatchRecord.read(record_path)
        game = games.get(record.game)
        state = game.new(len(record.players), record.seed, record.options)
    except (GlyphHallError, KeyError) as err:
        raise _fail(str(err).strip('"')) from None
    actions = record.actions if step is None else record.actions[:step]
    for number, (mover, text) in enumerate(actions, start=1):
        try:
            events = state.apply_text(mover, text)
        except GlyphHallError as err:
            raise _fail(f"step {number} ({text!r} by seat {mover}) does not replay: {err}") from None
        # The match is over, so every action is shown (as hanab.live's replays do); events are
        # filtered for the chosen point of view.
        console.print(f"[dim]{number:>4}[/dim] {escape(record.players[mover])}: {escape(text)}")
        for event in filter_events(events, seat):
            console.print(f"       {escape(event.text)}")
    console.print(renderer_for(game)(state.view(seat), seat))
    if state.is_over():
        console.print(f"Result: {state.returns()}")


for _name in _OPTIONAL_COMMANDS:
    if importlib.util.find_spec(f"glyphhall.cli.{_name}") is not None:
        importlib.import_module(f"glyphhall.cli.{_name}").register(app)


if __name__ == "__main__":
    app()
