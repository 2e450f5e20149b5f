"""Playing a match in the terminal: people at the keyboard (hotseat) and bots.

The loop is a plain function with injected input, console and screen so tests can script it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from rich.console import Console, Group
from rich.markup import escape
from rich.text import Text

from glyphhall import bots
from glyphhall.bots.levels import label as bot_label
from glyphhall.engine import (
    Event,
    Game,
    GlyphHallError,
    JsonFileVault,
    MatchRecord,
    State,
    filter_events,
    first_state,
)
from glyphhall.paths import records_dir, vault_path

from . import saves
from .advice import HINT_BOT, hint_line
from .facts import Facts, rules
from .lines import parts_of, resolve, rest_not_played
from .render import kept_renderer_for, renderer_for, terminal_hook
from .screen import PlainScreen, Screen
from .thinking import Thinking

LEAVE_QUESTION = "Leave the game? It is saved."


HELP = f"""Commands at the prompt (Tab completes actions and names, Up/Down recalls earlier lines):
  <action>   an action in the game's notation (see 'legal')
  legal      list your legal actions (also '?')
  info NAME  what a card, sigil, ability, item, creature, figure or glyph does
  rules      the game in a paragraph and its rulings where the rulebook is silent
  hint       what the {bot_label(HINT_BOT)} would play here, and why
  auto       let the {bot_label(HINT_BOT)} play this one move for you
  log        more of the log
  board      draw the position again
  help       this text and the game's notation
  quit       leave the match (it is saved: 'glyphhall resume' continues it; Ctrl-D asks first)"""

LOG_MORE = 40


class Quit(Exception):
    """The person at the keyboard left the match (it stays saved)."""


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
    #: per person's seat, every log line that seat may see, worded with the players' names
    seen: dict[int, list[str]] = field(default_factory=dict)
    #: per person's seat, how many of those lines have been written out (plain screens)
    shown: dict[int, int] = field(default_factory=dict)

    #: whether the match is saved after every move (see saves.py)
    keep_saved: bool = True

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def bot_specs(self) -> list[str | None]:
        return [None if s.bot is None else s.bot.name for s in self.seats]


def new_match(game: Game, seats: list[Seat], seed: int, options: dict) -> Match:
    """A match whose options may name things kept in the game's vault (Inscription's death
    cards); they are resolved here, so the record alone replays the match."""
    options = game.prepare_options(game.resolve_options(options), JsonFileVault(vault_path(game.id)))
    state = game.new(len(seats), seed, options)
    return Match(game, state, seats, MatchRecord.start(game, state, [s.name for s in seats]))


def position_match(game: Game, seats: list[Seat], state: State, position: str) -> Match:
    """A match from `state`, which `game.load_position(position)` made. Its record keeps the
    position's text, because the match does not replay from the seed alone."""
    return Match(game, state, seats, MatchRecord.start(game, state, [s.name for s in seats], position=position))


def resumed_match(saved: saves.Saved, seats: list[Seat]) -> Match:
    """The saved match at the state its record replays to; the log is rebuilt from the start, so
    each person sees what they saw before."""
    record = saved.record
    game = games_get(record.game)
    state = first_state(game, len(record.players), record.seed, record.options, record.position)
    match = Match(game, state, seats, replace(record, actions=[], undone=[]))
    match.seen = {seat: [] for seat, s in enumerate(seats) if s.bot is None}
    match.keep_saved = False  # the save on disk is this very game: not rewritten move by move
    for step, (seat, text) in enumerate(record.live_actions(), start=1):
        try:
            _apply(match, seat, text)
        except GlyphHallError as err:
            raise GlyphHallError(f"the saved game does not replay at move {step} ({text}): {err}") from None
    match.keep_saved = True
    return match


def games_get(game_id: str) -> Game:
    from glyphhall import games

    try:
        return games.get(game_id)
    except KeyError:
        raise GlyphHallError(f"this version of Glyph Hall has no game {game_id!r}") from None


def play_match(
    match: Match,
    console: Console,
    read_line: Callable[[str], str],
    save_record: bool = True,
    screen: Screen | None = None,
) -> MatchRecord | None:
    """Play until the game ends. Returns the finished record (also saved under the data
    directory), or None if a person quit.

    With one person, the screen shows what that person may see. With several people at one
    keyboard (hotseat), the screen is cleared between their turns and each is shown only the
    events their own seat may see."""
    screen = screen or PlainScreen(console)
    humans = [i for i, s in enumerate(match.seats) if s.bot is None]
    for seat in humans:
        match.seen.setdefault(seat, [])
        match.shown.setdefault(seat, max(0, len(match.seen[seat]) - 6) if screen.plain else 0)
    hotseat = len(humans) > 1
    try:
        while not match.state.is_over():
            seat = match.state.to_move()[0]
            if match.seats[seat].bot is not None:
                _apply(match, seat, _bot_move(match, seat, screen, read_line))
            else:
                if hotseat:
                    _hand_over(match, seat, screen, read_line)
                _human_turn(match, seat, screen, read_line)
            if not hotseat and humans:
                fresh = _flush(match, humans[0], screen)
                if match.seats[seat].bot is not None and not screen.plain:
                    _show_bot_move(match, humans[0], screen, fresh, read_line)
    except Quit:
        console.print("You left the match.")
        if match.keep_saved and match.record.actions:
            where = saves.save_path(match.record)
            console.print(f"It is saved in {escape(str(where.parent))}; 'glyphhall resume' continues it.", highlight=False)
        return None
    match.record.finish(match.state)
    if match.keep_saved:
        saves.remove(match.record)
    _announce_result(match, screen, humans)
    if save_record:
        path = records_dir() / f"{match.game.id}-{int(match.record.started_at)}-{match.state.seed}.json"
        match.record.save(path)
        console.print(f"Match record saved: {escape(str(path))}")
        kept = match.game.keep_after_match(match.state, JsonFileVault(vault_path(match.game.id)), path.stem,
                                           match.names)
        if kept is not None:
            console.print(Text("Kept for later games:", style="bold"))
            console.print(kept_renderer_for(match.game)(kept))
    return match.record


def _bot_move(match: Match, seat: int, screen: Screen, read_line: Callable[[str], str]) -> str:
    """The bot's move, thought away from the screen: a spinner with its name meanwhile, and
    Ctrl-C asks whether to leave (the game is saved) instead of ending the program."""
    bot = match.seats[seat].bot
    assert bot is not None, "called for a bot's seat"
    thinking = Thinking(bot, match.state, seat)
    name = match.seats[seat].name
    try:
        while True:
            try:
                while not thinking.wait(0.1):
                    screen.thinking(name, thinking.started)
                break
            except KeyboardInterrupt:
                screen.thinking_done()
                if _leave_asked(read_line, LEAVE_QUESTION):
                    thinking.cancel()
                    raise Quit from None
        return thinking.move()
    finally:
        screen.thinking_done()


def _apply(match: Match, seat: int, text: str, note: str = "") -> list[Event]:
    events = match.state.apply_text(seat, text)
    match.record.add(seat, text)
    if match.keep_saved and not match.state.is_over():
        saves.write(match.record, match.bot_specs())
    for person, lines in match.seen.items():
        if person == seat:
            lines.append(f"{match.seats[seat].name}: {text}{note}")
        lines.extend(match.game.event_text(e, match.names) for e in filter_events(events, person))
    return events


def _flush(match: Match, seat: int, screen: Screen) -> list[str]:
    lines = match.seen[seat]
    fresh = lines[match.shown[seat]:]
    screen.new_lines(fresh)
    match.shown[seat] = len(lines)
    return fresh


def _show_bot_move(match: Match, person: int, screen: Screen, fresh: list[str], read_line) -> None:
    """The board after a bot's move; what must be read is held (--More--) when more bot moves
    follow before the person's turn, so it cannot scroll away unseen."""
    over = match.state.is_over()
    upcoming = None if over else match.state.to_move()[0]
    if upcoming is not None and match.seats[upcoming].bot is None:
        return  # the person's own turn draws the screen next
    who = "" if upcoming is None else f"{match.seats[upcoming].name} to move"
    draw(match, person, screen, who)
    if over:
        return
    try:
        screen.hold(screen.important_lines(fresh))
    except KeyboardInterrupt:
        if _leave_asked(read_line):
            raise Quit from None


def _hand_over(match: Match, seat: int, screen: Screen, read_line: Callable[[str], str]) -> None:
    name = match.seats[seat].name
    screen.cover(f"{name}, your move")
    try:
        read_line(f"Pass the keyboard to {name} and press Enter. ")
    except EOFError:
        raise Quit from None


def draw(match: Match, seat: int | None, screen: Screen, status: str) -> None:
    """The board, and under it what the game's terminal says the seat can do now (its
    `state_panel(state, seat, names)`: Tundrus lists the acting champion's abilities)."""
    render = renderer_for(match.game)
    log = match.seen.get(seat, []) if seat is not None else []
    board = render(match.state.view(seat), seat, match.names)
    panel = terminal_hook(match.game, "state_panel")
    extra = panel(match.state, seat, match.names) if panel and seat is not None and not match.state.is_over() else None
    screen.draw(board if extra is None else Group(board, extra), log, status)


def _leave_asked(read_line: Callable[[str], str], question: str = LEAVE_QUESTION) -> bool:
    confirm = getattr(read_line, "confirm", None)
    return confirm is None or confirm(question)


def _human_turn(match: Match, seat: int, screen: Screen, read_line: Callable[[str], str]) -> None:
    name = match.seats[seat].name
    status = (f"{name}, your move. 'legal' lists your moves, Tab completes them, 'help' shows the commands."
              if screen.plain else f"{name}, your move")
    legal = match.state.legal_actions(seat)
    if len(legal) == 1:  # nothing to decide: played for the person, and the log says so
        _apply(match, seat, str(legal[0]), note=" (the only move)")
        _flush(match, seat, screen)
        return
    _flush(match, seat, screen)
    # A plain screen draws the board when others have moved since this person's last action; a run
    # of one's own decisions (a Tundrus turn is dozens) adds only their log lines ('board' redraws).
    actions = match.record.actions
    drawn = screen.plain and bool(actions) and actions[-1][0] == seat
    if drawn:
        screen.say(status)
    facts = Facts(match.game)
    while True:
        if not (drawn and screen.plain):
            draw(match, seat, screen, status)
            drawn = True
        try:
            line = read_line(f"{name}> ").strip()
        except EOFError:
            if _leave_asked(read_line):
                raise Quit from None
            continue
        screen.clear_notes()
        command, _, rest = line.partition(" ")
        command = command.lower()
        if not command:
            continue
        if line.lower() in ("quit", "exit"):
            raise Quit
        if line.lower() in ("help", "h"):
            screen.say(HELP, *([match.game.notation_help] if match.game.notation_help else []))
            continue
        if line.lower() in ("legal", "?"):
            screen.say(*legal_lines(match, seat))
            continue
        if line.lower() == "board":
            drawn = False
            continue
        if line.lower() == "log":
            screen.say("\n".join(match.seen[seat][-LOG_MORE:]) or "(nothing yet)")
            continue
        if command == "info":
            screen.say(facts.answer(rest))
            continue
        if line.lower() == "rules":
            screen.say(rules(match.game))
            continue
        if line.lower() == "hint":
            screen.say(hint_line(match.state, seat, seed=len(match.record.actions)))
            continue
        if line.lower() == "auto":
            line = str(bots.ask(bots.make(HINT_BOT, seed=len(match.record.actions)), match.state, seat))
        board_command = terminal_hook(match.game, "command")  # the game's own board commands (Glyphs: page N)
        answer = board_command(match.state, seat, line) if board_command else None
        if answer is not None:
            screen.say(answer)
            drawn = False
            continue
        before = len(match.record.actions)
        try:
            _apply_line(match, seat, screen, line)
        except GlyphHallError as err:
            screen.say(Text(f"{err}  (type 'legal' for your options)", style="red"))
            if len(match.record.actions) == before:
                continue  # nothing was played: ask again
        _flush(match, seat, screen)
        return


def _to_move(match: Match, seat: int) -> bool:
    return not match.state.is_over() and seat in match.state.to_move()


def _apply_line(match: Match, seat: int, screen: Screen, line: str) -> None:
    """The line's actions one after another (lines.py reads `mark 2 3`, `take b o, b t`,
    `att nec`); stops at the first refused one or once the move has passed to someone else."""
    note = terminal_hook(match.game, "action_note")
    queue = parts_of(line)
    done: list[str] = []
    while queue:
        if done and not _to_move(match, seat):
            raise rest_not_played(done, queue, "the move passed on")
        part, *more = resolve(match.state, seat, queue.pop(0))
        queue[:0] = more
        said = note(match.state, seat, part) if note else None
        try:
            _apply(match, seat, part)
        except GlyphHallError as err:
            if not done:
                raise
            raise rest_not_played(done, [part, *queue], str(err)) from None
        done.append(part)
        if said:
            screen.say(said)


def legal_lines(match: Match, seat: int) -> list[str]:
    """`legal`: the legal actions, then the whole moves a game's terminal offers besides its
    single steps (Heroscape: a figure's `move FIG HEX` to every hex it can end on)."""
    out = [", ".join(str(a) for a in match.state.legal_actions(seat))]
    extra = terminal_hook(match.game, "extra_actions")
    whole = extra(match.state, seat) if extra else []
    if whole:
        out.append("Whole moves (one line each): " + ", ".join(whole))
    return out


def legal_texts(match: Match) -> list[str]:
    """What Tab completes: the legal actions of the seat to move, then the commands."""
    from .prompt import COMMANDS

    if match.state.is_over():
        return []
    seat = match.state.to_move()[0]
    if match.seats[seat].bot is not None:
        return []
    extra = terminal_hook(match.game, "extra_actions")
    texts = [str(a) for a in match.state.legal_actions(seat)] + (extra(match.state, seat) if extra else [])
    return texts + list(COMMANDS) + [f"info {n}" for n in Facts(match.game).names()]


def action_meanings(match: Match) -> dict[str, str]:
    """What the numbered actions of the seat to move mean, where the game's terminal says
    (`action_meta(state, seat)`: "draft 2" -> "Coyote, 4 bones, 2/1")."""
    meta = terminal_hook(match.game, "action_meta")
    if meta is None or match.state.is_over():
        return {}
    seat = match.state.to_move()[0]
    return meta(match.state, seat) if match.seats[seat].bot is None else {}


def _announce_result(match: Match, screen: Screen, humans: list[int]) -> None:
    viewer = humans[0] if len(humans) == 1 else None
    if viewer is not None:
        _flush(match, viewer, screen)
    screen.clear_notes()
    draw(match, viewer, screen, match.game.result_text(match.state, match.names).rstrip(".") + ".")
