# cython: annotation_typing=True
"""Winning or losing (Rulebook, Winning or Losing): ten Skill points win; a player with no Creature
left is out, the last one left wins; the turn-limit option (ours) ends on the most Skill."""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Event

from .cards import CARDS
from .events import say
from .state import OVER

if TYPE_CHECKING:
    from .state import GlyftsState

_KINDS = range(len(CARDS.sorceries))


def eliminate(st: GlyftsState, p: int, events: list[Event]) -> None:
    """Rulebook, Winning or Losing: no Creature in reserve or in the Circle: out of the game.
    Ruling: the eliminated player's hand goes to the discard pile."""
    st.alive[p] = False
    hand = st.hands[p]
    for k in _KINDS:
        st.discard[k] += hand[k]
        hand[k] = 0
    say(events, f"seat {p} has no Creatures left and is eliminated")
    left = [q for q in range(st.num_players) if st.alive[q]]
    if len(left) == 1:
        finish(st, left, events, f"seat {left[0]} is the last player left and wins")



def finish(st: GlyftsState, winners: list[int], events: list[Event], text: str) -> None:
    st.winners = winners
    st.phase = OVER
    st.battle = None
    say(events, text, {"winners": winners})



def end_by_turn_limit(st: GlyftsState, events: list[Event]) -> None:
    """Option turn_limit (not in the rulebook): the most Skill points wins; a tie shares the win."""
    winners = most_skill(st)
    finish(st, winners, events, f"the turn limit is reached; most Skill points: seat(s) "
                 f"{', '.join(map(str, winners))}")


def end_by_no_progress(st: GlyftsState, events: list[Event]) -> None:
    """Ruling (README, "The end"): `no_progress` rounds without a capture or a summon end the
    game; the most Skill points wins, a tie shares the win."""
    winners = most_skill(st)
    finish(st, winners, events, f"{st.no_progress} rounds pass without a capture or a summon; most Skill "
                 f"points: seat(s) {', '.join(map(str, winners))}")


def most_skill(st: GlyftsState) -> list[int]:
    best = max(st.score[p] for p in range(st.num_players) if st.alive[p])
    return [p for p in range(st.num_players) if st.alive[p] and st.score[p] == best]
