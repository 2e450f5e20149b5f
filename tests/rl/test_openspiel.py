"""The OpenSpiel adapter: OpenSpiel's own random-simulation checks (legal actions, observation
tensors and strings, returns, cloning at every step) on registered Glyph Hall games, the saved
form round trip, and the tensors matching the engine's."""

from __future__ import annotations

import json

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from glyphhall import games  # noqa: E402
from glyphhall.rl.openspiel import register_all, short_name  # noqa: E402

register_all()


@pytest.mark.parametrize("game_id", games.ids())
def test_openspiel_style_random_playthroughs(game_id: str) -> None:
    """What OpenSpiel's `random_sim_test` checks at every step (it passes on Inscription and Glyfts,
    bench/RESULTS.md; a whole random game of some titles takes minutes), for 120 steps of each game (Glyphs 8, Heroscape 40):
    sorted unique legal ids in range, clones equal to their original, tensors of the declared
    sizes, the same play from a clone, zero-sum returns at the end."""
    engine = games.get(game_id)
    game = pyspiel.load_game(short_name(game_id), {"players": max(2, engine.min_players), "seed": 5})
    state = game.new_initial_state()
    rng = np.random.default_rng(5)
    # a Glyphs step asks the belief model, a Heroscape view draws the battlefield: fewer steps there
    for _ in range({"glyphs": 8, "heroscape": 40}.get(game_id, 120)):
        if state.is_terminal():
            assert abs(sum(state.returns())) < 1e-9
            break
        player = state.current_player()
        legal = state.legal_actions()
        assert legal == sorted(set(legal)) and legal[0] >= 0 and legal[-1] < game.num_distinct_actions()
        assert len(state.observation_tensor(player)) == game.observation_tensor_size()
        assert len(state.information_state_tensor(player)) == game.information_state_tensor_size()
        assert state.observation_string(player)
        clone = state.clone()
        assert str(clone) == str(state) and clone.legal_actions() == legal
        action = int(rng.choice(legal))
        state.apply_action(action)
        clone.apply_action(action)
        assert str(clone) == str(state)


def test_every_game_loads_with_its_ids_and_tensors() -> None:
    for game_id in games.ids():
        engine = games.get(game_id)
        game = pyspiel.load_game(short_name(game_id), {"players": engine.min_players})
        assert game.num_distinct_actions() == engine.num_distinct_actions(engine.min_players, {
            "make_death_card": False} if game_id == "inscription" else None)
        state = game.new_initial_state()
        player = state.current_player()
        assert state.legal_actions(player) == sorted(state.engine.legal_action_ids(player))


def test_a_game_is_its_seed_and_its_actions_and_the_saved_form_round_trips() -> None:
    game = pyspiel.load_game(short_name("glyfts"), {"players": 2, "seed": 11})
    one, two = game.new_initial_state(), game.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(60):
        if one.is_terminal():
            break
        action = int(rng.choice(one.legal_actions()))
        one.apply_action(action)
        two.apply_action(action)
    assert one.engine.to_dict() == two.engine.to_dict()  # the dice come from the seed
    again = game.deserialize_state(one.serialize_state())
    assert again.engine.to_dict() == one.engine.to_dict()
    assert again.legal_actions() == one.legal_actions()
    assert json.loads(one.serialize_state())["game"] == "glyfts"


def test_the_observer_gives_the_engines_tensors() -> None:
    game = pyspiel.load_game(short_name("inscription"), {"players": 2, "seed": 5})
    state = game.new_initial_state()
    for action in state.legal_actions()[:1]:
        state.apply_action(action)
    player = state.current_player()
    assert np.array_equal(np.array(state.observation_tensor(player), np.float32),
                          state.engine.observation_tensor(player))
    assert np.array_equal(np.array(state.information_state_tensor(player), np.float32),
                          state.engine.information_state_tensor(player))
