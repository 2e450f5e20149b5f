"""The policy network's batched inference (issue 39): a batch gives what its rows give one by one."""

from __future__ import annotations

import numpy as np
import pytest

from glyphhall import games
from glyphhall.bots import ask, make
from glyphhall.bots.learned import PolicyNetwork, shipped_network


def _positions(game_id: str, count: int) -> tuple[np.ndarray, list[list[int]]]:
    game = games.get(game_id)
    state = game.new(2, 3)
    bots = [make("heuristic", 1), make("random", 2)]
    observations, legal = [], []
    while not state.is_over() and len(legal) < count:
        seat = state.to_move()[0]
        observations.append(state.observation_tensor(seat))
        legal.append(state.legal_action_ids(seat))
        state.apply(seat, ask(bots[seat], state, seat))
    return np.stack(observations), legal


@pytest.mark.parametrize("game_id", ["glyfts", "inscription", "tundrus", "heroscape"])
def test_a_batch_scores_and_values_as_its_rows_do_one_by_one(game_id: str) -> None:
    network = shipped_network(game_id)
    assert network is not None
    obs, legal = _positions(game_id, 64)
    scores, values = network.evaluate(obs, legal)
    assert len(scores) == len(legal) and values.shape == (len(legal),)
    mask = np.zeros((len(legal), network.meta["num_actions"]), np.int8)
    for row, ids in enumerate(legal):
        mask[row, ids] = 1
    dense = network.scores(obs, mask)
    assert np.allclose(network.estimate(obs), values)
    features = network.features(obs)
    for row, ids in enumerate(legal):
        one = network.scores(obs[row], ids)
        assert one.shape == (len(ids),)
        # float32 sums in another order (a product of the batch against one of a row): each score
        # and value equal to 1e-6 of the sum of its terms' sizes (a float32 dot product's error
        # bound scales so; the batch's sums hold a few units in the last place more or less)
        scale = np.maximum(1.0, np.abs(features[row]) @ np.abs(network.policy[0][:, ids]))
        value_scale = max(1.0, float(np.abs(features[row] * network.value[0][:, 0]).sum()))
        assert (np.abs(scores[row] - one) <= 1e-6 * scale).all()
        assert (np.abs(dense[row, ids] - one) <= 1e-6 * scale).all()
        assert np.isneginf(np.delete(dense[row], ids)).all()
        assert abs(network.estimate(obs[row]) - float(values[row])) <= 1e-6 * value_scale
        assert -1.0 <= values[row] <= 1.0


def test_a_batch_of_the_wrong_width_is_refused() -> None:
    network = shipped_network("glyfts")
    assert isinstance(network, PolicyNetwork)
    with pytest.raises(ValueError, match="an observation has"):
        network.estimate(np.zeros((3, 7), np.float32))
    with pytest.raises(ValueError, match="lists of ids"):
        network.evaluate(np.zeros((2, network.inputs), np.float32), [[0]])
