"""Seeded random playouts over many option sets: games finish, invariants hold, and no seat's
view shows another seat's face-down order markers."""

import json

import pytest

from glyphhall.engine import Rng
from glyphhall.games.heroscape.game import GAME
from glyphhall.games.heroscape.state import ON

OPTION_SETS = [
    {"map": "skirmish", "armies": "starter"},
    {"map": "giants", "armies": "giants"},
    {"map": "giants", "glyph_faces": "hidden", "points": 500},
    {"map": "valkyrie", "armies": "valkyrie", "order_placement": "sequential", "kelda": "wiki"},
    {"map": "valkyrie", "armies": "heroes", "extreme_height": "aoa", "friendly_fire": True, "sturla": 20},
    {"map": "giants", "glyphs": "equipment", "points": 700, "round_limit": 6},
]


def check_invariants(s):
    occupied = {}
    for f, st in enumerate(s.f_state):
        if st == ON:
            assert s.f_wounds[f] < s.card_of(f).life
            for h in (s.f_hex[f], s.f_tail[f]):
                if h >= 0 and s.moving != f:
                    assert s.occ[h] == f, "a standing figure owns its space"
                    occupied[h] = f
            if s.f_tail[f] >= 0 and s.moving != f:
                assert s.board.levels[s.f_hex[f]] == s.board.levels[s.f_tail[f]]
        else:
            assert s.f_hex[f] == -1
    for o in s.occ:
        if o >= 0:
            assert s.f_state[o] == ON
    for c, key in enumerate(s.c_glyph):
        if key:
            assert s.c_def[c].unique and s.c_def[c].hero, "only unique heroes carry equipment"


def hidden_markers_do_not_leak(s):
    for seat in (0, 1):
        view = json.dumps(s.view(seat))
        other = 1 - seat
        for m in range(3):
            c = s.markers[other][m]
            if c >= 0 and not s.revealed[other][m]:
                card = s.view(seat)["cards"][c]
                assert str(m + 1) not in card["markers"], "an opponent's face-down marker is visible"
        assert view


@pytest.mark.parametrize("opts", OPTION_SETS, ids=[str(i) for i in range(len(OPTION_SETS))])
def test_random_games_finish_with_invariants(opts):
    for seed in range(3):
        s = GAME.new(2, seed, opts)
        rng = Rng(seed + 99)
        steps = 0
        while not s.is_over():
            seat = rng.choice(s.to_move())
            legal = s.legal_actions(seat)
            assert legal
            s.apply(seat, rng.choice(legal), check=False)
            steps += 1
            assert steps < 20000
            if steps % 11 == 0:
                check_invariants(s)
                hidden_markers_do_not_leak(s)
        assert sum(s.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("players", [3, 4])
def test_multiplayer_random_games_finish(players):
    for seed in range(2):
        s = GAME.new(players, seed, {"map": "giants" if seed else "valkyrie"})
        rng = Rng(seed + 7)
        steps = 0
        while not s.is_over():
            seat = rng.choice(s.to_move())
            s.apply(seat, rng.choice(s.legal_actions(seat)), check=False)
            steps += 1
            assert steps < 20000
            if steps % 13 == 0:
                check_invariants(s)
        assert len(s.returns()) == players and sum(s.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("opts", [{"map": "giants", "points": 700}, {"map": "valkyrie", "armies": "heroes"}],
                         ids=["giants", "heroes"])
def test_clones_share_nothing_that_play_changes(opts):
    """Clones share the card lists and marker rows copy-on-write: playing a clone to the end
    (drafts, markers, spirits, Mind Shackle, equipment...) never changes the original."""
    for seed in range(2):
        s = GAME.new(2, seed, opts)
        rng = Rng(seed + 5)
        steps = 0
        while not s.is_over():
            if steps % 40 == 0:
                before = json.dumps(s.to_dict(), sort_keys=True)
                twin = s.clone()
                twin_rng = Rng(steps)
                while not twin.is_over():
                    seat = twin_rng.choice(twin.to_move())
                    twin.apply(seat, twin_rng.choice(twin.legal_actions(seat)), check=False)
                assert json.dumps(s.to_dict(), sort_keys=True) == before
            seat = rng.choice(s.to_move())
            s.apply(seat, rng.choice(s.legal_actions(seat)), check=False)
            steps += 1
