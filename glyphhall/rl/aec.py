"""A PettingZoo AEC environment for any Glyph Hall game.

Agents are "seat_0", "seat_1", ...; the agent to act is the first seat of `to_move()`. Where
several seats choose secretly at once they act one after another, each on its own copy of the
position as the phase began (`simultaneous.py`): nobody sees another's choice before committing.

An observation is {"observation": the game's tensor, "action_mask": legal action ids}; see
`spaces.py` for the modes (fixed ids or list positions; tensor, information state or hashed
view). Only the agent observed is encoded, when it is observed. `infos[agent]` is empty unless
`info_view=True`, which adds the raw "view" and the "legal" action texts (slow: for debugging).

Rewards come at the end only (`reward=`):
- "win_loss" (default): 2 * return - 1 per seat: win 1, loss -1, draw 0 (shared wins count as
  wins: `State.returns()` splits 1 between the winners, e.g. 0.5 each: reward 0);
- "zero_sum": n/(n-1) * (return - mean return): sums to 0 for any number of seats, and equals
  "win_loss" with two.
A game still running after `max_steps` actions is truncated (reward 0). Seeds: `reset(seed)` is
reproducible; `reset()` without one draws a seed from the operating system's entropy.
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from glyphhall.engine import Game, State

from .encoding import DEFAULT_MAX_ACTIONS, DEFAULT_OBS_SIZE
from .simultaneous import SecretPhases
from .spaces import Encoding, game_options, render_text, resolve_game, show

#: A game still running after this many actions is truncated.
DEFAULT_MAX_STEPS = 20_000
REWARDS = ("win_loss", "zero_sum")


def final_rewards(returns: list[float], kind: str) -> list[float]:
    if kind == "zero_sum" and len(returns) > 1:  # alone (solo Glyphs) there is nobody to sum with
        n = len(returns)
        mean = sum(returns) / n
        return [n / (n - 1) * (r - mean) for r in returns]
    return [2.0 * r - 1.0 for r in returns]


def resolve(game: str | Game) -> Game:
    return resolve_game(game)


def checked_setup(
    game: str | Game,
    players: int | None,
    options: dict[str, Any],
    *,
    reward: str,
    render_mode: str | None,
    actions: str | None,
    observation: str | None,
    obs_size: int,
    max_actions: int,
) -> tuple[Game, int, dict[str, Any], Encoding]:
    """The game, player count, game options and Encoding of an environment (AEC, parallel or
    single-agent), every setting checked first: a bad one raises ValueError saying which."""
    game = resolve(game)
    players = players or game.min_players
    if not game.min_players <= players <= game.max_players:
        raise ValueError(f"{game.name} is for {game.min_players} to {game.max_players} players")
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    if render_mode not in (None, "ansi", "human"):
        raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
    checked_options = game_options(game, options)
    encoding = Encoding(game, players, checked_options, actions, observation, obs_size, max_actions)
    return game, players, checked_options, encoding


class GlyphHallAEC(AECEnv):
    metadata = {"render_modes": ["ansi", "human"], "name": "glyphhall_v1", "is_parallelizable": False}

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
        info_view: bool = False,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game, self.players, self.game_options, self.encoding = checked_setup(
            game, players, options, reward=reward, render_mode=render_mode, actions=actions,
            observation=observation, obs_size=obs_size, max_actions=max_actions)
        self.reward_kind = reward
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.info_view = info_view
        self.metadata = {**self.metadata, "name": f"glyphhall_{self.game.id}_v1"}
        self.possible_agents = [f"seat_{i}" for i in range(self.players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self._obs_spaces = {a: self.encoding.observation_space for a in self.possible_agents}
        self._act_spaces = {a: self.encoding.action_space for a in self.possible_agents}
        self.secret = SecretPhases()
        self.state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_spaces[agent]

    # --- episode ---------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is None:
            seed = secrets.randbits(63)
        self.state = self.game.new(self.players, seed, self.game_options)
        self.secret.reset()
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._one_mover = len(self.state.to_move()) <= 1
        self._update_infos()
        self.agent_selection = self._agent_to_move()

    def _agent_to_move(self) -> str:
        assert self.state is not None
        movers = self.state.to_move()
        return self.possible_agents[movers[0]] if movers else self.agents[0]

    def _update_infos(self) -> None:
        if not self.info_view:
            return
        assert self.state is not None
        for agent in self.agents:
            seat = self._seat[agent]
            seen = self._seen_by(seat)
            self.infos[agent] = {"view": seen.view(seat), "legal": [str(a) for a in seen.legal_actions(seat)]}

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        return self.encoding.observe(self._seen_by(seat), seat)

    def _seen_by(self, seat: int) -> State:
        """The state `seat` observes and chooses on: the true one but in a secret phase."""
        assert self.state is not None
        if self._one_mover and self.secret.start is None:  # no phase can begin: SecretPhases
            return self.state  # needs not be asked (a tenth of a Glyfts step)
        return self.secret.seen_by(self.state, seat)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        assert state is not None
        seat = self._seat[agent]
        secret = self.secret
        if self._one_mover and secret.start is None:  # (`_seen_by`'s first case, inline: most steps)
            state.apply(seat, self.encoding.decode(state, seat, action), check=False)
        else:
            seen = secret.seen_by(state, seat)
            chosen = self.encoding.decode(seen, seat, action)
            # decode gave a legal action of `seen`; one chosen on a secret copy is checked again
            state.apply(seat, chosen, check=seen is not state)
            if secret.start is not None:
                secret.applied(state, seat, chosen)
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        if not state.is_over() and self.steps < self.max_steps:
            # Every step but the last: the rewards are all 0 (they are only set at the end), so
            # neither resetting nor accumulating them changes anything; the step costs this.
            if self.info_view:
                self._update_infos()
            movers = state.to_move()
            self._one_mover = len(movers) <= 1
            self.agent_selection = self.possible_agents[movers[0]] if movers else self.agents[0]
            return
        for a in self.agents:
            self.rewards[a] = 0.0
        if state.is_over():
            rewards = final_rewards(state.returns(), self.reward_kind)
            for a in self.agents:
                self.rewards[a] = rewards[self._seat[a]]
                self.terminations[a] = True
        else:
            for a in self.agents:
                self.truncations[a] = True
        self._update_infos()
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        if self.render_mode is None or self.state is None:
            return None
        return show(render_text(self.state, None), self.render_mode)

    def close(self) -> None:
        pass


def env(game: str | Game, players: int | None = None, **kwargs: Any) -> GlyphHallAEC:
    """The AEC environment for a game id ("inscription") or a game object; game options as
    keyword arguments (plus actions, observation, reward, obs_size, max_actions, max_steps,
    render_mode, info_view)."""
    return GlyphHallAEC(game, players, **kwargs)
