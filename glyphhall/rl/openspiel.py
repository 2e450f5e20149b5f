"""OpenSpiel adapter: every Glyph Hall game as a registered Python game of OpenSpiel, so its
algorithms (CFR-style solvers need small games; MCTS, DQN, PPO, NFSP and the evaluation tools do
not) run on them.

    import pyspiel
    from glyphhall.rl.openspiel import register_all
    register_all()
    game = pyspiel.load_game("python_glyphhall_inscription", {"players": 2, "seed": 7})

- Actions are the game's fixed action ids (`Game.num_distinct_actions`).
- Observations: `observation_tensor` is `State.observation_tensor`, and the perfect-recall
  observation (`information_state_tensor`) is `State.information_state_tensor`; the strings are
  the seat's view as JSON.
- Chance is *sampled* (`SAMPLED_STOCHASTIC`): the rules roll dice and shuffle inside `apply`
  from the state's seeded generator, so a game is a function of its `seed` parameter and its
  actions. Explicit chance nodes would need every roll and shuffle of five rulebooks to become
  a separate decision of the engine; they are not offered. Because of the seed, OpenSpiel's own
  serialization (the seed and the history of actions, replayed) rebuilds a state exactly;
  `serialize_state`/`deserialize_state` also give the engine's saved form (`State.to_dict`).
- Simultaneous choices are played one seat after the other (OpenSpiel's sequential form), each
  seat observing its own copy of the phase's start (`simultaneous.py`), so none sees another's.
- Returns are zero-sum (`aec.final_rewards(..., "zero_sum")`): win 1, loss -1 with two seats.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from glyphhall import games
from glyphhall.engine import Game

from .aec import DEFAULT_MAX_STEPS, final_rewards
from .simultaneous import SecretPhases
from .spaces import game_options


def short_name(game_id: str) -> str:
    return f"python_glyphhall_{game_id}"


def _game_type(game: Game) -> Any:
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"Glyph Hall {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=(pyspiel.GameType.Information.PERFECT_INFORMATION if game.perfect_information
                     else pyspiel.GameType.Information.IMPERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.min_players, "seed": 0},
    )


class GlyphHallSpielState(pyspiel.State):
    def __init__(self, spiel_game: GlyphHallSpielGame) -> None:
        super().__init__(spiel_game)
        self.engine = spiel_game.engine_game.new(spiel_game.players, spiel_game.seed, spiel_game.options)
        self.secret = SecretPhases()
        self.codec = spiel_game.codec
        self.steps = 0

    def seen_by(self, player: int) -> Any:
        return self.secret.seen_by(self.engine, player)

    # --- the OpenSpiel state API ----------------------------------------------------------------
    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return self.engine.to_move()[0]

    def _legal_actions(self, player: int) -> list[int]:
        seen = self.seen_by(player)
        if seen.is_over() or player not in seen.to_move():
            return []
        return sorted(self.codec.encode_all(seen, player, seen.legal_actions(player)))

    def _apply_action(self, action: int) -> None:
        player = self.engine.to_move()[0]
        self.secret.begin(self.engine)
        chosen = self.seen_by(player).action_from_id(player, int(action))
        self.engine.apply(player, chosen)
        self.secret.applied(self.engine, player, chosen)
        self.steps += 1

    def _action_to_string(self, player: int, action: int) -> str:
        seen = self.seen_by(player)
        try:
            return str(seen.action_from_id(player, int(action)))
        except Exception:  # an id that is not legal now: OpenSpiel still asks for a name
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self.engine.is_over() or self.steps >= DEFAULT_MAX_STEPS

    def returns(self) -> list[float]:
        if not self.engine.is_over():
            return [0.0] * self.engine.num_players
        return final_rewards(self.engine.returns(), "zero_sum")

    def __str__(self) -> str:
        return json.dumps(self.engine.view(None), sort_keys=True, default=str)

    def serialize_state(self) -> str:
        """The engine's saved form (`State.to_dict`), as JSON."""
        return json.dumps(self.engine.to_dict(), sort_keys=True)


class GlyphHallObserver:
    """OpenSpiel's Python observer: the game's tensors, and the seat's view as text."""

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
        return json.dumps(state.seen_by(player).view(player), sort_keys=True, default=str)


class GlyphHallSpielGame(pyspiel.Game):
    engine_game: Game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        engine_game = type(self).engine_game
        self.players = int(params.get("players", engine_game.min_players))
        self.seed = int(params.get("seed", 0))
        self.options = game_options(engine_game, {})
        self.codec = engine_game._rl_part("action_codec", self.players, self.options)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=DEFAULT_MAX_STEPS,
        )
        super().__init__(_game_type(engine_game), info, {"players": self.players, "seed": self.seed})

    def new_initial_state(self) -> GlyphHallSpielState:
        return GlyphHallSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> GlyphHallObserver:
        return GlyphHallObserver(self, iig_obs_type, params)

    def deserialize_state(self, text: str) -> GlyphHallSpielState:
        """A state from `serialize_state`'s text (the engine's saved form)."""
        state = GlyphHallSpielState(self)
        state.engine = self.engine_game.load(json.loads(text))
        return state


_REGISTERED: dict[str, type] = {}


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
