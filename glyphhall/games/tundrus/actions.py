"""Interned actions: the same few hundred actions are offered again and again, and building a
frozen dataclass costs more than looking one up."""

from __future__ import annotations

from glyphhall.engine import Action

#: Every action made so far, by (verb, args): a few hundred in all.
_ACTIONS: dict[tuple, Action] = {}


def act(verb: str, args: tuple = ()) -> Action:
    """Action(verb, args), shared (a dict, not functools.cache: compiled, this is a C function the
    rules call in C, its cache a C global)."""
    key = (verb, args)
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS[key] = Action(verb, args)
    return found


ROLL, END, DONE = act("roll"), act("end"), act("done")
