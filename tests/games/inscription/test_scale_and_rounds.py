"""Rulebook, The Scale / Damage, Gameplay > 4-5 (the first-turn cap, items at exactly 4, death at
5), Over Damage, Squirrels and Player Death: the scale and the rounds, beyond the basic cases."""

from glyphhall.games.inscription import board as B

from .helpers import act, bell, cid, end_turn, names, position, row


def test_an_item_each_time_the_scale_lands_on_four_again():
    """Rulebook, Gameplay > 5 ("each time the Scale lands on 4") and Using Items: staying on 4 is
    not landing again (our ruling); leaving and coming back is."""
    st = position(board0=["Stoat", None, None, None], scale=3)
    bell(st)
    assert st.scale == 4 and len(st.items[1]) == 1
    end_turn(st)  # seat 1 deals nothing: the scale stays on 4
    st.board[0] = None
    end_turn(st)  # neither does seat 0
    assert st.scale == 4 and len(st.items[1]) == 1
    st.board[5] = B.new_slot(st, 1, cid(st, "Stoat"))
    end_turn(st)  # seat 1 strikes back for 1
    assert st.scale == 3
    st.board[5] = None
    st.board[0] = B.new_slot(st, 0, cid(st, "Stoat"))
    end_turn(st)  # seat 0: on 4 again
    assert st.scale == 4 and len(st.items[1]) == 2


def test_passing_four_on_the_way_to_five_gives_no_item():
    """Rulebook, Gameplay > 5: the scale *lands* on 4 for an item; 5 is a death instead."""
    st = position(board0=["Wolf", "Stoat", "Stoat", None], scale=0, make_death_card=False)
    bell(st)
    assert st.candles == [2, 1] and st.items == [[], []]


def test_the_item_goes_to_whoever_is_four_behind():
    """Rulebook, The Items > Using Items: the player at a disadvantage of exactly 4 draws it."""
    st = position(board1=["Wolf", "Stoat", None, None], turn=1)
    bell(st)
    assert st.scale == -4 and len(st.items[0]) == 1 and st.items[1] == []


def test_the_tooth_cancels_a_lead_before_it_counts_against_the_other_player():
    """Rulebook, The Scale / Damage: one tooth moves back and forth; damage first undoes the
    adversary's lead."""
    st = position(board1=["Wolf", "Wolf", None, None], turn=1, scale=4, make_death_card=False)
    bell(st)  # 6 damage against seat 0 from +4: the tooth ends at -2
    assert st.scale == -2 and st.candles == [2, 2]


def test_both_first_turns_after_a_death_are_capped_and_have_no_draw_step():
    """Rulebook, Gameplay > 4, Important Note (including the first turn after either player has
    lost a life) and Player Death (both draw 3 + 1 at once): the winner's first turn is capped too."""
    st = position(board0=["Wolf", None, None, None], scale=3, deck0=["Stoat"] * 6, deck1=["Stoat"] * 6)
    bell(st)  # seat 1 dies and starts
    assert st.turn == 1 and st.phase == "play"
    bell(st)  # seat 1 ends its first turn
    assert st.turn == 0 and st.phase == "play"  # seat 0's first turn of the round: no draw step
    st.board[0] = B.new_slot(st, 0, cid(st, "Wolf"))
    st.board[1] = B.new_slot(st, 0, cid(st, "Wolf"))
    bell(st)
    assert st.scale == 3
    assert st.phase == "draw"  # seat 1's second turn: an ordinary draw


def test_over_damage_counts_toward_the_first_turn_cap():
    """Rulebook, Over Damage (optional rule) and Gameplay > 4, Important Note: at most 3 on the
    scale, whatever the source."""
    st = position(board0=["Wolf", "Wolf", None, None], board1=["Squirrel", None, None, None],
                  first_turn=(1, 0), over_damage=True)
    bell(st)
    assert st.scale == 3  # 2 over the squirrel + 3 direct, capped


def test_over_damage_with_touch_of_death_carries_only_power_beyond_health():
    """Rulebook, Over Damage: the excess is the damage beyond the card's remaining health."""
    st = position(board0=["Adder", None, None, None], board1=["Grizzly", None, None, None],
                  over_damage=True, unused_cards=True)
    bell(st)
    assert row(st, 1)[0] is None and st.scale == 0


def test_limited_squirrels_sacrificed_do_not_come_back():
    """Rulebook, Further Rule Details > Squirrels: limited to 10 per round ("out of squirrels,
    out of luck"); by default they go back to their pile (endless)."""
    st = position(board0=["Squirrel", None, None, None], hand0=["Stoat"], limited_squirrels=True)
    st.squirrels = [0, 10]
    act(st, "play 1 2 sacrifice 1")
    st.phase = "draw"
    assert "draw squirrel" not in [str(a) for a in st.legal_actions(0)]
    st = position(board0=["Squirrel", None, None, None], hand0=["Stoat"])
    act(st, "play 1 2 sacrifice 1")
    st.phase = "draw"
    assert "draw squirrel" in [str(a) for a in st.legal_actions(0)]


def test_player_death_puts_every_card_away_without_dying():
    """Rulebook, Player Death: cards in play go to the dead pile but do not die (an Unkillable
    card does not return to the hand, a Frozen Opossum does not open, no bones); ☩ cards are
    removed from play (tokens to their piles, a placed item to the bottom of the item pile); items
    held and hands are kept; a pending Hourglass skip is void (our ruling)."""
    st = position(board0=["Wolf", "Cockroach", None, "Bee"], board1=[None, "Dam", "Rabbit", None],
                  items0=["Hoggy Bank"], items1=["Pliers"], hand1=["Stoat"], scale=3,
                  deck0=["Stoat"] * 4, deck1=["Stoat"] * 4)
    st.board[6] = B.new_slot(st, 1, st.tokens["Frozen Opossum in a Bottle"])
    st.skip = [False, True]
    bell(st)
    assert st.board == [None] * 8 and st.bones == [0, 0]
    assert names(st, st.dead[0]) == ["Wolf", "Cockroach"] and st.dead[1] == []
    assert "Cockroach" not in names(st, st.hands[0])
    assert names(st, st.item_pile[-1:]) == ["Frozen Opossum in a Bottle"]
    assert names(st, st.items[0]) == ["Hoggy Bank"] and names(st, st.items[1]) == ["Pliers"]
    assert names(st, st.hands[1])[0] == "Stoat" and st.skip == [False, False] and st.turn == 1
