"""Train a small policy for Glyfts, measure it, and play against the shipped one: the README's
"Reinforcement learning" section end to end, in about two CPU-minutes.

    nice .venv/bin/python examples/rl_example.py [--updates 30] [--games 40]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

from glyphhall.rl import SingleAgentEnv

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--updates", type=int, default=30, help="PPO updates (the recipe has 250)")
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()

    # 1. The environment a learner sees: fixed action ids, the game's tensor, a mask.
    env = SingleAgentEnv("glyfts", opponent="random")
    obs, _ = env.reset(seed=1)
    print(f"observation {obs['observation'].shape}, {int(obs['action_mask'].sum())} legal of "
          f"{env.action_space.n} action ids")
    done, rng = False, np.random.default_rng(1)
    while not done:  # one game of random legal moves
        obs, reward, done, truncated, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        done = done or truncated
    print(f"a random game ends with reward {reward:+.0f}")

    # 2. Train (imitation of the heuristic bot, then PPO) and 3. measure it against random.
    with tempfile.TemporaryDirectory() as tmp:
        checkpoint = Path(tmp) / "glyfts.npz"
        subprocess.run([sys.executable, "-m", "glyphhall.rl.train", "glyfts", "--seed", "0", "--imitation-games",
                        "40", "--updates", str(args.updates), "--out", str(checkpoint)], check=True)
        subprocess.run([sys.executable, str(ROOT / "bench" / "rl_strength.py"), "glyfts", "--checkpoint",
                        str(checkpoint), "--games", str(args.games), "--opponents", "random"], check=True)

    # 4. Play against the shipped checkpoint in the terminal.
    print("Play against the shipped policy:  .venv/bin/glyphhall play glyfts --vs learned")


if __name__ == "__main__":
    main()
