"""Secret, simultaneous choices in the environments: no seat sees another's choice before it
commits its own.

Where several seats are to move at once (Heroscape's order markers, Glyfts' setup picks,
Glyphs' predictions) the rules state changes with each seat's choice as it is made, one seat
after another, so a seat choosing second could see, in its view, where the first put its
markers. While such a phase lasts, each of its seats observes and chooses on its own copy of the
position as the phase began, with only its own choices applied; the true state gets every choice.
The phase lasts until every seat that was to move at its start has finished (it is no longer to
move on its copy, or on the true state).
"""

from __future__ import annotations

from glyphhall.engine import Action, State


class SecretPhases:
    def __init__(self) -> None:
        self.start: State | None = None
        self.copies: dict[int, State] = {}
        self.choosing: set[int] = set()

    def reset(self) -> None:
        self.start = None
        self.copies = {}
        self.choosing = set()

    def begin(self, state: State) -> None:
        """Call before applying any choice: notes the start of a simultaneous phase."""
        if self.start is None and len(state.to_move()) > 1:
            self.start = state.clone()
            self.choosing = set(state.to_move())

    def seen_by(self, state: State, seat: int) -> State:
        """The state `seat` observes and chooses on now."""
        self.begin(state)
        if self.start is None or seat not in self.start.to_move():
            return state
        return self.copies.get(seat, self.start)

    def applied(self, state: State, seat: int, action: Action) -> None:
        """Note `seat`'s choice, already applied to the true `state`."""
        if self.start is None:
            return
        if seat in self.start.to_move():
            copy = self.copies.get(seat)
            if copy is None:
                copy = self.copies[seat] = self.start.clone()
            if not copy.is_over() and seat in copy.to_move():
                copy.apply(seat, action, check=False)
        moving = state.to_move()
        self.choosing = {s for s in self.choosing if s in moving and not self._finished(s)}
        if not self.choosing:  # every seat has chosen: all see the true state again
            self.reset()

    def _finished(self, seat: int) -> bool:
        """`seat` has made all its choices of the phase (it is no longer to move on its copy)."""
        copy = self.copies.get(seat)
        return copy is not None and (copy.is_over() or seat not in copy.to_move())
