"""A bot that plays a trained policy network: the checkpoints shipped in `checkpoints/`
(`<game>.npz`, made by `python -m glyphhall.rl.train`; the Guided level's search prefers
`<game>-guided.npz`, made by `python -m glyphhall.rl.expert`), or any checkpoint file given.

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
from itertools import chain
from pathlib import Path
from typing import Any

import numpy as np

from glyphhall.engine import Action, State

from . import register
from .simple import GreedyBot


def _matrix(array: np.ndarray) -> np.ndarray:
    """float32, rows contiguous (the exporter writes transposed float16: products on that
    layout run several times slower)."""
    return np.ascontiguousarray(array, dtype=np.float32)


def read_checkpoint(path: str | Path) -> dict[str, np.ndarray]:
    """A checkpoint file's arrays by name (`meta` among them)."""
    with np.load(path, allow_pickle=False) as data:
        return {name: data[name] for name in data.files}


class PolicyNetwork:
    """A checkpoint's network, for inference."""

    def __init__(self, arrays: dict[str, np.ndarray]) -> None:
        self.meta: dict[str, Any] = json.loads(str(arrays["meta"]))
        self.hidden = []
        k = 0
        while f"w{k}" in arrays:
            self.hidden.append((_matrix(arrays[f"w{k}"]), _matrix(arrays[f"b{k}"])))
            k += 1
        self.policy = (_matrix(arrays["policy_w"]), _matrix(arrays["policy_b"]))
        self.value = (_matrix(arrays["value_w"]), _matrix(arrays["value_b"]))
        #: The policy layer one row per id, for scoring a few ids of each of many rows.
        self._policy_rows = np.ascontiguousarray(self.policy[0].T)

    @classmethod
    def load(cls, path: str | Path) -> PolicyNetwork:
        return cls(read_checkpoint(path))

    @property
    def inputs(self) -> int:
        return int((self.hidden[0][0] if self.hidden else self.policy[0]).shape[0])

    def _rows(self, observations: np.ndarray) -> tuple[np.ndarray, bool]:
        """(a 2-D batch of flat observations, whether one observation was given)."""
        x = np.asarray(observations, dtype=np.float32)
        if x.size == self.inputs:
            return x.reshape(1, -1), True
        if x.ndim < 2 or x.size != x.shape[0] * self.inputs:
            raise ValueError(f"an observation has {self.inputs} numbers; got an array of shape {x.shape}")
        return x.reshape(x.shape[0], -1), False

    def features(self, observation: np.ndarray) -> np.ndarray:
        """The last hidden layer, for one observation (a row) or a batch (rows). The first layer
        reads only the inputs nonzero in some row: the designed tensors are mostly zeros."""
        x = np.asarray(observation, dtype=np.float32)
        if not self.hidden:
            return x
        single = x.ndim == 1
        rows = x.reshape(1, -1) if single else x
        w0, b0 = self.hidden[0]
        used = np.flatnonzero(rows.any(axis=0))
        h = rows[:, used] @ w0[used]  # float32 throughout; bias and ReLU in place
        h += b0
        np.maximum(h, 0.0, out=h)
        for w, b in self.hidden[1:]:
            h = h @ w
            h += b
            np.maximum(h, 0.0, out=h)
        return h[0] if single else h

    def scores(self, observation: np.ndarray, ids: Any) -> Any:
        """The scores (logits) of the given action ids only. One observation: `ids` is a list
        of ids, the answer their scores. A batch (one observation a row): `ids` is a mask of
        shape (batch, ids) (nonzero: legal; the answer has its shape, -inf where masked) or one
        list of ids per row (the answer: one array of scores per row)."""
        x, single = self._rows(observation)
        if single and not (isinstance(ids, np.ndarray) and ids.ndim == 2):
            w, b = self.policy
            ids = list(ids)
            return self.features(x[0]) @ w[:, ids] + b[ids]
        return self.evaluate(x, ids)[0]

    def estimate(self, observation: np.ndarray) -> Any:
        """The value head: the expected final reward, in [-1, 1]: a float for one observation,
        an array of one per row for a batch."""
        x, single = self._rows(observation)
        w, b = self.value
        values = np.tanh(self.features(x) @ w + b)[:, 0]
        return float(values[0]) if single else values

    def evaluate(self, observations: np.ndarray, legal: Any) -> tuple[Any, np.ndarray]:
        """(scores, values) of a batch in one pass. `legal`: a mask of shape (batch, ids) (the
        scores then have its shape, -inf where masked) or one list of ids per row (the scores:
        one array per row, in the order of its ids). Values in [-1, 1], one per row. Only the
        ids legal in some row are scored."""
        x, _ = self._rows(observations)
        h = self.features(x)
        vw, vb = self.value
        values = np.tanh(h @ vw + vb)[:, 0]
        w, b = self.policy
        if isinstance(legal, np.ndarray) and legal.ndim == 2:
            allowed = legal.reshape(x.shape[0], -1) != 0
            columns = np.flatnonzero(allowed.any(axis=0))
            scores = np.full(allowed.shape, -np.inf, dtype=np.float32)
            scores[:, columns] = np.where(allowed[:, columns], h @ w[:, columns] + b[columns], -np.inf)
            return scores, values
        if len(legal) != x.shape[0]:
            raise ValueError(f"{x.shape[0]} observations but {len(legal)} lists of ids")
        # Each row's few ids only: one product per (row, id) pair, not the whole table. The ids are
        # flattened in C (map, chain), scored with one gather and one einsum for the batch.
        sizes = np.fromiter(map(len, legal), dtype=np.intp, count=len(legal))
        flat = np.fromiter(chain.from_iterable(legal), dtype=np.intp, count=int(sizes.sum()))
        owner = np.repeat(np.arange(len(legal)), sizes)
        scored = np.einsum("ij,ij->i", h[owner], self._policy_rows[flat])
        scored += b[flat]
        ends = np.cumsum(sizes).tolist()
        return [scored[end - size:end] for end, size in zip(ends, sizes.tolist(), strict=True)], values

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


def shipped_checkpoint(game_id: str, role: str = "") -> Path | None:
    """The network shipped for a game: `GAME.npz` (rl/train.py's, the Instinct level's), or with
    `role` "guided" `GAME-guided.npz` (rl/expert.py's, trained on the search's own games, for the
    Guided level), where there is one."""
    package = __name__.rpartition(".")[0]  # (a compiled module may lack __package__)
    name = f"{game_id}-{role}.npz" if role else f"{game_id}.npz"
    path = resources.files(package).joinpath("checkpoints", name)
    return Path(str(path)) if path.is_file() else None


_SHIPPED: dict[tuple[str, str], PolicyNetwork | None] = {}


def shipped_network(game_id: str, role: str = "") -> PolicyNetwork | None:
    if (game_id, role) not in _SHIPPED:
        path = shipped_checkpoint(game_id, role)
        _SHIPPED[game_id, role] = None if path is None else PolicyNetwork.load(path)
    return _SHIPPED[game_id, role]


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
