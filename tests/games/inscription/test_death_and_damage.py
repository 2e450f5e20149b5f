"""Rulebook, Card Health & Damage, Over Damage, Player Death, and items at exactly 4."""

from glyphhall.games.inscription import board as B

from .helpers import bell, cid, health, names, position, row


def test_damage_removes_health_and_excess_is_forfeited():
    """Rulebook, Over Damage: excess damage to a card is forfeited."""
    st = position(board0=["Wolf", "Stoat", None, None], board1=["Squirrel", "River Snapper", None, None])
    bell(st)
    assert row(st, 1)[0] is None and health(st, 1, 2) == 5
    assert st.scale == 0 and st.bones[1] == 1  # the owner of the dead card gets a bone


def test_over_damage_variant_carries_the_excess_to_the_player():
    """Rulebook, Over Damage > Optional Overdamage Rule: the rest hits the player directly."""
    st = position(board0=["Wolf", None, None, None], board1=["Squirrel", None, None, None], over_damage=True)
    bell(st)
    assert st.scale == 2


def test_a_dead_card_goes_to_the_dead_pile():
    """Rulebook, Card Health & Damage: at 0 health it perishes and goes to the dead pile."""
    st = position(board0=["Wolf", None, None, None], board1=["Stoat", None, None, None])
    bell(st)
    assert names(st, st.dead[1]) == ["Stoat"]


def test_player_death_resets_the_round():
    """Rulebook, Player Death: hands and bones kept; the board cleared without bones, the ☩ (other)
    cards removed from play; 3 + 1 drawn by each; the Greater Smoke to the loser; the scale at 0;
    the loser starts."""
    st = position(board0=["Wolf", "Stoat", "Chime", None], board1=[None, "Stoat", None, "Dam"],
                  hand0=["Geck"], hand1=["Bat"], deck0=["Adder"] * 5, deck1=["Skunk"] * 5,
                  bones=(2, 3), scale=3)
    bell(st)
    assert st.candles == [2, 1]
    assert st.board == [None] * 8
    assert st.bones == [2, 3]  # nothing died: no bones
    assert names(st, st.dead[0]) == ["Wolf", "Stoat"] and names(st, st.dead[1]) == ["Stoat"]
    assert names(st, st.hands[0]) == ["Geck", "Adder", "Adder", "Adder", "Squirrel"]
    assert sorted(names(st, st.hands[1])) == ["Bat", "Greater Smoke", "Skunk", "Skunk", "Skunk", "Squirrel"]
    assert st.scale == 0 and st.turn == 1 and st.phase == "play" and st.first_turn == [1, 1]


def test_the_first_turn_after_a_death_is_capped_too():
    """Rulebook, Gameplay > 4, Important Note: the cap applies after either player lost a life."""
    st = position(board0=["Wolf", None, None, None], scale=3)
    bell(st)  # seat 1 dies and starts the next round
    assert st.turn == 1 and st.first_turn == [1, 1]
    st.board[4] = B.new_slot(st, 1, cid(st, "Grizzly"))  # 4 damage against an empty space
    bell(st)
    assert st.scale == -3


def test_limited_squirrels_are_refilled_when_a_player_dies():
    """Rulebook, Squirrels: return all 10 squirrels to both players each time a player dies."""
    st = position(board0=["Wolf", None, None, None], scale=3, limited_squirrels=True)
    st.squirrels = [2, 0]
    bell(st)
    assert st.squirrels == [9, 9]  # refilled to 10, then each drew its 1 squirrel


def test_an_item_is_drawn_when_the_scale_lands_on_exactly_four():
    """Rulebook, The Items > Using Items: each time a player is exactly 4 behind, they draw an item."""
    st = position(board0=["Wolf", "Stoat", None, None], seed=3)
    bell(st)
    assert st.scale == 4 and len(st.items[1]) == 1 and len(st.items[0]) == 0
    st = position(board0=["Wolf", None, None, None], seed=3)
    bell(st)
    assert st.items == [[], []]
    st = position(board0=["Wolf", "Stoat", None, None], items=False)
    bell(st)
    assert st.items == [[], []]
