"""Rulebook, Setup, Dealing the Cards and Gameplay."""

import pytest

from glyphhall.engine import IllegalAction, Rng
from glyphhall.games.inscription import GAME
from glyphhall.games.inscription.cards import catalog
from glyphhall.games.inscription.draft import communal_pile

from .helpers import act, bell, names, position, row


def draft_all(st, rng=None):
    rng = rng or Rng(3)
    while st.phase == "draft":
        seat = st.to_move()[0]
        st.apply(seat, rng.choice(st.legal_actions(seat)))


def test_draft_three_face_up_a_picks_then_b_and_the_third_is_set_aside():
    """Rulebook, Dealing the Cards: 3 face up, Player A then Player B, the last set aside."""
    st = GAME.new(2, 1)
    assert len(st.faceup) == 3 and st.to_move() == (0,)
    third = st.faceup[2]
    act(st, "draft 1")
    assert st.to_move() == (1,) and len(st.faceup) == 2
    act(st, "draft 1")
    assert st.set_aside == [third] and len(st.faceup) == 3 and st.to_move() == (0,)


def test_pick_order_swaps_after_ten_cards_each():
    """Rulebook, Dealing the Cards: after 10 cards each Player B chooses first."""
    st = GAME.new(2, 2)
    for _ in range(10):
        assert st.to_move() == (0,)
        act(st, "draft 1")
        act(st, "draft 1")
    assert [len(d) for d in st.decks] == [10, 10]
    assert st.to_move() == (1,)


def test_each_player_ends_the_draft_with_twenty_shuffled_cards():
    """Rulebook, Dealing the Cards: 20 cards each, shuffled onto the draw pile."""
    st = GAME.new(2, 3)
    picks = [[], []]
    while st.phase == "draft":
        seat = st.to_move()[0]
        picks[seat].append(st.faceup[0])
        act(st, "draft 1")
    squirrel = st.tokens["Squirrel"]
    for seat in (0, 1):
        own = [c for c in st.decks[seat] + st.hands[seat] if c != squirrel]
        assert sorted(own) == sorted(picks[seat]) and len(own) == 20
    shuffled = [st.decks[s] + st.hands[s][::-1] != picks[s] for s in (0, 1)]
    assert any(shuffled)


def test_a_coin_flip_decides_who_goes_first():
    """Rulebook, Gameplay: flip the coin to determine who goes first (drawn from the state's rng)."""
    firsts = set()
    for seed in range(12):
        st = GAME.new(2, seed)
        draft_all(st, Rng(seed))
        firsts.add(st.turn)
    assert firsts == {0, 1}


def test_first_turn_draws_three_creatures_and_a_squirrel():
    """Rulebook, Gameplay > 1. Draw: the first turn for each player, 3 creature cards and 1 squirrel."""
    st = GAME.new(2, 4)
    draft_all(st)
    first, second = st.turn, 1 - st.turn
    assert len(st.hands[first]) == 4 and len(st.decks[first]) == 17
    assert names(st, st.hands[first]).count("Squirrel") == 1
    assert st.hands[second] == []  # the second player draws on their own first turn
    assert st.phase == "play"  # no further draw on the first turn
    bell(st)
    assert len(st.hands[second]) == 4 and st.phase == "play"


def test_later_turns_draw_a_creature_or_a_squirrel():
    """Rulebook, Gameplay > 1. Draw: on all other turns, a creature card or a squirrel."""
    st = position(phase="draw", deck0=["Wolf", "Stoat"])
    assert [str(a) for a in st.legal_actions(0)] == ["draw creature", "draw squirrel"]
    act(st, "draw creature")
    assert names(st, st.hands[0]) == ["Stoat"] and st.phase == "play"
    st = position(phase="draw")
    assert [str(a) for a in st.legal_actions(0)] == ["draw squirrel"]  # out of creature cards
    with pytest.raises(IllegalAction):
        act(st, "draw creature")


def test_limited_squirrels_variant():
    """Rulebook, Further Rule Details > Squirrels: 10 squirrels per player per round."""
    st = position(phase="draw", limited_squirrels=True)
    st.squirrels = [1, 10]
    act(st, "draw squirrel")
    assert st.squirrels[0] == 0
    st.phase, st.turn = "draw", 0
    assert st.legal_actions(0) == [] or "draw squirrel" not in [str(a) for a in st.legal_actions(0)]


def test_out_of_cards_and_squirrels_skips_the_draw():
    """Rulebook, Dealing the Cards: a player out of cards plays on without drawing."""
    st = position(board1=["Stoat", None, None, None], limited_squirrels=True)
    st.squirrels = [0, 0]
    bell(st)  # seat 1's turn: nothing to draw
    assert st.turn == 1 and st.phase == "play"


def test_play_as_many_cards_as_you_like_one_per_space():
    """Rulebook, Gameplay > 2. Play Cards: any number, only one card in each space."""
    st = position(hand0=["Squirrel", "Squirrel", "Geck"])
    act(st, "play 1 1")
    act(st, "play 1 2")
    assert "play 1 1" not in [str(a) for a in st.legal_actions(0)]
    act(st, "play 1 3")
    assert row(st, 0) == ["Squirrel", "Squirrel", "Geck", None]


def test_ringing_the_bell_attacks_in_the_arrows_order_then_the_adversary_plays():
    """Rulebook, Gameplay > 3-5: ring the bell, cards attack one by one along the arrow."""
    st = position(board0=["Stoat", None, "Wolf", None], board1=[None, None, None, None])
    events = bell(st)
    strikes = [e for e in events if "takes" in e]
    assert strikes == ["seat 1 takes 1 damage (scale +1)", "seat 1 takes 3 damage (scale +4)"]
    assert st.turn == 1


def test_first_turn_damage_is_capped_at_three():
    """Rulebook, Gameplay > 4, Important Note: at most 3 counted on the scale on a first turn."""
    st = position(board0=["Wolf", "Wolf", None, None], first_turn=(1, 1))
    bell(st)
    assert st.scale == 3
    st = position(board0=["Wolf", "Wolf", None, None])
    bell(st)
    assert st.scale == 5 or st.candles[1] == 1


def test_the_scale_tips_back_and_forth():
    """Rulebook, The Scale / Damage: the tooth moves toward whoever is damaged."""
    st = position(board0=["Stoat", None, None, None], board1=[None, "Wolf", None, None], scale=0)
    bell(st)
    assert st.scale == 1
    act(st, "draw squirrel")
    bell(st)
    assert st.scale == -2


def test_five_on_the_scale_puts_out_a_candle_and_two_end_the_game():
    """Rulebook, Gameplay > 5 and Player Death: 5 damage loses a life; both candles lose the game."""
    st = position(board0=["Wolf", None, None, None], scale=3, make_death_card=False)
    bell(st)
    assert st.candles == [2, 1] and not st.is_over()
    st = position(board0=["Wolf", None, None, None], scale=3, candles=(2, 1), make_death_card=False)
    bell(st)
    assert st.is_over() and st.returns() == [1.0, 0.0]


def test_turn_limit_ends_a_stalemate_as_a_draw():
    """Our rule (the rulebook has none for a stalemate): the game is drawn after `turn_limit` turns."""
    st = position(turn_limit=5)  # the position is in its 5th turn
    bell(st)
    assert st.is_over() and st.returns() == [0.5, 0.5]


def test_unused_cards_are_only_in_the_draw_pile_when_chosen():
    """Rulebook, Extra / Unused cards: printed but not used, unless the players opt in."""
    cat = catalog()
    unused = {"Great White", "Grizzly", "Strange Larva", "Ouroboros", "Child 13"}
    default = {cat.defs[c].name for c in communal_pile(cat, False)}
    opted = {cat.defs[c].name for c in communal_pile(cat, True)}
    assert not unused & default and unused <= opted
