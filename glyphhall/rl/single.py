"""A Gymnasium single-agent environment: one seat learns, a fixed bot plays every other seat.

Observation and action spaces are those of the AEC environment (`glyphhall.rl.aec`). The reward
is 0 until the end, then 2 * return - 1 for the learning seat. An index that is not legal now
ends the episode with reward -1 (`info["illegal_action"]` says so) rather than raising, so
generic agents and checkers that ignore the mask still run; `action_masks()` gives the mask for
maskable learners."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from glyphhall.bots import Bot, ask
from glyphhall.engine import Game, Rng, State

from .aec import DEFAULT_MAX_STEPS, resolve
from .encoding import CLIP, DEFAULT_MAX_ACTIONS, DEFAULT_OBS_SIZE, action_mask, encode_view


class SingleAgentEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str | Game,
        *,
        players: int | None = None,
        seat: int = 0,
        opponent: str = "random",
        obs_size: int = DEFAULT_OBS_SIZE,
        max_actions: int = DEFAULT_MAX_ACTIONS,
        max_steps: int = DEFAULT_MAX_STEPS,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        from glyphhall.bots.spec import check_spec

        self.game = resolve(game)
        self.players = players or self.game.min_players
        if not 0 <= seat < self.players:
            raise ValueError(f"seat must be between 0 and {self.players - 1}")
        self.game_options = self.game.resolve_options(options)
        self.seat = seat
        self.opponent_spec = check_spec(opponent)
        self.obs_size = obs_size
        self.max_actions = max_actions
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-CLIP, CLIP, (obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (max_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(max_actions)
        self.state: State | None = None
        self.opponents: dict[int, Bot] = {}

    # --- gymnasium API ---------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**31 - 1))
        from glyphhall.bots.spec import make_bot

        seeds = Rng(game_seed)
        self.opponents = {
            s: make_bot(self.opponent_spec, seeds.next64() >> 1)
            for s in range(self.players)
            if s != self.seat
        }
        self.state = self.game.new(self.players, game_seed, self.game_options)
        self.steps = 0
        self._play_opponents()
        return self._observation(), self._info()

    def step(self, action: Any):
        assert self.state is not None, "call reset() first"
        legal = self.state.legal_actions(self.seat)
        index = int(action)
        if not 0 <= index < min(len(legal), self.max_actions):
            return self._observation(), -1.0, True, False, {**self._info(), "illegal_action": True}
        self.state.apply(self.seat, legal[index])
        self.steps += 1
        self._play_opponents()
        terminated = self.state.is_over()
        reward = 2.0 * self.state.returns()[self.seat] - 1.0 if terminated else 0.0
        truncated = not terminated and self.steps >= self.max_steps
        return self._observation(), reward, terminated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        assert self.state is not None
        return action_mask(self.state.legal_actions(self.seat), self.max_actions)

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        return str(self.state.view(self.seat))

    # --- helpers ---------------------------------------------------------------------------------
    def _play_opponents(self) -> None:
        """Let the bots move until the learning seat must act or the game ends."""
        state = self.state
        assert state is not None
        while not state.is_over() and self.seat not in state.to_move():
            if self.steps >= self.max_steps:
                return
            mover = state.to_move()[0]
            state.apply(mover, ask(self.opponents[mover], state, mover))
            self.steps += 1

    def _observation(self) -> dict[str, np.ndarray]:
        assert self.state is not None
        return {
            "observation": encode_view(self.state.view(self.seat), self.obs_size),
            "action_mask": self.action_masks(),
        }

    def _info(self) -> dict[str, Any]:
        assert self.state is not None
        return {
            "view": self.state.view(self.seat),
            "legal": [str(a) for a in self.state.legal_actions(self.seat)],
        }
