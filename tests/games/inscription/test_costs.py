"""Rulebook, Card Costs: blood, bones and free cards."""

import pytest

from glyphhall.engine import IllegalAction

from .helpers import act, names, position, row


def plays(st, seat=0):
    return [str(a) for a in st.legal_actions(seat) if a.verb == "play"]


def test_blood_needs_sacrifices_of_cards_already_on_the_board():
    """Rulebook, Card Costs > Blood: sacrifice cards already in play, one blood each."""
    st = position(hand0=["Wolf"])  # 2 blood, empty board
    assert plays(st) == []
    st = position(board0=["Squirrel", "Squirrel", None, None], hand0=["Wolf"])
    assert "play 1 3 sacrifice 1 2" in plays(st)
    assert "play 1 1 sacrifice 1 2" in plays(st)  # a sacrificed card's space is free again
    act(st, "play 1 3 sacrifice 1 2")
    assert row(st, 0) == [None, None, "Wolf", None]


def test_each_sacrifice_grants_one_bone_and_squirrels_go_back_to_their_pile():
    """Rulebook, Card Costs > Blood and Bones: a bone per creature sacrificed; squirrels return."""
    st = position(board0=["Squirrel", "Stoat", None, None], hand0=["Wolf"])
    act(st, "play 1 3 sacrifice 1 2")
    assert st.bones[0] == 2
    assert names(st, st.dead[0]) == ["Stoat"]  # the squirrel is not in the dead pile


def test_worthy_sacrifice_counts_three_blood():
    """Rulebook, Sigils > Worthy Sacrifice: the Black Goat is 3 blood."""
    st = position(board0=["Black Goat", None, None, None], hand0=["Grizzly"])  # 3 blood
    assert "play 1 1 sacrifice 1" in plays(st)
    act(st, "play 1 1 sacrifice 1")
    assert row(st, 0) == ["Grizzly", None, None, None] and st.bones[0] == 1
    assert names(st, st.dead[0]) == ["Black Goat"]
    # "Excess blood is not stored for later": the goat pays a 1-blood card, the rest is lost
    st = position(board0=["Black Goat", None, None, None], hand0=["Stoat", "Stoat"])
    act(st, "play 1 2 sacrifice 1")
    assert plays(st) and all("sacrifice 2" in p for p in plays(st))  # it needs a new sacrifice


def test_blood_is_never_stored_so_no_sacrifice_is_wasted():
    """Rulebook, Card Costs > Blood: blood is used at once on one card, never stored."""
    st = position(board0=["Squirrel", "Squirrel", None, None], hand0=["Stoat"])  # 1 blood
    assert "play 1 3 sacrifice 1 2" not in plays(st)
    with pytest.raises(IllegalAction):
        act(st, "play 1 3 sacrifice 1 2")
    st = position(board0=["Black Goat", "Squirrel", None, None], hand0=["Wolf"])
    assert "play 1 3 sacrifice 1 2" not in plays(st)  # the goat alone pays 2


def test_cards_that_are_not_alive_cannot_be_sacrificed():
    """Rulebook, Types of Cards > Other Cards and Card Details > The Daus: not alive, no sacrifice."""
    st = position(board0=["Chime", "Dam", None, None], hand0=["Stoat"])
    assert plays(st) == []


def test_bones_pay_bone_costs():
    """Rulebook, Card Costs > Bones: the bones are removed from the player's pile."""
    st = position(hand0=["Coyote"], bones=(3, 0))  # 4 bones
    assert plays(st) == []
    st = position(hand0=["Coyote"], bones=(5, 0))
    act(st, "play 1 2")
    assert st.bones[0] == 1 and row(st, 0)[1] == "Coyote"


def test_free_cards_need_only_an_empty_space():
    """Rulebook, Card Costs > No cost; Gameplay > 2: one card per space."""
    st = position(board0=["Stoat", None, "Stoat", "Stoat"], hand0=["Squirrel"])
    assert plays(st) == ["play 1 2"]


def test_many_lives_is_sacrificed_but_stays_and_gives_no_bone():
    """Rulebook, Sigils > Many Lives: when sacrificed it does not perish."""
    st = position(board0=["Cat", None, None, None], hand0=["Stoat"])
    assert plays(st) == ["play 1 2 sacrifice 1", "play 1 3 sacrifice 1", "play 1 4 sacrifice 1"]
    act(st, "play 1 2 sacrifice 1")
    assert row(st, 0)[:2] == ["Cat", "Stoat"] and st.bones[0] == 0


def test_cat_nine_lives_option():
    """Rulebook, Card Details > Cat (optional): after 9 sacrifices it becomes the Undead Cat."""
    for option, expect in ((True, "Undead Cat"), (False, "Cat")):
        st = position(board0=["Cat", None, None, None], hand0=["Stoat"] * 9, cat_nine_lives=option)
        for n in range(9):
            assert row(st, 0)[0] == "Cat", n  # not before the 9th sacrifice
            act(st, "play 1 2 sacrifice 1")
            st.board[1] = None
        assert row(st, 0)[0] == expect


def test_sacrificing_bone_king_gives_four_bones():
    """Rulebook, Sigils > Bone King: 4 bones when it dies (a sacrifice is a death)."""
    st = position(board0=["Rat King", None, None, None], hand0=["Stoat"])
    act(st, "play 1 2 sacrifice 1")
    assert st.bones[0] == 4
