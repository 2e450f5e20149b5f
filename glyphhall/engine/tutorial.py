"""Guided first games as data: a game's `tutorial.toml` (beside its `positions/`) is a sequence of
steps, each a few sentences for the player and the move to make, played from a position.

    title = "Your first turn"
    seat = 0                       # the learner's seat in every step's position
    [[steps]]
    position = '''...'''           # a position's TOML text (engine/position.py); the first step
                                   # needs one, a later step without one continues the game
    text = "Draw a card: ..."      # what the player reads
    expect = "draw creature"       # the move to make, in the game's action notation
    why = "..."                    # a wrong move: why it is wrong (any move but the expected)
    wrong = { "draw squirrel" = "..." }   # a particular wrong move: why that one is wrong
    replies = ["draw creature"]    # the other seats' moves that follow, whoever is to move
    [finish]
    text = "Now play a short game against the gentlest computer."
    bot = "random"                 # the short game's opponent
    options = { turn_limit = 10 }  # and its options

`load_tutorial` reads one (errors name the step); `Lesson` plays one through: a wrong move is
answered with why and keeps the position. `check_tutorial` plays the expected moves and says what
does not fit (the test of every game's tutorial)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .action import Action, normalize_text
from .errors import IllegalAction, LoadError
from .events import Event
from .game import Game, State
from .position import PositionData
from .toml_text import read_toml

#: Steps a tutorial holds at most (a first game, not a course).
MAX_STEPS = 40
#: Characters of one step's text at most (a few sentences).
MAX_SENTENCES = 800


@dataclass(frozen=True)
class Step:
    """One step: its text, the move to make and what a wrong move is told."""

    text: str
    expect: str
    why: str
    wrong: Mapping[str, str] = field(default_factory=dict)
    replies: tuple[str, ...] = ()
    position: str | None = None  # a position's TOML text; None: continue from the step before


@dataclass(frozen=True)
class Tutorial:
    game: Game
    title: str
    seat: int
    steps: tuple[Step, ...]
    finish_text: str
    bot: str
    options: Mapping[str, Any]


def load_tutorial(game: Game, source: str | Mapping[str, Any]) -> Tutorial:
    """A tutorial from its TOML text (or the table read from it). Raises LoadError naming the key."""
    data = PositionData(read_toml(source, "the tutorial") if isinstance(source, str) else source)
    title = data.take("title", str)
    seat = data.take("seat", int, 0)
    steps = []
    for index, table in enumerate(data.tables("steps")):
        position = table.take("position", str, "", bounded=False) or None
        if index == 0 and position is None:
            raise LoadError("the tutorial's first step needs a 'position'")
        wrong = table.take("wrong", dict, {})
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in wrong.items()):
            raise LoadError(f"'{table.where}.wrong' maps moves to sentences")
        steps.append(Step(_sentences(table, "text"), table.take("expect", str), _sentences(table, "why"),
                          dict(wrong), tuple(table.names("replies", [])), position))
        table.done()
    if not steps or len(steps) > MAX_STEPS:
        raise LoadError(f"a tutorial has 1 to {MAX_STEPS} steps")
    finish = data.table("finish")
    tutorial = Tutorial(game, title, seat, tuple(steps), _sentences(finish, "text"), finish.take("bot", str, "random"),
                        dict(finish.take("options", dict, {})))
    finish.done()
    data.done()
    return tutorial


def _sentences(table: PositionData, key: str) -> str:
    """A text for the player: longer than a position's names, still bounded."""
    text = table.take(key, str, bounded=False)
    if not text.strip() or len(text) > MAX_SENTENCES:
        raise LoadError(f"'{table.where}.{key}' is a text of 1 to {MAX_SENTENCES} characters")
    return " ".join(text.split())


@dataclass(frozen=True)
class Answer:
    """What a move did: accepted (with the events it and the replies made) or refused, and why."""

    accepted: bool
    message: str = ""
    events: tuple[Event, ...] = ()  # every seat's: show a seat only what it may see (filter_events)


class Lesson:
    """A tutorial played through: the state of the step under way, its text, and `play`."""

    def __init__(self, tutorial: Tutorial) -> None:
        self.tutorial = tutorial
        self.index = 0
        self.state: State = self._start(tutorial.steps[0])

    def _start(self, step: Step) -> State:
        assert step.position is not None
        return _loaded(self.tutorial.game, step.position).clone()

    @property
    def done(self) -> bool:
        return self.index >= len(self.tutorial.steps)

    @property
    def step(self) -> Step:
        return self.tutorial.steps[self.index]

    def expected(self) -> Action:
        """The move this step asks for, as the game writes it."""
        return self.tutorial.game.parse_action(self.state, self.tutorial.seat, self.step.expect)

    def play(self, text: str) -> Answer:
        """The learner's move `text`: played (and the replies after it) if it is the step's move,
        else refused with why; a refused move changes nothing."""
        if self.done:
            return Answer(False, "The lesson is over.")
        game, seat = self.tutorial.game, self.tutorial.seat
        try:
            action = game.parse_action(self.state, seat, text)
        except IllegalAction as err:
            return Answer(False, f"{str(err).rstrip('.')}. {self.step.why}")
        if not _same(action, self.expected()):
            for written, why in self.step.wrong.items():
                try:
                    if _same(action, game.parse_action(self.state, seat, written)):
                        return Answer(False, why)
                except IllegalAction:
                    continue
            return Answer(False, self.step.why)
        events = self.state.apply(seat, action)
        for reply in self.step.replies:
            mover = _other_mover(self.state, seat)
            events += self.state.apply_text(mover, reply)
        self.index += 1
        if not self.done and self.step.position is not None:
            self.state = self._start(self.step)
        return Answer(True, "", tuple(events))


@lru_cache(maxsize=32)
def _loaded(game: Game, position: str) -> State:
    """A step's position, loaded once (Glyphs checks its decree against every mark: a quarter of
    a second); each lesson plays on a clone."""
    return game.load_position(position, strict=False)


def _same(a: Action, b: Action) -> bool:
    return a == b or normalize_text(str(a)) == normalize_text(str(b))


def _other_mover(state: State, seat: int) -> int:
    movers = [s for s in state.to_move() if s != seat]
    if not movers:
        raise IllegalAction("a scripted reply where no other seat is to move")
    return movers[0]


def check_tutorial(tutorial: Tutorial) -> list[str]:
    """Every way the tutorial does not play through (empty: it does): each step's expected move
    must be legal for the learner, its replies legal for the seats to move, each wrong move
    named must be legal and not the expected one, and the learner must be to move at each step."""
    problems: list[str] = []
    game, seat = tutorial.game, tutorial.seat
    try:
        lesson = Lesson(tutorial)
    except LoadError as err:
        return [f"step 1: the position does not load: {err}"]
    while not lesson.done:
        n, step, state = lesson.index + 1, lesson.step, lesson.state
        if seat not in state.to_move():
            return problems + [f"step {n}: the learner is not to move (to move: {state.to_move()})"]
        try:
            expected = lesson.expected()
        except IllegalAction as err:
            return problems + [f"step {n}: the expected move {step.expect!r} is not legal ({err})"]
        for written in step.wrong:
            try:
                if _same(game.parse_action(state, seat, written), expected):
                    problems.append(f"step {n}: the wrong move {written!r} is the expected one")
            except IllegalAction as err:
                problems.append(f"step {n}: the wrong move {written!r} is not legal ({err})")
        try:
            answer = lesson.play(step.expect)
        except (IllegalAction, LoadError) as err:
            return problems + [f"step {n}: {err}"]
        if not answer.accepted:
            return problems + [f"step {n}: the expected move {step.expect!r} is refused: {answer.message}"]
    return problems


def step_texts(tutorial: Tutorial) -> Sequence[str]:
    """Every sentence a player reads in the tutorial (for the wording checks)."""
    out = [tutorial.title, tutorial.finish_text]
    for step in tutorial.steps:
        out += [step.text, step.why, *step.wrong.values()]
    return out
