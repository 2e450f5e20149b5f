"""What a pass of expert-iteration training costs (glyphhall/rl/expert.py's `train`), on positions a
run kept (`--keep-positions`): seconds of wall time for `--epochs` passes, data loading and the
network's start excluded, and the last pass's losses (two trees that train alike print the same).

    PYTHONPATH=TREE python bench/rl/training_speed.py POSITIONS [--epochs 30] [--device cpu] [--threads 1]

Run it on two trees in turn (old code, new code), several times alternately, and take the
medians: the machine's load moves the figure."""

from __future__ import annotations

import argparse
import json
import re
import time
from pathlib import Path

import numpy as np

from glyphhall.bots.learned import read_checkpoint, shipped_checkpoint
from glyphhall.rl import expert
from glyphhall.rl.spaces import resolve_game
from glyphhall.rl.train import _torch


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("positions", type=Path, help="GAME-round-R-positions.npz from rl/expert.py")
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    found = re.match(r"([a-z]+)-round-\d+-positions\.npz$", args.positions.name)
    if not found:
        parser.error("POSITIONS: expected a file named GAME-round-R-positions.npz")
    if not args.positions.is_file():
        parser.error(f"POSITIONS: no such file {args.positions}")
    torch = _torch()
    torch.set_num_threads(args.threads)
    torch.manual_seed(7)
    game = resolve_game(found.group(1))
    net, shape = expert.checkpoint_network(torch, game, read_checkpoint(shipped_checkpoint(game.id)))
    net.to(args.device)
    actions = shape["num_actions"]
    samples = [t for g in expert.load_positions(args.positions) for t in g]
    start = time.perf_counter()
    losses = expert.train(torch, net, samples, actions, args.epochs, 3e-4, args.device, np.random.default_rng(7))
    seconds = time.perf_counter() - start
    print(json.dumps({"game": game.id, "positions": len(samples), "epochs": args.epochs, "device": args.device,
                      "seconds": round(seconds, 3), **losses}))


if __name__ == "__main__":
    main()
