"""OpenSpiel adapter: every Glyph Hall game as a registered Python game of OpenSpiel, so its
algorithms (CFR-style solvers need small games; MCTS, IS-MCTS, DQN, PPO, NFSP and the evaluation
tools do not) run on them.

    import pyspiel
    from glyphhall.rl.openspiel import register_all
    register_all()
    game = pyspiel.load_game("python_glyphhall_inscription", {"players": 2, "seed": 7})

- Actions are the game's fixed action ids (`Game.num_distinct_actions`).
- Deals: each `new_initial_state()` is a fresh deal, seeded from the game's `seed` and a count of
  the deals made so far (reproducible: the same program makes the same deals).
- Chance is *explicit* (`spiel_play.py`): an action that rolls, shuffles or draws becomes a
  chance node of `chance_outcomes` (default 64) equally likely outcomes, each a random stream;
  what no seat has seen is reshuffled from it (`unseen.py`). A state or a clone holds no future:
  OpenSpiel's `MCTSBot` samples the dice and draws like any chance node.
- Information state: the string is perfect recall (a digest of the seat's own observation
  history, then its observation); the tensor is the game's designed memory tensor
  (`State.information_state_tensor`), which is not perfect recall, so the game declares the
  tensor not provided. `resample_from_infostate` is the engine's `determinize`.
- Serialization: a state pickles as its deal seed and its record of actions
  (`spiel_play.Play.replay`), so `pyspiel.serialize_game_and_state` round-trips;
  `serialize_state`/`deserialize_state` give the engine's saved form (`State.to_dict`) instead.
- Simultaneous choices are played one seat after the other (OpenSpiel's sequential form), each
  seat observing its own copy of the phase's start (`simultaneous.py`), so none sees another's.
- Returns are zero-sum (`aec.final_rewards(..., "zero_sum")`): win 1, loss -1 with two seats; a
  game still running after `max_steps` decisions ends with 0 for all.
The limits are in the RL section of README.md.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from glyphhall import games
from glyphhall.engine import Game

from .aec import DEFAULT_MAX_STEPS, final_rewards
from .spaces import game_options
from .spiel_play import Play, Setup, mix

#: Equally likely outcomes of a chance node (each a random stream for the rules).
DEFAULT_CHANCE_OUTCOMES = 64


def short_name(game_id: str) -> str:
    return f"python_glyphhall_{game_id}"


def _game_type(game: Game) -> Any:
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"Glyph Hall {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(pyspiel.GameType.Information.PERFECT_INFORMATION if game.perfect_information
                     else pyspiel.GameType.Information.IMPERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        # the designed memory tensor is computed, but it is not perfect recall: not declared
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.min_players, "seed": 0,
                                 "chance_outcomes": DEFAULT_CHANCE_OUTCOMES, "max_steps": DEFAULT_MAX_STEPS},
    )


class _Deal:
    """The one attribute of a state (OpenSpiel clones a Python state by deep-copying its
    attributes and serializes it by pickling them): the game, dealt when first used, so the empty
    state OpenSpiel makes before copying a clone into it deals nothing."""

    __slots__ = ("game", "play")

    def __init__(self, game: GlyphHallSpielGame | None, play: Play | None = None) -> None:
        self.game, self.play = game, play

    def get(self) -> Play:
        if self.play is None:
            assert self.game is not None
            self.play = Play.new(self.game.setup, self.game.next_deal_seed())
        return self.play

    def __deepcopy__(self, memo: dict) -> _Deal:
        return _Deal(self.game, self.get().clone())

    def __reduce__(self) -> tuple:
        return (_Deal, (None, self.get()))  # the Play pickles as its seed and record


class GlyphHallSpielState(pyspiel.State):
    def __init__(self, spiel_game: GlyphHallSpielGame) -> None:
        super().__init__(spiel_game)
        self.deal = _Deal(spiel_game)

    @property
    def play(self) -> Play:
        return self.deal.get()

    @property
    def codec(self) -> Any:
        return _codec(self.play.setup)

    @property
    def engine(self) -> Any:
        """The rules state (the true one: every seat's hidden information)."""
        return self.play.engine

    def seen_by(self, player: int) -> Any:
        return self.play.seen_by(player)

    # --- the OpenSpiel state API ----------------------------------------------------------------
    def current_player(self) -> int:
        play = self.play
        if play.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if play.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return play.engine.to_move()[0]

    def _legal_actions(self, player: int) -> list[int]:
        play = self.play
        if play.pending is not None or play.is_terminal():
            return []
        seen = play.seen_by(player)
        if seen.is_over() or player not in seen.to_move():
            return []
        return sorted(self.codec.encode_all(seen, player, seen.legal_actions(player)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self.play.setup.chance_outcomes
        return [(k, 1.0 / n) for k in range(n)] if self.play.pending is not None else []

    def _apply_action(self, action: int) -> None:
        self.play.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            return f"chance {action}"
        seen = self.seen_by(player)
        try:
            return str(seen.action_from_id(player, int(action)))
        except Exception:  # an id that is not legal now: OpenSpiel still asks for a name
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self.play.is_terminal()

    def returns(self) -> list[float]:
        engine = self.play.engine
        if not self.play.is_terminal() or not engine.is_over():
            return [0.0] * engine.num_players
        return final_rewards(engine.returns(), "zero_sum")

    def __str__(self) -> str:
        pending = self.play.pending
        text = json.dumps(self.play.engine.view(None), sort_keys=True, default=str)
        return text if pending is None else f"{text}\n(chance: seat {pending[0]} chose {pending[1]})"

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> GlyphHallSpielState:
        """A state of `player_id`'s information state with every hidden thing resampled (the
        engine's `determinize`, future chance included). The worlds come from this state's own
        generator (seeded by its deal, advanced by each call), not from `probability_sampler`:
        OpenSpiel's IS-MCTS passes a new, unseeded sampler on every call, which would make a
        search unrepeatable."""
        play = self.play
        other = self.clone()
        other.deal = _Deal(None, play.resampled(int(player_id), play.resample_seed()))
        return other

    def serialize_state(self) -> str:
        """The engine's saved form (`State.to_dict`), as JSON."""
        return json.dumps(self.play.engine.to_dict(), sort_keys=True)


class GlyphHallObserver:
    """OpenSpiel's Python observer: the game's tensors, the seat's view as text and, for perfect
    recall, its memory before the view."""

    def __init__(self, spiel_game: GlyphHallSpielGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        shape = (spiel_game.engine_game.information_state_tensor_shape if self.recall
                 else spiel_game.engine_game.observation_tensor_shape)(spiel_game.players, spiel_game.options)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: GlyphHallSpielState, player: int) -> None:
        seen = state.seen_by(player)
        self.tensor[:] = (seen.information_state_tensor(player) if self.recall
                          else seen.observation_tensor(player)).reshape(-1)

    def string_from(self, state: GlyphHallSpielState, player: int) -> str:
        view = state.play.view_text(player)
        return f"{state.play.memory_text(player)} {view}" if self.recall else view


class GlyphHallSpielGame(pyspiel.Game):
    engine_game: Game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        engine_game = type(self).engine_game
        self.players = int(params.get("players", engine_game.min_players))
        self.seed = int(params.get("seed", 0))
        chance_outcomes = int(params.get("chance_outcomes", DEFAULT_CHANCE_OUTCOMES))
        max_steps = int(params.get("max_steps", DEFAULT_MAX_STEPS))
        if chance_outcomes < 1 or max_steps < 1:
            raise ValueError("chance_outcomes and max_steps must be at least 1")
        self.options = game_options(engine_game, {})
        self.setup = Setup(engine_game.id, self.players, self.options, chance_outcomes, max_steps)
        self.deals = 0
        self.codec = engine_game._rl_part("action_codec", self.players, self.options)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=chance_outcomes,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=2 * max_steps,  # a chance node can follow each decision
        )
        super().__init__(_game_type(engine_game), info, {
            "players": self.players, "seed": self.seed, "chance_outcomes": chance_outcomes, "max_steps": max_steps})

    def next_deal_seed(self) -> int:
        """The seed of the next fresh deal: the game's seed and how many deals came before."""
        self.deals += 1
        return mix(self.seed, self.deals - 1)

    def new_initial_state(self) -> GlyphHallSpielState:
        return GlyphHallSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> GlyphHallObserver:
        return GlyphHallObserver(self, iig_obs_type, params)

    def deserialize_state(self, text: str) -> GlyphHallSpielState:
        """A state from `serialize_state`'s text (the engine's saved form; as a decision with no
        memory of earlier observations: OpenSpiel's `deserialize_game_and_state` keeps them)."""
        state = GlyphHallSpielState(self)
        play = Play.new(self.setup, self.next_deal_seed())
        play.engine = self.engine_game.load(json.loads(text))
        state.deal = _Deal(None, play)
        return state


_REGISTERED: dict[str, type] = {}
_CODECS: dict[tuple[str, int], Any] = {}


def _codec(setup: Setup) -> Any:
    key = (setup.game_id, setup.players)
    if key not in _CODECS:
        _CODECS[key] = games.get(setup.game_id)._rl_part("action_codec", setup.players, setup.options)
    return _CODECS[key]


def register(game_id: str) -> type:
    """Register one game with OpenSpiel (once); returns its OpenSpiel game class."""
    if game_id not in _REGISTERED:
        engine_game = games.get(game_id)
        cls = type(f"GlyphHall{game_id.title()}SpielGame", (GlyphHallSpielGame,), {"engine_game": engine_game})
        pyspiel.register_game(_game_type(engine_game), cls)
        _REGISTERED[game_id] = cls
    return _REGISTERED[game_id]


def register_all() -> list[str]:
    """Register every game; returns their OpenSpiel short names."""
    return [short_name(g) for g in games.ids() if register(g)]
