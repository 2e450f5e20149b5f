"""Games injected into the test server: the engine's toy duel, and a variant with options."""

from __future__ import annotations

from typing import Any

from glyphhall.engine import Option
from tests.engine.toy import GAME as DUEL
from tests.engine.toy import DuelGame, DuelState


class OptionDuelState(DuelState):
    def clone(self) -> OptionDuelState:
        twin = super().clone()
        twin.__class__ = OptionDuelState
        return twin

    def view(self, seat: int | None) -> dict[str, Any]:
        return {**super().view(seat), "table_colour": self.options["colour"], "stakes": self.options["stakes"]}


class OptionDuelGame(DuelGame):
    """The duel with two cosmetic options, to test the lobby's option handling."""

    id = "optduel"
    name = "Option duel"
    options = (
        Option("colour", "red", "colour of the table", choices=("red", "green")),
        Option("stakes", 1, "points at stake", minimum=1, maximum=5),
    )

    def _new(self, players: int, seed: int, options: dict) -> OptionDuelState:
        s = super()._new(players, seed, options)
        s.__class__ = OptionDuelState
        return s

    def _load(self, data: Any) -> OptionDuelState:
        s = super()._load(data)
        s.__class__ = OptionDuelState
        return s


OPTION_DUEL = OptionDuelGame()
GAMES = {"duel": DUEL, "optduel": OPTION_DUEL}
