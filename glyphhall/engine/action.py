"""Actions: immutable, hashable choices whose str() is their stable text notation."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Action:
    """A verb and its arguments, e.g. Action("play", (2, 3)) written "play 2 3".

    Games may use this class as it is or subclass it with their own fields and `__str__`;
    either way `game.parse_action(state, seat, str(a)) == a` must hold for every legal action.
    """

    verb: str
    args: tuple[int | str, ...] = ()

    def __str__(self) -> str:
        if not self.args:
            return self.verb
        return self.verb + " " + " ".join(str(a) for a in self.args)


def normalize_text(text: str) -> str:
    """The form action texts are compared in: lower case, single spaces, no edge spaces."""
    return " ".join(text.lower().split())
