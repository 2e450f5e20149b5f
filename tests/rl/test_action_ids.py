"""Fixed action ids and designed tensors on the engine contract (engine/action_ids.py,
engine/tensors.py, each game's encoding module): ids in range, unique within a legal list,
round-tripping, stable across versions of the code (pinned examples); tensors of the documented
shape and scale, and blind to everything hidden from the seat (determinize)."""

from __future__ import annotations

import numpy as np
import pytest

from glyphhall import games
from glyphhall.engine import Action, IllegalAction, Rng

#: (game, players, options, plies of random play checked)
CASES = [
    ("inscription", 2, {"make_death_card": False}, 260),
    ("inscription", 2, {"limited_squirrels": True, "blank_death_cards": 5}, 400),
    ("glyfts", 2, {}, 220),
    ("glyfts", 4, {}, 160),
    ("tundrus", 2, {}, 300),
    ("tundrus", 4, {}, 200),
    ("heroscape", 2, {}, 250),
    ("heroscape", 4, {"teams": "pairs", "map": "giants"}, 200),
    ("glyphs", 3, {}, 40),
    ("glyphs", 2, {"mode": "duel"}, 40),
]
IDS = [f"{g}-{p}p-{i}" for i, (g, p, _, _) in enumerate(CASES)]


def _positions(game_id: str, players: int, options: dict, plies: int, seed: int = 5):
    """(state, seat) at each decision of a seeded random game, every seat to move included."""
    game = games.get(game_id)
    state, rng = game.new(players, seed, options), Rng(seed)
    for _ in range(plies):
        if state.is_over():
            return
        for seat in state.to_move():
            yield state, seat
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("game_id, players, options, plies", CASES, ids=IDS)
def test_ids_are_in_range_unique_and_round_trip(game_id, players, options, plies) -> None:
    size = games.get(game_id).num_distinct_actions(players, options)
    checked = 0
    for state, seat in _positions(game_id, players, options, plies):
        legal = state.legal_actions(seat)
        ids = state.legal_action_ids(seat)
        assert len(ids) == len(legal) and len(set(ids)) == len(ids), [str(a) for a in legal]
        assert all(0 <= i < size for i in ids)
        for action, i in zip(legal, ids, strict=True):
            assert state.action_id(seat, action) == i
            assert state.action_from_id(seat, i) == action
            checked += 1
    assert checked > plies


@pytest.mark.parametrize(
    "game_id, players, text, expected",
    [
        ("inscription", 2, "bell", 6976),
        ("inscription", 2, "draw squirrel", 4),
        ("glyfts", 2, "done", 1704),
        ("glyfts", 2, "attack storm_roc leviathan", None),
    ],
)
def test_ids_are_stable(game_id, players, text, expected) -> None:
    """The numbering is part of the contract: a checkpoint trained today must mean the same moves
    tomorrow. Pinned here; a change must be deliberate (and the game's version raised)."""
    game = games.get(game_id)
    sizes = {"inscription": 7184, "glyfts": 1705}
    assert game.num_distinct_actions(players) == sizes[game_id]
    codec = game.action_codec(players, game.resolve_options({}))
    verb, *args = text.split()
    action = Action(verb, tuple(args))
    if expected is None:  # a two-card verb: its place within its block follows the card data's order
        start = next(s for v, s, _, _ in codec.blocks if v == verb)
        from glyphhall.games.glyfts.encoding import CREATURES

        expected = start + CREATURES.index(args[0]) * len(CREATURES) + CREATURES.index(args[1])
    state = game.new(players, 0)
    assert codec.encode(state, 0, action) == expected


@pytest.mark.parametrize("game_id, players, options, plies", CASES, ids=IDS)
def test_tensors_have_their_shape_and_scale_and_hide_what_the_seat_cannot_see(
    game_id, players, options, plies
) -> None:
    game = games.get(game_id)
    shapes = (game.observation_tensor_shape(players, options), game.information_state_tensor_shape(players, options))
    changed = 0
    previous = None
    for n, (state, seat) in enumerate(_positions(game_id, players, options, plies)):
        tensors = (state.observation_tensor(seat), state.information_state_tensor(seat))
        for tensor, shape in zip(tensors, shapes, strict=True):
            assert tensor.shape == shape and tensor.dtype == np.float32
            assert tensor.min() >= -1.0 and tensor.max() <= 8.0  # scaled, or small counts
        if previous is not None and not np.array_equal(previous, tensors[0]):
            changed += 1
        previous = tensors[0]
        for k in range(2):
            world = state.determinize(seat, Rng(1000 * n + k))
            assert np.array_equal(world.observation_tensor(seat), tensors[0])
            assert np.array_equal(world.information_state_tensor(seat), tensors[1])
    assert changed > plies // 4  # the tensors do follow the game


def test_an_id_that_names_no_legal_action_is_refused_and_changes_nothing() -> None:
    game = games.get("inscription")
    state = game.new(2, 3)
    before = state.to_dict()
    size = game.num_distinct_actions(2)
    legal = set(state.legal_action_ids(0))
    illegal = next(i for i in range(size) if i not in legal)
    for bad, message in [(size, "outside"), (-1, "outside"), (illegal, "not legal"), ("x", "whole number")]:
        with pytest.raises(IllegalAction, match=message):
            state.action_from_id(0, bad)
    with pytest.raises(IllegalAction, match="not seat 1's move"):
        state.action_from_id(1, next(iter(legal)))
    assert state.to_dict() == before


def test_every_game_has_ids_and_tensors() -> None:
    for game_id in games.ids():
        game = games.get(game_id)
        assert game.num_distinct_actions(game.min_players) > 0
        assert game.observation_tensor_shape(game.min_players)[0] > 0


def test_the_tables_describe_every_id() -> None:
    for game_id in games.ids():
        game = games.get(game_id)
        codec = game.action_codec(game.min_players, game.resolve_options({}))
        lines = codec.describe()
        last = int(lines[-1].split(":")[0].split("..")[1])
        assert last == codec.size - 1
