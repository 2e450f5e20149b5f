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

    def _determinize(self, seat: int, rng: Rng) -> RaceState:
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


class TurnsState(State):
    """Two seats take turns; on its turn a seat adds 1 as often as it likes, may roll a die
    (chance) and ends the turn. The first to 10 wins. For the undo tests: steps that may be
    taken back, a roll that may not, and turns that pass."""

    def clone(self) -> TurnsState:
        c = TurnsState.__new__(TurnsState)
        self.copy_base_into(c)
        c.totals, c.turn = self.totals[:], self.turn
        return c

    def to_move(self) -> tuple[int, ...]:
        return () if self.is_over() else (self.turn,)

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Action("add", (1,)), Action("roll"), Action("end")]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if action.verb == "end":
            self.turn = 1 - seat
            return [Event(f"seat {seat} ends the turn")]
        gain = self.rng.randint(1, 6) if action.verb == "roll" else 1
        self.totals[seat] += gain
        verb = "rolls" if action.verb == "roll" else "adds"
        return [Event(f"seat {seat} {verb} {gain}")]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"totals": self.totals[:], "turn": self.turn}

    def _determinize(self, seat: int, rng: Rng) -> TurnsState:
        return self.clone()

    def is_over(self) -> bool:
        return max(self.totals) >= 10

    def returns(self) -> list[float]:
        return [1.0 if t >= 10 else 0.0 for t in self.totals]

    def to_dict(self) -> dict[str, Any]:
        return {**self.header(), "totals": self.totals[:], "turn": self.turn}


class TurnsGame(Game):
    id = "turns"
    name = "Turns to ten"
    min_players = 2
    max_players = 2
    perfect_information = True

    def _new(self, players: int, seed: int, options: dict) -> TurnsState:
        s = TurnsState.__new__(TurnsState)
        s.init_base(self, players, seed, options)
        s.totals, s.turn = [0, 0], 0
        return s

    def _load(self, data: Any) -> TurnsState:
        s = TurnsState.__new__(TurnsState)
        s.load_base(self, data)
        s.totals, s.turn = [int(t) for t in data["totals"]], int(data["turn"])
        return s

    def _position(self, state: State, data: Any) -> TurnsState:
        """`[position] totals = [5, 8]`, `turn = 0` (for the tests of tables from a position)."""
        assert isinstance(state, TurnsState)
        position = data.table("position")
        state.totals = [int(t) for t in position.take("totals", list)]
        state.turn = position.take("turn", int, 0)
        position.done()
        if len(state.totals) != 2 or state.turn not in (0, 1) or state.is_over():
            raise ValueError("'position' is two totals below 10 and a turn of 0 or 1")
        return state


TURNS = TurnsGame()
GAMES["turns"] = TURNS
