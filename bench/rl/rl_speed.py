"""Environment steps per CPU-second, side by side with the engine's random playout, per game; and
OpenSpiel's `rl_environment` on leduc poker in the same run where `open_spiel` is installed.

- engine: a random playout as bots and search run it (`sample_action`, `apply(check=False)`);
- aec: the PettingZoo AEC environment as a learner drives it: `last()` (the observation and the
  mask of the agent to act, fixed ids and the game's tensor), a random legal id, `step`. The
  learner finds the legal ids with `nonzero` on the mask read as booleans (`view(bool)`, no copy):
  numpy's `nonzero` on int8 tests each byte through the dtype's slow path, about 3 ns an id, so
  on Heroscape's 57,163 ids the pick alone cost more than an engine step and hid the env's cost
  (`--int8-pick` measures it that way, as before);
- vector: the native batched vector env (`GlyphHallVectorEnv`, 8 games, random opponents): one
  learner step and the opponents' replies per game per call, counted in learner steps (the
  learner's pick as in aec, on the boolean view).

"aec step" is an AEC step's cost in engine steps (engine/s over aec/s; issue 42's bar: 4x or
less), the learner's pick included; "env only" leaves the pick out: the same loop's cost less the
pick's, timed on its own over the masks of a few episodes (the kind "pick": the bench's learner
finding the legal ids in a mask and choosing one, the learner's work rather than the
environment's, which grows with the game's number of ids). Each measurement runs for
`--seconds` of CPU time, the kinds alternating for `--rounds` rounds; the medians are printed
(the machine is shared: alternating keeps the comparison fair).

    nice python bench/rl/rl_speed.py --seconds 1 --rounds 3 [games ...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from glyphhall import games
from glyphhall.engine import Rng
from glyphhall.rl import env
from glyphhall.rl.spaces import game_options
from glyphhall.rl.vector import GlyphHallVectorEnv


def rate(step: Callable[[], int], seconds: float) -> float:
    """Steps per CPU-second of `step` (which does some steps and says how many)."""
    start, done = time.process_time(), 0
    while time.process_time() - start < seconds:
        done += step()
    return done / (time.process_time() - start)


def engine_steps(game_id: str) -> Callable[[], int]:
    game = games.get(game_id)
    options = game_options(game, {})
    rng = Rng(1)

    def playout() -> int:
        state = game.new(game.min_players, rng.below(1 << 30), options)
        n = 0
        while not state.is_over() and n < 3000:
            seat = state.to_move()[0]
            state.apply(seat, state.sample_action(seat, rng), check=False)
            n += 1
        return n

    return playout


def aec_steps(game_id: str, int8_pick: bool = False) -> Callable[[], int]:
    aec = env(game_id)
    rng = np.random.default_rng(1)
    pick = random.Random(1).choice
    as_bool = np.int8 if int8_pick else np.bool_

    def episode() -> int:
        aec.reset(seed=int(rng.integers(1 << 30)))
        n = 0
        for _ in aec.agent_iter(3000):
            obs, _, terminated, truncated, _ = aec.last()
            aec.step(None if terminated or truncated else int(pick(obs["action_mask"].view(as_bool).nonzero()[0])))
            n += 1
        return n

    return episode


def pick_steps(game_id: str, episodes: int = 4) -> Callable[[], int]:
    """The learner's pick of `aec_steps` alone, over the masks a few episodes handed out."""
    aec = env(game_id)
    masks = []
    for seed in range(episodes):
        aec.reset(seed=seed)
        for _ in aec.agent_iter(3000):
            obs, _, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                aec.step(None)
                continue
            masks.append(obs["action_mask"])
            aec.step(int(obs["action_mask"].view(np.bool_).nonzero()[0][0]))
    pick = random.Random(1).choice

    def picks() -> int:
        for mask in masks:
            int(pick(mask.view(np.bool_).nonzero()[0]))
        return len(masks)

    return picks


def vector_steps(game_id: str) -> Callable[[], int]:
    vec = GlyphHallVectorEnv(game_id, 8)
    obs, _ = vec.reset(seed=1)
    pick = random.Random(1).choice
    state = {"obs": obs}

    def batch() -> int:
        masks = state["obs"]["action_mask"]
        state["obs"] = vec.step([int(pick(m.view(np.bool_).nonzero()[0])) for m in masks])[0]
        return vec.num_envs

    return batch


def openspiel_steps() -> Callable[[], int] | None:
    try:
        from open_spiel.python import rl_environment
    except ImportError:
        return None
    environment = rl_environment.Environment("leduc_poker")
    rng = np.random.default_rng(1)

    def episode() -> int:
        step = environment.reset()
        n = 0
        while not step.last():
            player = step.observations["current_player"]
            step = environment.step([int(rng.choice(step.observations["legal_actions"][player]))])
            n += 1
        return n

    return episode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=games.ids())
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--int8-pick", action="store_true", help="the learner's nonzero on the int8 mask itself")
    args = parser.parse_args()
    leduc = openspiel_steps()
    print(f"{'game':12s} {'engine/s':>10s} {'aec/s':>10s} {'aec step':>11s} {'env only':>9s} {'vector/s':>10s}"
          + ("   openspiel leduc/s" if leduc else "   (open_spiel not installed)"))
    for game_id in args.games:
        kinds = {"engine": engine_steps(game_id), "aec": aec_steps(game_id, args.int8_pick),
                 "pick": pick_steps(game_id), "vector": vector_steps(game_id)}
        if leduc:
            kinds["leduc"] = leduc
        seen: dict[str, list[float]] = {k: [] for k in kinds}
        for _ in range(args.rounds):
            for kind, step in kinds.items():
                seen[kind].append(rate(step, args.seconds))
        med = {k: statistics.median(v) for k, v in seen.items()}
        env_only = med["engine"] * (1 / med["aec"] - 1 / med["pick"])
        line = (f"{game_id:12s} {med['engine']:10.0f} {med['aec']:10.0f} {med['engine'] / med['aec']:10.2f}x "
                f"{env_only:8.2f}x {med['vector']:10.0f}")
        print(line + (f"   {med['leduc']:10.0f}" if leduc else ""), flush=True)


if __name__ == "__main__":
    main()
