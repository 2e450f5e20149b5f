"""Golden playthroughs, as OpenSpiel keeps them: seeded games written out step by step (who acted,
the action's text, the events with who may see them, a digest of every seat's view and the
spectator's, the full views now and then, the returns), so that any change to play shows up as a
readable diff. `scripts/playthroughs.py` (`make playthroughs`) writes them with bots choosing;
`test_playthroughs.py` replays each file's actions and compares what it writes with the file.

A file is self-describing: its first lines give the game, players, seed, options and seats, so a
replay needs nothing else."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from glyphhall import bots, games
from glyphhall.engine import Action, Event, State

HERE = Path(__file__).resolve().parent
#: Full views are written every this many steps (and at the start and the end); digests every step.
FULL_EVERY = 150
#: A game still going after this many steps is cut there (the file says so): files stay small.
MAX_STEPS = 300


@dataclass(frozen=True)
class Spec:
    """One playthrough: a game, its players and options, a seed, and who plays each seat."""

    name: str
    game: str
    players: int
    seed: int
    seats: tuple[str, ...]  # a bot name per seat ("random", "heuristic", "policy", "mcts-easy", ...)
    options: dict[str, Any] = field(default_factory=dict)
    max_steps: int = MAX_STEPS

    def header(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "seed": self.seed, "seats": list(self.seats),
                "options": self.options, "max_steps": self.max_steps}

    @staticmethod
    def from_header(name: str, data: dict[str, Any]) -> Spec:
        return Spec(name, data["game"], data["players"], data["seed"], tuple(data["seats"]), data["options"],
                    data["max_steps"])

    @property
    def path(self) -> Path:
        return HERE / f"{self.name}.txt"


def _spec(game: str, variant: str, players: int, seed: int, seats: tuple[str, ...], **options: Any) -> Spec:
    play = "random" if set(seats) == {"random"} else "bots"
    return Spec(f"{game}-{variant}-{players}p-{play}-{seed}", game, players, seed, seats, options)


def _three(game: str, variant: str, bot: str, most: int, fewest: int = 2, **options: Any) -> list[Spec]:
    """Three games of a variant: random play at the fewest and the most players, bots at the fewest."""
    return [_spec(game, variant, fewest, 1, ("random",) * fewest, **options),
            _spec(game, variant, most, 2, ("random",) * most, **options),
            _spec(game, variant, fewest, 3, (bot,) * fewest, **options)]


#: Every playthrough kept: each game's main variants, random and bot play, 2 players and the most.
SPECS: list[Spec] = [
    *_three("inscription", "standard", "heuristic", 2),
    _spec("inscription", "squirrels-overdamage", 2, 4, ("random", "heuristic"),
          limited_squirrels=True, over_damage=True),
    *_three("tundrus", "standard", "heuristic", 6),
    _spec("tundrus", "fastplay-randomdraft", 2, 4, ("heuristic", "random"), fast_play=True, random_draft=True),
    *_three("glyfts", "standard", "heuristic", 4),
    *_three("heroscape", "standard", "heuristic", 4),
    _spec("heroscape", "sequential-orders", 2, 4, ("random", "heuristic"), order_placement="sequential"),
    _spec("glyphs", "solo", 1, 1, ("random",)),
    _spec("glyphs", "solo", 1, 2, ("policy",)),
    _spec("glyphs", "apprentices", 2, 5, ("policy", "random")),
    _spec("glyphs", "apprentices", 8, 3, ("random",) * 8),
    _spec("glyphs", "duel", 2, 4, ("random", "random"), mode="duel"),
]


def digest(value: object) -> str:
    return hashlib.sha256(_json(value).encode()).hexdigest()[:10]


def _json(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


def _who(event: Event, players: int) -> str:
    if event.to is not None:
        return "only " + ",".join(map(str, sorted(event.to)))
    if event.hide_from:
        return "all but " + ",".join(map(str, sorted(event.hide_from)))
    return "all"


def _views(state: State, full: bool) -> list[str]:
    seats: list[int | None] = [*range(state.num_players), None]
    views = [state.view(seat) for seat in seats]
    names = [str(seat) if seat is not None else "spectator" for seat in seats]
    lines = ["  views " + " ".join(f"{n}={digest(v)}" for n, v in zip(names, views, strict=True))]
    if full:
        lines += [f"  view {n}: {_json(v)}" for n, v in zip(names, views, strict=True)]
    return lines


Chooser = Callable[[State, int, int], tuple[int, Action]]


def render(spec: Spec, choose: Chooser) -> str:
    """The playthrough's text: `choose(state, step, seat to move first)` gives (seat, action)."""
    game = games.get(spec.game)
    state = game.new(spec.players, spec.seed, spec.options)
    lines = ["# Golden playthrough (tests/playthroughs/playthrough.py); regenerate with `make playthroughs`",
             "spec " + _json(spec.header()), "start", *_views(state, True)]
    step = 0
    while not state.is_over() and step < spec.max_steps:
        seat, action = choose(state, step, state.to_move()[0])
        events = state.apply(seat, action)
        step += 1
        lines.append(f"step {step} seat {seat}: {action}")
        for e in events:
            lines.append(f"  event ({_who(e, spec.players)}) {e.text}" + (f" {_json(dict(e.data))}" if e.data else ""))
        lines += _views(state, step % FULL_EVERY == 0 or state.is_over() or step == spec.max_steps)
    if state.is_over():
        lines.append("returns " + _json(state.returns()))
    else:
        lines.append(f"cut after {step} steps, the game still going")
    return "\n".join(lines) + "\n"


def bot_chooser(spec: Spec) -> Chooser:
    """Each seat's bot, seeded from the playthrough's seed and the seat, choosing for the first
    seat to move (several move at once only where they act secretly)."""
    players = [bots.make(name, spec.seed * 100 + seat) for seat, name in enumerate(spec.seats)]

    def choose(state: State, step: int, seat: int) -> tuple[int, Action]:
        return seat, bots.ask(players[seat], state, seat)

    return choose


def recorded_chooser(text: str) -> Chooser:
    """The actions a playthrough file records, typed back as a player would type them."""
    moves = list(recorded_moves(text))

    def choose(state: State, step: int, seat: int) -> tuple[int, Action]:
        if step >= len(moves):
            raise AssertionError(f"the file records {len(moves)} steps, but the game goes on")
        actor, action = moves[step]
        return actor, state.game.parse_action(state, actor, action)

    return choose


def recorded_moves(text: str) -> Iterator[tuple[int, str]]:
    for line in text.splitlines():
        if line.startswith("step "):
            head, action = line.split(": ", 1)
            yield int(head.split()[3]), action


def read_spec(path: Path) -> Spec:
    for line in path.read_text().splitlines():
        if line.startswith("spec "):
            return Spec.from_header(path.stem, json.loads(line[5:]))
    raise ValueError(f"{path.name} has no spec line")


def first_difference(expected: str, got: str) -> str:
    """Where two playthrough texts part, named by step, with the two lines."""
    old, new = expected.splitlines(), got.splitlines()
    for i, (a, b) in enumerate(zip(old, new, strict=False)):
        if a != b:
            return f"first difference at {_step_of(old, i)}, line {i + 1}:\n  recorded: {a}\n  replayed: {b}"
    if len(old) != len(new):
        i = min(len(old), len(new))
        more = "recorded" if len(old) > len(new) else "replayed"
        extra = (old if len(old) > len(new) else new)[i]
        return f"first difference at {_step_of(old if len(old) > len(new) else new, i)}: only the {more} text goes on: {extra}"
    return "no difference"


def _step_of(lines: list[str], i: int) -> str:
    for line in reversed(lines[: i + 1]):
        if line.startswith(("step ", "start")):
            return line.split(":")[0]
    return "the header"
