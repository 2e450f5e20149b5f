"""Rulebook, Sigils (pages 20-22), Upgrades and Swaps Piles, and Card Details: one scenario each."""

from glyphhall.games.inscription import board as B
from glyphhall.games.inscription import sigils as S

from .helpers import act, bell, cid, end_turn, health, names, position, row


def test_the_rulebook_lists_31_sigils():
    """Rulebook, Sigils: every sigil of the list is known to the rules."""
    assert len(S.SIGILS) == 31


def test_airborne_strikes_the_adversary_directly():
    """Rulebook, Sigils > Airborne: ignores opposing cards."""
    st = position(board0=["Sparrow", None, None, None], board1=["Stoat", None, None, None])
    bell(st)
    assert st.scale == 1 and health(st, 1, 1) == 3


def test_mighty_leap_blocks_airborne():
    """Rulebook, Sigils > Mighty Leap: blocks opposing Airborne creatures."""
    st = position(board0=["Sparrow", None, None, None], board1=["Bullfrog", None, None, None])
    bell(st)
    assert st.scale == 0 and health(st, 1, 1) == 1


def test_fledgling_grows_at_the_start_of_the_owners_next_turn_with_new_health():
    """Rulebook, Sigils > Fledgling and Upgrades Pile: grows after surviving a turn, full new health."""
    st = position(board0=["Wolf Cub", "Raven Egg", None, "Strange Larva"], board1=["Mole Man", "Mole Man", None, None],
                  unused_cards=True)
    st.board[0] = st.board[0][:1] + (1,) + st.board[0][2:]  # wounded
    end_turn(st)
    assert row(st, 0)[0] == "Wolf Cub"  # not yet: it is the adversary's turn
    end_turn(st)
    assert row(st, 0)[:2] == ["Wolf", "Raven"] and health(st, 0, 1) == 2 and row(st, 0)[3] == "Strange Pupa"
    end_turn(st)
    end_turn(st)
    assert row(st, 0)[3] == "Mothman"  # Strange Larva -> Strange Pupa -> Mothman


def test_touch_of_death_kills_any_card_it_damages():
    """Rulebook, Sigils > Touch of Death."""
    st = position(board0=["Adder", None, None, None], board1=["Grizzly", None, None, None])
    bell(st)
    assert row(st, 1)[0] is None


def test_stinky_takes_one_damage_from_the_opposing_creature():
    """Rulebook, Sigils > Stinky: the creature opposing it loses 1 damage."""
    st = position(board0=["Wolf", None, None, None], board1=["Skunk", None, None, None])
    bell(st)
    assert health(st, 1, 1) == 1


def test_sprinter_moves_right_after_attacking_and_turns_at_the_edge():
    """Rulebook, Sigils > Sprinter: moves right relative to its owner; switches direction."""
    st = position(board0=[None, None, "Elk", None])
    bell(st)
    assert row(st, 0) == [None, None, None, "Elk"]
    st.turn, st.phase = 0, "play"
    bell(st)
    assert row(st, 0) == [None, None, "Elk", None]
    st = position(board0=[None, "Elk Fawn", None, None])
    end_turn(st)
    end_turn(st)  # grows into an Elk at the start of the turn, keeps sprinting
    assert row(st, 0)[2] == "Elk"
    st = position(board1=[None, "Elk", None, None], turn=1)  # seat 1 faces the other way
    bell(st)
    assert row(st, 1) == ["Elk", None, None, None]


def test_hefty_pushes_the_other_cards_along():
    """Rulebook, Sigils > Hefty: like Sprinter, pushing all cards along with itself."""
    st = position(board0=["Moose Buck", "Stoat", None, None])
    bell(st)
    assert row(st, 0) == [None, "Moose Buck", "Stoat", None]


def test_corpse_eater_may_be_played_free_when_a_card_dies_in_combat():
    """Rulebook, Sigils > Corpse Eater: played from the hand on the dead card's space, for free,
    even during the adversary's turn (a decision offered to its owner)."""
    st = position(board0=["Wolf", None, None, None], board1=["Stoat", None, None, None],
                  hand1=["Corpse Maggots"])
    bell(st)
    assert st.to_move() == (1,) and [str(a) for a in st.legal_actions(1)] == ["eat 1", "pass"]
    act(st, "eat 1", seat=1)
    assert row(st, 1)[0] == "Corpse Maggots" and st.bones[1] == 1 and st.hands[1] == []
    assert st.turn == 1  # the turn then passes as usual
    st = position(board0=["Wolf", None, None, None], board1=["Stoat", None, None, None],
                  hand1=["Corpse Maggots"])
    bell(st)
    act(st, "pass", seat=1)
    assert row(st, 1)[0] is None and names(st, st.hands[1]) == ["Corpse Maggots"]


def test_waterborne_lets_attacks_through_on_the_adversarys_turn():
    """Rulebook, Sigils > Waterborne: attacks on its space hit the owner directly."""
    st = position(board0=["Wolf", None, None, None], board1=["River Otter", None, None, None])
    bell(st)
    assert st.scale == 3 and health(st, 1, 1) == 1


def test_bone_king_gives_four_bones_when_it_dies():
    """Rulebook, Sigils > Bone King."""
    st = position(board0=["Wolf", None, None, None], board1=["Rat King", None, None, None])
    bell(st)
    assert st.bones[1] == 4


def test_leader_adds_one_damage_to_adjacent_creatures():
    """Rulebook, Sigils > Leader."""
    st = position(board0=["Stoat", "Alpha", "Stoat", "Stoat"])
    assert [B.power(st, k) for k in range(4)] == [2, 1, 2, 1]


def test_unkillable_returns_to_the_hand():
    """Rulebook, Sigils > Unkillable: when it perishes, it returns to your hand."""
    st = position(board0=["Wolf", None, None, None], board1=["Cockroach", None, None, None])
    bell(st)
    assert names(st, st.hands[1]) == ["Cockroach"] and st.bones[1] == 1 and st.dead[1] == []


def test_fecundity_puts_a_copy_without_the_sigil_in_the_hand():
    """Rulebook, Sigils > Fecundity: the copy does not have this sigil."""
    st = position(board0=["Squirrel", "Squirrel", None, None], hand0=["Field Mice"])
    act(st, "play 1 3 sacrifice 1 2")
    copy = st.defs[st.hands[0][0]]
    assert copy.name == "Field Mice" and not copy.sig & S.FECUNDITY and copy.pile == "swap"


def test_trifurcated_strike_hits_left_opposite_and_right():
    """Rulebook, Sigils > Trifurcated Strike."""
    st = position(board0=[None, "Mantis God", None, None], board1=["Squirrel", None, "Squirrel", "Squirrel"])
    bell(st)
    assert row(st, 1) == [None, None, None, "Squirrel"] and st.scale == 1


def test_sharp_quills_damages_the_striker():
    """Rulebook, Sigils > Sharp Quills: each time it is struck, the striker takes 1."""
    st = position(board0=["Stoat", None, None, None], board1=["Porcupine", None, None, None])
    bell(st)
    assert health(st, 0, 1) == 2 and health(st, 1, 1) == 1


def test_burrower_moves_to_block_an_attacked_empty_space():
    """Rulebook, Sigils > Burrower."""
    st = position(board0=[None, None, "Wolf", None], board1=["Mole", None, None, None])
    bell(st)
    assert row(st, 1) == [None, None, "Mole", None] and health(st, 1, 3) == 1 and st.scale == 0


def test_guardian_moves_opposite_a_card_played_opposite_an_empty_space():
    """Rulebook, Sigils > Guardian."""
    st = position(board1=["Bloodhound", None, None, None], hand0=["Squirrel"])
    act(st, "play 1 3")
    assert row(st, 1) == [None, None, "Bloodhound", None]


def test_loose_tail_leaves_a_tail_and_moves_aside_once():
    """Rulebook, Sigils > Loose Tail: a tail is struck instead, the card moves right (else left)."""
    st = position(board0=[None, "Wolf", None, None], board1=[None, "Skink", None, None])
    bell(st)
    # seat 1's right is toward space 1
    assert row(st, 1) == ["Skink", None, None, None] and health(st, 1, 1) == 2
    assert st.bones[1] == 1  # the tail took the 3 damage and died
    st = position(board0=[None, "Stoat", None, None], board1=[None, "Skink", None, None])
    bell(st)
    assert row(st, 1)[:2] == ["Skink", "Wriggling Tail"] and health(st, 1, 2) == 1
    assert st.board[4][B.FLAGS] & B.TAIL_USED


def test_ant_damage_counts_the_ants_in_play():
    """Rulebook, Sigils > Ant Damage."""
    st = position(board0=["Worker Ant", "Ant Queen", "Worker Ant", "Stoat"])
    assert [B.power(st, k) for k in range(3)] == [3, 3, 3]


def test_ant_spawner_rabbit_hole_and_dam_builder_make_cards():
    """Rulebook, Sigils > Ant Spawner, Rabbit Hole, Dam Builder; Swaps Pile."""
    st = position(board0=["Squirrel", "Squirrel", "Squirrel", None], hand0=["Ant Queen", "Warren"])
    act(st, "play 1 2 sacrifice 1 2")
    assert names(st, st.hands[0]) == ["Warren", "Worker Ant"]
    act(st, "play 1 1 sacrifice 3")
    assert names(st, st.hands[0]) == ["Worker Ant", "Rabbit"]
    st = position(board0=["Squirrel", None, "Squirrel", None], hand0=["Beaver"])
    act(st, "play 1 3 sacrifice 1 3")
    assert row(st, 0) == [None, "Dam", "Beaver", "Dam"]


def test_bees_within_gives_a_bee_each_time_it_is_struck():
    """Rulebook, Sigils > Bees Within."""
    st = position(board0=["Stoat", None, None, None], board1=["Beehive", None, None, None])
    bell(st)
    assert names(st, st.hands[1]) == ["Bee"]


def test_hoarder_chooses_a_deck_card_shown_to_the_adversary():
    """Rulebook, Sigils > Hoarder: any card of the deck to the hand, shown; the deck shuffled."""
    st = position(board0=["Squirrel", "Squirrel", None, None], hand0=["Magpie"],
                  deck0=["Wolf", "Raven Egg", "Stoat", "Stoat"])
    act(st, "play 1 3 sacrifice 1 2")
    assert st.to_move() == (0,) and [str(a) for a in st.legal_actions(0)] == ["take raven-egg", "take stoat", "take wolf"]
    events = act(st, "take raven-egg")
    assert any("Raven Egg" in e for e in events)  # public
    assert names(st, st.hands[0]) == ["Raven Egg"] and sorted(names(st, st.decks[0])) == ["Stoat", "Stoat", "Wolf"]
    assert "Raven Egg" in [c["name"] for c in st.view(1)["hands_known"][0]]


def test_trinket_bearer_gives_an_item():
    """Rulebook, Sigils > Trinket Bearer."""
    st = position(board0=["Squirrel", "Squirrel", None, None], hand0=["Pack Rat"])
    act(st, "play 1 3 sacrifice 1 2")
    assert len(st.items[0]) == 1


def test_bellist_the_daus_and_its_chimes():
    """Rulebook, Sigils > Bellist and Card Details > The Daus: Chimes on both neighbours unless
    occupied; a damaged chime makes The Daus deal 2 to the attacker; chimes cannot be sacrificed."""
    st = position(board0=["Squirrel", "Squirrel", "Stoat", None], hand0=["The Daus"])
    act(st, "play 1 2 sacrifice 1 2")
    assert row(st, 0) == ["Chime", "The Daus", "Stoat", None]
    st = position(board0=["Chime", "The Daus", None, None], board1=["Stoat", None, None, None], turn=1)
    bell(st)
    assert row(st, 0)[0] is None and health(st, 1, 1) == 1


def test_ringer_damage_depends_on_the_distance_to_the_bell():
    """Rulebook, Sigils > Ringer: 4 nearest the bell (space 1) down to 1 furthest."""
    st = position(board0=["Bell Tentacle", None, None, "Bell Tentacle"])
    assert B.power(st, 0) == 4 and B.power(st, 3) == 1


def test_handy_counts_the_cards_in_hand():
    """Rulebook, Sigils > Handy."""
    st = position(board0=["Hand Tentacle", None, None, None], hand0=["Stoat", "Stoat", "Wolf"])
    assert B.power(st, 0) == 3


def test_rorrim_copies_the_opposing_power():
    """Rulebook, Sigils > Rorrim: equal to the card opposing it, or 0."""
    st = position(board0=["Mirror Tentacle", "Mirror Tentacle", None, None], board1=["Wolf", None, None, None])
    assert B.power(st, 0) == 3 and B.power(st, 1) == 0


def test_long_elk_drops_vertebrae_when_it_moves():
    """Rulebook, Card Details > Long Elk Rules."""
    st = position(board0=["Long Elk", None, None, None])
    bell(st)
    assert row(st, 0) == ["Vertebrae", "Long Elk", None, None]


def test_frozen_opossum_and_caged_wolf_turn_into_their_stronger_form_when_destroyed():
    """Rulebook, Upgrades Pile and Items > Frozen Opossum in a Bottle: replaced when destroyed."""
    st = position(board0=["Grizzly", None, None, None], board1=[None, None, None, None], unused_cards=True)
    st.board[4] = B.new_slot(st, 1, st.tokens["Frozen Opossum in a Bottle"])
    st.board[4] = st.board[4][:1] + (2,) + st.board[4][2:]
    bell(st)
    assert row(st, 1)[0] == "Opossum"
    st = position(board0=["Grizzly", None, None, None], unused_cards=True)
    st.board[4] = B.new_slot(st, 1, st.tokens["Caged Wolf"])
    st.board[4] = st.board[4][:1] + (3,) + st.board[4][2:]
    bell(st)
    assert row(st, 1)[0] == "Wolf"


def test_ouroboros_grows_each_time_it_dies_when_unused_cards_are_on():
    """Rulebook, Extra / Unused cards > Ouroboros: returns to hand with +1 power and +1 health."""
    st = position(board0=["Wolf", None, None, None], board1=["Ouroboros", None, None, None], unused_cards=True)
    bell(st)
    back = st.defs[st.hands[1][0]]
    assert back.name == "Ouroboros" and (back.power, back.health) == (2, 2)


def test_many_lives_card_ids():
    """Rulebook, Sigils > Many Lives is on the Cat (see test_costs for sacrifices)."""
    assert st_def("Cat").sig & S.MANY_LIVES


def st_def(name):
    st = position()
    return st.defs[cid(st, name)]


def test_corpse_eater_also_answers_a_death_on_its_owners_turn():
    """Rulebook, Sigils > Corpse Eater: any card you own dying by combat (here to Sharp Quills)."""
    st = position(board0=["Wolf Cub", None, None, None], board1=["Porcupine", None, None, None], hand0=["Corpse Maggots"])
    bell(st)
    assert st.to_move() == (0,) and [str(a) for a in st.legal_actions(0)] == ["eat 1", "pass"]
    act(st, "eat 1")
    assert row(st, 0)[0] == "Corpse Maggots" and st.turn == 1


def test_a_burrower_does_not_block_a_flyer_unless_it_can_leap():
    """Rulebook, Sigils > Burrower with Airborne / Mighty Leap (our ruling)."""
    st = position(board0=[None, None, "Sparrow", None], board1=["Mole", None, None, None])
    bell(st)
    assert row(st, 1)[0] == "Mole" and st.scale == 1
    st = position(board0=[None, None, "Sparrow", None], board1=["Mole Man", None, None, None])
    bell(st)
    assert row(st, 1)[2] == "Mole Man" and st.scale == 0


def test_a_submerged_card_does_not_leap():
    """Rulebook, Sigils > Waterborne with Mighty Leap: face down, it blocks nothing."""
    st = position(board0=["Sparrow", None, None, None], board1=["Kingfisher", None, None, None])
    bell(st)
    assert st.scale == 1 and health(st, 1, 1) == 1


def test_guardian_stays_when_the_space_opposite_is_taken():
    """Rulebook, Sigils > Guardian: only opposite an empty space."""
    st = position(board1=["Bloodhound", None, "Stoat", None], hand0=["Squirrel"])
    act(st, "play 1 3")
    assert row(st, 1) == ["Bloodhound", None, "Stoat", None]


def test_leader_lifts_only_creatures():
    """Rulebook, Sigils > Leader ("creatures adjacent ... gain 1 damage") and Types of Cards >
    Other Cards: a Dam or a Chime is not a creature, so it stays at 0 and does not strike."""
    st = position(board0=["Dam", "Alpha", "Chime", None], board1=[None, "Mole Man", None, None])
    assert B.power(st, 0) == 0 and B.power(st, 2) == 0
    bell(st)
    assert st.scale == 0  # only the Alpha struck (into the Mole Man)
    st = position(board0=["Squirrel", "Alpha", None, None])
    assert B.power(st, 0) == 1  # a squirrel is a creature
    bell(st)
    assert st.scale == 2
