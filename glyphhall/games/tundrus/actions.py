"""Interned actions: the same few hundred actions are offered again and again, and building a
frozen dataclass costs more than looking one up."""

from __future__ import annotations

from glyphhall.engine import Action

#: Every action made so far, by (verb, args): a few hundred in all.
_ACTIONS: dict[tuple, Action] = {}
_ONE: dict[str, dict[object, Action]] = {}


def act(verb: str, args: tuple = ()) -> Action:
    """Action(verb, args), shared (a dict, not functools.cache: compiled, this is a C function the
    rules call in C, its cache a C global)."""
    key = (verb, args)
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS[key] = Action(verb, args)
    return found


def act1(verb: str, arg: object) -> Action:
    """act(verb, (arg,)), the listings' commonest kind, found by the argument alone (a tuple key
    is built and hashed at every call of `act`)."""
    by_arg = _ONE.get(verb)
    if by_arg is None:
        by_arg = _ONE[verb] = {}
    found = by_arg.get(arg)
    if found is None:
        found = by_arg[arg] = act(verb, (arg,))
    return found


ROLL, END, DONE = act("roll"), act("end"), act("done")
