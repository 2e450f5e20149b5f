"""The default wording for people: seat numbers become names, results say who won."""

from glyphhall.engine import Event
from glyphhall.engine.wording import join_names, name_seats, plain_result
from tests.engine.toy import GAME as TOY


def test_seat_numbers_become_names_with_possessives():
    names = ["Ann", "Bob"]
    assert name_seats("seat 1 plays Stoat on seat 0's space 2", names) == "Bob plays Stoat on Ann's space 2"
    assert name_seats("Seat 0 draws", names) == "Ann draws"


def test_a_seat_without_a_name_is_left_as_it_is():
    assert name_seats("seat 3 passes; seat 1 waits", ["Ann", ""]) == "seat 3 passes; seat 1 waits"
    assert name_seats("a seated mage (seat 12)", ["Ann"]) == "a seated mage (seat 12)"


def test_names_are_joined_as_in_a_sentence():
    assert join_names(["Ann"]) == "Ann"
    assert join_names(["Ann", "Bob"]) == "Ann and Bob"
    assert join_names(["Ann", "Bob", "Cy"]) == "Ann, Bob and Cy"


def test_plain_results_name_the_winners():
    assert plain_result([1.0, 0.0], ["Ann", "Bob"]) == "Ann wins"
    assert plain_result([1.0, 0.0, 1.0], ["Ann", "Bob", "Cy"]) == "Ann and Cy win"
    assert plain_result([0.5, 0.5], ["Ann", "Bob"]) == "The game is a draw"
    assert plain_result([1.0], ["Ann"]) == "Ann wins"


def test_the_games_default_hooks_use_the_names():
    state = TOY.new(2, seed=1)
    assert TOY.event_text(Event("seat 0 takes 2"), ["Ann", "Bob"]) == "Ann takes 2"
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    text = TOY.result_text(state, ["Ann", "Bob"])
    assert text in ("Ann wins", "Bob wins", "The game is a draw")
