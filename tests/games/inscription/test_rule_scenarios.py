"""Scenarios for rules that had none (issue 31), each read from the rulebook
(shared/rules/inscription.txt) and the README's rulings."""

from glyphhall.games.inscription import GAME

from .helpers import act, bell, position, row

_FRESH = GAME.new(2, 1, {})
ALL_ITEMS = sorted(_FRESH.defs[c].name for c in _FRESH.item_pile)  # the whole item pile


def test_pliers_on_a_first_turn_count_toward_the_three_damage_cap():
    """Rulebook, Gameplay > 4, Important Note (at most 3 on a first turn) with Items > Pliers:
    the tooth Pliers rip out is damage of the turn, so Pliers then a Wolf's 3 count 3, not 4."""
    st = position(items0=["Pliers"], board0=["Wolf", None, None, None], first_turn=(1, 1))
    act(st, "item 1")
    assert st.scale == 1
    bell(st)
    assert st.scale == 3 and st.candles == [2, 2]
    st = position(items0=["Pliers"], board0=["Wolf", None, None, None])  # not a first turn
    act(st, "item 1")
    bell(st)
    assert st.scale == 4


def test_the_scale_landing_on_four_with_the_item_pile_empty_gives_nothing():
    """Rulebook, Gameplay > 5 (an item when the scale lands on 4) and Items: the items come from
    the item pile; with every item held, the pile is empty and no item is drawn (the README's
    ruling), and the game goes on."""
    st = position(items1=ALL_ITEMS, board0=["Wolf", None, None, None], scale=1)
    assert st.item_pile == []
    events = bell(st)
    assert st.scale == 4 and len(st.items[1]) == len(ALL_ITEMS)
    assert "seat 1 would get an item (4 damage on the scale) but the item pile is empty" in events
    assert st.turn == 1 and not st.is_over()


def test_an_hourglass_skip_is_cleared_by_a_death_in_the_same_turn():
    """Rulebook, Items > Hourglass ("your adversary will entirely skip their next turn") and
    Player Death (the board is cleared, each draws): the README's ruling is that a death clears
    a pending skip, so the adversary who died plays the next turn."""
    st = position(items0=["Hourglass"], board0=["Wolf", "Wolf", None, None], scale=2, make_death_card=False)
    act(st, "item 1")
    events = bell(st)
    assert st.candles == [2, 1] and st.scale == 0
    assert not any("skips" in e for e in events)
    assert st.turn == 1 and st.to_move() == (1,)


def test_the_corpse_eater_answers_a_chime_destroyed_in_combat():
    """Rulebook, Sigils > Corpse Eater ("if a card that you own dies by combat") read literally:
    a Chime of The Daus struck dead is its owner's card dying by combat."""
    st = position(board0=["Chime", "The Daus", None, None], hand0=["Corpse Maggots"],
                  board1=["Wolf", None, None, None], turn=1)
    bell(st)
    assert st.to_move() == (0,) and [str(a) for a in st.legal_actions(0)] == ["eat 1", "pass"]
    act(st, "eat 1")
    assert row(st, 0)[0] == "Corpse Maggots"


def test_the_corpse_eater_answers_a_dam_destroyed_in_combat():
    """Rulebook, Sigils > Corpse Eater and Dam Builder: a Dam is a card its owner owns; struck
    dead, its space may take the Corpse Eater."""
    st = position(board0=["Dam", None, None, None], hand0=["Corpse Maggots"],
                  board1=["Wolf", None, None, None], turn=1)
    bell(st)
    assert st.to_move() == (0,)
    act(st, "eat 1")
    assert row(st, 0)[0] == "Corpse Maggots" and st.bones[0] == 0, "a Dam is not alive: no bone"
