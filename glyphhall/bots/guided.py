"""Search guided by a policy network (issue 41): PUCT over the information-set search of
bots/mcts.py, as AlphaZero and expert iteration do, with the determinizations kept.

- Priors: the first time the search chooses at a node, the network reads the position (the
  observation of the seat to move, in that iteration's determinization) and its action scores,
  softmaxed over the actions legal in the determinization at hand, are the node's priors. The
  node keeps the network's last hidden layer, so an action seen there for the first time in a
  later determinization is scored from it without running the network again.
- Selection: PUCT, Q + c * P * sqrt(N) / (1 + n) (Silver et al. 2017; c is `puct`, without it the
  game's LEVEL_PUCT); an action not yet tried counts the mean of its tried siblings as its Q
  (first-play urgency).
- Leaves: the value head, the expected final result of the seat to move there (the other seat
  gets the rest in a two-player game; with more seats they share it equally), or, with `mix`
  above 0, that mixed with a short rollout scored by the game's heuristic as AlphaGo mixed them:
  (1 - mix) * network + mix * rollout; without `mix`, the game's LEVEL_MIX.
- The network: the one given, else the game's shipped `GAME-guided.npz` (rl/expert.py: trained on
  the hand-heuristic search's own games). The Instinct level's `GAME.npz` (rl/train.py's) is not
  used: such networks guided the search to lose every deal to the unguided one (bench/RESULTS.md,
  issue 41's third and eighth rounds).
- Batches: `batch` iterations walk the tree one after another, each from its own
  determinization, and each leaf is counted as a loss on the way down until it is scored
  (virtual loss), so the walks spread over different leaves; then the network reads all their
  leaves in one call (`PolicyNetwork.features` on a batch) and the results are backed up.
- Simultaneous secret choices stay with bots/mcts.py's regret matching, the luck adjustment
  and early stopping as there. A game without a network (no guided checkpoint shipped and none
  given) is searched as `mcts` searches it.

Registered as the level `mcts-net` (settings: `batch`, `mix`, `puct` besides the search's own)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from glyphhall.engine import Action, State

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from glyphhall.engine import nocython as cython

if cython.compiled:  # libm's exp on C doubles: the same function math.exp calls
    from cython.cimports.libc.math import exp
else:
    from math import exp

from . import register
from .base import Bot
from .learned import PolicyNetwork, shipped_network
from .mcts import EXTRA_LEVELS, LEVEL_DEFAULTS, MCTSBot
from .tree import Node, back_up


class NodeNet:
    """What the network said about a node: its hidden features (for scoring any action id) and
    the scores of the actions met there so far."""

    __slots__ = ("features", "logits")

    def __init__(self, features: np.ndarray) -> None:
        self.features = features
        self.logits: dict[Action, float] = {}


class Pending:
    """A walk down the tree waiting for its leaf to be scored."""

    __slots__ = ("path", "mixed", "luck", "leaf", "mover", "observation", "rollout")

    def __init__(self, path: list[tuple[Node, int]], mixed: list[Any], luck: list[float] | None,
                 leaf: Node | None, mover: int, observation: np.ndarray, rollout: list[float] | None) -> None:
        self.path, self.mixed, self.luck, self.leaf = path, mixed, luck, leaf
        self.mover, self.observation, self.rollout = mover, observation, rollout


class GuidedBot(MCTSBot):
    """ISMCTS with PUCT, network priors and network leaf values (see the module's docstring)."""

    name = "mcts-net"

    def __init__(self, seed: int = 0, *, network: PolicyNetwork | str | Path | None = None,
                 mix: float | None = None, batch: int = 8, puct: float | None = None, **settings: Any) -> None:
        super().__init__(seed, **settings)
        if mix is not None and not 0.0 <= mix <= 1.0:
            raise ValueError("mix must be between 0 (the network alone) and 1 (rollouts alone)")
        if batch < 1:
            raise ValueError("batch must be at least 1")
        if puct is not None and (not puct > 0.0 or math.isinf(puct)):
            raise ValueError("puct must be a positive number")
        self.network = PolicyNetwork.load(network) if isinstance(network, (str, Path)) else network
        self.mix = mix  # None: the game's LEVEL_MIX
        self._mix = 0.0  # this search's
        self.batch = batch
        self.puct = puct  # None: the game's LEVEL_PUCT
        self._puct = DEFAULT_PUCT  # this search's
        self._net: PolicyNetwork | None = None  # this search's network
        self._nodes: dict[Node, NodeNet] = {}
        self._pending: list[Pending] = []
        self._limit_plies = 0
        self._seats = 2
        self._checked: set[int] = set()
        #: Network calls of the last search and the observations they read.
        self.network_calls = 0
        self.network_rows = 0

    # --- the search ----------------------------------------------------------------------------
    def search(self, state: State, seat: int) -> Node:
        game_id = state.game.id
        net = self.network or shipped_network(game_id, "guided")
        if net is not None and id(net) not in self._checked:
            net.check(state)
            self._checked.add(id(net))
        self._net = net
        self._nodes = {}
        self._pending = []
        self._limit_plies = self.rollout_limit(state.game)
        self._seats = state.num_players
        self._mix = self.mix if self.mix is not None else LEVEL_MIX.get(game_id, 0.0)
        self._puct = self.puct if self.puct is not None else LEVEL_PUCT.get(game_id, DEFAULT_PUCT)
        self.network_calls = self.network_rows = 0
        try:
            return super().search(state, seat)
        finally:
            self._nodes = {}
            self._pending = []

    def root_stats(self, root: Node, state: State, seat: int) -> Node:
        self._flush()  # the walks still waiting count before the root is read
        return super().root_stats(root, state, seat)

    def _iterate(self, state: State, seat: int, root: Node, limit: int) -> None:
        if self._net is None:
            super()._iterate(state, seat, root, limit)
            return
        s = self._fresh_sample(state, seat)
        path, mixed, phase, luck, leaf = self._descend(s, seat, root)
        if s.is_over():
            values = s.returns()
            if luck is not None:
                values = [v - lk for v, lk in zip(values, luck, strict=True)]
            back_up(path, mixed, values, count=True)
            return
        # Virtual loss: the walk's edges count a visit worth nothing until the leaf is scored.
        for stat, who in path:
            if who >= 0:
                stat.visits += 1
        leaf_mover = s.to_move()[0]
        observation = s.observation_tensor(leaf_mover)
        rollout = None
        if self._mix > 0.0:
            rollout, luck = self._rollout(s, self._limit_plies, luck)
        self._pending.append(Pending(path, mixed, luck, leaf if phase is None else None, leaf_mover,
                                     observation, rollout))
        if len(self._pending) >= self.batch:
            self._flush()

    def _flush(self) -> None:
        """Score the waiting leaves in one network call and back their results up."""
        pending, self._pending = self._pending, []
        if not pending or self._net is None:
            return
        features = self._net.features(np.stack([p.observation for p in pending]))
        w, b = self._net.value
        estimates = np.tanh(features @ w + b)[:, 0]
        self.network_calls += 1
        self.network_rows += len(pending)
        for k, p in enumerate(pending):
            if p.leaf is not None and p.leaf not in self._nodes:
                self._nodes[p.leaf] = NodeNet(features[k])
            values = _seat_values(float(estimates[k]), p.mover, self._seats)
            if p.rollout is not None:
                values = [(1.0 - self._mix) * v + self._mix * r for v, r in zip(values, p.rollout, strict=True)]
            if p.luck is not None:
                values = [v - lk for v, lk in zip(values, p.luck, strict=True)]
            back_up(p.path, p.mixed, values, count=False)

    # --- choosing inside the tree --------------------------------------------------------------
    def _node_net(self, node: Node, s: State, mover: int) -> NodeNet:
        info = self._nodes.get(node)
        if info is None:  # a node the batches have not scored (the root, a simultaneous decision)
            assert self._net is not None
            info = self._nodes[node] = NodeNet(self._net.features(s.observation_tensor(mover)))
            self.network_calls += 1
            self.network_rows += 1
        return info

    def priors(self, node: Node, s: State, mover: int, legal: Sequence[Action]) -> list[float]:
        """The network's probabilities of `legal` at `node` (softmax over these actions only)."""
        info = self._node_net(node, s, mover)
        logits = info.logits
        scores = [logits.get(a) for a in legal]
        if None in scores:
            assert self._net is not None
            missing = [a for a, x in zip(legal, scores, strict=True) if x is None]
            ids = s.legal_action_ids(mover) if len(missing) == len(legal) else [s.action_id(mover, a) for a in missing]
            w, b = self._net.policy
            logits.update(zip(missing, (info.features @ w[:, ids] + b[ids]).tolist(), strict=True))
            scores = [logits[a] for a in legal]
        return softmax(scores)

    def _select_in_tree(self, node: Node, legal: Sequence[Action], s: State, mover: int) -> tuple[Node, Action, bool]:
        if self._net is None:
            return super()._select_in_tree(node, legal, s, mover)
        return self._select_puct(node, legal, s, mover)

    def _select_puct(self, node: Node, legal: Sequence[Action], s: State, mover: int) -> tuple[Node, Action, bool]:
        """The action to follow by PUCT; returns (child, action, whether it was just created)."""
        priors = self.priors(node, s, mover, legal)
        children = node.children
        tried_visits = 0
        tried_total = 0.0
        kids: list[Node | None] = []
        for action in legal:
            child = children.get(action)
            kids.append(child)
            if child is not None and child.visits:
                tried_visits += child.visits
                tried_total += child.total
        urgency = tried_total / tried_visits if tried_visits else 0.5
        scale = self._puct * math.sqrt(max(node.visits, 1))
        best = -math.inf
        chosen = 0
        for k, child in enumerate(kids):
            if child is None or not child.visits:
                score = urgency + scale * priors[k]
            else:
                score = child.total / child.visits + scale * priors[k] / (1 + child.visits)
            if score > best:
                best, chosen = score, k
        action = legal[chosen]
        child = kids[chosen]
        if child is None:
            child = children[action] = Node()
            return child, action, True
        return child, action, False


# A tree step asks for the priors of a handful of actions: numpy's per-call cost was a third of
# the whole search (bench/RESULTS.md, session 19), a loop on C doubles costs next to nothing.
@cython.locals(top=cython.double, total=cython.double, x=cython.double)
def softmax(scores: list[float]) -> list[float]:
    """exp(x - max) / sum, with libm's exp (numpy's own SIMD exp can differ in the last bit)."""
    top = max(scores)
    exps = []
    total = 0.0
    for x in scores:
        x = exp(x - top)
        exps.append(x)
        total += x
    return [e / total for e in exps]


def _seat_values(estimate: float, mover: int, seats: int) -> list[float]:
    """Each seat's expected result in [0, 1] from the value head's estimate in [-1, 1] for `mover`."""
    mine = (estimate + 1.0) / 2.0
    others = (1.0 - mine) / (seats - 1) if seats > 1 else 0.0
    return [mine if k == mover else others for k in range(seats)]


#: The share of a rollout in a leaf's value when no `mix` is given, per game (others: 0, the value
#: head alone): the better of those tried with the game's shipped network at equal time a move
#: against the unguided search (bench/RESULTS.md, issue 41: Inscription's 0.5 in the fourth round,
#: session 17; Tundrus' 1, its network's priors alone, in the seventh, session 20: its value head
#: had learnt its 300 games' results by heart).
LEVEL_MIX: dict[str, float] = {"inscription": 0.5, "tundrus": 1.0}

#: PUCT's exploration constant c when no `puct` is given: DEFAULT_PUCT, or the game's own where
#: measured better at equal time a move (bench/RESULTS.md: Inscription in the fifth round, session
#: 18; Tundrus in the ninth, session 22; in Glyfts 0.4 measured worse than 1.5).
DEFAULT_PUCT = 1.5
LEVEL_PUCT: dict[str, float] = {"inscription": 0.4, "tundrus": 0.4}

#: The `mcts-net` level: one tree (its walks batched), under a wall-clock ceiling.
LEVEL: dict[str, Any] = {"iterations": 400, "seconds": 3.0, "cutoff": 10, "batch": 8, "mix": None,
                         "puct": None, "roots": 1}


def make_guided(level: str, seed: int = 0, **overrides: Any) -> GuidedBot:
    """The `mcts-net` level, with any setting overridden (as `mcts.make_level` does it)."""
    settings = {**LEVEL_DEFAULTS, **LEVEL, **overrides}
    # A setting asked for by name is the one used, whatever the game suggests.
    for asked, hint in (("cutoff", "game_cutoff"), ("exploration", "game_exploration"), ("iterations", "game_budget")):
        if asked in overrides:
            settings[hint] = False
    return GuidedBot(seed, name=level, level=level, **settings)


def _factory(seed: int) -> Bot:
    return make_guided("mcts-net", seed)


EXTRA_LEVELS["mcts-net"] = make_guided
register("mcts-net", _factory)
