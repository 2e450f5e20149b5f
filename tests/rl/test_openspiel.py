"""The OpenSpiel adapter, checked with OpenSpiel's own tools: `random_sim_test` with serialization
on every game, IS-MCTS and MCTS playing every game, outcome-sampling MCCFR on a short variant;
and its promises: fresh deals, clones that hold no future, a perfect-recall information state,
the saved form round trip, and the tensors matching the engine's. Bounded for CI: the slow games
(Tundrus, Heroscape, Glyphs) are cut short with the `max_steps` parameter."""

from __future__ import annotations

import json

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr  # noqa: E402
from open_spiel.python.bots.uniform_random import UniformRandomBot  # noqa: E402

from glyphhall import games  # noqa: E402
from glyphhall.engine import Rng  # noqa: E402
from glyphhall.rl.openspiel import register_all, short_name  # noqa: E402
from glyphhall.rl.spiel_eval import HeuristicEvaluator  # noqa: E402
from glyphhall.rl.unseen import reshuffle  # noqa: E402

register_all()

#: Decisions before a game is cut short in the bounded tests (None: played to its end).
BOUND = {"inscription": None, "glyfts": None, "tundrus": 150, "heroscape": 60, "glyphs": 6}


def load(game_id: str, seed: int = 5, max_steps: int | None = None, **params: int) -> object:
    engine = games.get(game_id)
    given = {"players": max(2, engine.min_players), "seed": seed, **params}
    if max_steps:
        given["max_steps"] = max_steps
    return pyspiel.load_game(short_name(game_id), given)


def step_randomly(state: object, rng: np.random.Generator) -> None:
    if state.is_chance_node():
        outcomes = [a for a, _ in state.chance_outcomes()]
        state.apply_action(int(rng.choice(outcomes)))
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("game_id", games.ids())
def test_openspiels_random_sim_test_with_serialization(game_id: str) -> None:
    """OpenSpiel's own check: legal actions, clones (equal, and equal after the same action),
    observations and information states of every seat, returns, and
    `serialize_game_and_state`/`deserialize_game_and_state` at many points of the game."""
    pyspiel.random_sim_test(load(game_id, max_steps=BOUND[game_id]), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", games.ids())
def test_a_clone_holds_no_future(game_id: str) -> None:
    """What no seat has seen (the rules' random stream, the order of unseen piles) decides
    nothing: a clone with both scrambled plays on exactly like the real game, through every
    roll and draw, when given the same decisions and chance outcomes. And the chance outcome
    does decide: different outcomes at the first chance node give different games."""
    game = load(game_id, max_steps=BOUND[game_id])
    real = game.new_initial_state()
    rng = np.random.default_rng(3)
    for _ in range(3):
        step_randomly(real, rng)
    clone = real.clone()
    reshuffle(clone.engine, Rng(999))
    clone.engine.rng = Rng(123456789)
    chance_nodes = 0
    for _ in range({"glyphs": 6, "heroscape": 40}.get(game_id, 120)):
        if real.is_terminal():
            break
        for seat in range(game.num_players()):
            assert clone.seen_by(seat).view(seat) == real.seen_by(seat).view(seat)
        assert clone.legal_actions() == real.legal_actions()
        chance_nodes += real.is_chance_node()
        action = (int(rng.integers(game.max_chance_outcomes())) if real.is_chance_node()
                  else int(rng.choice(real.legal_actions())))
        real.apply_action(action)
        clone.apply_action(action)
    if game_id == "glyphs":  # everything random is drawn at the deal: no roll or draw comes later
        assert chance_nodes == 0
        return
    assert chance_nodes > 0
    state = game.new_initial_state()
    while not state.is_chance_node():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert len(state.chance_outcomes()) == game.max_chance_outcomes()
    futures = set()
    for outcome in range(8):
        branch = state.clone()
        branch.apply_action(outcome)
        futures.add(json.dumps(branch.engine.to_dict(), sort_keys=True, default=str))
    assert len(futures) > 1


def test_each_new_initial_state_is_a_fresh_deal_and_the_deals_repeat_with_the_seed() -> None:
    for game_id in ("inscription", "glyfts", "tundrus", "heroscape"):
        game = load(game_id, seed=4)
        deals = [json.dumps(game.new_initial_state().engine.to_dict(), sort_keys=True) for _ in range(3)]
        assert len(set(deals)) == 3, game_id
        again = load(game_id, seed=4)  # a game loaded with the same seed deals the same deals
        assert [json.dumps(again.new_initial_state().engine.to_dict(), sort_keys=True)
                for _ in range(3)] == deals
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(short_name("glyfts"), players=2, seed=3)
    episodes = []
    for _ in range(2):  # each reset of OpenSpiel's RL environment starts a new deal
        env.reset()
        episodes.append(env.get_state.engine.to_dict())
    assert episodes[0] != episodes[1]


def test_a_clone_is_its_original_not_a_new_deal() -> None:
    game = load("inscription")
    state = game.new_initial_state()
    assert state.clone().engine.to_dict() == state.engine.to_dict()
    untouched = game.new_initial_state()  # cloned before anything dealt it
    assert str(untouched.clone()) == str(untouched)


def ismcts_bot(game: object, sims: int, seed: int) -> object:
    return ismcts.ISMCTSBot(game, HeuristicEvaluator(), 1.5, sims, random_state=np.random.RandomState(seed),
                            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)


def play(game: object, bots: dict[int, object], rng: np.random.Generator) -> object:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            step_randomly(state, rng)
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state


def test_openspiels_ismcts_beats_random_at_glyfts() -> None:
    """IS-MCTS (OpenSpiel's, over `resample_from_infostate`) wins both seats of Glyfts against
    random: 2 games; random against random wins a game half the time (both: a quarter)."""
    game = load("glyfts", seed=8)
    rng = np.random.default_rng(0)
    for me in (0, 1):
        bots = {me: ismcts_bot(game, 20, me), 1 - me: UniformRandomBot(1 - me, np.random.RandomState(me))}
        assert play(game, bots, rng).returns()[me] == 1.0


@pytest.mark.parametrize("game_id", games.ids())
def test_openspiels_ismcts_and_mcts_play_every_game(game_id: str) -> None:
    """A bounded game of IS-MCTS against MCTS (both OpenSpiel's): IS-MCTS resamples hidden
    information at every step (and checks the information state is unchanged by it); MCTS
    searches clones, meeting every roll and draw as a chance node."""
    game = load(game_id, max_steps={"glyphs": 3, "heroscape": 12}.get(game_id, 30))
    sims = 2 if game_id == "glyphs" else 6
    bots = {0: ismcts_bot(game, sims, 1),
            1: mcts.MCTSBot(game, 1.4, sims, HeuristicEvaluator(), random_state=np.random.RandomState(1))}
    state = play(game, bots, np.random.default_rng(1))
    assert state.is_terminal() and abs(sum(state.returns())) < 1e-9


def test_the_information_state_is_perfect_recall_and_survives_resampling() -> None:
    game = load("inscription", seed=2)
    state = game.new_initial_state()
    rng = np.random.default_rng(4)
    keys = set()
    memories = set()
    for _ in range(40):
        if state.is_terminal():
            break
        if not state.is_chance_node():
            player = state.current_player()
            key = state.information_state_string(player)
            assert key.endswith(state.observation_string(player))  # the memory, then the view
            keys.add(key)
            memories.add(key.split(" ", 1)[0])
            sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
            worlds = [state.resample_from_infostate(player, sampler) for _ in range(3)]
            for world in worlds:
                assert world.information_state_string(player) == key
                assert world.information_state_tensor(player) == state.information_state_tensor(player)
                assert world.legal_actions() == state.legal_actions()
        step_randomly(state, rng)
    assert len(keys) > 10 and len(memories) > 10  # the memory grows with the history
    hidden = [json.dumps(w.engine.to_dict(), sort_keys=True) for w in worlds]
    assert len(set(hidden)) > 1  # the worlds differ in what the seat cannot see
    assert not game.get_type().provides_information_state_tensor  # the tensor is not perfect recall


def test_serialization_rebuilds_a_state_from_its_seed_and_record() -> None:
    game = load("glyfts", seed=11)
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(30):
        step_randomly(state, rng)
    while state.is_chance_node():
        step_randomly(state, rng)
    world = state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0))
    for _ in range(10):
        step_randomly(world, rng)
    while world.is_chance_node():
        step_randomly(world, rng)
    for original in (state, world):
        text = pyspiel.serialize_game_and_state(game, original)
        assert len(text) < 2000  # a seed and a record, not the whole position
        _, again = pyspiel.deserialize_game_and_state(text)
        assert again.engine.to_dict() == original.engine.to_dict()
        assert again.history() == original.history()
        player = original.current_player()
        assert again.information_state_string(player) == original.information_state_string(player)
    saved = game.deserialize_state(state.serialize_state())  # the engine's saved form
    assert saved.engine.to_dict() == state.engine.to_dict()


def test_outcome_sampling_mccfr_runs_on_a_short_variant() -> None:
    """MCCFR needs perfect-recall information states; on Glyfts cut to 4 decisions it learns a
    policy over them."""
    game = load("glyfts", max_steps=4, chance_outcomes=4)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(30):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())
    assert abs(sum(probabilities.values()) - 1.0) < 1e-6


def test_every_game_loads_with_its_ids_and_tensors() -> None:
    for game_id in games.ids():
        engine = games.get(game_id)
        game = pyspiel.load_game(short_name(game_id), {"players": engine.min_players})
        assert game.num_distinct_actions() == engine.num_distinct_actions(engine.min_players, {
            "make_death_card": False} if game_id == "inscription" else None)
        state = game.new_initial_state()
        player = state.current_player()
        assert state.legal_actions(player) == sorted(state.engine.legal_action_ids(player))


def test_the_observer_gives_the_engines_tensors() -> None:
    game = load("inscription")
    state = game.new_initial_state()
    while state.is_chance_node() or state.current_player() != 1:
        step_randomly(state, np.random.default_rng(1))
    player = state.current_player()
    assert np.array_equal(np.array(state.observation_tensor(player), np.float32),
                          state.engine.observation_tensor(player))
    assert np.array_equal(np.array(state.information_state_tensor(player), np.float32),
                          state.engine.information_state_tensor(player))


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(Exception, match="at least 1"):
        load("glyfts", chance_outcomes=0)
