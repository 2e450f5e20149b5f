"""Action notation, clear errors for bad input, card data validation, the terminal renderer and
the bot heuristic."""

import pytest
from rich.console import Console

from glyphhall.engine import DataError, IllegalAction, OptionError, Rng
from glyphhall.games.inscription import GAME
from glyphhall.games.inscription.cards import catalog, load_catalog
from glyphhall.games.inscription.terminal import render

from .helpers import act, position


def test_notation_help_names_every_verb():
    for verb in ("draft", "draw", "play", "sacrifice", "item", "bell", "eat", "pass", "take", "choose", "name"):
        assert verb in GAME.notation_help


def test_a_duplicate_card_may_be_named_by_any_of_its_hand_numbers():
    """Identical hand cards are offered once, but typing either number works."""
    st = position(hand0=["Squirrel", "Geck", "Squirrel"])
    assert GAME.parse_action(st, 0, "play 3 2") == GAME.parse_action(st, 0, "play 1 2")
    act(st, "play 3 2")
    assert len(st.hands[0]) == 2


def test_sacrifices_may_be_typed_in_any_order():
    st = position(board0=["Squirrel", "Squirrel", None, None], hand0=["Wolf"])
    assert str(GAME.parse_action(st, 0, "PLAY 1 3 Sacrifice 2 1")) == "play 1 3 sacrifice 1 2"


@pytest.mark.parametrize("text", ["play", "play 9 1", "play 1 7", "play 1 1 sacrifice 3", "draw creature",
                                  "item 1", "take wolf", "eat 1", "choose 1", "dance", "play x y"])
def test_bad_action_text_is_a_clear_error_and_changes_nothing(text):
    st = position(board0=["Stoat", None, None, None], hand0=["Wolf"])
    before = st.to_dict()
    with pytest.raises(IllegalAction) as info:
        st.apply_text(0, text)
    assert str(info.value) and "Traceback" not in str(info.value)
    assert st.to_dict() == before


def test_bad_options_are_clear_errors():
    with pytest.raises(OptionError, match="blank_death_cards"):
        GAME.new(2, 0, {"blank_death_cards": 9})
    with pytest.raises(OptionError, match="items"):
        GAME.new(2, 0, {"items": "sometimes"})
    with pytest.raises(OptionError):
        GAME.new(3, 0)


def test_card_data_marks_copy_counts_as_a_proposal():
    """The stats are facts; the tabletop copy counts are our proposal."""
    assert all(d.provenance == "proposal" for d in catalog().defs if d.copies)


def test_card_data_is_validated_with_file_and_entry_named(tmp_path):
    good = '[[card]]\nname = "Stoat"\ncost = "1 blood"\npower = 1\nhealth = 3\nsigils = []\ncopies = {draw = 1}\nprovenance = "proposal"\n'
    cases = {
        good.replace('"1 blood"', '"1 gold"'): "cost",
        good.replace("sigils = []", 'sigils = ["Flying"]'): "unknown sigil 'Flying'",
        good.replace("power = 1", "power = -1"): "'power'",
        good.replace("{draw = 1}", "{attic = 1}"): "unknown pile",
        good.replace('provenance = "proposal"', ""): "provenance",
        "[[card]\n": "not valid TOML",
        good: "the rules need a card named",
    }
    for text, message in cases.items():
        path = tmp_path / "cards.toml"
        path.write_text(text)
        with pytest.raises(DataError, match="cards.toml") as info:
            load_catalog(path)
        assert message in str(info.value)
    path.write_text(good)
    with pytest.raises(DataError, match=r"card #1 \(Stoat\)|Squirrel"):
        load_catalog(path)


def test_the_terminal_renders_every_phase():
    st = GAME.new(2, 2)
    rng = Rng(1)
    console = Console(width=120, record=True, color_system=None)
    shown = set()
    while not st.is_over():
        if st.phase not in shown:
            shown.add(st.phase)
            for seat in (0, 1, None):
                console.print(render(st.view(seat), seat))
        seat = st.to_move()[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    console.print(render(st.view(0), 0))
    text = console.export_text()
    assert "space 1" in text and "draft, round 1 of 20" in text and "wins" in text


def test_the_heuristic_prefers_a_better_position():
    """Game.heuristic (for the greedy bot): more damage on the adversary and a stronger board is better."""
    calm = position()
    ahead = position(scale=3, board0=["Grizzly", None, None, None], unused_cards=True)
    assert 0.0 < GAME.heuristic(calm, 0) < 1.0
    assert GAME.heuristic(ahead, 0) > GAME.heuristic(calm, 0) > GAME.heuristic(ahead, 1)


@pytest.mark.slow
def test_the_greedy_bot_beats_the_random_bot():
    """The heuristic is worth something: one-step greedy play wins most games against random."""
    from glyphhall import bots
    from glyphhall.bots import ask

    score = 0.0
    games = 30
    for g in range(games):
        st = GAME.new(2, 5000 + g)
        me = g % 2
        greedy, random = bots.make("heuristic", g), bots.make("random", g)
        while not st.is_over():
            seat = st.to_move()[0]
            st.apply(seat, ask(greedy if seat == me else random, st, seat))
        score += st.returns()[me]
    assert score / games >= 0.6


def test_a_bad_position_file_is_a_clear_error():
    """Bad input: a saved state with a card that does not exist, a bad board, a bad phase, or a
    draft showing more than three cards."""
    from glyphhall.engine import LoadError

    good = position(board0=["Wolf", None, None, None]).to_dict()
    for change in ({"hands": [[9999], []]}, {"board": [None] * 7}, {"phase": "dancing"},
                   {"board": [[1, 2]] + [None] * 7}, {"bones": "many"}, {"faceup": [1, 2, 3, 4]}):
        with pytest.raises(LoadError):
            GAME.load({**good, **change})
    assert GAME.load(good).to_dict() == good


def test_cards_may_be_named_instead_of_numbered():
    """Terminal play: 'play wolf 3 sacrifice 1 2', 'item hoggy-bank', 'draft <name>'."""
    st = position(board0=["Squirrel", "Squirrel", None, None], hand0=["Stoat", "Wolf"], items0=["Hoggy Bank"])
    assert str(GAME.parse_action(st, 0, "play wolf 3 sacrifice 1 2")) == "play 2 3 sacrifice 1 2"
    assert str(GAME.parse_action(st, 0, "item hoggy-bank")) == "item 1"
    with pytest.raises(IllegalAction):
        GAME.parse_action(st, 0, "play grizzly 3")
    st = GAME.new(2, 1)
    slug = st.defs[st.faceup[1]].slug
    assert GAME.parse_action(st, 0, f"draft {slug}") in st.legal_actions(0)
