"""Inscription positions as data (README, "Positions"): a scenario reads position, actions,
expected events and view."""

from pathlib import Path

import pytest

from glyphhall.engine import LoadError, ScriptError
from glyphhall.games.inscription import GAME

HOARDER = Path(__file__).parents[3] / "glyphhall/games/inscription/positions/hoarder.toml"


def test_the_hoarder_position_takes_a_card_and_the_deck_is_shuffled_as_scripted():
    st = GAME.load_position(HOARDER.read_text())
    events = [e.text for e in st.apply_text(0, "play 1 3 sacrifice 1 2")]
    assert events[-1] == "seat 0 plays Magpie on space 3"
    assert [str(a) for a in st.legal_actions(0)] == ["take bullfrog", "take stoat", "take wolf"]
    assert [e.text for e in st.apply_text(0, "take wolf")] == ["seat 0 gets Wolf in hand (chosen from the deck)"]
    view = st.view(0)
    assert view["scale"] == 2 and view["bones"] == [3, 0]
    assert [st.defs[c].name for c in st.decks[0]][::-1] == ["Bullfrog", "Stoat"]  # [chance] orders: top first


def test_a_position_literal_with_defaults():
    st = GAME.load_position({
        "options": {"make_death_card": False},
        "seats": [{"board": ["Wolf", "", "", ""]}, {"board": ["", "", "", ""], "candles": 1}],
        "position": {"scale": 3},
    })
    assert st.to_move() == (0,) and st.phase == "play"
    events = [e.text for e in st.apply_text(0, "bell")]
    assert "seat 1 dies: a candle goes out (0 left)" in events and st.is_over()


def test_bad_positions_are_refused_with_the_reason():
    with pytest.raises(LoadError, match="no card named 'Dragon'"):
        GAME.load_position({"seats": [{"hand": ["Dragon"]}, {}]})
    with pytest.raises(LoadError, match="two \\[\\[seats\\]\\]"):
        GAME.load_position({"seats": [{}]})
    with pytest.raises(LoadError, match="'seats\\[1\\].graveyard'"):
        GAME.load_position({"seats": [{}, {"graveyard": []}]})
    with pytest.raises(LoadError, match="4 spaces"):
        GAME.load_position({"seats": [{"board": ["Wolf"]}, {}]})
    with pytest.raises(LoadError, match="'position.step'"):
        GAME.load_position({"seats": [{}, {}], "position": {"step": "draft"}})


def test_a_script_that_does_not_fit_stops_with_both_named():
    with pytest.raises(LoadError, match="not in Player A's deck or Player B's deck"):  # fits no deck: at load
        GAME.load_position({"seats": [{"board": ["Magpie", "", "", ""], "deck": ["Wolf", "Stoat"]}, {}],
                            "chance": {"orders": [["Raven", "Stoat"]]}})
    st = GAME.load_position({"seats": [{"board": ["Magpie", "", "", ""], "deck": ["Wolf", "Stoat", "Raven"]}, {}],
                             "chance": {"orders": [["Raven", "Stoat"]], "strict": False}})
    with pytest.raises(LoadError, match="no card named"):
        GAME.load_position({"seats": [{}, {}], "chance": {"orders": [["Nobody"]]}})
    st.pending.append(("hoard", 0, 0))
    with pytest.raises(ScriptError, match="not an order"):  # fits the deck, but not after this choice
        st.apply_text(0, "take raven")
