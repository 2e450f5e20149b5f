"""Playing a match in the terminal: people at the keyboard (hotseat) and bots.

The loop is a plain function with injected input and console so tests can script it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rich.console import Console
from rich.markup import escape

from glyphhall import bots
from glyphhall.engine import Event, Game, GlyphHallError, JsonFileVault, MatchRecord, State, filter_events
from glyphhall.paths import records_dir, vault_path

from .render import renderer_for

HELP = """Commands at the prompt:
  <action>   an action in the game's notation (see 'legal')
  legal      list your legal actions (also '?')
  hint       what the heuristic bot would play here
  auto       let the heuristic bot play this one move for you
  log        the last public events
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
    #: per person's seat, the events they may see that they have not been shown yet
    unseen: dict[int, list[str]] = field(default_factory=dict)


def new_match(game: Game, seats: list[Seat], seed: int, options: dict) -> Match:
    """A match whose options may name things kept in the game's vault (Inscription's death
    cards); they are resolved here, so the record alone replays the match."""
    options = game.prepare_options(game.resolve_options(options), JsonFileVault(vault_path(game.id)))
    state = game.new(len(seats), seed, options)
    return Match(game, state, seats, MatchRecord.start(game, state, [s.name for s in seats]))


def play_match(
    match: Match,
    console: Console,
    read_line: Callable[[str], str],
    save_record: bool = True,
) -> MatchRecord | None:
    """Play until the game ends. Returns the finished record (also saved under the data
    directory), or None if a person quit.

    With one person, events are printed as they happen, as that person may see them. With
    several people at one keyboard (hotseat), the screen is cleared between their turns and each
    is shown, at the start of their turn, only the events their own seat may see."""
    humans = [i for i, s in enumerate(match.seats) if s.bot is None]
    match.unseen = {seat: [] for seat in humans}
    render = renderer_for(match.game)
    hotseat = len(humans) > 1
    try:
        while not match.state.is_over():
            seat = match.state.to_move()[0]
            if match.seats[seat].bot is not None:
                action = bots.ask(match.seats[seat].bot, match.state, seat)
                _apply(match, seat, str(action))
            else:
                if hotseat:
                    _hand_over(match, seat, console, read_line)
                _human_turn(match, seat, console, read_line, render)
            if not hotseat:
                _show_unseen(match, humans[0] if humans else None, console)
    except Quit:
        console.print("You left the match.")
        return None
    match.record.finish(match.state)
    _announce_result(match, console, render, humans)
    if save_record:
        path = records_dir() / f"{match.game.id}-{int(match.record.started_at)}-{match.state.seed}.json"
        match.record.save(path)
        console.print(f"Match record saved: {path}")
        kept = match.game.keep_after_match(
            match.state, JsonFileVault(vault_path(match.game.id)), path.stem, [s.name for s in match.seats]
        )
        if kept is not None:
            console.print(f"Kept for later games: {escape(str(kept.get('name', kept['id'])))}")
    return match.record


def _apply(match: Match, seat: int, text: str) -> list[Event]:
    events = match.state.apply_text(seat, text)
    match.record.add(seat, text)
    for person, queue in match.unseen.items():
        if person == seat:
            queue.append(f"{match.seats[seat].name}: {text}")
        queue.extend(e.text for e in filter_events(events, person))
    match.log.extend(e.text for e in filter_events(events, None))
    return events


def _show_unseen(match: Match, seat: int | None, console: Console) -> None:
    if seat is None:
        return
    for line in match.unseen[seat]:
        console.print(f"  {escape(line)}")
    match.unseen[seat].clear()


def _hand_over(match: Match, seat: int, console: Console, read_line: Callable[[str], str]) -> None:
    console.clear()
    name = match.seats[seat].name
    console.rule(f"{name} (seat {seat}), your move")
    try:
        read_line(f"Pass the keyboard to {name} and press Enter. ")
    except EOFError:
        raise Quit from None
    _show_unseen(match, seat, console)


def _human_turn(match, seat, console, read_line, render) -> None:
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
            _apply(match, seat, line)
        except GlyphHallError as err:
            console.print(f"[red]{escape(str(err))}[/red]  (type 'legal' for your options)")
            continue
        _show_unseen(match, seat, console)
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
