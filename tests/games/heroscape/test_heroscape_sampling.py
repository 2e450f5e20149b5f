"""Heroscape draws a placement without listing every free space (`decisions.sample_place`): it
draws what a choice from the list draws; other decisions draw from the list."""

from glyphhall.games.heroscape import GAME
from tests.conformance.sampling import assert_samples_as_a_choice_from_the_list, positions


def _placing(state, seat):
    return bool(state.pending) and state.pending[0][1] == "place"


def test_placements_are_drawn_as_from_the_list():
    found = positions(GAME, 2, range(1, 3), _placing, limit=4)
    found += positions(GAME, 3, range(1, 2), _placing, limit=2)
    assert len(found) >= 5
    for state, seat in found:
        assert_samples_as_a_choice_from_the_list(state, seat)


def test_other_decisions_draw_from_the_list():
    found = positions(GAME, 2, range(1, 3), lambda s, seat: not _placing(s, seat) and len(s.legal_actions(seat)) > 1)
    assert found
    for state, seat in found:
        assert_samples_as_a_choice_from_the_list(state, seat)
