"""A Champion's Turn steps 1-8 and End of Round Actions."""

import pytest
from tundrus_helpers import (
    COLOUR,
    SETUP_POOL,
    champ,
    do,
    finish_turn,
    give,
    new_game,
    position,
    roll_pool,
    script,
    show,
    texts,
    turn_of,
)

from glyphhall.engine import IllegalAction


def test_replenish_limit_of_ten_dice():
    """Step 1: the Active Dice Pool is limited to 10 dice."""
    s = new_game()
    fg = champ(s, "fire_guard")
    s.tribal[1] = [4, 4, 0, 1, 1, 0]
    fg.energy_cubes = 5
    do(s, "activate fire_guard")
    for _ in range(10):
        do(s, "take " + next(t[5:] for t in texts(s) if t.startswith("take")))
    assert len(s.pool) == 10
    assert not any(t.startswith("take") for t in texts(s))
    assert fg.energy_cubes == 2  # dice 5-6, 7-8 and 9-10 cost one cube each


def test_no_more_dice_without_energy():
    """Step 1: beyond four free dice, each two more cost an Energy Cube."""
    s = new_game()
    fg = champ(s, "fire_guard")
    fg.energy_cubes = 0
    do(s, "activate fire_guard")
    for t in ("white tribal", "white tribal", "gold tribal", "blue tribal"):
        do(s, f"take {t}")
    assert not any(t.startswith("take") for t in texts(s))
    with pytest.raises(IllegalAction):
        do(s, "take green own")


def test_energy_buys_two_dice_even_if_one_is_taken():
    """REPLENISH: one Energy Cube buys two dice, paid when the fifth die is taken."""
    s = new_game()
    fg = champ(s, "fire_guard")
    do(s, "activate fire_guard")
    for t in ("white tribal", "white tribal", "gold tribal", "blue tribal", "green own"):
        do(s, f"take {t}")
    assert fg.energy_cubes == 1
    do(s, "roll")
    assert fg.energy_cubes == 1


def test_dice_only_from_own_supply():
    """Reference, Champion's Pool: a Champion cannot access dice in another Champion's Pool."""
    s = new_game()
    do(s, "activate fire_guard")
    assert "take red own" not in texts(s)  # the Huntress's red die is hers
    assert {t for t in texts(s) if t.startswith("take")} == {
        "take white tribal", "take gold tribal", "take blue tribal", "take green own"}


def test_stored_dice_are_not_in_the_supply():
    """Reference, Champion's Pool note: dice Stored on Tracks are not in the Dice Supply."""
    s = new_game()
    fg = champ(s, "fire_guard")
    fg.start[COLOUR["green"]] = 0
    fg.temp.append((COLOUR["green"], fg.idx, 1))
    do(s, "activate fire_guard")
    assert "take green own" not in texts(s)


def test_reroll_only_once_and_together():
    """Step 3: reroll any dice, together, once; the new result must be accepted."""
    s = new_game()
    roll_pool(s, "fire_guard", ["white tribal", "white tribal", "gold tribal"], ["war", "war", "wealth"], keep=False)
    do(s, "mark 1")
    do(s, "mark 3")
    script(s, "white power", "gold arcana")
    do(s, "reroll")
    assert [d[3] for d in s.pool] == [2, 0, 4]  # power, war (unchanged), arcana
    assert s.phase == "main"
    assert "mark 1" not in texts(s)


def test_keep_skips_the_reroll():
    """REROLL: 'any or all' - rerolling nothing is allowed."""
    s = new_game()
    roll_pool(s, "fire_guard", ["white tribal"], ["war"], keep=False)
    assert "reroll" not in texts(s)  # nothing marked yet
    do(s, "keep")
    assert s.phase == "main"


def test_only_one_primary_action():
    """Step 4: at most one Primary Action."""
    s = turn_of("fire_guard", ["war", "war"])
    do(s, "attack priestess")
    assert not any(t.startswith(("attack", "ability", "item")) for t in texts(s))


def test_primary_action_is_optional():
    """Step 4: 'this step is optional'."""
    s = turn_of("fire_guard", ["war"])
    assert "end" in texts(s)
    do(s, "end")
    assert champ(s, "fire_guard").activated


def test_secondary_actions_come_after_the_primary():
    """Steps 4-5: once a Secondary Action is taken, the Primary Action step is over."""
    s = turn_of("fire_guard", ["war", "blue tribal power"])
    do(s, "store energy 2")
    assert s.phase == "secondary"
    assert "attack priestess" not in texts(s)


def test_secondary_cannot_use_dice_of_the_primary():
    """Step 5: costs cannot be paid with dice used for the Primary Action."""
    s = new_game()
    show(s, "tome_of_might")
    roll_pool(s, "fire_guard", ["white tribal", "white tribal", "green own", "blue tribal"],
              ["arcana", "defense", "defense", "power"])
    # Burning Aegis (2 Defense + 1 Power, 1 Energy) uses the two Defense and the Power die
    do(s, "ability burning_aegis priestess")
    stores = [t for t in texts(s) if t.startswith("store")]
    assert stores == ["store energy 1"]  # only the unused Arcana die (her Armor Track is now full)
    assert "acquire tome_of_might" in texts(s)


def test_release_returns_stored_dice():
    """Step 6 RELEASE: Stored dice leave the Track and are Reset."""
    s = new_game()
    fg = champ(s, "fire_guard")
    fg.start[COLOUR["green"]] = 0
    fg.temp.append((COLOUR["green"], fg.idx, 1))
    roll_pool(s, "fire_guard", ["white tribal"], ["war"])
    do(s, "end")
    assert texts(s) == ["release armor 1", "end"]
    do(s, "release armor 1")
    assert fg.temp == [] and fg.start[COLOUR["green"]] == 1
    do(s, "end")
    assert fg.activated


def test_reset_returns_dice_to_their_locations():
    """Step 7a: all dice, used and unused, return to Starting Dice, Item cards and Tribal Pool."""
    s = new_game()
    give(s, "fire_guard", "twin_axes")
    fg = champ(s, "fire_guard")
    before_tribal, before_start, before_item = s.tribal[1][:], fg.start[:], [d[:] for d in fg.slot_dice]
    roll_pool(s, "fire_guard", ["red weapon", "green own", "white tribal", "blue tribal"],
              ["war", "defense", "war", "power"])
    do(s, "attack priestess")
    finish_turn(s)
    assert s.tribal[1] == before_tribal and fg.start == before_start and fg.slot_dice == before_item


def test_reset_refills_the_spoils():
    """Step 7c: flip new Item cards, refilling the Spoils of War (not before the Reset)."""
    s = turn_of("fire_guard", ["gold tribal wealth"])
    do(s, f"acquire {s.faceup[0]}")
    do(s, "stash")
    assert len(s.faceup) == 2  # "you do not refill the face-up Items ... until the Reset step"
    finish_turn(s)
    assert len(s.faceup) == 3


def test_resource_cubes_go_to_the_stock():
    """Step 7b: cubes paid for Resource Costs are discarded to the Stock."""
    s = new_game()
    energy_stock = s.cubes[2]
    roll_pool(s, "fire_guard", ["white tribal", "green own", "white tribal", "gold tribal"],
              ["war", "defense", "defense", "wealth"])
    do(s, "ability shield_bash priestess")
    assert champ(s, "fire_guard").energy_cubes == 0 and s.cubes[2] == energy_stock + 2


def test_alternate_activations_then_end_of_round():
    """A Game Play Round: Tribes alternate until every Champion has had a Turn."""
    s = new_game()
    order = []
    while s.round == 1:
        if s.phase == "activate":
            do(s, texts(s)[0])
        order.append(s.champs[s.active].tribe)
        do(s, "roll")
        if s.phase == "reroll":
            do(s, "keep")
        finish_turn(s)
    assert order == [1, 0, 1, 0, 1, 0]
    assert s.round == 2 and all(not c.activated for c in s.champs)


def test_a_tribe_with_champions_left_continues_alone():
    """A Game Play Round: activation alternates 'until all Champions have had a Turn'."""
    s = new_game()
    for cid in ("priestess", "warlord"):
        c = champ(s, cid)
        c.health, c.defeated = 0, True
    order = []
    while s.round == 1:
        if s.phase == "activate":
            do(s, texts(s)[0])
        order.append(s.champs[s.active].tribe)
        do(s, "roll")
        if s.phase == "reroll":
            do(s, "keep")
        finish_turn(s)
    assert order == [1, 0, 1, 1]


def end_round(s):
    while s.round == 1 and not s.is_over() and s.phase != "energy":
        if s.phase == "activate":
            do(s, texts(s)[0])
        do(s, "roll")
        if s.phase == "reroll":
            do(s, "keep")
        finish_turn(s)


def test_end_of_round_gains_energy_and_passes_initiative():
    """End of Round 1-2 and 4: Activated tokens off, one Energy Cube each, Initiative passes."""
    s = new_game()
    before = {c.cid: c.energy_cubes for c in s.champs}
    end_round(s)
    assert s.initiative == 0 and s.next_tribe == 0
    for c in s.champs:
        board_max = c.energy_max
        assert c.energy_cubes == min(board_max, before[c.cid] + 1)


def test_end_of_round_energy_replaces_a_stored_die():
    """End of Round 2: with no free square, the cube replaces a Stored die, which is Reset at once."""
    s = position(champions={"priestess": {"energy": 5, "stored_energy": ["blue own"]}})  # 6 squares, all full
    pr = champ(s, "priestess")
    blue = COLOUR["blue"]
    end_round(s)
    assert pr.energy_dice == [] and pr.energy_cubes == pr.energy_max and pr.start[blue] == 1


def test_end_of_round_energy_square_or_replace_is_the_owners_choice():
    """End of Round 2: "It must be placed in an unoccupied square or it can replace a die that is
    Stored on the Track": with a free square the owner chooses; a replaced die is Reset at once."""
    for choice in ("square", "replace 1"):
        s = position(champions={"priestess": {"energy": 4, "stored_energy": ["blue own"]}})  # one square free
        pr = champ(s, "priestess")
        blue = COLOUR["blue"]
        end_round(s)
        assert s.phase == "energy" and s.to_move() == (pr.seat,)
        assert texts(s) == ["cube priestess square", "cube priestess replace 1"]
        assert s.view(None)["energy_cube_for"] == "priestess"
        do(s, f"cube priestess {choice}")
        assert s.phase == "activate" and s.round == 2 and pr.energy_cubes == pr.energy_max - 1
        if choice == "square":
            assert pr.energy_dice == [(blue, pr.idx, 1)] and pr.start[blue] == 0
        else:
            assert pr.energy_dice == [] and pr.start[blue] == 1


def test_end_of_round_energy_chooses_which_stored_die_to_replace():
    """End of Round 2 on a full Track: the cube replaces a Stored die of the owner's choice (a
    Tribal die goes back to the Tribal Pool, a Starting die to the board); identical dice are one
    choice and need no question."""
    s = position(champions={"priestess": {"energy": 4, "stored_energy": ["blue own", "blue tribal"]}})
    pr = champ(s, "priestess")
    blue = COLOUR["blue"]
    end_round(s)
    assert texts(s) == ["cube priestess replace 1", "cube priestess replace 2"]
    do(s, "cube priestess replace 2")
    assert pr.energy_dice == [(blue, pr.idx, 1)] and s.tribal[0][blue] == 1 and pr.energy_cubes == pr.energy_max - 1

    s = position(tribal=[{**SETUP_POOL, "blue": 2}, SETUP_POOL],  # two Tribal blue dice, both Stored
                 champions={"priestess": {"energy": 4, "stored_energy": ["blue tribal", "blue tribal"]}})
    pr = champ(s, "priestess")
    end_round(s)
    assert s.phase == "activate" and pr.energy_dice == [(blue, 0, 0)] and s.tribal[0][blue] == 1


def test_spoils_grow_three_four_five():
    """End of Round 3: discard the Spoils and flip one more, up to five."""
    s = new_game()
    first = s.faceup[:]
    end_round(s)
    assert len(s.faceup) == 4 and set(first) <= set(s.discard)
    s.round = 1
    end_round(s)
    assert len(s.faceup) == 5
    s.round = 1
    end_round(s)
    assert len(s.faceup) == 5


def test_empty_deck_reshuffles_the_discard_pile():
    """End of Round 3: if the draw deck is empty, shuffle the discard pile to form a new deck."""
    s = new_game()
    s.discard, s.deck = s.deck[:], []
    end_round(s)
    assert len(s.faceup) == 4 and len(s.deck) == 42 and s.discard == []


def test_sleep_token_skips_the_turn():
    """Reference B4, Sleep: the next Turn skips steps 1-7; the Activated token is still placed."""
    s = new_game()
    champ(s, "fire_guard").tokens["sleep"] = [1, 0]
    do(s, "activate fire_guard")  # asleep: the Turn ends at once
    assert champ(s, "fire_guard").activated and "sleep" not in champ(s, "fire_guard").tokens
    assert s.next_tribe == 0


def test_rolled_dice_come_from_the_state_rng():
    """Dice rolls are drawn from state.rng: the same seed and actions give the same roll."""
    a, b = new_game(), new_game()
    for s in (a, b):
        do(s, "activate fire_guard")
        do(s, "take white tribal")
        do(s, "take gold tribal")
        do(s, "roll")
    assert a.pool == b.pool


def test_pool_dice_numbering_in_actions():
    """Notation: dice are numbered from 1 in the Active Dice Pool."""
    s = turn_of("fire_guard", ["war", "blue tribal power"])
    assert "store energy 2" in texts(s) and "store energy 1" not in texts(s)
