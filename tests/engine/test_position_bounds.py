"""Every position field is bounded by what the rules allow (engine/position.py's bounds for any
field, a game's own where its rules say more), and a scripted shuffle that fits no pile the game
may shuffle is refused at load, instead of stopping the table at that shuffle."""

import time
from pathlib import Path

import pytest

from glyphhall import games
from glyphhall.engine import LoadError

INSCRIPTION = games.get("inscription")
GLYFTS = games.get("glyfts")
HOARDER = (Path(__file__).parents[2] / "glyphhall/games/inscription/positions/hoarder.toml").read_text()


def _refused(game, text: str, message: str) -> None:
    started = time.perf_counter()
    with pytest.raises(LoadError, match=message):
        game.load_position(text)
    assert time.perf_counter() - started < 1.0


def test_a_twenty_thousand_card_hand_is_refused_with_a_sentence():
    hand = ", ".join(['"Squirrel"'] * 20_000)  # refused before it is parsed (engine/toml_text.py)
    _refused(INSCRIPTION, HOARDER.replace('hand = ["Magpie", "Squirrel"]', f"hand = [{hand}]"),
             "too complex to read: its lists and tables hold more than 10,000 entries")
    hand = ", ".join(['"Squirrel"'] * 600)
    _refused(INSCRIPTION, HOARDER.replace('hand = ["Magpie", "Squirrel"]', f"hand = [{hand}]"),
             r"'seats\[0\].hand' has 600 entries; a position has at most 500 in one place")


def test_an_inscription_seat_holds_no_more_than_the_box():
    """Rulebook, "What's in the box?": 204 cards, 50 bone tokens, 17 item cards, 20 Squirrels."""
    deck = ", ".join(['"Wolf"'] * 210)
    _refused(INSCRIPTION, HOARDER.replace('deck = ["Wolf", "Stoat", "Bullfrog"]', f"deck = [{deck}]"),
             "seat 0 has 214 cards in hand, deck, dead pile and on the board; the box has 204")
    _refused(INSCRIPTION, HOARDER.replace("bones = 1", "bones = 51"), "0 to 50 bones")
    _refused(INSCRIPTION, HOARDER.replace("bones = 1", "squirrels = 11"), "0 to 10 squirrels")
    assert INSCRIPTION.load_position(HOARDER.replace("bones = 1", "bones = 50")).bones[0] == 50


@pytest.mark.parametrize(("old", "new", "message"), [
    ("seed = 11", "seed = 1180591620717411303424", r"'seed' is a whole number from 0 to"),  # 2**70
    ("seed = 11", "seed = -1", r"'seed' is a whole number from 0 to"),
    ('title = "The Hoarder shuffles"', f'title = "{"x" * 101}"', "title is at most 100 characters"),
    ("scale = 2", "scale = 99999999999", "no number in a position is over 1,000,000"),
    ('hand = ["Squirrel"]', f'hand = ["{"S" * 400}"]', "a text of 400 characters; at most 300"),
])
def test_numbers_texts_and_the_seed_are_bounded(old, new, message):
    _refused(INSCRIPTION, HOARDER.replace(old, new), message)


def test_a_scripted_shuffle_that_fits_no_deck_is_refused_at_load():
    _refused(INSCRIPTION, HOARDER.replace('orders = [["Bullfrog", "Stoat"]]', 'orders = [["Raven", "Stoat"]]'),
             r"scripted shuffle 1 \(chance.orders\) holds cards that are not in Player A's deck or Player B's deck")
    assert INSCRIPTION.load_position(HOARDER).rng.orders  # the packaged one fits seat 0's deck


def test_a_glyfts_reshuffle_holds_no_more_of_a_card_than_the_box():
    text = (Path(__file__).parents[2] / "glyphhall/games/glyfts/positions/last-capture.toml").read_text()
    ok = text + '\n[chance]\norders = [["Fortune", "Strength"]]\nstrict = false\n'  # loaded, not played
    assert GLYFTS.load_position(ok).rng.orders
    seven = ", ".join(['"Fortune"'] * 13)
    _refused(GLYFTS, text + f"\n[chance]\norders = [[{seven}]]\n", "not in the box's Sorcery cards")
