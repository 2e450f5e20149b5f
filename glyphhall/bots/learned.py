"""A bot that plays a trained policy network: the checkpoints shipped in `checkpoints/`
(`<game>.npz`, made by `python -m glyphhall.rl.train`), or any checkpoint file given.

The network reads `State.observation_tensor(seat)` and scores the game's fixed action ids
(`State.legal_action_ids`); the bot draws a legal id with the probabilities the network gives
them (the policy it was trained as: PyTorch's PPO optimises the distribution, and always taking
the top id can repeat a failing move forever, e.g. a hopeless Glyfts summon). Inference is plain
numpy (a few small matrix products), so playing needs no PyTorch. For a game without a shipped
checkpoint the "learned" bot plays like the heuristic bot, as "policy" does for games without a
policy of their own.

A checkpoint holds the layers (`w0, b0, w1, b1, ...`: ReLU between them; `policy_w, policy_b`:
the action scores; `value_w, value_b`: the value head, an estimate of the final reward in
[-1, 1] for the seat observed) and `meta`, a JSON text: game, game version, players, options,
the numbers of ids and inputs, and how it was trained.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from glyphhall.engine import Action, State

from . import register
from .simple import GreedyBot


class PolicyNetwork:
    """A checkpoint's network, for inference."""

    def __init__(self, arrays: dict[str, np.ndarray]) -> None:
        self.meta: dict[str, Any] = json.loads(str(arrays["meta"]))
        self.hidden = []
        k = 0
        while f"w{k}" in arrays:
            self.hidden.append((arrays[f"w{k}"].astype(np.float32), arrays[f"b{k}"].astype(np.float32)))
            k += 1
        self.policy = (arrays["policy_w"].astype(np.float32), arrays["policy_b"].astype(np.float32))
        self.value = (arrays["value_w"].astype(np.float32), arrays["value_b"].astype(np.float32))

    @classmethod
    def load(cls, path: str | Path) -> PolicyNetwork:
        with np.load(path, allow_pickle=False) as data:
            return cls({name: data[name] for name in data.files})

    def features(self, observation: np.ndarray) -> np.ndarray:
        x = observation
        for w, b in self.hidden:
            x = np.maximum(x @ w + b, 0.0)
        return x

    def scores(self, observation: np.ndarray, ids: list[int]) -> np.ndarray:
        """The scores (logits) of the given action ids only."""
        w, b = self.policy
        return self.features(observation) @ w[:, ids] + b[ids]

    def estimate(self, observation: np.ndarray) -> float:
        """The value head: the expected final reward, in [-1, 1]."""
        w, b = self.value
        return float(np.tanh(self.features(observation) @ w + b)[0])

    def check(self, state: State) -> None:
        meta = self.meta
        game = state.game
        if meta.get("game") != game.id:
            raise ValueError(f"this checkpoint is for {meta.get('game')!r}, not {game.id!r}")
        if str(meta.get("game_version")) != str(game.version):
            raise ValueError(f"this checkpoint is for {game.name} version {meta.get('game_version')!r}; "
                             f"this program plays version {game.version!r}")
        if meta.get("num_actions") != game.num_distinct_actions(state.num_players, state.options):
            raise ValueError("this checkpoint numbers actions differently from this program's "
                             f"{game.name}: retrain it")


def shipped_checkpoint(game_id: str) -> Path | None:
    package = __name__.rpartition(".")[0]  # (a compiled module may lack __package__)
    path = resources.files(package).joinpath("checkpoints", f"{game_id}.npz")
    return Path(str(path)) if path.is_file() else None


_SHIPPED: dict[str, PolicyNetwork | None] = {}


def shipped_network(game_id: str) -> PolicyNetwork | None:
    if game_id not in _SHIPPED:
        path = shipped_checkpoint(game_id)
        _SHIPPED[game_id] = None if path is None else PolicyNetwork.load(path)
    return _SHIPPED[game_id]


class LearnedBot(GreedyBot):
    name = "learned"

    def __init__(self, seed: int = 0, network: PolicyNetwork | str | Path | None = None, greedy: bool = False) -> None:
        """`greedy`: always the top-scored id instead of a draw (for measuring; see above)."""
        super().__init__(seed)
        self.network = PolicyNetwork.load(network) if isinstance(network, (str, Path)) else network
        self.greedy = greedy
        self._checked: set[int] = set()

    def choose(self, state: State, seat: int) -> Action:
        network = self.network or shipped_network(state.game.id)
        if network is None:
            return super().choose(state, seat)
        if id(network) not in self._checked:
            network.check(state)
            self._checked.add(id(network))
        legal = state.legal_actions(seat)
        ids = state.legal_action_ids(seat)
        scores = network.scores(state.observation_tensor(seat), ids)
        if self.greedy:
            return legal[int(np.argmax(scores))]
        weights = np.exp(scores - scores.max())
        point = self.rng.random() * float(weights.sum())
        return legal[min(int(np.searchsorted(np.cumsum(weights), point)), len(legal) - 1)]


register("learned", LearnedBot)
