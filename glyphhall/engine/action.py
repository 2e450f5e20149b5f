"""Actions: immutable, hashable choices whose str() is their stable text notation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict


class MoveData(TypedDict):
    """An action as data beside its text, for clients that must not parse notation: `kind` is
    the verb and `args` the arguments as the game holds them (numbers stay numbers; a text
    argument may hold spaces, like a glyph's shapes or a card's name)."""

    text: str
    kind: str
    args: list[int | str]


@dataclass(frozen=True, slots=True)
class Action:
    """A verb and its arguments, e.g. Action("play", (2, 3)) written "play 2 3".

    Games may use this class as it is or subclass it with their own fields and `__str__`;
    either way `game.parse_action(state, seat, str(a)) == a` must hold for every legal action.
    """

    verb: str
    args: tuple[int | str, ...] = ()

    def __hash__(self) -> int:
        # The dataclass's own hash, written out: generated, it stays a Python function in the
        # compiled build, and a search hashes an action at every step down its tree.
        return hash((self.verb, self.args))

    def __str__(self) -> str:
        if not self.args:
            return self.verb
        return self.verb + " " + " ".join(str(a) for a in self.args)

    def to_dict(self) -> MoveData:
        """The action as a client reads it: its text and, beside it, its verb and arguments.
        They say nothing the text does not: the text is the verb and the arguments written out
        (tests/server/test_structured_moves.py checks it for every game's legal actions). A
        subclass whose `__str__` leaves out something its arguments hold overrides this too."""
        return {"text": str(self), "kind": self.verb, "args": list(self.args)}


def normalize_text(text: str) -> str:
    """The form action texts are compared in: lower case, single spaces, no edge spaces."""
    return " ".join(text.lower().split())
