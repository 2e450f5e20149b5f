"""The parallel environment: PettingZoo's parallel checkers on every game, and simultaneous
choices kept secret until every seat has committed (Heroscape's order markers)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test, render_test, seed_test

from glyphhall import games
from glyphhall.rl import env
from glyphhall.rl.parallel import parallel_env


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("game_id", games.ids())
def test_parallel_checkers_pass(game_id: str) -> None:
    cycles = 15 if game_id == "glyphs" else 120  # a Glyphs step asks the belief model: slow
    parallel_api_test(parallel_env(game_id), num_cycles=cycles)
    parallel_seed_test(lambda: parallel_env(game_id, illegal="lose"), num_cycles=cycles // 3)


@pytest.mark.parametrize("game_id", games.ids())
def test_aec_seed_and_render_checkers_pass(game_id: str) -> None:
    seed_test(lambda: env(game_id), num_cycles=10 if game_id == "glyphs" else 40)
    render_test(lambda render_mode=None: env(game_id, render_mode=render_mode))


def _to_orders(seed: int):
    par = parallel_env("heroscape")
    obs, _ = par.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while par.state.phase != "orders":
        obs, *_ = par.step({a: int(rng.choice(np.flatnonzero(o["action_mask"]))) if o["action_mask"].any() else 0
                            for a, o in obs.items()})
    return par, obs


def test_no_seat_sees_another_seats_order_markers_before_placing_its_own() -> None:
    """Two worlds from the same position that differ only in seat 0's markers: seat 1 observes the
    same things in both until every marker is placed (and the worlds do differ by then)."""
    worlds = []
    for choice in (0, -1):  # seat 0 always takes its first, or always its last listed marker choice
        par, obs = _to_orders(3)
        seen, rng = [], np.random.default_rng(7)
        while par.state.phase == "orders":
            seen.append(obs["seat_1"]["observation"].copy())
            ids0 = np.flatnonzero(obs["seat_0"]["action_mask"])
            ids1 = np.flatnonzero(obs["seat_1"]["action_mask"])
            actions = {"seat_0": int(ids0[choice]) if len(ids0) else 0,
                       "seat_1": int(rng.choice(ids1)) if len(ids1) else 0}
            obs, *_ = par.step(actions)
        worlds.append((seen, [row[:] for row in par.state.markers]))
    (seen_a, markers_a), (seen_b, markers_b) = worlds
    assert markers_a != markers_b  # seat 0 did choose differently
    assert len(seen_a) == len(seen_b) > 1
    assert all(np.array_equal(a, b) for a, b in zip(seen_a, seen_b, strict=True))
