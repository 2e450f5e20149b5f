"""The training script repeats itself: the same command and seed give the same checkpoint, byte
for byte, on one machine; another seed gives another; every setting is in the checkpoint."""

from __future__ import annotations

import json

import numpy as np
import pytest

TINY = ["--imitation-games", "2", "--imitation-epochs", "2", "--updates", "2", "--rollout", "8",
        "--envs", "2", "--hidden", "8"]


def test_the_same_seed_gives_the_same_checkpoint(tmp_path) -> None:
    pytest.importorskip("torch")
    from glyphhall.rl.train import main

    paths = [tmp_path / f"{name}.npz" for name in ("one", "two", "other")]
    metas = [main(["glyfts", "--seed", str(seed), "--out", str(path), *TINY])
             for seed, path in zip((3, 3, 4), paths, strict=True)]
    assert paths[0].read_bytes() == paths[1].read_bytes()
    assert paths[0].read_bytes() != paths[2].read_bytes()
    recipe = metas[0]["training"]["recipe"]
    assert recipe["seed"] == 3 and recipe["updates"] == 2 and recipe["envs"] == 2 and recipe["hidden"] == "8"
    assert recipe["imitation_games"] == 2 and recipe["device"] == "cpu" and recipe["threads"] == 1
    assert metas[0]["training"]["updates"] == 2 and not metas[0]["training"]["stopped_by_ceiling"]
    with np.load(paths[0]) as saved:
        assert json.loads(str(saved["meta"]))["training"]["recipe"] == recipe


def test_a_games_recipe_is_its_default() -> None:
    from glyphhall.rl.train import COMMON, RECIPES, parse, recipe_of

    recipe = recipe_of(parse(["inscription", "--out", "x.npz"]))
    assert recipe["updates"] == RECIPES["inscription"]["updates"] and recipe["envs"] == COMMON["envs"]
    assert recipe_of(parse(["inscription", "--out", "x.npz", "--updates", "7"]))["updates"] == 7


def test_cuda_without_a_gpu_is_refused_with_a_sentence(tmp_path) -> None:
    torch = pytest.importorskip("torch")
    if torch.cuda.is_available():
        pytest.skip("this machine has a GPU")
    from glyphhall.rl.train import main

    out = tmp_path / "gpu.npz"
    with pytest.raises(SystemExit, match=r"--device cuda: .* cannot run on a GPU; train on the CPU with --device cpu"):
        main(["glyfts", "--device", "cuda", "--out", str(out), *TINY])
    assert not out.exists()


def test_the_legal_moves_mask_is_built_for_the_rows_asked() -> None:
    """Imitation builds its masks a batch at a time (a whole data set's would take a byte per
    decision and action id: gigabytes in Heroscape)."""
    from glyphhall.rl.train import legal_mask

    legal = [[0, 3], [1], [2, 4, 5]]
    mask = legal_mask(legal, [2, 0], 6)
    assert mask.dtype == np.int8
    assert mask.tolist() == [[0, 0, 1, 0, 1, 1], [1, 0, 0, 1, 0, 0]]
    assert legal_mask(legal, range(0), 6).shape == (0, 6)
