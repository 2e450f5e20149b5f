"""Games injected into the test server: the engine's toy duel, and a variant with options."""

from __future__ import annotations

from typing import Any

from glyphhall.engine import Action, Event, Game, Option, Rng, State
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


class RaceState(State):
    """One seat adds 1 or 2 until the total reaches 5: a seat that moves several times in a row."""

    def clone(self) -> RaceState:
        c = RaceState.__new__(RaceState)
        self.copy_base_into(c)
        c.total = self.total
        return c

    def to_move(self) -> tuple[int, ...]:
        return () if self.total >= 5 else (0,)

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Action("add", (1,)), Action("add", (2,))]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self.total += int(action.args[0])
        return [Event(f"the total is {self.total}")]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"total": self.total}

    def determinize(self, seat: int, rng: Rng) -> RaceState:
        return self.clone()

    def is_over(self) -> bool:
        return self.total >= 5

    def returns(self) -> list[float]:
        return [1.0]

    def to_dict(self) -> dict[str, Any]:
        return {**self.header(), "total": self.total}


class RaceGame(Game):
    id = "race"
    name = "Race to five"
    min_players = 1
    max_players = 1
    perfect_information = True

    def _new(self, players: int, seed: int, options: dict) -> RaceState:
        s = RaceState.__new__(RaceState)
        s.init_base(self, players, seed, options)
        s.total = 0
        return s

    def _load(self, data: Any) -> RaceState:
        s = RaceState.__new__(RaceState)
        s.load_base(self, data)
        s.total = int(data["total"])
        return s


RACE = RaceGame()
GAMES["race"] = RACE
