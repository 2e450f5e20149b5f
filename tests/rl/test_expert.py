"""Expert iteration (glyphhall/rl/expert.py, issue 41): a tiny round runs, trains and records its recipe."""

from __future__ import annotations

import json

import numpy as np
import pytest

from glyphhall.bots.learned import PolicyNetwork, read_checkpoint, shipped_checkpoint


def test_one_tiny_round_writes_a_checkpoint_with_its_recipe_and_repeats_exactly(tmp_path) -> None:
    pytest.importorskip("torch")
    from glyphhall.rl import expert

    argv = ["glyfts", "--rounds", "1", "--games-per-round", "1", "--iterations", "4", "--seed", "3",
            "--epochs", "2", "--explore-moves", "4"]
    expert.main([*argv, "--out-dir", str(tmp_path / "a")])
    path = tmp_path / "a" / "glyfts-round-1.npz"
    network = PolicyNetwork.load(path)
    recipe = network.meta["training"]["expert_iteration"]
    assert recipe["seed"] == 3 and recipe["iterations"] == 4 and recipe["games_per_round"] == 1
    assert recipe["command"].startswith("python -m glyphhall.rl.expert glyfts --rounds 1")
    (done,) = recipe["rounds"]
    assert done["finished"] == 1 and done["positions"] > 0 and done["policy"] > 0.0
    # It started from the shipped network and trained it.
    shipped = PolicyNetwork.load(shipped_checkpoint("glyfts"))
    assert recipe["start"] == str(shipped_checkpoint("glyfts"))
    # its training record keeps the start's (the recipe that made the shipped checkpoint)
    assert shipped.meta["training"] and all(network.meta["training"][key] == value
                                            for key, value in shipped.meta["training"].items())
    assert not np.array_equal(network.policy[0], shipped.policy[0])
    # The same seed, the same checkpoint.
    expert.main([*argv, "--out-dir", str(tmp_path / "b")])
    again = PolicyNetwork.load(tmp_path / "b" / "glyfts-round-1.npz")
    for (w, b), (w2, b2) in zip(network.hidden, again.hidden, strict=True):
        assert np.array_equal(w, w2) and np.array_equal(b, b2)
    assert np.array_equal(network.policy[0], again.policy[0])
    assert json.dumps(again.meta["training"]["expert_iteration"]["rounds"][0]["positions"]) == json.dumps(done["positions"])


def test_bad_settings_are_refused(capsys) -> None:
    pytest.importorskip("torch")
    from glyphhall.rl import expert

    with pytest.raises(SystemExit):
        expert.main(["glyfts", "--rounds", "0"])
    assert "--rounds must be at least 1" in capsys.readouterr().err


def test_the_first_round_can_learn_from_the_hand_heuristic_search(tmp_path) -> None:
    pytest.importorskip("torch")
    from glyphhall.bots.base import sample_for
    from glyphhall.bots.mcts import make_level
    from glyphhall.games import resolve
    from glyphhall.rl import expert

    expert.main(["inscription", "--rounds", "2", "--games-per-round", "1", "--iterations", "6", "--seed", "5",
                 "--epochs", "1", "--first-expert", "search", "--out-dir", str(tmp_path)])
    recipe = PolicyNetwork.load(tmp_path / "inscription-round-2.npz").meta["training"]["expert_iteration"]
    assert recipe["first_expert"] == "search"
    assert [r["expert"] for r in recipe["rounds"]] == ["search", "guided"]
    # Round 1's policy targets are the visits of `mcts` (one tree) at the same budget and seed.
    arrays = read_checkpoint(shipped_checkpoint("inscription"))
    settings = {"iterations": 6, "batch": 8, "mix": 0.0, "puct": 1.5, "explore_moves": 8, "expert": "search"}
    (game,) = expert.self_play("inscription", arrays, [7], settings)
    observation, ids, shares, seat = game["samples"][0]
    state = resolve("inscription").new(2, 7, PolicyNetwork(arrays).meta.get("options") or {})
    assert np.array_equal(observation, state.observation_tensor(seat))  # the opening decision
    bot = make_level("mcts", 7 * 7 + seat, iterations=6, seconds=None, early_stop=False, roots=1)
    root = bot.search(sample_for(bot, state, seat), seat)
    legal = state.legal_actions(seat)
    visits = [root.children[a].visits if a in root.children else 0 for a in legal]
    assert ids == state.legal_action_ids(seat)
    assert shares == [v / sum(visits) for v in visits]


def test_held_out_games_are_not_trained_on_and_kept_positions_train_the_same_network(tmp_path) -> None:
    """`--holdout` keeps the round's last games out of training and reports their losses;
    `--keep-positions` writes the round's positions, and `--from-positions` trains on them
    again: the same seed makes the same network without replaying a game."""
    pytest.importorskip("torch")
    from glyphhall.rl import expert

    argv = ["glyfts", "--rounds", "1", "--games-per-round", "3", "--iterations", "4", "--seed", "2", "--epochs", "1",
            "--holdout", "0.3"]
    expert.main([*argv, "--keep-positions", "--out-dir", str(tmp_path / "a")])
    kept = expert.load_positions(tmp_path / "a" / "glyfts-round-1-positions.npz")
    (done,) = PolicyNetwork.load(tmp_path / "a" / "glyfts-round-1.npz").meta["training"]["expert_iteration"]["rounds"]
    assert len(kept) == 3 and done["held_out_games"] == 1 and done["games"] == 3
    assert done["positions"] == len(kept[0]) + len(kept[1])  # the last game only measured
    assert done["held_out_value"] >= 0.0 and done["held_out_policy"] > 0.0
    # The positions as they were played: observation, legal ids, visit shares, result.
    observation, ids, shares, result = kept[0][0]
    assert observation.ndim == 1 and len(ids) == len(shares) and abs(sum(shares) - 1.0) < 1e-9 and result in (-1.0, 0.0, 1.0)

    expert.main([*argv, "--from-positions", str(tmp_path / "a" / "glyfts-round-1-positions.npz"),
                 "--out-dir", str(tmp_path / "b")])
    first = PolicyNetwork.load(tmp_path / "a" / "glyfts-round-1.npz")
    again = PolicyNetwork.load(tmp_path / "b" / "glyfts-round-1.npz")
    assert np.array_equal(first.policy[0], again.policy[0])
    (redone,) = again.meta["training"]["expert_iteration"]["rounds"]
    assert redone["from_positions"].endswith("glyfts-round-1-positions.npz") and redone["positions"] == done["positions"]
    assert redone["first_seat_wins"] is None and redone["mean_moves"] is None  # no game played to count


def test_a_holdout_of_every_game_is_refused(capsys) -> None:
    pytest.importorskip("torch")
    from glyphhall.rl import expert

    with pytest.raises(SystemExit):
        expert.main(["glyfts", "--holdout", "1"])
    assert "--holdout must be at least 0 and below 1" in capsys.readouterr().err


def test_a_batch_masks_exactly_the_legal_moves_and_targets_their_visit_shares() -> None:
    """The padded ids point their padding at a spare column that is cut off: each row's mask is its
    own legal moves, its target their visit shares, whatever the other rows' widths."""
    torch = pytest.importorskip("torch")
    from glyphhall.rl.expert import _losses, _on_device

    seen = {}

    class Probe(torch.nn.Module):
        def forward(self, x, mask):
            seen["mask"] = mask.clone()
            return torch.arange(6.0).repeat(len(x), 1), torch.zeros(len(x))

    obs = np.zeros(3, np.float32)
    samples = [(obs, [4, 1], [0.25, 0.75], 1.0), (obs, [0], [1.0], -1.0), (obs, [2, 3, 5], [0.5, 0.5, 0.0], 0.0)]
    data = _on_device(torch, samples, 6, "cpu")
    policy, value = _losses(torch, Probe(), data, torch.tensor([2, 0]), 6)
    assert seen["mask"].tolist() == [[0, 0, 1, 1, 0, 1], [0, 1, 0, 0, 1, 0]]
    logp = np.arange(6.0) - np.log(np.exp(np.arange(6.0)).sum())  # the probe's logits, log-softmaxed
    first, second = -(0.5 * logp[2] + 0.5 * logp[3]), -(0.25 * logp[4] + 0.75 * logp[1])
    assert policy.item() == pytest.approx((first + second) / 2)
    assert value.item() == pytest.approx((0.0 + 1.0) / 2)
