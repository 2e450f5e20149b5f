"""The rulebook's worked example: Stephen's Fire Guard takes her Turn (A GAME PLAY ROUND)."""

from tundrus_helpers import COLOUR, champ, do, pool_glyphs, position, script, texts


def fire_guard_game(priestess: dict | None = None, **keys):
    """The example's position: Stephen's Tribe holds the Initiative; the Fire Guard's Item gives "2 red
    dice"; `priestess` sets the Priestess's board, `keys` the rest (README "Positions")."""
    boards = {"fire_guard": {"items": ["twin_axes"]}, "priestess": priestess or {}}
    return position(champions=boards, **keys)


def test_initiative_tribe_activates_the_fire_guard():
    """A Game Play Round: the Tribe holding the Initiative Token activates one of its Champions."""
    s = fire_guard_game()
    assert s.initiative == 1 and s.to_move() == (1,)
    assert "activate fire_guard" in texts(s)
    do(s, "activate fire_guard")
    assert s.phase == "replenish" and s.champs[s.active].cid == "fire_guard"


def test_replenish_four_free_then_one_energy_for_two_more():
    """Step 1 REPLENISH: four dice free, then one Energy Cube buys two more (her Supply is 7 dice)."""
    s = fire_guard_game()
    fg = champ(s, "fire_guard")
    assert fg.energy_cubes == 2  # "The Fire Guard currently has 2 stored Energy Cubes"
    do(s, "activate fire_guard")
    for t in ("red weapon", "gold tribal", "white tribal", "white tribal"):
        do(s, f"take {t}")
    assert fg.energy_cubes == 2  # the first four are free
    do(s, "take blue tribal")
    assert fg.energy_cubes == 1  # "spend one cube to take the remaining blue and green dice"
    do(s, "take green own")
    assert fg.energy_cubes == 1
    assert len(s.pool) == 6
    assert s.tribal[1] == [0] * 6 and fg.start[COLOUR["green"]] == 0 and fg.slot_dice[0][COLOUR["red"]] == 1


def play_to_reroll(s, rerolled=("white war", "white war")):
    """The example up to Step 3, with the two white dice to be rerolled (when they are) showing
    `rerolled`."""
    do(s, "activate fire_guard")
    for t in ("red weapon", "gold tribal", "white tribal", "white tribal", "blue tribal", "green own"):
        do(s, f"take {t}")
    # "2 War Glyphs (red, white), 1 Defense (green), 1 Power (blue), 2 Wealth (gold, white)"
    script(s, "red war", "gold wealth", "white war", "white wealth", "blue power", "green defense")
    do(s, "roll")
    script(s, *rerolled)


def test_roll_then_reroll_two_white_dice_together():
    """Steps 2-3 ROLL and REROLL: the chosen dice are rerolled together and the result accepted."""
    s = fire_guard_game()
    play_to_reroll(s)
    assert sorted(pool_glyphs(s)) == sorted(["war", "wealth", "war", "wealth", "power", "defense"])
    assert s.phase == "reroll"
    do(s, "mark 3")  # the two white dice
    do(s, "mark 4")
    do(s, "reroll")
    assert pool_glyphs(s) == ["war", "wealth", "war", "war", "power", "defense"]
    assert s.phase == "main"  # no second reroll: "the new result must be accepted"
    assert not any(t.startswith(("mark", "reroll")) for t in texts(s))


def test_shield_bash_cannot_be_matched_and_basic_attack_is_the_only_primary():
    """Step 4a: Shield Bash needs 2 Defense + 1 War and 2 Energy; one Defense Glyph cannot Match it,
    although the Power Glyph could pay an Energy. 4b: no Item ability. 4c: the Basic Attack remains."""
    s = fire_guard_game()
    play_to_reroll(s)
    do(s, "mark 3")
    do(s, "mark 4")
    do(s, "reroll")
    primary = [t for t in texts(s) if t.split()[0] in ("ability", "item", "attack")]
    assert not any(t.startswith("ability shield_bash") for t in primary)
    assert not any(t.startswith(("ability", "item")) for t in primary)
    assert "attack priestess" in primary


def test_basic_attack_through_one_stored_armor():
    """Step 4c: one War Glyph removes the Priestess's one Armor (a stored Defense die), and since War
    Glyphs remain she loses one Health, no more."""
    s = fire_guard_game(priestess={"stored_armor": ["green own"]})  # her green die Stored on the Armor Track
    pr = champ(s, "priestess")
    green = COLOUR["green"]
    play_to_reroll(s)
    do(s, "mark 3")
    do(s, "mark 4")
    do(s, "reroll")
    do(s, "attack priestess")
    assert pr.health == pr.health_max - 1
    assert pr.temp == [] and pr.start[green] == 1  # the die went back to her Champion's Pool
    assert s.phase == "secondary"


def test_acquire_tome_of_might_and_consume_it():
    """Step 5a: a Wealth Glyph Acquires the Tome of Might; Consumed, it adds a red die to the Tribal Pool."""
    s = fire_guard_game(spoils={"face_up": ["tome_of_might", "chainmail", "debt_ledger"]})
    play_to_reroll(s, rerolled=())
    do(s, "keep")
    do(s, "attack priestess")
    red_before = s.tribal[1][COLOUR["red"]]
    do(s, "acquire tome_of_might")
    assert texts(s) == ["spend 2", "spend 4"]  # kept, so two Wealth dice: the gold and a white one
    do(s, "spend 2")  # the example's Wealth Glyph is on the gold die
    assert set(texts(s)) == {"stash", "consume"}
    do(s, "consume")
    assert s.tribal[1][COLOUR["red"]] == red_before + 1
    assert "tome_of_might" in s.discard


def test_store_the_unused_defense_die_and_the_power_die():
    """Steps 5b-5c: unused Power and Defense dice may be Stored on the Energy and Armor Tracks;
    the blue Tribal die is then out of the Supply until it comes back."""
    s = fire_guard_game()
    fg = champ(s, "fire_guard")
    play_to_reroll(s, rerolled=())
    do(s, "keep")
    do(s, "attack priestess")
    assert "store energy 5" in texts(s) and "store armor 6" in texts(s)
    do(s, "store armor 6")  # the green die with the Defense Glyph
    assert fg.temp == [(COLOUR["green"], fg.idx, 1)]
    do(s, "end")
    assert s.phase == "release"
    do(s, "end")
    assert fg.activated and fg.temp == [(COLOUR["green"], fg.idx, 1)]
    assert fg.start[COLOUR["green"]] == 0  # Stored dice are not in the Champion's Pool
    assert s.tribal[1] == [2, 0, 0, 1, 1, 0]  # the rest of the Active Dice Pool was Reset


def test_activated_token_and_play_passes_to_the_other_tribe():
    """Step 8 and alternate activation: the Activated token is placed, then the other Tribe activates."""
    s = fire_guard_game()
    play_to_reroll(s, rerolled=())
    do(s, "keep")
    do(s, "end")
    assert champ(s, "fire_guard").activated
    assert s.phase == "activate" and s.next_tribe == 0 and s.to_move() == (0,)
