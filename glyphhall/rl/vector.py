"""Many games at once for learners.

`GlyphHallVectorEnv` steps `num_envs` single-agent games (`SingleAgentEnv`: one learning seat,
bots at the others) in one process and writes every observation and mask straight into one
preallocated batch. `make_vector_env(..., mode="sync" | "async")` builds Gymnasium's own
`SyncVectorEnv` / `AsyncVectorEnv` over the same environments instead.

One `step` call steps every game: each learner action, the bots' replies, the new observation and
mask written in place into the batch (no arrays made per game; the flags are preallocated too).
As Gymnasium's vector envs, it returns copies of the batch unless `copy=False`: then the arrays
returned are the env's own buffers, rewritten by the next `step` or `reset` (for a learner that
copies them into its own storage at once).

Autoreset convention (Gymnasium's `AutoresetMode.SAME_STEP`, the default of both): the step that
ends a game returns the first observation of the next game in its place, so every observation a
learner receives is a live decision with a non-empty mask; the finished game's last observation
(its mask all zero: nothing is left to choose) is in `infos["final_obs"]`, marked by
`infos["_final_obs"]`. With `autoreset_mode="next_step"` (Gymnasium's older default) the
all-zero-mask final observation is returned itself, and the next action is ignored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium.vector import AsyncVectorEnv, AutoresetMode, SyncVectorEnv, VectorEnv
from gymnasium.vector.utils import batch_space

from .single import SingleAgentEnv


class GlyphHallVectorEnv(VectorEnv):
    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, game: str, num_envs: int, opponents: Sequence[str] | None = None, *, copy: bool = True,
                 **kwargs: Any) -> None:
        """Keyword arguments go to each `SingleAgentEnv`; `opponents`, where given, are the bots
        of the games in turn (game i plays `opponents[i % len(opponents)]`); `copy=False` returns
        the batch's own arrays (see the module's docstring)."""
        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        if opponents:
            self.envs = [SingleAgentEnv(game, **kwargs, opponent=opponents[i % len(opponents)])
                         for i in range(num_envs)]
        else:
            self.envs = [SingleAgentEnv(game, **kwargs) for _ in range(num_envs)]
        self.num_envs = num_envs
        first = self.envs[0]
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        shape = first.encoding.obs_shape
        self._obs = np.zeros((num_envs, *shape), np.float32)
        self._mask = np.zeros((num_envs, first.encoding.num_actions), np.int8)
        self._rewards = np.zeros(num_envs, np.float64)
        self._terminated = np.zeros(num_envs, np.bool_)
        self._truncated = np.zeros(num_envs, np.bool_)
        self._ended = np.zeros(num_envs, np.bool_)
        self._illegal = np.zeros(num_envs, np.bool_)
        self.copy = copy
        self._obs_rows = list(self._obs)  # one view per game, made once
        self._mask_rows = list(self._mask)

    def _write(self, i: int) -> None:
        env = self.envs[i]
        assert env.state is not None, "each env is reset before it is written"
        state = env.secret.seen_by(env.state, env.seat)
        env.encoding.observation(state, env.seat, self._obs_rows[i])
        env.encoding.mask(state, env.seat, self._mask_rows[i])

    def _batch(self) -> dict[str, np.ndarray]:
        if not self.copy:
            return {"observation": self._obs, "action_mask": self._mask}
        return {"observation": self._obs.copy(), "action_mask": self._mask.copy()}

    def reset(self, *, seed: int | list[int] | None = None, options: dict | None = None):
        seeds = seed if isinstance(seed, list) else [None if seed is None else seed + i for i in range(self.num_envs)]
        for i, env in enumerate(self.envs):
            env.reset(seed=seeds[i])
            self._write(i)
        return self._batch(), {}

    def step(self, actions: Any):
        final_obs: list[Any] | None = None
        ended, illegal = self._ended, self._illegal
        ended.fill(False)
        illegal.fill(False)
        rewards, terminated_all, truncated_all = self._rewards, self._terminated, self._truncated
        for i, env in enumerate(self.envs):
            reward, terminated, truncated, illegal[i] = env.advance(actions[i])
            rewards[i], terminated_all[i], truncated_all[i] = reward, terminated, truncated
            if terminated or truncated:
                self._write(i)
                if final_obs is None:
                    final_obs = [None] * self.num_envs
                final_obs[i] = {"observation": self._obs[i].copy(), "action_mask": self._mask[i].copy()}
                ended[i] = True
                env.reset()
            self._write(i)
        infos: dict[str, Any] = {}
        if final_obs is not None:
            infos["final_obs"] = np.array(final_obs, dtype=object)
            infos["_final_obs"] = ended.copy()
        if illegal.any():
            infos["illegal_action"] = illegal.copy()
            infos["_illegal_action"] = infos["illegal_action"]
        if not self.copy:
            return self._batch(), rewards, terminated_all, truncated_all, infos
        return self._batch(), rewards.copy(), terminated_all.copy(), truncated_all.copy(), infos

    def close_extras(self, **kwargs: Any) -> None:
        pass


def make_vector_env(game: str, num_envs: int, mode: str = "native", **kwargs: Any) -> VectorEnv:
    """`num_envs` single-agent games: "native" (`GlyphHallVectorEnv`, one process, fastest),
    "sync" (Gymnasium's `SyncVectorEnv`) or "async" (`AsyncVectorEnv`, one process per game).
    Keyword arguments go to `SingleAgentEnv` (plus `autoreset_mode` for sync and async)."""
    if mode == "native":
        return GlyphHallVectorEnv(game, num_envs, **kwargs)
    autoreset = AutoresetMode(kwargs.pop("autoreset_mode", AutoresetMode.SAME_STEP))
    factories = [_Factory(game, kwargs) for _ in range(num_envs)]
    if mode == "sync":
        return SyncVectorEnv(factories, autoreset_mode=autoreset)
    if mode == "async":
        return AsyncVectorEnv(factories, autoreset_mode=autoreset)
    raise ValueError(f"mode must be native, sync or async, not {mode!r}")


class _Factory:
    """A picklable `SingleAgentEnv` maker (AsyncVectorEnv sends it to another process)."""

    def __init__(self, game: str, kwargs: dict[str, Any]) -> None:
        self.game, self.kwargs = game, kwargs

    def __call__(self) -> SingleAgentEnv:
        return SingleAgentEnv(self.game, **self.kwargs)
