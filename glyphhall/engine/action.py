"""Actions: immutable, hashable choices whose str() is their stable text notation."""

from __future__ import annotations

from dataclasses import dataclass, field
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
    #: The hash, worked out at the first `hash()` and kept (-1: not yet; `hash` never answers -1):
    #: the search looks each legal action up in its tree's dicts at every node it passes.
    _hash: int = field(default=-1, init=False, repr=False, compare=False)

    # The methods the dataclass would write, written out so that the compiled build compiles them
    # (the dataclass's own are Python code made at import; the rules make actions at every step,
    # and the environments' mask hashes every legal action). The same values as the dataclass's:
    # `hash((verb, args))`, and equal only to an instance of the same class with equal fields.
    def __init__(self, verb: str, args: tuple[int | str, ...] = ()) -> None:
        object.__setattr__(self, "verb", verb)
        object.__setattr__(self, "args", args)
        object.__setattr__(self, "_hash", -1)

    def __hash__(self) -> int:
        known = self._hash
        if known == -1:
            known = hash((self.verb, self.args))
            object.__setattr__(self, "_hash", known)
        return known

    def __reduce__(self) -> tuple[type[Action], tuple[str, tuple[int | str, ...]]]:
        # Pickled without the kept hash: a string's hash differs from one process to the next.
        return (type(self), (self.verb, self.args))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return (self.verb, self.args) == (other.verb, other.args)
        return NotImplemented

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
