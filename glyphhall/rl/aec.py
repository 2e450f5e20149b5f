"""A PettingZoo AEC environment for any Glyph Hall game.

Agents are "seat_0", "seat_1", ...; the agent to act is the first seat of `to_move()` (seats that
choose secretly at the same time act one after another, each seeing only its own view). An
observation is {"observation": feature-hashed view, "action_mask": legal indexes}; the raw view
of the observing seat is in `infos[agent]["view"]`, with the texts of its legal actions in
`infos[agent]["legal"]`. At the end each agent is rewarded 2 * return - 1 (win 1, draw 0,
loss -1)."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from glyphhall.engine import Game, State

from .encoding import CLIP, DEFAULT_MAX_ACTIONS, DEFAULT_OBS_SIZE, action_mask, decode_action, encode_view

#: A game still running after this many actions is truncated.
DEFAULT_MAX_STEPS = 20_000


def resolve(game: str | Game) -> Game:
    if isinstance(game, Game):
        return game
    from glyphhall.games import resolve as resolve_game  # registered ids and "module:ATTR" paths

    return resolve_game(game)


class GlyphHallAEC(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "glyphhall_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        *,
        obs_size: int = DEFAULT_OBS_SIZE,
        max_actions: int = DEFAULT_MAX_ACTIONS,
        max_steps: int = DEFAULT_MAX_STEPS,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game = resolve(game)
        self.players = players or self.game.min_players
        self.game_options = self.game.resolve_options(options)
        if not self.game.min_players <= self.players <= self.game.max_players:
            raise ValueError(
                f"{self.game.name} is for {self.game.min_players} to {self.game.max_players} players"
            )
        self.obs_size = obs_size
        self.max_actions = max_actions
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"glyphhall_{self.game.id}_v0"}
        self.possible_agents = [f"seat_{i}" for i in range(self.players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-CLIP, CLIP, (obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (max_actions,), np.int8),
            }
        )
        self._obs_spaces = {a: obs_space for a in self.possible_agents}
        self._act_spaces = {a: spaces.Discrete(max_actions) for a in self.possible_agents}
        self._next_seed = 0
        self.state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_spaces[agent]

    # --- episode ---------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is None:
            seed = self._next_seed
        self._next_seed = seed + 1  # successive resets without a seed give different games
        self.state = self.game.new(self.players, seed, self.game_options)
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._update_infos()
        self.agent_selection = self._agent_to_move()

    def _agent_to_move(self) -> str:
        assert self.state is not None
        movers = self.state.to_move()
        return self.possible_agents[movers[0]] if movers else self.agents[0]

    def _legal(self, agent: str) -> list:
        assert self.state is not None
        return self.state.legal_actions(self._seat[agent])

    def _update_infos(self) -> None:
        assert self.state is not None
        for agent in self.agents:
            legal = self._legal(agent)
            self.infos[agent] = {
                "view": self.state.view(self._seat[agent]),
                "legal": [str(a) for a in legal[: self.max_actions]],
                "actions_beyond_max": max(0, len(legal) - self.max_actions),
            }

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.state is not None
        seat = self._seat[agent]
        return {
            "observation": encode_view(self.state.view(seat), self.obs_size),
            "action_mask": action_mask(self._legal(agent), self.max_actions),
        }

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.state is not None
        seat = self._seat[agent]
        chosen = decode_action(self._legal(agent), action, self.max_actions)
        self.state.apply(seat, chosen)
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        if self.state.is_over():
            returns = self.state.returns()
            for a in self.agents:
                self.rewards[a] = 2.0 * returns[self._seat[a]] - 1.0
                self.terminations[a] = True
        elif self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        self._update_infos()
        self._accumulate_rewards()
        if self.state.is_over() or self.steps >= self.max_steps:
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self._agent_to_move()

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        return str(self.state.view(None))

    def close(self) -> None:
        pass


def env(game: str | Game, players: int | None = None, **kwargs: Any) -> GlyphHallAEC:
    """The AEC environment for a game id ("inscription") or a game object; game options as
    keyword arguments (plus obs_size, max_actions, max_steps, render_mode)."""
    return GlyphHallAEC(game, players, **kwargs)
