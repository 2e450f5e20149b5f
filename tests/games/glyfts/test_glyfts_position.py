"""Glyfts positions as data (README, "Positions"): position, actions, expected events and view."""

from pathlib import Path

import pytest

from glyphhall.engine import LoadError
from glyphhall.games.glyfts import GAME
from glyphhall.games.glyfts.cards import CARDS

PUZZLE = Path(__file__).parents[3] / "glyphhall/games/glyfts/positions/last-capture.toml"

BATTLE = """
players = 2
[position]
step = "attack"
[[seats]]
circle = ["Storm Roc", "Gale Sprite"]
under = { "Storm Roc" = ["Strength"] }
[[seats]]
circle = ["Cloud Heron"]
[chance]
dice = ["d6 6", "d6 1"]   # the attacker's die, then the defender's
"""


def test_a_battle_with_named_dice_captures():
    st = GAME.load_position(BATTLE)
    assert [str(a) for a in st.legal_actions(0)] == [
        "attack storm_roc cloud_heron", "attack gale_sprite cloud_heron", "done"]
    st.apply_text(0, "attack storm_roc cloud_heron")
    events = [e.text for e in st.apply_text(0, "roll")]
    assert events[0] == "seat 0 rolls 6, seat 1 rolls 1"
    assert "seat 0 captures seat 1's Cloud Heron" in events[1]
    assert st.view(None)["players"][0]["skill"] == 1


def test_the_puzzle_file_and_what_is_not_named():
    st = GAME.load_position(PUZZLE.read_text())
    view = st.view(0)
    assert [p["skill"] for p in view["players"]] == [8, 0] and view["phase"] == "place"
    # every Creature no seat names is dealt to the reserves; the Sorcery cards named nowhere are the deck
    assert sum(len(r) for r in st.reserve) + 7 == len(CARDS.creatures)
    assert len(st.deck) + 3 + 1 + 1 == sum(CARDS.counts)


def test_bad_positions_are_refused_with_the_reason():
    with pytest.raises(LoadError, match="no Creature card named 'Dragon'"):
        GAME.load_position({"seats": [{"circle": ["Dragon"]}, {}]})
    with pytest.raises(LoadError, match="2-player position lists 2"):
        GAME.load_position({"seats": [{}]})
    with pytest.raises(LoadError, match="exactly one"):
        GAME.load_position({"seats": [{"circle": ["Storm Roc"]}, {"circle": ["Storm Roc"]}]})
    with pytest.raises(LoadError, match="'position.step'"):
        GAME.load_position({"seats": [{}, {}], "position": {"step": "battle"}})
    with pytest.raises(LoadError, match="the box has 6"):
        GAME.load_position({"seats": [{"hand": ["Skyborne Glyft"] * 7}, {}]})
    with pytest.raises(LoadError, match="'position.deck' is the whole Sorcery Deck and 'position.next'"):
        GAME.load_position({"seats": [{}, {}], "position": {"deck": ["Ward"], "next": ["Ward"]}})
    with pytest.raises(LoadError, match="Creatures are named nowhere and no seat"):
        GAME.load_position({"seats": [{"deal": False}, {"deal": False}]})
    with pytest.raises(LoadError, match="'seats\\[0\\].deal' must be a true or false"):
        GAME.load_position({"seats": [{"deal": "no"}, {}]})


def test_a_seat_dealt_nothing_keeps_its_reserve_as_listed():
    """`deal = false`: the Creatures no seat names go to the other seats (here seat 1 alone)."""
    st = GAME.load_position({"seats": [{"circle": ["Storm Roc"], "reserve": ["Gale Sprite"], "deal": False},
                                       {"circle": ["Leviathan"]}]})
    assert [CARDS.creatures[x].id for x in st.reserve[0]] == ["gale_sprite"]
    assert len(st.reserve[1]) == len(CARDS.creatures) - 3


def test_the_whole_deck_or_the_next_cards():
    """`deck` is the whole Sorcery Deck (the cards named nowhere lie in the discard pile); `next`
    only the cards drawn next, on top of the others shuffled."""
    whole = GAME.load_position({"seats": [{}, {}], "position": {"deck": ["Capture", "Ward"]}})
    ward, capture = (next(c.index for c in CARDS.sorceries if c.id == x) for x in ("ward", "capture"))
    assert whole.deck == [ward, capture] and sum(whole.discard) == sum(CARDS.counts) - 2
    top = GAME.load_position({"seats": [{}, {}], "position": {"next": ["Capture", "Ward"]}})
    assert top.deck[-2:] == [ward, capture] and len(top.deck) == sum(CARDS.counts) and sum(top.discard) == 0
