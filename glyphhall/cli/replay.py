"""`glyphhall replay`: a finished match, stepped through on the play screen (next, back, go to a
step, see it as another seat), or printed at once (`--plain`, pipes)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from rich.console import Console
from rich.markup import escape

from glyphhall import games
from glyphhall.engine import Event, Game, GlyphHallError, MatchRecord, State, filter_events, first_state

from .render import renderer_for
from .screen import Screen

#: a clone of the state is kept every CHECKPOINT steps, so going back is quick in long games
CHECKPOINT = 64
REPLAY_HELP = ("Enter or n: next step · b: back · go N: to step N · start / end · "
               "seat N: see it as seat N · spectator · log · quit")


@dataclass
class Replay:
    record: MatchRecord
    game: Game
    steps: list[list[Event]] = field(default_factory=list)
    checkpoints: dict[int, State] = field(default_factory=dict)

    @classmethod
    def open(cls, path: str) -> Replay:
        """Reads and replays the whole record once; a step that does not replay is an error."""
        record = MatchRecord.read(path)
        # Moves a player took back (format 2's "undone") stay in the file but are not replayed.
        record = replace(record, actions=record.live_actions(), undone=[])
        game = games.get(record.game)
        rep = cls(record, game)
        state = first_state(game, len(record.players), record.seed, record.options, record.position)
        rep.checkpoints[0] = state.clone()
        for number, (mover, text) in enumerate(record.actions, start=1):
            try:
                rep.steps.append(state.apply_text(mover, text))
            except GlyphHallError as err:
                raise GlyphHallError(f"step {number} ({text!r} by seat {mover}) does not replay: {err}") from None
            if number % CHECKPOINT == 0:
                rep.checkpoints[number] = state.clone()
        rep.checkpoints[len(record.actions)] = state
        return rep

    @property
    def names(self) -> list[str]:
        return list(self.record.players)

    @property
    def length(self) -> int:
        return len(self.record.actions)

    def check_seat(self, seat: int | None) -> None:
        if seat is not None and not 0 <= seat < len(self.names):
            raise GlyphHallError(f"--seat must be between 0 and {len(self.names) - 1}")

    def state_at(self, step: int) -> State:
        if step == self.length:
            return self.checkpoints[step]
        base = max(k for k in self.checkpoints if k <= step)
        state = self.checkpoints[base].clone()
        for mover, text in self.record.actions[base:step]:
            state.apply_text(mover, text)
        return state

    def lines(self, step: int, seat: int | None) -> list[str]:
        """What happened at `step` (1-based) as `seat` saw it; every action is shown, as the
        match is over (hanab.live's replays do the same)."""
        mover, text = self.record.actions[step - 1]
        out = [f"{step:>4} {self.names[mover]}: {text}"]
        out += [f"       {self.game.event_text(e, self.names)}" for e in filter_events(self.steps[step - 1], seat)]
        return out

    def log(self, upto: int, seat: int | None, count: int) -> list[str]:
        out: list[str] = []
        step = upto
        while step >= 1 and len(out) < count:
            out[:0] = self.lines(step, seat)
            step -= 1
        return out[-count:]

    def commands(self) -> list[str]:
        return ["next", "back", "go ", "start", "end", "spectator", "log", "quit", "help"] + [
            f"seat {i}" for i in range(len(self.names))
        ]

    def result(self) -> str:
        state = self.checkpoints[self.length]
        return self.game.result_text(state, self.names).rstrip(".") + "." if state.is_over() else "The record ends here."


def print_replay(rep: Replay, console: Console, seat: int | None, stop: int | None) -> None:
    last = rep.length if stop is None else max(0, min(stop, rep.length))
    for number in range(1, last + 1):
        for line in rep.lines(number, seat):
            console.print(escape(line))
    console.print(renderer_for(rep.game)(rep.state_at(last).view(seat), seat, rep.names))
    if last == rep.length:
        console.print(f"Result: {escape(rep.result())}")


def _seen_as(rep: Replay, seat: int | None) -> str:
    return "a spectator" if seat is None else rep.names[seat]


def step_replay(rep: Replay, console: Console, read_line: Callable[[str], str], seat: int | None,
                start: int | None) -> None:
    screen = Screen(console)
    step = max(0, min(start or 0, rep.length))
    render = renderer_for(rep.game)
    screen.say(REPLAY_HELP)
    while True:
        status = f"Step {step} of {rep.length}, seen as {_seen_as(rep, seat)}."
        if step == rep.length:
            status += f" {rep.result()}"
        screen.draw(render(rep.state_at(step).view(seat), seat, rep.names), rep.log(step, seat, 8), status,
                    log_title="steps")
        screen.clear_notes()
        screen.say(REPLAY_HELP)
        try:
            line = read_line("replay> ").strip().lower()
        except EOFError:
            return
        word, _, rest = line.partition(" ")
        if word in ("", "n", "next"):
            step = min(step + 1, rep.length)
        elif word in ("b", "back", "p", "prev"):
            step = max(step - 1, 0)
        elif word in ("start", "first"):
            step = 0
        elif word in ("end", "last"):
            step = rep.length
        elif word in ("go", "g") or word.isdigit():
            number = rest if word in ("go", "g") else word
            if number.strip().isdigit() and 0 <= int(number) <= rep.length:
                step = int(number)
            else:
                screen.say(f"go N: N is a step between 0 and {rep.length}")
        elif word == "seat":
            if rest.strip().isdigit() and 0 <= int(rest) < len(rep.names):
                seat = int(rest)
            else:
                screen.say(f"seat N: N is between 0 and {len(rep.names) - 1}")
        elif word in ("spectator", "all"):
            seat = None
        elif word == "log":
            screen.say("\n".join(rep.log(step, seat, 40)) or "(nothing yet)")
        elif word in ("q", "quit", "exit"):
            return
        elif word not in ("help", "h", "?"):
            screen.say(f"'{line}' is not a replay command")
