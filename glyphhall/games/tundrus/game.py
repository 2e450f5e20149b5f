"""The `tundrus` game: Glyph by Justin Potter (rulebook ../shared/rules/glyph-tundrus.txt)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from glyphhall.engine import Game, Option, OptionValue, State

from . import draft
from .data import load_data
from .state import TundrusState

NOTATION = (
    "pick <champion> | activate <champion> | take <colour> <tribal|own|weapon|armor|auxiliary|chest> | roll | "
    "mark <die> then reroll, or keep | attack <enemy> [arcana] | ability <name> [targets] [power] | "
    "item <slot> [target] [power] | acquire <item> then stash [item] / equip / consume | equip <item> | "
    "consume <item> | store energy|armor <die> | free actions: garrison, sworddance war|defense, "
    "fate <die> <glyph>, mirrors <ally>, imp [enemy], button <enemy>, reflect, foresight, gambit, "
    "gash <enemy>, empower <die>, lamb <ally> (give <die>, done) | end | release energy|armor <n>. "
    "Dice are numbered from 1 in the Active Dice Pool; 'power' pays Energy with Power Glyphs first."
)


class TundrusGame(Game):
    id = "tundrus"
    name = "Glyph (Tundrus)"
    min_players = 2
    max_players = 6
    version = "1"
    notation_help = NOTATION
    options = (
        Option("fast_play", False, "Fast Play: each Tribe has two champions instead of three"),
        Option("random_draft", False, "Random Draft: champions dealt at random, any Classes"),
        Option("split", "auto", "Team games: players per Tribe, e.g. 3-1 (auto: as even as possible)"),
        Option("first_pick", "random", "Which Tribe recruits first", choices=("random", "tribe1", "tribe2")),
    )

    def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> TundrusState:
        s = TundrusState.__new__(TundrusState)
        s.init_base(self, players, seed, options)
        s.data = load_data()
        draft.setup(s)
        return s

    def _load(self, data: Mapping[str, Any]) -> TundrusState:
        s = TundrusState.__new__(TundrusState)
        s.load_base(self, data)
        s.load_fields(dict(data))
        return s

    def heuristic(self, state: State, seat: int) -> float | None:
        """Health share of the seat's Tribe, nudged by Armor, Energy and dice (all public)."""
        assert isinstance(state, TundrusState)
        if state.is_over():
            return state.returns()[seat]
        mine = state.tribe_of_seat(seat)
        score = [0.0, 0.0]
        for c in state.champs:
            if c.defeated:
                continue
            score[c.tribe] += (
                3.0 + c.health * 2.0 + 0.4 * (c.armor_perm + len(c.temp)) + 0.25 * c.energy()
                + 0.15 * (sum(c.start) + sum(sum(d) for d in c.slot_dice))
            )
        for t in (0, 1):
            score[t] += 0.1 * sum(state.tribal[t])
        total = score[0] + score[1]
        return 0.5 if total <= 0 else score[mine] / total


GAME = TundrusGame()
