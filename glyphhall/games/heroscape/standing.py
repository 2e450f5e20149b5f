# cython: annotation_typing=True
"""Who stands on the battlefield: the figures on it by side, the cards that still have figures on
it or waiting to enter it, the sides still fighting. Rules ask this on nearly every decision
(listing attacks, order markers, the victory check), and it changes only when a figure falls,
enters or changes sides, so it is kept with a copy of what it was made from and remade only
when that differs."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .state import HeroscapeState

RESERVE, ON = 0, 1


class Standing(NamedTuple):
    f_state: list[int]  # a copy of what it was made from
    f_card: list[int]
    c_team: list[int]
    on: tuple[int, ...]  # figures on the battlefield, in figure order
    opposing: dict[int, tuple[int, ...]]  # team -> the figures on the battlefield of other teams
    single: bool  # no double-space figure is on the battlefield
    present: frozenset[int]  # cards with a figure on the battlefield or waiting to enter it
    sides: frozenset[int]  # teams with a figure on the battlefield or waiting to enter it


def standing(s: HeroscapeState) -> Standing:
    """The state's Standing, remade when the figures' states, cards or sides changed since."""
    seen = s.standing_seen
    if isinstance(seen, Standing) and seen.f_state == s.f_state and seen.f_card is s.f_card and seen.c_team == s.c_team:
        return seen
    return _remade(s)


def _remade(s: HeroscapeState) -> Standing:
    """The Standing made anew and kept on the state (apart from `standing`, a C function, which
    may hold no generator expression)."""
    f_state, f_card, c_team, cards = s.f_state, s.f_card, s.c_team, s.c_def
    on = tuple([f for f, x in enumerate(f_state) if x == ON])
    here = [f for f, x in enumerate(f_state) if x in (ON, RESERVE)]
    teams = set(c_team)
    st = s.standing_seen = Standing(
        f_state=f_state[:], f_card=f_card, c_team=c_team[:], on=on,
        opposing={t: tuple([f for f in on if c_team[f_card[f]] != t]) for t in teams},
        single=not [f for f in on if cards[f_card[f]].double_space],
        present=frozenset([f_card[f] for f in here]),
        sides=frozenset([c_team[f_card[f]] for f in here]))
    return st
