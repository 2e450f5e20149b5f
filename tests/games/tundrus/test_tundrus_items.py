"""Reference > Gaining Items, Item Cards, Spoils of War: Acquire, Stash, Equip, Consume, Gains."""

import pytest
from tundrus_helpers import (
    COLOUR,
    SETUP_POOL,
    champ,
    do,
    give,
    new_game,
    pool_glyphs,
    roll_pool,
    show,
    texts,
    turn_of,
)

from glyphhall.games.tundrus import GAME
from glyphhall.games.tundrus.data import SLOTS


def acquire(s, iid, cid="fire_guard", takes=("gold tribal",), glyphs=("wealth",)):
    show(s, iid)
    roll_pool(s, cid, list(takes), list(glyphs))
    do(s, f"acquire {iid}")


def test_stash_holds_two_items():
    """Stash: face down on the Champion Board, up to two Items, regardless of type."""
    s = new_game()
    fg = champ(s, "fire_guard")
    fg.stash = ["chainmail", "tome_of_power"]
    for i in fg.stash:
        s.deck.remove(i)
    acquire(s, "twin_axes")
    assert "stash" not in texts(s)
    assert {"stash chainmail", "stash tome_of_power", "equip"} <= set(texts(s))
    do(s, "stash chainmail")  # adding to an occupied Stash discards the card there
    assert fg.stash == ["tome_of_power", "twin_axes"] and "chainmail" in s.discard


def test_stashed_items_give_nothing():
    """Stashed Items are not active: no dice, no abilities."""
    s = new_game()
    acquire(s, "twin_axes")
    do(s, "stash")
    fg = champ(s, "fire_guard")
    assert fg.slots == [None, None, None] and sum(map(sum, fg.slot_dice)) == 0


def test_equip_from_stash_later():
    """Items can be Equipped immediately or from the Stash later."""
    s = new_game()
    acquire(s, "twin_axes")
    do(s, "stash")
    assert "equip twin_axes" in texts(s)
    do(s, "equip twin_axes")
    fg = champ(s, "fire_guard")
    assert fg.slots[0] == "twin_axes" and fg.slot_dice[0][COLOUR["red"]] == 2


def test_equip_cost_discards_dice_of_those_colours_used_dice_included():
    """Equip Cost: permanently Discard dice of the colours shown; dice already used this Turn count."""
    s = new_game()
    white = COLOUR["white"]
    show(s, "great_cleaver")  # Equip Cost: white, white
    roll_pool(s, "fire_guard", ["white tribal", "white tribal", "gold tribal"],
              ["war", "war", "wealth"])
    do(s, "attack priestess")  # both white dice are now used
    stock_white = s.stock[white]
    do(s, "acquire great_cleaver")
    do(s, "equip")
    assert s.stock[white] == stock_white + 2 and s.tribal[1][white] == 0
    assert all(d[0] != white for d in s.pool)
    assert champ(s, "fire_guard").slots[0] == "great_cleaver"


def test_equip_cost_needs_dice_in_own_supply():
    """Dice in another Champion's Pool or Stored on Tracks cannot pay an Equip Cost."""
    s = new_game()
    acquire(s, "havoc_maul")  # Equip Cost: red; the Fire Guard has no red die
    assert "equip" not in texts(s) and "stash" in texts(s)


def test_equip_cost_from_idle_supply():
    """Equip Cost: dice in this Champion's Supply that were not rolled may pay it too."""
    s = new_game()
    green = COLOUR["green"]
    acquire(s, "plate_armor")  # white, green: the green starting die is idle
    do(s, "equip")
    fg = champ(s, "fire_guard")
    assert fg.start[green] == 0 and fg.armor_solid == 4 and fg.armor_perm == 4


@pytest.mark.parametrize("choice", ["tribal", "2"])
def test_equip_cost_the_player_names_the_die(choice):
    """Equip: the dice Discarded are the player's choice among "any dice that started the Turn in this
    Champion's Supply ... including dice from the Active Dice Pool that have already been used": here
    the used white Tribal die (`pay tribal`) or the unused white die still showing War (`pay 2`)."""
    s = new_game()
    white = COLOUR["white"]
    acquire(s, "bastion_scroll", takes=("white tribal", "white tribal"), glyphs=("wealth", "war"))
    do(s, "consume")  # Equip Cost: white
    assert s.phase == "pay" and texts(s) == ["pay tribal", "pay 2"]
    assert s.view(1)["turn"]["paying"] == {"item": "bastion_scroll", "colours_left": ["white"]}
    stock = s.stock[white]
    do(s, f"pay {choice}")
    assert s.phase == "secondary" and s.stock[white] == stock + 1 and len(s.pool) == 1
    left = pool_glyphs(s)[0], s.pool[0][4]
    assert left == (("war", False) if choice == "tribal" else ("wealth", True))
    assert champ(s, "fire_guard").fortify == "bastion_scroll"


def test_equip_cost_tribal_or_own_die_is_a_choice():
    """Equip: an idle die of the Champion's own Pool or of the Tribal Pool may pay; the player picks
    (here the green Starting Die, which only this champion could use, rather than a Tribal one)."""
    s = new_game()
    green = COLOUR["green"]
    s.tribal[1][green] += 1
    s.stock[green] -= 1
    acquire(s, "plate_armor")  # white, green
    do(s, "equip")  # white: only idle Tribal dice, paid at once; green: Tribal or own
    assert s.pay_left == [green] and texts(s) == ["pay tribal", "pay own"]
    do(s, "pay own")
    fg = champ(s, "fire_guard")
    assert fg.start[green] == 0 and s.tribal[1][green] == 1 and fg.slots[1] == "plate_armor"


def test_equip_cost_paid_without_asking_when_every_die_must_go():
    """Equip: with only as many dice of a colour as the cost needs, there is nothing to choose."""
    s = new_game()
    white = COLOUR["white"]
    show(s, "great_cleaver")  # Equip Cost: white, white
    roll_pool(s, "fire_guard", ["white tribal", "white tribal", "gold tribal"], ["war", "war", "wealth"])
    do(s, "acquire great_cleaver")
    do(s, "equip")
    assert s.phase == "secondary" and s.tribal[1][white] == 0 and all(d[0] != white for d in s.pool)


def test_equip_cost_dice_gained_this_turn_are_not_offered():
    """Equip: a red die Gained this Turn (Tome of Might, to the Tribal Pool) did not start the Turn in
    the Supply; the Fire Guard's own red die pays the Havoc Maul at once (the only choice)."""
    s = new_game()
    red, gold = COLOUR["red"], COLOUR["gold"]
    fg = champ(s, "fire_guard")
    fg.start[red] += 1
    s.stock[red] -= 1
    show(s, "tome_of_might")
    show(s, "havoc_maul")
    s.tribal[1][gold] += 1
    s.stock[gold] -= 1
    roll_pool(s, "fire_guard", ["gold tribal", "gold tribal"], ["wealth", "wealth"])
    do(s, "acquire tome_of_might")
    do(s, "consume")
    assert s.tribal[1][red] == 1
    do(s, "acquire havoc_maul")
    do(s, "equip")
    assert s.phase == "secondary" and fg.start[red] == 0 and s.tribal[1][red] == 1


def test_acquire_spends_the_wealth_die_the_player_names():
    """Acquire: "a player must spend a Wealth Glyph rolled with the Active Dice Pool"; with Wealth dice
    that differ (here a white and a gold one) the player names it with `spend <die>`; a Double or
    Arcana is only spent when no single Wealth Glyph is left (spending it first is never better)."""
    s = turn_of("fire_guard", ["wealth", "gold tribal wealth", "gold tribal double_wealth"],
                tribal=[SETUP_POOL, {"white": 2, "gold": 2, "blue": 1}], spoils={"face_up": ["twin_axes"]})
    do(s, "acquire twin_axes")
    assert s.phase == "wealth" and texts(s) == ["spend 1", "spend 2"]
    do(s, "spend 2")
    assert s.phase == "place" and s.pool[1][4] and not s.pool[0][4] and not s.pool[2][4]


def test_acquire_with_alike_wealth_dice_needs_no_question():
    """Acquire: two white Tribal dice showing Wealth are alike: one is spent without asking."""
    s = turn_of("fire_guard", ["wealth", "wealth"], spoils={"face_up": ["twin_axes"]})
    do(s, "acquire twin_axes")
    assert s.phase == "place" and [d[4] for d in s.pool] == [True, False]


def test_gains_come_from_the_stock():
    """Gain: dice shown at the bottom right are taken from the Stock onto the card."""
    s = new_game()
    red = COLOUR["red"]
    s.stock[red] = 1
    acquire(s, "twin_axes")
    do(s, "equip")
    assert champ(s, "fire_guard").slot_dice[0][red] == 1 and s.stock[red] == 0


def test_items_only_in_their_slot_and_replacing_loses_the_old():
    """Equip: one Item per slot of its type; a replaced Item is discarded with all its Gains,
    including its dice Stored on Tracks."""
    s = new_game()
    give(s, "fire_guard", "twin_axes")
    fg = champ(s, "fire_guard")
    red = COLOUR["red"]
    fg.slot_dice[0][red] -= 1
    fg.energy_dice.append((red, fg.idx, 2))  # one axe die Stored on the Energy Track
    stock_red = s.stock[red]
    acquire(s, "jagged_glaive")
    do(s, "equip")
    assert fg.slots[0] == "jagged_glaive" and "twin_axes" in s.discard
    assert fg.energy_dice == [] and s.stock[red] == stock_red + 2
    assert fg.slot_dice[0][COLOUR["white"]] == 1


def test_solid_square_on_tower_shield_is_permanent_armor():
    """Cards: the solid green square on the Tower Shield is a permanent Armor square."""
    s = new_game()
    give(s, "fire_guard", "tower_shield")
    fg = champ(s, "fire_guard")
    assert fg.armor_solid == 3 and fg.armor_perm == 3
    from glyphhall.games.tundrus.items import discard_slot

    discard_slot(s, fg, SLOTS.index("armor"), [])
    assert fg.armor_solid == 2 and fg.armor_perm == 2


def test_consumables_are_stashed_until_used():
    """Item types: Consumables are kept in the Stash until used."""
    s = new_game()
    acquire(s, "tome_of_power")
    assert set(texts(s)) == {"stash", "consume"}
    do(s, "stash")
    assert "consume tome_of_power" in texts(s)
    blue = s.tribal[1][COLOUR["blue"]]
    do(s, "consume tome_of_power")
    assert s.tribal[1][COLOUR["blue"]] == blue + 1 and "tome_of_power" in s.discard


def test_acquire_only_face_up_items():
    """Spoils of War: only the face-up cards can be Acquired."""
    s = turn_of("fire_guard", ["gold tribal wealth"])
    assert {t.split()[1] for t in texts(s) if t.startswith("acquire")} == set(s.faceup)


def test_acquire_several_items_in_one_turn():
    """You can Acquire and Equip any number of available Items in a Turn."""
    s = new_game()
    show(s, "twin_axes")
    show(s, "chainmail")
    s.tribal[1][COLOUR["gold"]] += 1
    roll_pool(s, "fire_guard", ["gold tribal", "gold tribal"], ["wealth", "wealth"])
    do(s, "acquire twin_axes")
    do(s, "equip")
    do(s, "acquire chainmail")
    do(s, "equip")
    assert champ(s, "fire_guard").slots[:2] == ["twin_axes", "chainmail"]


def test_item_deck_is_hidden_and_determinize_shuffles_it():
    """Spoils of War: the draw deck is face down; determinize reshuffles it, views unchanged."""
    s = new_game()
    view = s.view(0)
    assert view["spoils"]["deck"] == len(s.deck) and "rng" not in str(view)
    from glyphhall.engine import Rng

    decks = {tuple(s.determinize(0, Rng(k)).deck) for k in range(5)}
    assert len(decks) > 1
    assert s.determinize(0, Rng(1)).view(0) == view


def test_item_dice_are_part_of_the_champions_pool():
    """Champion's Pool: Starting Dice and the dice on Equipped Item cards."""
    s = new_game()
    give(s, "fire_guard", "twin_axes")
    do(s, "activate fire_guard")
    assert "take red weapon" in texts(s)


def test_dice_gained_this_turn_cannot_pay_an_equip_cost():
    """Equip: "any dice that started the Turn in this Champion's Supply may be used" - a red die
    from a Tome consumed this Turn cannot pay the Havoc Maul's red Equip Cost."""
    s = new_game()
    show(s, "tome_of_might")
    show(s, "havoc_maul")
    s.tribal[1][COLOUR["gold"]] += 1
    s.stock[COLOUR["gold"]] -= 1
    roll_pool(s, "fire_guard", ["gold tribal", "gold tribal"], ["wealth", "wealth"])
    do(s, "acquire tome_of_might")
    do(s, "consume")
    do(s, "acquire havoc_maul")
    assert "equip" not in texts(s)


def test_bastion_mail_armor_cubes_leave_with_the_item():
    """Item Cards > Note: "If Items are Discarded, all game components Gained from the card must be
    returned to the Stock": Bastion Mail's two Armor Cubes leave the Track when it is replaced."""
    s = new_game()
    fg = champ(s, "fire_guard")
    stock = s.cubes[1]
    give(s, "fire_guard", "bastion_mail")
    assert len(fg.temp) == 2 and s.cubes[1] == stock - 2
    assert s.view(0)["champions"][fg.idx]["armor"]["temporary"] == [{"cube": True, "item": "armor"}] * 2
    assert GAME.load(s.to_dict()).champs[fg.idx].temp == fg.temp  # saved with their Item
    give(s, "fire_guard", "chainmail")  # replaces the Bastion Mail in the armor slot
    assert fg.temp == [] and s.cubes[1] == stock - 1  # Chainmail's solid square took one cube


def test_bastion_mail_cubes_removed_by_an_attack_are_not_lost_twice():
    """Attack and Defense: Temporary Armor does not come back; a Bastion Mail cube knocked off is
    gone, and discarding the Item later removes only the cube still on the Track."""
    from glyphhall.games.tundrus.combat import attack
    from glyphhall.games.tundrus.items import discard_slot

    s = new_game()
    fg, wl = champ(s, "fire_guard"), champ(s, "warlord")
    give(s, "fire_guard", "bastion_mail")
    attack(s, wl, fg, 1, [])  # one War Glyph: one Temporary Armor cube off
    assert len(fg.temp) == 1 and fg.armor_perm == 2
    fg.temp.insert(0, None)  # a cube from elsewhere (e.g. Wall of Mirrors) stays
    stock = s.cubes[1]
    discard_slot(s, fg, 1, [])
    assert fg.temp == [None] and s.cubes[1] == stock + 1
