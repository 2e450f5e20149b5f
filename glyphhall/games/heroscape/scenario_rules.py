# cython: annotation_typing=True
"""The rules a map's scenario adds (scenario.py holds what it says), and terrain that acts at the
end of a round.

- hold: the side with a figure on the hold hex at the end of a round wins;
- escape: the side with a figure on one of its own escape hexes wins at once;
- the scenario's round limit applies unless the table chose one (a round_limit other than 12).

Lava field (Volcarren Wasteland): a figure on a lava field space at the end of a round rolls one
combat die; a skull is a wound (heroscape.fandom.com/wiki/Terrain); flyers are not exempt (the
rule names none); the wound cannot be blocked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from glyphhall.engine import Event
from glyphhall.engine.events import public_event

from . import combat

if TYPE_CHECKING:
    from .maps import Board
    from .state import HeroscapeState

ON = 1
LAVA_FIELD = "f"
DEFAULT_ROUND_LIMIT = 12


def round_limit(s: HeroscapeState) -> int:
    """The scenario's round limit unless the table chose one (an option other than the default)."""
    option = int(s.options["round_limit"])
    return s.board.scenario.rounds if s.board.scenario.rounds and option == DEFAULT_ROUND_LIMIT else option


def _side_on(s: HeroscapeState, hexes: frozenset[int] | set[int]) -> list[int]:
    """Seats whose team has a figure on one of `hexes`."""
    teams = {s.side(s.occ[h]) for h in hexes if s.occ[h] >= 0}
    return [seat for seat in range(s.num_players) if s.team[seat] in teams]


def _on_lava(board: Board, h: int) -> bool:
    return h >= 0 and board.terrain[h] == LAVA_FIELD


def end_of_round(s: HeroscapeState, events: list[Event]) -> list[int] | None:
    """Lava field wounds, then a hold victory: the winning seats, or None."""
    board = s.board
    for f, state in enumerate(s.f_state):
        if state == ON and (_on_lava(board, s.f_hex[f]) or _on_lava(board, s.f_tail[f])):
            skull = combat.roll_skulls(s, 1)
            events.append(public_event(f"{s.f_name[f]} stands on a lava field at the end of the round: "
                                       f"{'a skull' if skull else 'no skull'}", data={"seat": s.owner(f)}))
            combat.wound(s, f, skull, events, blockable=False)
    if board.scenario.victory == "hold":
        winners = _side_on(s, {board.scenario.hold})
        if len(winners) and len({s.team[w] for w in winners}) == 1:
            return winners
    return None


def escaped(s: HeroscapeState) -> list[int] | None:
    """An escape victory (checked with every other victory, after each action): the winning
    seats, or None."""
    escape = s.board.scenario.escape
    if s.board.scenario.victory != "escape":
        return None
    for seat, hexes in sorted(escape.items()):
        if seat < s.num_players and any([s.occ[h] >= 0 and s.side(s.occ[h]) == s.team[seat] for h in hexes]):
            return [w for w in range(s.num_players) if s.team[w] == s.team[seat]]
    return None
