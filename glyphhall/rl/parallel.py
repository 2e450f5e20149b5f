"""A PettingZoo parallel environment for any Glyph Hall game: the seats that choose at once
(Heroscape's order markers, Glyfts' setup picks, Glyphs' predictions) act in one `step`.

Each step every agent gives an action; the engine applies those of the seats in `to_move()`, in
seat order, and ignores the others' (their mask is all zero: nothing to choose now; any action,
e.g. 0, will do). Within a phase of simultaneous choices every seat observes and chooses on its
own copy of the position as the phase began (`simultaneous.py`), so no seat sees another's
choice before committing its own, even where a seat makes several choices (four markers).
Observations, rewards, seeds and options are as in the AEC environment (`aec.py`).

An action that is not legal for a seat to move raises ValueError, changing nothing
(`illegal="raise"`), or, with `illegal="lose"` (for learners and checkers that ignore masks),
ends the game at once: -1 for each seat that chose an illegal action, 0 for the others.
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from glyphhall.engine import Game, State

from .aec import DEFAULT_MAX_STEPS, checked_setup, final_rewards
from .encoding import DEFAULT_MAX_ACTIONS, DEFAULT_OBS_SIZE
from .simultaneous import SecretPhases
from .spaces import render_text, show


class GlyphHallParallel(ParallelEnv):
    metadata = {"render_modes": ["ansi", "human"], "name": "glyphhall_parallel_v1"}

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        *,
        actions: str | None = None,
        observation: str | None = None,
        reward: str = "win_loss",
        obs_size: int = DEFAULT_OBS_SIZE,
        max_actions: int = DEFAULT_MAX_ACTIONS,
        max_steps: int = DEFAULT_MAX_STEPS,
        render_mode: str | None = None,
        illegal: str = "raise",
        **options: Any,
    ) -> None:
        if illegal not in ("raise", "lose"):
            raise ValueError(f"illegal must be 'raise' or 'lose', not {illegal!r}")
        self.illegal = illegal
        self.game, self.players, self.game_options, self.encoding = checked_setup(
            game, players, options, reward=reward, render_mode=render_mode, actions=actions,
            observation=observation, obs_size=obs_size, max_actions=max_actions)
        self.reward_kind, self.max_steps, self.render_mode = reward, max_steps, render_mode
        self.metadata = {**self.metadata, "name": f"glyphhall_{self.game.id}_parallel_v1"}
        self.possible_agents = [f"seat_{i}" for i in range(self.players)]
        self.agents: list[str] = []
        self.secret = SecretPhases()
        self.state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.encoding.observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self.encoding.action_space

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        state = self.state
        assert state is not None
        self.secret.begin(state)
        return {a: self.encoding.observe(self.secret.seen_by(state, s), s)
                for s, a in enumerate(self.possible_agents) if a in self.agents}

    def reset(self, seed: int | None = None, options: dict | None = None):
        self.state = self.game.new(self.players, secrets.randbits(63) if seed is None else seed, self.game_options)
        self.secret.reset()
        self.steps = 0
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]):
        state = self.state
        assert state is not None, "call reset() first"
        self.secret.begin(state)
        movers = state.to_move()
        chosen, offenders = [], []
        for seat in movers:  # every choice read before any is applied
            agent = self.possible_agents[seat]
            if agent not in actions:
                raise ValueError(f"{agent} is to move and gave no action")
            try:
                chosen.append((seat, self.encoding.decode(self.secret.seen_by(state, seat), seat, actions[agent])))
            except ValueError:
                if self.illegal == "raise":
                    raise
                offenders.append(seat)
        if offenders:
            agents = self.agents
            self.agents = []
            return ({a: self.encoding.observe(state, s) for s, a in enumerate(self.possible_agents) if a in agents},
                    {a: -1.0 if self.possible_agents.index(a) in offenders else 0.0 for a in agents},
                    {a: True for a in agents}, {a: False for a in agents},
                    {a: {"illegal_action": self.possible_agents.index(a) in offenders} for a in agents})
        for seat, action in chosen:
            state.apply(seat, action)
            self.secret.applied(state, seat, action)
        self.steps += 1
        over = state.is_over()
        truncated = not over and self.steps >= self.max_steps
        rewards = final_rewards(state.returns(), self.reward_kind) if over else [0.0] * self.players
        agents = self.agents
        observations = self._observations()
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        out = (
            observations,
            {a: rewards[self.possible_agents.index(a)] for a in agents},
            {a: over for a in agents},
            {a: truncated for a in agents},
            infos,
        )
        if over or truncated:
            self.agents = []
        return out

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        return show(render_text(self.state, None), self.render_mode)

    def close(self) -> None:
        pass


def parallel_env(game: str | Game, players: int | None = None, **kwargs: Any) -> GlyphHallParallel:
    """The parallel environment for a game id or object (keyword arguments as for `aec.env`)."""
    return GlyphHallParallel(game, players, **kwargs)
