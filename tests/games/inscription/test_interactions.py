"""Sigils and items meeting each other: one scenario per interaction, each citing the rulebook
sections it checks (Sigils pages 20-22, Items page 23, Card Details page 18)."""

from glyphhall.games.inscription import board as B

from .helpers import act, bell, end_turn, health, names, position, row


def test_harpies_fan_is_still_blocked_by_mighty_leap():
    """Rulebook, Items > Harpie's Birdleg Fan ("as though they have the Airborne Sigil") and
    Sigils > Mighty Leap: a leaping card still blocks the fanned attack."""
    st = position(items0=["Harpie's Birdleg Fan"], board0=["Wolf", "Stoat", None, None],
                  board1=["Bullfrog", "Stoat", None, None])
    act(st, "item 1")
    bell(st)
    assert st.scale == 1 and row(st, 1)[0] is None and health(st, 1, 2) == 3


def test_an_airborne_attack_on_a_mighty_leap_card_damages_it():
    """Rulebook, Sigils > Airborne and Mighty Leap: the flyer hits the leaping card instead."""
    st = position(board0=["Raven", None, None, None], board1=["Bullfrog", None, None, None])
    bell(st)
    assert row(st, 1)[0] is None and st.scale == 0 and st.bones[1] == 1


def test_waterborne_is_face_up_on_its_owners_turn():
    """Rulebook, Sigils > Waterborne: it flips only on the adversary's turn; on its owner's turn
    it attacks like any card and is shown face up."""
    st = position(board0=["River Otter", None, None, None], board1=["Stoat", None, None, None])
    assert "submerged" not in st.view(1)["board"][0][0]
    bell(st)
    assert health(st, 1, 1) == 2  # it struck the Stoat
    assert st.view(1)["board"][0][0]["submerged"] is True  # now seat 1's turn: face down


def test_a_burrower_does_not_dive_into_a_submerged_space():
    """Rulebook, Sigils > Waterborne ("anything attacking this card's space attacks the owner
    directly") and Burrower (it blocks *empty* spaces): the owner takes the damage."""
    st = position(board0=[None, "Wolf", None, None], board1=["Mole", "River Otter", None, None])
    bell(st)
    assert row(st, 1)[:2] == ["Mole", "River Otter"] and st.scale == 3


def test_sprinter_blocked_by_a_card_turns_back_at_once():
    """Rulebook, Sigils > Sprinter: after it cannot move right it switches directions; a card
    blocked on both sides stays and keeps its direction."""
    st = position(board0=[None, "Elk", "Stoat", None], board1=["Mole Man"] * 4)
    bell(st)
    assert row(st, 0) == ["Elk", None, "Stoat", None] and st.board[0][B.DIR] == -1
    end_turn(st)  # seat 1
    end_turn(st)  # seat 0 again: left is the edge, so it turns right again
    assert row(st, 0) == [None, "Elk", "Stoat", None] and st.board[1][B.DIR] == 1
    st = position(board0=["Stoat", "Elk", "Stoat", None], board1=["Mole Man"] * 4)
    bell(st)
    assert row(st, 0) == ["Stoat", "Elk", "Stoat", None]


def test_hefty_at_the_edge_turns_and_pushes_the_other_way():
    """Rulebook, Sigils > Hefty: the sprinter's movement (switching directions), pushing every
    card in its way along with itself."""
    st = position(board0=[None, "Stoat", "Moose Buck", "Stoat"], board1=["Mole Man"] * 4)
    bell(st)  # right is blocked up to the edge: it turns and pushes the Stoat left
    assert row(st, 0) == ["Stoat", "Moose Buck", None, "Stoat"] and st.board[1][B.DIR] == -1
    st = position(board0=["Moose Buck", "Stoat", "Stoat", None], board1=["Mole Man"] * 4)
    bell(st)
    assert row(st, 0) == [None, "Moose Buck", "Stoat", "Stoat"]


def test_guardian_and_burrower_leave_their_spaces_empty():
    """Rulebook, Sigils > Guardian and Burrower: the card moves, leaving its old space empty; a
    Burrower moves again to block each attacked empty space."""
    st = position(board1=["Bloodhound", None, None, None], hand0=["Squirrel", "Squirrel"])
    act(st, "play 1 3")
    assert row(st, 1) == [None, None, "Bloodhound", None]
    st = position(board0=["Stoat", None, "Stoat", None], board1=[None, None, "Mole", None])
    bell(st)  # space 1 attacked: the Mole burrows there; then space 3, now empty: back it goes
    assert row(st, 1) == [None, None, "Mole", None] and health(st, 1, 3) == 2 and st.scale == 0


def test_loose_tail_without_room_is_struck_and_keeps_its_tail():
    """Rulebook, Sigils > Loose Tail (our ruling when neither neighbour is free): it is struck and
    can still drop its tail later."""
    st = position(board0=[None, "Stoat", None, None], board1=["Stoat", "Skink", "Stoat", None])
    bell(st)
    assert row(st, 1) == ["Stoat", "Skink", "Stoat", None] and health(st, 1, 2) == 1
    assert not st.board[5][B.FLAGS] & B.TAIL_USED


def test_the_wriggling_tail_can_be_sacrificed():
    """Rulebook, Sigils > Loose Tail: "The tail is struck instead and can be sacrificed"."""
    st = position(board0=["Wriggling Tail", None, None, None], hand0=["Stoat"])
    assert "play 1 1 sacrifice 1" in [str(a) for a in st.legal_actions(0)]


def test_touch_of_death_strikes_the_tail_not_the_card():
    """Rulebook, Sigils > Loose Tail and Touch of Death: the tail is struck and dies; the card
    with Loose Tail lives on in its new space."""
    st = position(board0=[None, "Adder", None, None], board1=[None, "Skink", None, None])
    bell(st)
    assert row(st, 1) == ["Skink", None, None, None] and health(st, 1, 1) == 2


def test_touch_of_death_against_sharp_quills_kills_both():
    """Rulebook, Sigils > Touch of Death and Sharp Quills: the Porcupine dies at once and still
    deals its 1 damage to the striker, which dies too (1 health)."""
    st = position(board0=["Adder", None, None, None], board1=["Porcupine", None, None, None])
    bell(st)
    assert row(st, 0)[0] is None and row(st, 1)[0] is None
    assert st.bones == [1, 1] and names(st, st.dead[0]) == ["Adder"]


def test_a_trifurcated_attacker_killed_by_quills_stops_striking():
    """Rulebook, Sigils > Trifurcated Strike and Sharp Quills (our ruling: a dead card strikes no
    more)."""
    st = position(board0=[None, "Mantis God", None, None], board1=["Porcupine", None, "Stoat", None])
    bell(st)
    assert row(st, 0)[1] is None and st.scale == 0 and health(st, 1, 3) == 3


def test_trifurcated_strike_on_the_edge_hits_two_spaces_and_each_empty_one_hits_the_scale():
    """Rulebook, Sigils > Trifurcated Strike and Gameplay > 4: every struck space that is empty
    deals its damage to the adversary."""
    st = position(board0=["Mantis God", None, None, None], board1=[None, None, "Stoat", None])
    bell(st)
    assert st.scale == 2 and health(st, 1, 3) == 3


def test_stinky_lowers_a_rorrim_and_a_mirror_copies_the_stinky_card():
    """Rulebook, Sigils > Stinky and Rorrim: the Mirror Tentacle takes the Skunk's 0, less 1."""
    st = position(board0=["Mirror Tentacle", "Wolf", None, None], board1=["Skunk", "Alpha", "Stoat", None])
    assert B.power(st, 0) == 0  # Skunk 0 (+1 Alpha beside it) - 1 Stinky = 0
    assert B.power(st, 1) == 3


def test_ringer_counts_from_the_bell_for_both_players():
    """Rulebook, Sigils > Ringer: 4 in the space nearest the bell, 1 furthest, on both sides."""
    st = position(board1=["Bell Tentacle", None, "Bell Tentacle", "Bell Tentacle"])
    assert [B.power(st, 4), B.power(st, 6), B.power(st, 7)] == [4, 2, 1]


def test_handy_follows_the_hand_as_it_changes():
    """Rulebook, Sigils > Handy: damage is the number of cards held, at the time of the attack."""
    st = position(board0=["Hand Tentacle", None, None, None], hand0=["Squirrel", "Squirrel"])
    act(st, "play 1 2")
    bell(st)
    assert st.scale == 1


def test_ant_damage_counts_only_its_owners_ants():
    """Rulebook, Sigils > Ant Damage: the ants *you own* in play."""
    st = position(board0=["Worker Ant", None, None, None], board1=[None, "Worker Ant", "Ant Queen", None])
    assert B.power(st, 0) == 1 and B.power(st, 5) == 2


def test_a_card_killed_by_scissors_does_not_wake_the_corpse_eater():
    """Rulebook, Sigils > Corpse Eater ("dies by combat") and Items > Scissors: not combat."""
    st = position(items0=["Scissors"], board1=["Stoat", None, None, None], hand1=["Corpse Maggots"])
    act(st, "item 1 1")
    assert not st.pending and row(st, 1)[0] is None and st.bones[1] == 1


def test_the_corpse_eater_answers_a_card_killed_by_the_daus():
    """Rulebook, Sigils > Corpse Eater and Card Details > The Daus: the striker killed by the
    chime's answer died in combat; its owner may play the Corpse Eater there."""
    st = position(board0=["Chime", "The Daus", None, None], board1=["Wolf", None, None, None],
                  hand1=["Corpse Maggots"], turn=1)
    bell(st)
    assert st.to_move() == (1,) and "eat 1" in [str(a) for a in st.legal_actions(1)]
    act(st, "eat 1")
    assert row(st, 1)[0] == "Corpse Maggots"


def test_the_daus_deals_two_for_every_chime_struck_and_nothing_once_gone():
    """Rulebook, Card Details > The Daus: each damaged chime makes The Daus deal 2 to the
    attacker; without The Daus on the board a chime is just a card."""
    st = position(board0=["Chime", None, "Chime", "The Daus"], board1=[None, "Moose Buck", None, None],
                  turn=1)
    st.board[5] = B.new_slot(st, 1, st.tokens["Mantis God"])  # strikes spaces 1, 2 and 3
    bell(st)
    assert row(st, 1)[1] is None  # 1 health: the first chime's answer kills it
    assert row(st, 0)[2] == "Chime"  # and it struck no more
    st = position(board0=["Chime", None, None, None], board1=["Stoat", None, None, None], turn=1)
    bell(st)
    assert health(st, 1, 1) == 3


def test_unkillable_sacrificed_returns_to_the_hand_with_its_bone():
    """Rulebook, Sigils > Unkillable and Card Costs > Bones: a sacrifice is a death (a bone), and
    the card returns to the hand."""
    st = position(board0=["Cockroach", None, None, None], hand0=["Stoat"])
    act(st, "play 1 2 sacrifice 1")
    assert names(st, st.hands[0]) == ["Cockroach"] and st.bones[0] == 1 and st.dead[0] == []


def test_long_elk_drops_vertebrae_only_when_it_moves():
    """Rulebook, Card Details > Long Elk: a vertebrae in its previous space whenever it moves;
    blocked, it leaves none."""
    st = position(board0=["Stoat", "Long Elk", "Stoat", None], board1=["Mole Man"] * 4)
    bell(st)
    assert row(st, 0) == ["Stoat", "Long Elk", "Stoat", None]
    st = position(board0=[None, None, None, "Long Elk"], board1=["Mole Man"] * 4)
    bell(st)
    assert row(st, 0) == [None, None, "Long Elk", "Vertebrae"]


def test_bellist_and_dam_builder_fill_only_adjacent_empty_spaces():
    """Rulebook, Sigils > Bellist and Dam Builder: on adjacent *empty* spaces (one at the edge)."""
    st = position(board0=["Squirrel", "Squirrel", None, "Stoat"], hand0=["Beaver"])
    act(st, "play 1 3 sacrifice 1 2")
    assert row(st, 0) == [None, "Dam", "Beaver", "Stoat"]
    st = position(board0=["Squirrel", "Squirrel", None, None], hand0=["The Daus"])
    act(st, "play 1 1 sacrifice 1 2")
    assert row(st, 0) == ["The Daus", "Chime", None, None]


def test_a_hooked_card_is_its_new_owners():
    """Rulebook, Items > Fish Hook ("take it as your own"): it sprints to its new owner's right
    and attacks for them."""
    st = position(items0=["Fish Hook"], board1=[None, "Elk", None, None], board0=["Mole Man", None, None, None])
    act(st, "item 1 2 3")
    assert row(st, 0) == ["Mole Man", None, "Elk", None]
    bell(st)
    assert st.scale == 2 and row(st, 0)[3] == "Elk"


def test_the_skipped_turn_makes_no_attack():
    """Rulebook, Items > Hourglass: the adversary entirely skips their next turn (their cards do
    not attack)."""
    st = position(items0=["Hourglass"], board1=["Wolf", None, None, None])
    act(st, "item 1")
    bell(st)
    assert st.turn == 0 and st.scale == 0


def test_sprinters_in_a_row_move_alike_for_both_seats():
    """Rulebook, Sigils > Sprinter ("moves right relative to the owner"): the card ahead moves
    first so the one behind follows; both seats (whose right points opposite ways along the
    board) see the same movement, mirrored."""
    st = position(board0=["Elk", "Elk", None, None], board1=["Mole Man"] * 4)
    bell(st)
    assert row(st, 0) == [None, "Elk", "Elk", None]
    st = position(board1=[None, None, "Elk", "Elk"], board0=["Mole Man"] * 4, turn=1)
    bell(st)
    assert row(st, 1) == [None, "Elk", "Elk", None]
    # facing each other: the one heading right turns first, on either side
    st = position(board0=[None, "Elk", "Elk", None], board1=["Mole Man"] * 4)
    st.board[2] = st.board[2][:B.DIR] + (-1,) + st.board[2][B.DIR + 1:]
    bell(st)
    assert row(st, 0) == ["Elk", "Elk", None, None]
    st = position(board1=[None, "Elk", "Elk", None], board0=["Mole Man"] * 4, turn=1)
    st.board[5] = st.board[5][:B.DIR] + (1,) + st.board[5][B.DIR + 1:]
    bell(st)
    assert row(st, 1) == [None, None, "Elk", "Elk"]


def test_of_two_burrowers_or_guardians_the_nearest_moves_alike_for_both_seats():
    """Rulebook, Sigils > Burrower and Guardian (our ruling when two could move: the nearest, and
    of two as near the one on the owner's right), the same for both seats."""
    st = position(board0=[None, "Wolf", None, None], board1=["Mole", None, None, "Mole"])
    bell(st)
    assert row(st, 1) == [None, "Mole", None, "Mole"]
    st = position(board0=[None, None, "Wolf", None], board1=["Mole", None, None, "Mole"])
    bell(st)
    assert row(st, 1) == ["Mole", None, "Mole", None]
    # as near on both sides: seat 1's right is toward space 1, seat 0's toward space 4
    st = position(board0=[None, "Wolf", None, None], board1=["Mole", None, "Mole", None])
    bell(st)
    assert row(st, 1) == [None, "Mole", "Mole", None]
    st = position(board1=[None, "Wolf", None, None], board0=["Mole", None, "Mole", None], turn=1)
    bell(st)
    assert row(st, 0) == ["Mole", "Mole", None, None]
    st = position(board1=["Bloodhound", None, "Bloodhound", None], hand0=["Squirrel"])
    act(st, "play 1 2")
    assert row(st, 1) == [None, "Bloodhound", "Bloodhound", None]


def test_a_guardian_moved_mid_combat_does_not_strike_twice():
    """Rulebook, Gameplay > 4 (the cards attack one by one along the arrow, each once), Sigils >
    Guardian and Corpse Eater: a Corpse Eater played mid-combat draws the attacker's Guardian,
    which has struck already, ahead of the arrow; it does not strike again this turn."""
    st = position(board0=["Bloodhound", "Mantis God", None, None],
                  board1=["Mole Man", None, "Squirrel", "Mole Man"], hand1=["Corpse Maggots"])
    bell(st)  # the Mantis God kills the squirrel in space 3
    act(st, "eat 1", seat=1)
    assert row(st, 0)[2] == "Bloodhound" and row(st, 1)[2] == "Corpse Maggots" and health(st, 1, 3) == 2
    assert st.turn == 1 and not st.board[2][B.FLAGS] & B.ATTACKED
    end_turn(st)
    end_turn(st)  # the next turn it strikes as usual
    assert row(st, 1)[2] is None
