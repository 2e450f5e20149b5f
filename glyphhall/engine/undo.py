"""Undo, Board Game Arena's policy: a player may take back their own actions of the current turn
as long as nothing happened since that they could not take back: no die rolled or card drawn
(the state's random stream advanced), no hidden information shown to anyone, no other seat acted.

`generic_undo_blocker` decides one step from what the engine knows about every game: the
random stream, who each event was shown to, and whether the step's outcome depended on anything
the actor could not see (tried on determinizations of the state before it). A game overrides
`Game.undo_blocker` where its own rules know better (e.g. a judgement that reveals a hidden rule).
`UndoTrail` keeps the steps of the turn in progress that may still be taken back."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .action import Action
from .errors import GlyphHallError
from .events import Event, filter_events
from .rng import Rng


class State(Protocol):
    """What the rule needs of a game state (engine/game.py's State, which imports this module)."""

    game: Any
    num_players: int
    rng: Rng

    def to_move(self) -> tuple[int, ...]: ...
    def apply(self, seat: int, action: Action, *, check: bool = True) -> list[Event]: ...
    def view(self, seat: int | None) -> dict[str, Any]: ...
    def determinize(self, seat: int, rng: Rng) -> Any: ...

#: How many determinizations of the state before a step the outcome is tried on. A step whose
#: events come out the same on every one did not depend on anything hidden from the actor.
SAMPLES = 3
#: Fixed seeds for those determinizations, so a table rebuilt from its record decides alike.
_SAMPLE_SEED = 0x0D0E_5EED

CHANCE = "a die was rolled or a card drawn (chance decided something), so it cannot be taken back"
SECRET_TO_OTHERS = "it showed something secret to another player, so it cannot be taken back"
FINAL = "this move is final"
REVEALED = "it revealed something that was hidden, so it cannot be taken back"


def generic_undo_blocker(
    before: State, seat: int, action: Action, events: Sequence[Event], after: State
) -> str | None:
    """Why `seat`'s step from `before` to `after` (with `events`) may not be taken back, or None.

    Refused when: the random stream advanced (a die, a shuffle, a random draw); an event was
    addressed to a seat other than the actor (a secret shown to someone); or what anybody saw
    (the events, by who may see them) or what the actor now sees (its view) would have come out
    differently had the things hidden from the actor been otherwise: then the step revealed
    hidden information (a card drawn from a shuffled deck, a face-down card turned over).
    The actor's own secrets shown by its own choice (a card played from hand, an order marker
    placed face down) reveal nothing hidden from the actor, so they may be taken back, as on
    Board Game Arena."""
    if before.rng.state != after.rng.state:
        return CHANCE
    if any(e.to is not None and e.to - {seat} for e in events):
        return SECRET_TO_OTHERS
    if before.game.perfect_information:
        return None
    seen = _what_was_seen(events, after, seat)
    for i in range(SAMPLES):
        twin = before.determinize(seat, Rng(_SAMPLE_SEED + i))
        try:
            twin_events = twin.apply(seat, action)
        except GlyphHallError:
            return REVEALED  # the step depended on something hidden from the actor
        if _what_was_seen(twin_events, twin, seat) != seen:
            return REVEALED
    return None


def _what_was_seen(events: Sequence[Event], after: State, seat: int) -> Any:
    observers: list[int | None] = [*range(after.num_players), None]
    shown = [[e.to_dict() for e in filter_events(events, o)] for o in observers]
    return shown, after.view(seat)


@dataclass
class UndoStep:
    """One step of the turn in progress: its index in the table's record, the state before it,
    and why it cannot be taken back (None: it can)."""

    index: int
    seat: int
    before: State
    blocker: str | None


class UndoTrail:
    """The steps of the turn in progress, newest last: one seat's run of actions while it stays
    to move. Another seat acting, or the actor's turn ending, closes the run (BGA: a turn that
    has passed is final)."""

    NOTHING = "there is nothing of your turn to take back"

    def __init__(self) -> None:
        self.steps: list[UndoStep] = []

    def record(
        self,
        index: int,
        before: State,
        seat: int,
        action: Action,
        events: Sequence[Event],
        after: State,
        *,
        decide: bool = True,
    ) -> None:
        """Note a step just applied (call for every step, in order). `decide=False` skips the
        rule for a seat that never takes a step back (a bot), whose step is then final."""
        if self.steps and self.steps[-1].seat != seat:
            self.steps.clear()
        if seat not in after.to_move():
            self.steps.clear()  # the turn ended with this step
            return
        blocker = before.game.undo_blocker(before, seat, action, events, after) if decide else FINAL
        self.steps.append(UndoStep(index, seat, before, blocker))

    def blocker(self, seat: int) -> str | None:
        """Why `seat` cannot take back its last step now, or None if it can."""
        if not self.steps:
            return self.NOTHING
        last = self.steps[-1]
        if last.seat != seat:
            return self.NOTHING
        return last.blocker

    def take_back(self, seat: int) -> UndoStep:
        """Remove `seat`'s last step and return it (its `before` is the state to go back to).
        Raises ValueError with the reason when it may not be taken back."""
        reason = self.blocker(seat)
        if reason is not None:
            raise ValueError(reason)
        return self.steps.pop()

    def clear(self) -> None:
        self.steps.clear()
