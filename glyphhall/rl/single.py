"""A Gymnasium single-agent environment: one seat learns, a fixed bot plays every other seat.

Spaces are those of the AEC environment (`spaces.py`: fixed action ids and the game's tensor by
default). The reward is 0 until the end, then the learning seat's reward (`aec.final_rewards`:
"win_loss" or "zero_sum"). An action that is not legal now ends the episode with reward -1
(`info["illegal_action"]` is True) rather than raising, so generic agents and checkers that
ignore the mask still run; `action_masks()` gives the mask for maskable learners.

`info` is empty, or {"illegal_action": True}; `info_view=True` adds the raw "view" and the
"legal" texts at every step (slow: for debugging). Terminal observations carry an all-zero mask
(there is nothing to choose); see `vector.py` for the autoreset convention of vector envs.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from glyphhall.bots import Bot, ask
from glyphhall.engine import Game, Rng, State

from .aec import DEFAULT_MAX_STEPS, checked_setup, final_rewards
from .encoding import DEFAULT_MAX_ACTIONS, DEFAULT_OBS_SIZE
from .simultaneous import SecretPhases
from .spaces import render_text, show


class SingleAgentEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(
        self,
        game: str | Game,
        *,
        players: int | None = None,
        seat: int | str = 0,
        opponent: str = "random",
        actions: str | None = None,
        observation: str | None = None,
        reward: str = "win_loss",
        obs_size: int = DEFAULT_OBS_SIZE,
        max_actions: int = DEFAULT_MAX_ACTIONS,
        max_steps: int = DEFAULT_MAX_STEPS,
        render_mode: str | None = None,
        info_view: bool = False,
        **options: Any,
    ) -> None:
        from glyphhall.bots.spec import check_spec

        self.game, self.players, self.game_options, self.encoding = checked_setup(
            game, players, options, reward=reward, render_mode=render_mode, actions=actions,
            observation=observation, obs_size=obs_size, max_actions=max_actions)
        if seat != "alternate" and (not isinstance(seat, int) or not 0 <= seat < self.players):
            raise ValueError(f"seat must be between 0 and {self.players - 1}, or 'alternate'")
        self.seat_setting = seat
        self.seat = 0 if seat == "alternate" else int(seat)
        self.opponent_spec = check_spec(opponent)
        self.reward_kind = reward
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.info_view = info_view
        self.observation_space = self.encoding.observation_space
        self.action_space = self.encoding.action_space
        self.secret = SecretPhases()
        self.state: State | None = None
        self.opponents: dict[int, Bot] = {}
        self.episodes = 0

    # --- gymnasium API ---------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)  # unseeded, Gymnasium seeds its generator from entropy
        game_seed = int(self.np_random.integers(0, 2**62))
        from glyphhall.bots.spec import make_bot

        if self.seat_setting == "alternate":
            self.seat = self.episodes % self.players
        self.episodes += 1
        seeds = Rng(game_seed)
        self.opponents = {
            s: make_bot(self.opponent_spec, seeds.next64() >> 1) for s in range(self.players) if s != self.seat
        }
        self.state = self.game.new(self.players, game_seed, self.game_options)
        self.secret.reset()
        self.steps = 0
        self._play_opponents()
        return self._observation(), self._info()

    def step(self, action: Any):
        reward, terminated, truncated, illegal = self.advance(action)
        info = {**self._info(), "illegal_action": True} if illegal else self._info()
        return self._observation(), reward, terminated, truncated, info

    def advance(self, action: Any) -> tuple[float, bool, bool, bool]:
        """`step` without the observation and info (the vector env writes the observation into
        its batch): (reward, terminated, truncated, illegal). An illegal action ends the episode
        with reward -1, changing nothing."""
        state = self.state
        assert state is not None, "call reset() first"
        try:
            chosen = self.encoding.decode(self.secret.seen_by(state, self.seat), self.seat, action)
        except ValueError:
            return -1.0, True, False, True
        state.apply(self.seat, chosen)
        self.secret.applied(state, self.seat, chosen)
        self.steps += 1
        self._play_opponents()
        terminated = state.is_over()
        reward = final_rewards(state.returns(), self.reward_kind)[self.seat] if terminated else 0.0
        return reward, terminated, not terminated and self.steps >= self.max_steps, False

    def action_masks(self) -> np.ndarray:
        assert self.state is not None
        return self.encoding.mask(self.secret.seen_by(self.state, self.seat), self.seat)

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        return show(render_text(self.state, self.seat), self.render_mode)

    # --- helpers ---------------------------------------------------------------------------------
    def _play_opponents(self) -> None:
        """Let the bots move until the learning seat must act or the game ends. Where the learning
        seat and a bot choose at once, the learning seat chooses first (bots choose on
        determinized copies, so they never see its choice either); a seat choosing after a bot
        observes its own copy of the phase's start (`simultaneous.py`)."""
        state = self.state
        assert state is not None
        while not state.is_over() and self.seat not in state.to_move():
            if self.steps >= self.max_steps:
                return
            mover = state.to_move()[0]
            self.secret.begin(state)
            chosen = ask(self.opponents[mover], state, mover)
            state.apply(mover, chosen)
            self.secret.applied(state, mover, chosen)
            self.steps += 1

    def _observation(self) -> dict[str, np.ndarray]:
        assert self.state is not None
        return self.encoding.observe(self.secret.seen_by(self.state, self.seat), self.seat)

    def _info(self) -> dict[str, Any]:
        if not self.info_view:
            return {}
        assert self.state is not None
        return {
            "view": self.state.view(self.seat),
            "legal": [str(a) for a in self.state.legal_actions(self.seat)],
        }
