"""Playing a match in the terminal: people at the keyboard (hotseat) and bots.

The loop is a plain function with injected input and console so tests can script it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rich.console import Console
from rich.markup import escape

from glyphhall import bots
from glyphhall.engine import Event, Game, GlyphHallError, MatchRecord, State, filter_events
from glyphhall.paths import records_dir

from .render import renderer_for

HELP = """Commands at the prompt:
  <action>   an action in the game's notation (see 'legal')
  legal      list your legal actions (also '?')
  hint       what the heuristic bot would play here
  auto       let the heuristic bot play this one move for you
  log        the last events you saw
  board      draw the position again
  help       this text and the game's notation
  quit       leave the match (it is not recorded)"""


class Quit(Exception):
    """The person at the keyboard left the match."""


@dataclass
class Seat:
    """Who plays a seat: a person (bot None) or a bot."""

    name: str
    bot: bots.Bot | None = None


@dataclass
class Match:
    game: Game
    state: State
    seats: list[Seat]
    record: MatchRecord
    log: list[str] = field(default_factory=list)


def new_match(game: Game, seats: list[Seat], seed: int, options: dict) -> Match:
    state = game.new(len(seats), seed, options)
    return Match(game, state, seats, MatchRecord.start(game, state, [s.name for s in seats]))


def play_match(
    match: Match,
    console: Console,
    read_line: Callable[[str], str],
    save_record: bool = True,
) -> MatchRecord | None:
    """Play until the game ends. Returns the finished record (also saved under the data
    directory), or None if a person quit."""
    humans = [i for i, s in enumerate(match.seats) if s.bot is None]
    render = renderer_for(match.game)
    try:
        while not match.state.is_over():
            seat = match.state.to_move()[0]
            if match.seats[seat].bot is not None:
                action = bots.ask(match.seats[seat].bot, match.state, seat)
                _apply(match, seat, str(action), console, humans)
            else:
                _human_turn(match, seat, console, read_line, render, len(humans) > 1)
    except Quit:
        console.print("You left the match.")
        return None
    match.record.finish(match.state)
    _announce_result(match, console, render, humans)
    if save_record:
        path = records_dir() / f"{match.game.id}-{int(match.record.started_at)}-{match.state.seed}.json"
        match.record.save(path)
        console.print(f"Match record saved: {path}")
    return match.record


def _apply(match: Match, seat: int, text: str, console: Console, humans: list[int]) -> list[Event]:
    events = match.state.apply_text(seat, text)
    match.record.add(seat, text)
    mover = match.seats[seat].name
    # In hotseat play every person shares the screen, so only public events are printed;
    # each person's private events are shown on their own turn through their view.
    viewer = humans[0] if len(humans) == 1 else None
    console.print(f"[dim]{escape(mover)}:[/dim] {escape(text)}")
    for event in filter_events(events, viewer):
        console.print(f"  {escape(event.text)}")
        match.log.append(event.text)
    return events


def _human_turn(match, seat, console, read_line, render, hotseat: bool) -> None:
    if hotseat:
        console.rule(f"{match.seats[seat].name} (seat {seat}), your move")
    console.print(render(match.state.view(seat), seat))
    while True:
        try:
            line = read_line(f"{match.seats[seat].name}> ").strip()
        except EOFError:
            raise Quit from None
        command = line.lower()
        if not command:
            continue
        if command in ("quit", "exit"):
            raise Quit
        if command in ("help", "h"):
            console.print(escape(HELP))
            if match.game.notation_help:
                console.print(escape(match.game.notation_help))
            continue
        if command in ("legal", "?"):
            texts = [str(a) for a in match.state.legal_actions(seat)]
            console.print(escape(", ".join(texts)))
            continue
        if command == "board":
            console.print(render(match.state.view(seat), seat))
            continue
        if command == "log":
            console.print(escape("\n".join(match.log[-20:]) or "(nothing yet)"))
            continue
        if command in ("hint", "auto"):
            advice = bots.ask(bots.make("heuristic", seed=len(match.record.actions)), match.state, seat)
            if command == "hint":
                console.print(f"The heuristic bot would play: {escape(str(advice))}")
                continue
            line = str(advice)
        try:
            _apply(match, seat, line, console, [seat])
        except GlyphHallError as err:
            console.print(f"[red]{escape(str(err))}[/red]  (type 'legal' for your options)")
            continue
        return


def _announce_result(match: Match, console: Console, render, humans: list[int]) -> None:
    viewer = humans[0] if len(humans) == 1 else None
    console.print(render(match.state.view(viewer), viewer))
    returns = match.state.returns()
    best = max(returns)
    if all(r == best for r in returns):
        console.print("[bold]The game is a draw.[/bold]")
        return
    winners = [match.seats[i].name for i, r in enumerate(returns) if r == best]
    console.print(f"[bold]{escape(' and '.join(winners))} won.[/bold]")
