"""Inscription draws a random play without listing every play (`actions.sample_action`): in play
steps with sacrifices, bones, identical cards and items, it draws what a choice from the list
draws; other steps draw from the list."""

from glyphhall.games.inscription import GAME
from glyphhall.games.inscription.cards import BLOOD
from glyphhall.games.inscription.notation import PLAY
from tests.conformance.sampling import assert_samples_as_a_choice_from_the_list, positions


def _plays_with_sacrifices_and_items(state, seat):
    listed = state.legal_actions(seat)
    return (state.phase == PLAY and not state.pending and any("sacrifice" in a.args for a in listed)
            and any(a.verb == "item" for a in listed))


def test_play_steps_are_drawn_as_from_the_list():
    found = positions(GAME, 2, range(1, 40), _plays_with_sacrifices_and_items, limit=8)
    found += positions(GAME, 2, range(40, 45), lambda s, seat: s.phase == PLAY and len(s.legal_actions(seat)) > 3)
    assert len(found) >= 10
    assert any(any(s.defs[c].kind == BLOOD for c in s.hands[seat]) for s, seat in found)
    for state, seat in found:
        assert_samples_as_a_choice_from_the_list(state, seat)


def test_other_steps_draw_from_the_list():
    found = positions(GAME, 2, range(1, 4), lambda s, seat: (s.phase != PLAY or s.pending)
                      and len(s.legal_actions(seat)) > 1)
    assert found
    for state, seat in found:
        assert_samples_as_a_choice_from_the_list(state, seat)
