"""The `tundrus` game: Glyph by Justin Potter (rulebook ../shared/rules/glyph-tundrus.txt)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

from glyphhall.engine import Action, Event, Game, Option, OptionValue, PositionData, State

from . import draft, turn, views, wording
from .champion import Champion
from .data import load_data
from .encoding import TundrusTensors, action_table
from .position import set_position
from .state import NO_PROGRESS_ROUNDS, TundrusState

NOTATION = (
    "pick <champion> | activate <champion> | take <colour> <tribal|own|weapon|armor|auxiliary|chest> | roll | "
    "mark <die> then reroll, or keep | lose <die> (War Glyph -1 token) | "
    "hold <die> (keep it out of the Primary Action) | attack <enemy> [arcana] | ability <name> [targets] [power] | "
    "item <slot> [target] [power] | acquire <item> (spend <die> if asked) then stash [item] / equip / consume | "
    "equip <item> | consume <item> (then pay <part|die> for each die of the Equip Cost if asked) | "
    "store energy|armor <die> | free actions: garrison (then convert <die>), sworddance war|defense, "
    "fate <die> <glyph>, mirrors <ally>, imp [enemy], button <enemy>, reflect, foresight, gambit, "
    "gash <enemy>, empower <die>, lamb <ally> (give <die>, done) | end | release energy|armor <n> | "
    "End of Round: cube <champion> square|replace <n>. "
    "Dice are numbered from 1 in the Active Dice Pool; a trailing 'power' (abilities, free actions) pays "
    "Energy with Power Glyphs first; when the dice paying Energy are a real choice, name them with "
    "energy <die> or energy stored <n>."
)


STEPS = {
    "draft": "recruiting champions", "activate": "choosing the champion to activate",
    "replenish": "REPLENISH step", "lamb": "Sacrificial Lamb", "reroll": "REROLL step",
    "main": "PRIMARY ACTION step", "secondary": "SECONDARY ACTIONS step", "place": "placing an Acquired Item",
    "feud": "choosing the Blood Feud enemy", "chest": "choosing Connoisseur dice", "release": "RELEASE step",
    "energy": "End of Round Energy Cube",
    "warloss": "War Glyph -1 token",
    "pay": "paying an Equip Cost",
    "energypay": "naming the dice that pay Energy",
    "wealth": "choosing the Wealth die an Acquire spends",
    "garrison": "naming the Glyphs Garrison converts",
}


class TundrusPlay(TundrusState):
    """A game of Glyph at play: the state with the engine contract's rule methods, each handed to
    the rule modules (turn.py dispatches to the step of the Turn the game is in)."""

    __slots__ = ()

    def to_move(self) -> tuple[int, ...]:
        return turn.to_move(self)

    def legal_actions(self, seat: int) -> list[Action]:
        # The base class's method with its checks in one: `to_move` is () once the game is over.
        # It remembers the list the same way, so a checked `apply` right after does not list again.
        if seat not in turn.to_move(self):
            return []
        legal = turn.legal_actions(self)
        self._listed = (seat, tuple(legal))
        return legal

    def _legal_actions(self, seat: int) -> list[Action]:
        return turn.legal_actions(self)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        return turn.apply(self, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)


class TundrusGame(Game):
    id = "tundrus"
    name = "Glyph (Tundrus)"
    min_players = 2
    max_players = 6
    version = "1"
    notation_help = NOTATION
    # The search levels' iteration budgets (bots/mcts.py, LEVELS): what fits in about half the
    # level's time on one core of the server (an iteration about 170 us compiled); the time stays the ceiling.
    search_iterations: ClassVar[Mapping[str, int] | None] = {"mcts": 2_500, "mcts-hard": 8_000}
    options = (
        Option("fast_play", False, "Fast Play: each Tribe has two champions instead of three"),
        Option("random_draft", False, "Random Draft: champions dealt at random, any Classes"),
        Option("split", "auto", "Team games: players per Tribe, e.g. 3-1 (auto: as even as possible)"),
        Option("first_pick", "random", "Which Tribe recruits first", choices=("random", "tribe1", "tribe2")),
        Option("no_progress", NO_PROGRESS_ROUNDS, "Ruling (the rulebook is silent): the game ends when this many "
               "rounds pass without a champion losing Health for good (more Health left wins, equal is a "
               "draw); 0 = never", minimum=0, maximum=10_000),
    )

    def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> TundrusPlay:
        s = TundrusPlay.__new__(TundrusPlay)
        s.init_base(self, players, seed, options)
        s.data = load_data()
        draft.setup(s)
        return s

    def _load(self, data: Mapping[str, Any]) -> TundrusPlay:
        s = TundrusPlay.__new__(TundrusPlay)
        s.load_base(self, data)
        s.load_fields(dict(data))
        return s

    def _position(self, state: State, data: PositionData) -> State:
        """A position (README, "Positions"): the Tribes recruited, at the start of a round."""
        set_position(state, data)  # type: ignore[arg-type]
        return state

    def explain_illegal(self, state: State, seat: int, text: str, legal: Sequence[Action]) -> str:
        """The engine's reason, plus the step of the Turn the game is in."""
        reason = super().explain_illegal(state, seat, text, legal)
        step = STEPS.get(getattr(state, "phase", ""), "")
        return f"{reason} ({step})" if step else reason

    # --- wording for people: games/<id>/wording.py ------------------------------------------
    def event_text(self, event: Event, names: Sequence[str]) -> str:
        return wording.event_text(event, names)

    def result_text(self, state: State, names: Sequence[str]) -> str:
        return wording.result_text(state, names)  # type: ignore[arg-type]

    # --- for learners: encoding.py -------------------------------------------------------------
    def action_codec(self, players: int, options: dict[str, OptionValue]) -> Any:
        return action_table()

    def tensor_encoder(self, players: int, options: dict[str, OptionValue]) -> TundrusTensors:
        return TundrusTensors()

    def luck_context(self, state: Any) -> tuple[int, int]:
        """Where a draw happens, for the strength bench's shared luck (arena/luck.py): the round and the champion at play."""
        return (state.round, state.active)

    def heuristic(self, state: State, seat: int) -> float | None:
        """The seat's Tribe's share of a material score (all public): Health weighs most, then
        Armor, Energy and dice owned (wherever they are this Turn, so taking dice is not a loss)."""
        assert isinstance(state, TundrusState)
        if state.is_over():
            return state.returns()[seat]
        return _shares(state)[state.tribe_of_seat(seat)]

    def heuristic_all(self, state: State) -> list[float]:
        """`heuristic` for every seat, the Tribes' scores computed once (a rollout scores all)."""
        assert isinstance(state, TundrusState)
        if state.is_over():
            return list(state.returns())
        shares = _shares(state)
        return [shares[state.tribe_of_seat(seat)] for seat in range(state.num_players)]


# Scored at the end of every cut-off rollout: compiled, the counts are C integers and the score
# C doubles, with the same operations in the same order as the Python (the same floats).
@cython.locals(dice=cython.Py_ssize_t, x=cython.Py_ssize_t, energy=cython.Py_ssize_t, value=cython.double,
               score0=cython.double, score1=cython.double, total=cython.double, tribal=cython.Py_ssize_t,
               pool=cython.Py_ssize_t, c=Champion)
def _shares(state: TundrusState) -> tuple[float, float]:
    """Each Tribe's share of the material score (see `TundrusGame.heuristic`)."""
    score0 = score1 = 0.0
    for c in state.champs:
        if c.defeated:
            continue
        # the dice it owns: Starting Dice, Item dice, chest dice, Stored Energy and Armor dice
        dice = len(c.energy_dice)
        for x in c.start:
            dice += x
        for row in c.slot_dice:
            for x in row:
                dice += x
        for x in c.chest_dice:
            dice += x
        for d in c.temp:
            if type(d) is tuple:
                dice += 1
        energy = c.energy_cubes + len(c.energy_dice)  # Champion.energy, inlined
        for x in c.slot_energy:
            energy += x
        value = (4.0 + 2.0 * c.health + 0.4 * (c.armor_perm + len(c.temp)) + 0.3 * energy + 0.2 * dice
                 + 0.1 * len(c.stash))
        if c.tribe == 0:
            score0 += value
        else:
            score1 += value
    tribal = 0
    for x in state.tribal[0]:
        tribal += x
    score0 += 0.2 * tribal
    tribal = 0
    for x in state.tribal[1]:
        tribal += x
    score1 += 0.2 * tribal
    if state.active >= 0:  # dice in the Active Dice Pool still belong to the Tribe
        pool = len(state.pool)
        if state.champs[state.active].tribe == 0:
            score0 += 0.2 * pool + 0.02 * pool
        else:
            score1 += 0.2 * pool + 0.02 * pool
    total = score0 + score1
    if total <= 0:
        return (0.5, 0.5)
    return (score0 / total, score1 / total)

GAME = TundrusGame()
