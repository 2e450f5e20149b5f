"""Rulebook, The Items and Items (page 23): each item, used on the owner's turn, then returned to
the bottom of the item pile."""

import pytest

from glyphhall.engine import IllegalAction
from glyphhall.games.inscription import GAME

from .helpers import act, bell, end_turn, names, position, row


def item_texts(st, seat=0):
    return [str(a) for a in st.legal_actions(seat) if a.verb == "item"]


def test_items_are_used_on_the_owners_turn_and_go_to_the_bottom_of_the_pile():
    """Rulebook, The Items > Item Basics and Using Items."""
    st = position(items0=["Hoggy Bank"], items1=["Hoggy Bank"])
    assert item_texts(st, 0) == ["item 1"]
    with pytest.raises(IllegalAction):
        act(st, "item 1", seat=1)  # not seat 1's turn
    act(st, "item 1")
    assert st.bones[0] == 4 and st.items[0] == []
    assert st.defs[st.item_pile[-1]].name == "Hoggy Bank"


def test_items_can_be_used_in_the_draw_step_too():
    """Rulebook, Items: can be used any time on your turn."""
    st = position(phase="draw", items0=["Hoggy Bank"])
    assert "item 1" in [str(a) for a in st.legal_actions(0)]


def test_pliers_put_one_point_on_the_scale():
    """Rulebook, Items > Pliers."""
    st = position(items0=["Pliers"], scale=2)
    act(st, "item 1")
    assert st.scale == 3


def test_pliers_can_finish_the_adversary_at_the_end_of_the_turn():
    """Rulebook, Items > Pliers with Gameplay > 5. End of Turn: five on the scale is a death,
    settled at the end of the turn, so the turn's attacks still happen (and their bones stay)."""
    st = position(items0=["Pliers"], board0=["Wolf", None, None, None], board1=["Stoat", None, None, None],
                  scale=4, make_death_card=False)
    act(st, "item 1")
    assert st.scale == 5 and st.candles == [2, 2] and st.turn == 0
    bell(st)
    assert st.candles == [2, 1] and st.scale == 0 and st.bones == [0, 1] and st.turn == 1


def test_pliers_onto_four_give_the_item_at_the_end_of_the_turn_if_the_tooth_stays():
    """Rulebook, Gameplay > 5. End of Turn: the item is for the scale *landing* on 4 at the end
    of the turn; Pliers to 4 followed by more damage to 5 is a death, no item."""
    st = position(items0=["Pliers"], scale=3)
    act(st, "item 1")
    assert st.items == [[], []]
    bell(st)
    assert st.scale == 4 and len(st.items[1]) == 1
    st = position(items0=["Pliers"], board0=["Stoat", None, None, None], scale=3, make_death_card=False)
    act(st, "item 1")
    bell(st)
    assert st.candles == [2, 1] and st.items[1] == []


def test_a_placed_item_is_played_opposite_the_guardian():
    """Rulebook, Item Basics (items have a "cost to play"; those with health are placed) and
    Sigils > Guardian: placing one opposite an empty space brings the adversary's Guardian."""
    st = position(items0=["Frozen Opossum in a Bottle"], board1=["Bloodhound", None, None, None])
    act(st, "item 1 3")
    assert row(st, 1) == [None, None, "Bloodhound", None]


def test_scissors_kill_an_adversary_card():
    """Rulebook, Items > Scissors."""
    st = position(items0=["Scissors"], board1=[None, "Grizzly", None, None], unused_cards=True)
    assert item_texts(st) == ["item 1 2"]
    act(st, "item 1 2")
    assert row(st, 1)[1] is None and st.bones[1] == 1 and names(st, st.dead[1]) == ["Grizzly"]


def test_hourglass_skips_the_adversarys_next_turn():
    """Rulebook, Items > Hourglass."""
    st = position(items0=["Hourglass"], board0=["Stoat", None, None, None])
    act(st, "item 1")
    events = bell(st)
    assert st.turn == 0 and any("skips" in e for e in events)
    end_turn(st)
    assert st.turn == 1


def test_harpies_birdleg_fan_makes_every_attack_airborne_this_turn():
    """Rulebook, Items > Harpie's Birdleg Fan."""
    st = position(items0=["Harpie's Birdleg Fan"], board0=["Wolf", None, None, None],
                  board1=["River Snapper", None, None, None])
    act(st, "item 1")
    bell(st)
    assert st.scale == 3 and not st.fan


def test_fish_hook_takes_an_adversary_card():
    """Rulebook, Items > Fish Hook: you must have an empty space to receive it."""
    st = position(items0=["Fish Hook"], board0=["Stoat", "Stoat", "Stoat", None], board1=["Wolf", None, None, None])
    assert item_texts(st) == ["item 1 1 4"]
    act(st, "item 1 1 4")
    assert row(st, 0)[3] == "Wolf" and row(st, 1)[0] is None
    st = position(items0=["Fish Hook"], board0=["Stoat"] * 4, board1=["Wolf", None, None, None])
    assert item_texts(st) == []


def test_magpies_lens_is_a_single_use_hoarder():
    """Rulebook, Items > Magpie's Lens."""
    st = position(items0=["Magpie's Lens"], deck0=["Wolf", "Adder"])
    act(st, "item 1")
    act(st, "take adder")
    assert names(st, st.hands[0]) == ["Adder"] and names(st, st.decks[0]) == ["Wolf"]


def test_bottles_add_a_squirrel_or_a_black_goat_to_the_hand():
    """Rulebook, Items > Squirrel in a Bottle, Black Goat in a Bottle."""
    st = position(items0=["Squirrel in a Bottle", "Black Goat in a Bottle"])
    act(st, "item 1")
    act(st, "item 1")
    assert names(st, st.hands[0]) == ["Squirrel", "Black Goat"]
    assert names(st, st.item_pile[-2:]) == ["Squirrel in a Bottle", "Black Goat in a Bottle"]


def test_frozen_opossum_in_a_bottle_is_placed_and_cannot_be_sacrificed():
    """Rulebook, Items > Frozen Opossum in a Bottle; Item Basics: items with health are placed."""
    st = position(items0=["Frozen Opossum in a Bottle"], hand0=["Stoat"])
    act(st, "item 1 2")
    assert row(st, 0)[1] == "Frozen Opossum in a Bottle"
    assert [str(a) for a in st.legal_actions(0) if a.verb == "play"] == []


def test_caged_wolf_costs_two_blood():
    """Rulebook, Item Basics: no cost, except the Caged Wolf."""
    st = position(items0=["Caged Wolf"], board0=["Squirrel", "Squirrel", None, None])
    assert "item 1 1 sacrifice 1 2" in item_texts(st)
    act(st, "item 1 3 sacrifice 1 2")
    assert row(st, 0) == [None, None, "Caged Wolf", None]


def test_hoggy_bank_gives_four_bones():
    """Rulebook, Items > Hoggy Bank."""
    st = position(items0=["Hoggy Bank"], bones=(1, 0))
    act(st, "item 1")
    assert st.bones[0] == 5


def test_all_ten_items_and_the_caged_wolf_are_in_the_item_pile():
    """Rulebook, Items: the ten items (and the Caged Wolf of Item Basics), 17 cards in the box."""
    st = GAME.new(2, 0)
    assert len(st.item_pile) == 17
    assert {st.defs[c].name for c in st.item_pile} == {
        "Pliers", "Scissors", "Hourglass", "Harpie's Birdleg Fan", "Fish Hook", "Magpie's Lens",
        "Squirrel in a Bottle", "Black Goat in a Bottle", "Frozen Opossum in a Bottle", "Hoggy Bank",
        "Caged Wolf"}
    assert GAME.new(2, 0, {"items": False}).item_pile == []


def test_a_placed_item_goes_back_to_the_item_pile_when_it_leaves_play():
    """Rulebook, Using Items: once used an item returns to the bottom of the pile (placed items
    when they leave the board)."""
    st = position(items0=["Frozen Opossum in a Bottle"], board1=["Grizzly", None, None, None], unused_cards=True)
    act(st, "item 1 1")
    assert "Frozen Opossum in a Bottle" not in names(st, st.item_pile[-1:])
    end_turn(st)  # seat 0 rings
    end_turn(st)  # seat 1's Grizzly hits the bottle (5 health) for 4
    assert row(st, 0)[0] == "Frozen Opossum in a Bottle"
    end_turn(st)
    end_turn(st)  # destroyed: an Opossum takes its place, the item card goes to the bottom
    assert row(st, 0)[0] == "Opossum" and names(st, st.item_pile[-1:]) == ["Frozen Opossum in a Bottle"]


def test_trinket_bearer_gives_nothing_when_items_are_off():
    """Option items=false: no item pile, so Trinket Bearer has nothing to give."""
    st = position(board0=["Squirrel", "Squirrel", None, None], hand0=["Pack Rat"], items=False)
    act(st, "play 1 3 sacrifice 1 2")
    assert st.items == [[], []]
