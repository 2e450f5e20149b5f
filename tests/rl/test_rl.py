"""RL adapters: PettingZoo's and Gymnasium's own checkers on every game, observations built from
the seat's view only, masks, rewards and bad input."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from glyphhall import games
from glyphhall.engine import Rng
from glyphhall.rl import SingleAgentEnv, action_mask, decode_action, encode_view, env
from tests.engine.toy import GAME as TOY

GAME_IDS = [*games.ids(), "tests.engine.toy:GAME"]


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        # The checkers warn that a Dict observation "should" be a Box: masks need the Dict.
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pettingzoo_api_test_passes(game_id: str) -> None:
    api_test(env(game_id), num_cycles=60)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_gymnasium_env_checker_passes(game_id: str) -> None:
    check_env(SingleAgentEnv(game_id, opponent="random"), skip_render_check=True)


def test_observation_comes_from_the_agents_view_only() -> None:
    """Resampling what seat 0 cannot see (seat 1's hand) changes nothing seat 0 observes."""
    aec = env(TOY, info_view=True)
    aec.reset(seed=3)
    before = aec.observe("seat_0")
    assert aec.infos["seat_0"]["view"] == aec.state.view(0)
    for k in range(5):
        aec.state = aec.state.determinize(0, Rng(k))
        after = aec.observe("seat_0")
        assert np.array_equal(after["observation"], before["observation"])
        assert np.array_equal(after["action_mask"], before["action_mask"])


def test_observation_does_change_with_what_the_seat_sees() -> None:
    aec = env(TOY)
    aec.reset(seed=3)
    first = aec.observe("seat_0")["observation"]
    aec.reset(seed=4)  # another deal: another hand for seat 0
    assert not np.array_equal(aec.observe("seat_0")["observation"], first)


def test_encoding_is_fixed_size_stable_and_clipped() -> None:
    view = {"hand": [3, 5], "phase": "draw", "ok": True, "nothing": None, "big": 10**9}
    one, two = encode_view(view, 64), encode_view(dict(reversed(view.items())), 64)
    assert one.shape == (64,) and one.dtype == np.float32
    assert np.array_equal(one, two)  # key order does not matter
    assert one.max() <= 1000.0
    assert not np.array_equal(one, encode_view({**view, "phase": "play"}, 64))


def test_masks_and_decoding() -> None:
    state = TOY.new(2, 0)
    legal = state.legal_actions(0)
    mask = action_mask(legal, 8)
    assert mask.tolist() == [1] * len(legal) + [0] * (8 - len(legal))
    assert decode_action(legal, np.int64(1), 8) == legal[1]
    for bad in (len(legal), -1, "x"):
        with pytest.raises(ValueError):
            decode_action(legal, bad, 8)
    assert action_mask(legal, 2).tolist() == [1, 1]  # beyond the maximum: cut, and reported in infos


def test_an_illegal_index_in_the_aec_env_is_refused_and_changes_nothing() -> None:
    aec = env(TOY)
    aec.reset(seed=1)
    before = aec.state.to_dict()
    with pytest.raises(ValueError, match="not legal"):
        aec.step(400)
    assert aec.state.to_dict() == before


@pytest.mark.parametrize("game_id", ["glyfts", "inscription"])
def test_the_aec_env_refuses_every_id_not_legal_now_observed_or_not(game_id: str) -> None:
    # The env applies a decoded action unchecked (decoding is the check), so decoding must refuse
    # an id not legal now: unobserved, marked by the last step's mask, or after this step's mask.
    aec = env(game_id)
    aec.reset(seed=3)
    rng = np.random.default_rng(3)
    last_mask = np.zeros(aec.encoding.num_actions, np.int8)
    while not aec.state.is_over() and aec.steps < 40:
        seat = aec.possible_agents.index(aec.agent_selection)
        legal = set(aec.state.legal_action_ids(seat))
        stale = [int(i) for i in np.flatnonzero(last_mask) if i not in legal][:2]
        unmarked = [i for i in range(last_mask.size) if i not in legal]
        bad = [int(i) for i in rng.choice(unmarked, 3, replace=False)]
        before = aec.state.to_dict()
        for observed in (False, True):
            if observed:
                last_mask = aec.observe(aec.agent_selection)["action_mask"]
                assert set(np.flatnonzero(last_mask).tolist()) == legal
            for number in stale + bad:
                with pytest.raises(ValueError, match="not legal"):
                    aec.step(number)
                assert aec.state.to_dict() == before
        aec.step(int(rng.choice(sorted(legal))))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_whole_aec_game_ends_with_rewards_from_the_returns(game_id: str) -> None:
    aec = env(game_id)
    aec.reset(seed=2)
    rng = np.random.default_rng(0)
    totals = {a: 0.0 for a in aec.possible_agents}
    for agent in aec.agent_iter():
        obs, reward, terminated, truncated, _ = aec.last()
        totals[agent] += reward
        aec.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert aec.state.is_over() and aec.agents == []
    returns = aec.state.returns()
    assert [totals[a] for a in aec.possible_agents] == [2 * r - 1 for r in returns]


def test_single_agent_episode_and_illegal_action() -> None:
    single = SingleAgentEnv(TOY, info_view=True)
    obs, info = single.reset(seed=7)
    assert obs["action_mask"].sum() == len(info["legal"]) > 0
    _, reward, terminated, _, info = single.step(300)
    assert terminated and reward == -1.0 and info["illegal_action"]
    obs, _ = single.reset(seed=7)
    done = False
    while not done:
        obs, reward, done, truncated, _ = single.step(int(np.flatnonzero(single.action_masks())[0]))
        assert not truncated
    assert reward in (-1.0, 0.0, 1.0)
    assert single.state.is_over()


def test_single_agent_resets_are_reproducible() -> None:
    one, two = SingleAgentEnv(TOY, opponent="mcts:iterations=10,seconds=none"), SingleAgentEnv(TOY)
    a, _ = one.reset(seed=5)
    b, _ = two.reset(seed=5)
    assert np.array_equal(a["observation"], b["observation"])


@pytest.mark.parametrize(
    "kwargs, message",
    [({"opponent": "wizard"}, "no level .wizard."), ({"seat": 5}, "seat"), ({"bogus_option": 1}, "unknown option")],
)
def test_bad_settings_are_clear_errors(kwargs, message) -> None:
    with pytest.raises(ValueError, match=message):
        SingleAgentEnv(TOY, **kwargs)
