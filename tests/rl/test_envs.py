"""The environments as a researcher uses them: fixed ids and tensors by default, vector envs
across episode ends (sync, async, native), secret simultaneous choices, seeds, rewards, render,
and the trained-policy bot."""

from __future__ import annotations

import numpy as np
import pytest

from glyphhall import games
from glyphhall.engine import Rng
from glyphhall.rl import SingleAgentEnv, env
from glyphhall.rl.aec import final_rewards
from glyphhall.rl.vector import make_vector_env


def _random_action(mask: np.ndarray, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def test_ids_and_tensors_are_the_defaults() -> None:
    aec = env("inscription")
    aec.reset(seed=1)
    game = games.get("inscription")
    assert aec.action_space("seat_0").n == game.num_distinct_actions(2)
    obs = aec.observe(aec.agent_selection)
    seat = int(aec.agent_selection[-1])
    assert np.array_equal(obs["observation"], aec.state.observation_tensor(seat))
    assert sorted(np.flatnonzero(obs["action_mask"])) == sorted(aec.state.legal_action_ids(seat))
    index = env("inscription", actions="index", observation="hashed")
    index.reset(seed=1)
    assert index.observe(index.agent_selection)["action_mask"].sum() == len(aec.state.legal_actions(seat))


@pytest.mark.parametrize("mode, game_id", [("sync", "inscription"), ("async", "glyfts"), ("native", "glyfts")])
def test_vector_envs_run_10000_steps_across_episode_ends(mode, game_id) -> None:
    vec = make_vector_env(game_id, 4, mode=mode)
    try:
        obs, _ = vec.reset(seed=3)
        rng = np.random.default_rng(0)
        ended = 0
        for _ in range(10_000 // 4):
            obs, rewards, terminated, truncated, infos = vec.step(
                np.array([_random_action(m, rng) for m in obs["action_mask"]]))
            done = terminated | truncated
            ended += int(done.sum())
            assert obs["action_mask"].any(axis=1).all()  # every observation is a live decision
            if done.any():  # the finished game's last observation: nothing left to choose
                assert infos["_final_obs"].tolist() == done.tolist()
                for i in np.flatnonzero(done):
                    assert not infos["final_obs"][i]["action_mask"].any()
                assert set(rewards[done]) <= {-1.0, 0.0, 1.0}
        assert ended >= 20
    finally:
        vec.close()


def test_the_native_vector_env_without_copies_hands_out_its_own_buffers_with_the_same_values() -> None:
    copied, own = make_vector_env("glyfts", 3, copy=True), make_vector_env("glyfts", 3, copy=False)
    obs_c, _ = copied.reset(seed=5)
    obs_o, _ = own.reset(seed=5)
    first = obs_o["observation"]
    rng = np.random.default_rng(2)
    for _ in range(200):  # past some games' ends
        actions = np.array([_random_action(m, rng) for m in obs_c["action_mask"]])
        obs_c, rewards_c, terminated_c, _, _ = copied.step(actions)
        obs_o, rewards_o, terminated_o, _, _ = own.step(actions)
        for key in ("observation", "action_mask"):
            assert np.array_equal(obs_c[key], obs_o[key])
        assert np.array_equal(rewards_c, rewards_o) and np.array_equal(terminated_c, terminated_o)
    assert obs_o["observation"] is first  # the same buffer every step, rewritten in place
    assert obs_c["observation"] is not copied._obs


def test_a_seat_never_sees_a_simultaneous_choice_before_making_its_own() -> None:
    """Glyfts' setup: both players secretly pick two Creatures; the AEC lets seat 0 pick first.
    Seat 1's observation is the same whatever seat 0 picked, until seat 1 has picked too."""
    seen = []
    for seed_of_choices in range(4):
        aec = env("glyfts")
        aec.reset(seed=11)
        rng = np.random.default_rng(seed_of_choices)
        first = aec.agent_selection
        while aec.agent_selection == first:
            aec.step(_random_action(aec.observe(first)["action_mask"], rng))
        other = aec.agent_selection
        assert other != first and aec.state.to_move() == (int(other[-1]),)
        seen.append(aec.observe(other)["observation"])
    assert all(np.array_equal(seen[0], s) for s in seen[1:])
    # the true state did change with seat 0's picks (so the test could have failed)
    assert games.get("glyfts").new(2, 11).view(1) != aec.state.view(1)


def test_unseeded_resets_play_different_games() -> None:
    one, two = env("glyfts"), env("glyfts")
    one.reset()
    two.reset()
    assert one.state.seed != two.state.seed


def test_rewards_win_loss_and_zero_sum() -> None:
    assert final_rewards([1.0, 0.0], "win_loss") == [1.0, -1.0] == final_rewards([1.0, 0.0], "zero_sum")
    three = final_rewards([1.0, 0.0, 0.0], "zero_sum")
    assert abs(sum(three)) < 1e-12 and three[0] == 1.0
    assert final_rewards([0.5, 0.5, 0.0], "zero_sum")[2] < 0 < final_rewards([0.5, 0.5, 0.0], "zero_sum")[0]
    with pytest.raises(ValueError, match="reward must be"):
        env("glyfts", reward="points")


def test_inscriptions_death_card_is_off_in_rl_unless_asked() -> None:
    assert env("inscription").game_options["make_death_card"] is False
    assert env("inscription", make_death_card=True).game_options["make_death_card"] is True


def test_render_is_the_games_terminal_picture() -> None:
    aec = env("glyfts", render_mode="ansi")
    aec.reset(seed=2)
    text = aec.render()
    assert isinstance(text, str) and "{" not in text[:200] and len(text.splitlines()) > 3
    single = SingleAgentEnv("inscription", render_mode="ansi")
    single.reset(seed=2)
    assert "Squirrel" in single.render() or "draft" in single.render().lower()


def test_the_learned_bot_plays_a_checkpoint_and_refuses_a_foreign_one(tmp_path) -> None:
    torch = pytest.importorskip("torch")
    from glyphhall.bots import ask, make
    from glyphhall.bots.learned import LearnedBot, PolicyNetwork
    from glyphhall.rl.train import build_network, export

    game = games.get("glyfts")
    inputs = game.observation_tensor_shape(2)[0]
    net = build_network(torch, inputs, game.num_distinct_actions(2), [16])
    meta = {"game": "glyfts", "game_version": game.version, "players": 2, "options": {},
            "num_actions": game.num_distinct_actions(2), "training": {"cpu_minutes": 0}}
    export(net, tmp_path / "g.npz", meta)
    network = PolicyNetwork.load(tmp_path / "g.npz")
    state = game.new(2, 4)
    bots = {0: LearnedBot(1, network), 1: make("random", 2)}
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, ask(bots[seat], state, seat))
    x = state.observation_tensor(0)
    assert -1.0 <= network.estimate(x) <= 1.0
    export(net, tmp_path / "bad.npz", {**meta, "game": "inscription"})
    with pytest.raises(ValueError, match="for 'inscription'"):
        LearnedBot(1, tmp_path / "bad.npz").choose(game.new(2, 1), 0)


def test_the_training_script_writes_a_checkpoint_the_bot_plays(tmp_path) -> None:
    pytest.importorskip("torch")
    from glyphhall.bots.learned import LearnedBot
    from glyphhall.rl.train import main

    out = tmp_path / "tiny.npz"
    main(["glyfts", "--out", str(out), "--imitation-games", "2", "--updates", "2", "--rollout", "16",
          "--envs", "2", "--hidden", "8"])
    bot = LearnedBot(0, out)
    state = games.get("glyfts").new(2, 0)
    seat = state.to_move()[0]
    assert bot.choose(state.determinize(seat, Rng(1)), seat) in state.legal_actions(seat)


def test_the_shipped_checkpoints_play_their_games() -> None:
    """Each checkpoint shipped in the package loads for its game's current numbering and plays
    legal moves through the bot registry (as the arena, tables and terminal ask it)."""
    from glyphhall.bots import make
    from glyphhall.bots.learned import shipped_network

    shipped = [g for g in games.ids() if shipped_network(g) is not None]
    assert {"inscription", "glyfts", "tundrus", "heroscape"} <= set(shipped)
    for game_id in shipped:
        game = games.get(game_id)
        network = shipped_network(game_id)
        state = game.new(network.meta["players"], 3, network.meta["options"])
        _plays_legal_moves(make("learned", 1), state, 30)


def test_the_guided_levels_checkpoints_come_from_the_searchs_games_and_play_their_games() -> None:
    """A `GAME-guided.npz` (the Guided level's network) was made by expert iteration from the
    hand-heuristic search's games, loads for its game's current numbering and plays legal moves."""
    from glyphhall.bots.learned import shipped_network
    from glyphhall.bots.spec import make_bot

    guided = [g for g in games.ids() if shipped_network(g, "guided") is not None]
    assert {"inscription", "glyfts", "tundrus"} <= set(guided)
    for game_id in guided:
        network = shipped_network(game_id, "guided")
        recipe = network.meta["training"]["expert_iteration"]
        assert recipe["first_expert"] == "search" and recipe["rounds"][0]["expert"] == "search"
        game = games.get(game_id)
        state = game.new(network.meta["players"], 3, network.meta["options"])
        network.check(state)
        _plays_legal_moves(make_bot("mcts-net:iterations=8,seconds=none", 1), state, 6)


def _plays_legal_moves(bot, state, moves: int) -> None:
    """`bot` plays every seat for up to `moves` moves, each legal, through `bots.ask`."""
    from glyphhall.bots import ask

    for _ in range(moves):
        if state.is_over():
            break
        seat = state.to_move()[0]
        action = ask(bot, state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
