"""Interned actions: the same few hundred actions are offered again and again, and building a
frozen dataclass costs more than looking one up."""

from __future__ import annotations

from functools import cache

from glyphhall.engine import Action


@cache
def act(verb: str, args: tuple[int | str, ...] = ()) -> Action:
    return Action(verb, args)
