"""Interned actions: the same few thousand are offered again and again in playouts, and building
a frozen dataclass costs more than looking one up."""

from __future__ import annotations

from glyphhall.engine import Action

_ACTIONS: dict[tuple, Action] = {}


def act(verb: str, args: tuple = ()) -> Action:
    """Action(verb, args), shared: actions are immutable, and legal-move lists in playouts
    build the same few thousand over and over. (The arguments come as one tuple, not `*args`:
    compiled, this is a C function, which cannot take `*args`.)"""
    key = (verb, args)
    a = _ACTIONS.get(key)
    if a is None:
        if len(_ACTIONS) > 100_000:
            _ACTIONS.clear()
        a = _ACTIONS[key] = Action(verb, args)
    return a


END = act("end")
