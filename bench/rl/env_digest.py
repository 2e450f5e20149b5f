"""A digest of what the environments hand a learner over seeded random games, to compare two
trees (old code against new: the same digest means the same tensors, masks and actions).

    PYTHONPATH=TREE python bench/rl/env_digest.py [GAME ...] [--games N]

Per game: N AEC episodes (seeds 1..N), each step's observation tensor and action mask bytes and
the id picked (a seeded draw among the legal ids), and every seat's `legal_action_ids` and
`information_state_tensor` along the way, folded into one SHA-256; printed with the step count."""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from glyphhall.rl import env  # noqa: E402

DEFAULT_GAMES = ("inscription", "tundrus", "glyfts", "heroscape")


def digest(game_id: str, games: int) -> dict:
    aec = env(game_id)
    pick = random.Random(7)
    h = hashlib.sha256()
    steps = 0
    for seed in range(1, games + 1):
        aec.reset(seed=seed)
        for agent in aec.agent_iter(3000):
            obs, reward, terminated, truncated, _ = aec.last()
            h.update(obs["observation"].tobytes())
            h.update(obs["action_mask"].tobytes())
            h.update(repr(reward).encode())
            state, seat = aec.state, aec._seat[agent]
            if not (terminated or truncated):
                seen = aec.secret.seen_by(state, seat)
                h.update(repr(seen.legal_action_ids(seat)).encode())
                h.update(seen.information_state_tensor(seat).tobytes())
            choice = None if terminated or truncated else int(pick.choice(obs["action_mask"].nonzero()[0]))
            h.update(repr(choice).encode())
            aec.step(choice)
            steps += 1
    return {"game": game_id, "episodes": games, "steps": steps, "sha256": h.hexdigest()[:16]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", default=list(DEFAULT_GAMES))
    parser.add_argument("--games", type=int, default=5, dest="count")
    args = parser.parse_args()
    for game_id in args.games:
        print(json.dumps(digest(game_id, args.count)), flush=True)


if __name__ == "__main__":
    main()
