"""Batched policy-network inference against one observation at a time (issues 39 and 41).

    python bench/rl/policy_batch.py [--games glyfts,inscription] [--batch 256] [--repeats 15]

Observations and legal ids come from real positions (heuristic against random, a few games per
game). One at a time, before: the inference as it was before batching (every input read, the
hidden layers run for the scores and again for the value; reproduced here for reference). One
at a time: `scores(observation, ids)` and `estimate(observation)` per position, as a
search needing both a leaf's priors and its value would call them before batching; batched: one
`evaluate(observations, legal ids)` for `--batch` positions; batched, before: that call as session
13 left it (reproduced here: bias and ReLU in new arrays, the ids flattened by generators). Prints
the median time per observation of each over `--repeats` runs, the four taking turns in every
run, and the batch's speed-up over the ways one at a time (the issue's bar: >= 10x). BLAS runs
on one thread unless OPENBLAS_NUM_THREADS says otherwise; times are the process's CPU time, so
that other work on a shared machine does not count."""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

# One BLAS thread, for both ways alike: on a shared machine OpenBLAS's threads slow a batch
# several times over (measured: 5.9 ms on one thread, 85 ms on two, for the same product).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from glyphhall.bots import ask, make  # noqa: E402
from glyphhall.bots.learned import PolicyNetwork, shipped_checkpoint, shipped_network  # noqa: E402
from glyphhall.games import resolve  # noqa: E402


def positions(game_id: str, count: int) -> tuple[np.ndarray, list[list[int]]]:
    game = resolve(f"glyphhall.games.{game_id}:GAME")
    observations: list[np.ndarray] = []
    legal: list[list[int]] = []
    seed = 0
    while len(legal) < count:
        state = game.new(2, seed, {})
        bots = [make("heuristic", seed), make("random", seed + 1)]
        while not state.is_over() and len(legal) < count:
            seat = state.to_move()[0]
            observations.append(state.observation_tensor(seat))
            legal.append(state.legal_action_ids(seat))
            state.apply(seat, ask(bots[seat], state, seat))
        seed += 1
    return np.stack(observations), legal


def before(arrays: dict[str, np.ndarray], observation: np.ndarray, ids: list[int]) -> tuple[np.ndarray, float]:
    """The inference of the code before this change, for reference: weights as loaded then (the
    exporter's transposed float16 made float32), every input read, the hidden layers run once
    for the scores and once for the value."""
    def features(x: np.ndarray) -> np.ndarray:
        k = 0
        while f"w{k}" in arrays:
            x = np.maximum(x @ arrays[f"w{k}"] + arrays[f"b{k}"], 0.0)
            k += 1
        return x

    scores = features(observation) @ arrays["policy_w"][:, ids] + arrays["policy_b"][ids]
    value = float(np.tanh(features(observation) @ arrays["value_w"] + arrays["value_b"])[0])
    return scores, value


def batched_before(network: PolicyNetwork, observations: np.ndarray, legal: list[list[int]]) -> tuple[list[np.ndarray], np.ndarray]:
    """`PolicyNetwork.evaluate` with lists of ids as session 13 left it, for reference."""
    x = np.asarray(observations, dtype=np.float32).reshape(len(legal), -1)
    w0, b0 = network.hidden[0]
    used = np.flatnonzero(x.any(axis=0))
    h = np.maximum(x[:, used] @ w0[used] + b0, 0.0)
    for w, b in network.hidden[1:]:
        h = np.maximum(h @ w + b, 0.0)
    vw, vb = network.value
    values = np.tanh(h @ vw + vb)[:, 0]
    b = network.policy[1]
    sizes = np.fromiter((len(ids) for ids in legal), dtype=np.intp, count=len(legal))
    flat = np.fromiter((i for ids in legal for i in ids), dtype=np.intp, count=int(sizes.sum()))
    owner = np.repeat(np.arange(len(legal)), sizes)
    scored = np.einsum("ij,ij->i", h[owner], network._policy_rows[flat]) + b[flat]
    ends = np.cumsum(sizes).tolist()
    return [scored[end - size:end] for end, size in zip(ends, sizes.tolist(), strict=True)], values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="glyfts,inscription")
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    print(f"{'game':<12} {'one at a time, before':>22} {'one at a time':>14} {'batched, before':>16} "
          f"{'batch of ' + str(args.batch):>13} {'ratios (vs one at a time before, now)':>40}   "
          f"(median µs of CPU per observation; load {os.getloadavg()[0]:.1f})")
    for game_id in args.games.split(","):
        network = shipped_network(game_id)
        if network is None:
            print(f"{game_id}: no shipped checkpoint")
            continue
        obs, legal = positions(game_id, args.batch)
        path = shipped_checkpoint(game_id)
        assert path is not None
        with np.load(path) as data:
            old = {name: data[name].astype(np.float32) for name in data.files if name != "meta"}
        previous, single, batched_old, batched = [], [], [], []
        for _ in range(args.repeats):
            start = time.process_time()
            batched_before(network, obs, legal)
            batched_old.append((time.process_time() - start) / len(legal))
            start = time.process_time()
            for o, ids in zip(obs, legal, strict=True):
                before(old, o, ids)
            previous.append((time.process_time() - start) / len(legal))
            start = time.process_time()
            one = [(network.scores(o, ids), network.estimate(o)) for o, ids in zip(obs, legal, strict=True)]
            single.append((time.process_time() - start) / len(legal))
            start = time.process_time()
            scores, values = network.evaluate(obs, legal)
            batched.append((time.process_time() - start) / len(legal))
        # The two must agree (float32 sums in another order: a small tolerance).
        for row, (s, v) in enumerate(one):
            assert np.allclose(scores[row], s, atol=1e-3), game_id
            assert abs(values[row] - v) < 1e-4, game_id
        for row, ids in enumerate(legal[:8]):
            s, v = before(old, obs[row], ids)
            assert np.allclose(scores[row], s, atol=1e-3) and abs(values[row] - v) < 1e-4, game_id
        old_scores, old_values = batched_before(network, obs, legal)
        for row in range(len(legal)):
            assert np.allclose(scores[row], old_scores[row], rtol=1e-6, atol=1e-6), game_id
        assert np.allclose(values, old_values, rtol=1e-6, atol=1e-6), game_id
        p, a, q, b = (statistics.median(t) for t in (previous, single, batched_old, batched))
        print(f"{game_id:<12} {p * 1e6:>22.1f} {a * 1e6:>14.1f} {q * 1e6:>16.1f} {b * 1e6:>13.1f} "
              f"{'before ' + format(p / q, '.1f') + 'x, ' + format(a / q, '.1f') + 'x; now ':>22}"
              f"{p / b:.1f}x, {a / b:.1f}x")


if __name__ == "__main__":
    main()
