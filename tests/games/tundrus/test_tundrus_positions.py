"""Glyph (tundrus) positions as data (README "Positions"; issue 13): a rule scenario reads
position, actions, expected events and view."""

import pytest

from glyphhall.engine import LoadError
from glyphhall.games.tundrus.data import GLYPHS
from glyphhall.games.tundrus.game import GAME
from glyphhall.games.tundrus.tracks import STOCK_CUBES

TRIBES = [["priestess", "warlord", "stone_golem"], ["fire_guard", "huntress", "necromancer"]]


def position(**keys):
    return GAME.load_position({"tribes": TRIBES, **keys})


def test_the_fire_guard_replenishes_and_rolls_scripted_dice():
    """Rulebook, THE TURN 1-2: REPLENISH four dice for free from the Dice Supply, then ROLL them;
    the position names the champion activating and the faces the dice show."""
    s = position(initiative=2, activate="fire_guard", chance={"dice": ["d6 1", "d6 2", "d6 3", "d6 4"]})
    assert s.phase == "replenish" and s.to_move() == (1,)
    for colour in ("white", "white", "gold", "blue"):
        s.apply_text(1, f"take {colour} tribal")
    events = [e.text for e in s.apply_text(1, "roll")]
    faces = [s.data.dice[s.data.colour_index[c]].faces[i] for i, c in enumerate(("white", "white", "gold", "blue"))]
    assert [d["glyph"] for d in s.view(None)["pool"]] == [GLYPHS[f] for f in faces]
    assert events[0].startswith("fire_guard rolls: 1:white")


def test_health_items_stash_and_spoils_come_from_the_stock_and_the_deck():
    s = position(champions={"warlord": {"health": 2, "items": ["twin_axes"], "stash": ["debt_ledger"],
                                        "activated": True}},
                 spoils={"face_up": ["silvered_buckler"]}, initiative=1)
    w = s.champ_by_id("warlord")
    assert w.health == 2 and "twin_axes" in w.slots and w.stash == ["debt_ledger"] and w.activated
    assert s.faceup == ["silvered_buckler"]
    assert all(i not in s.deck for i in ("twin_axes", "debt_ledger", "silvered_buckler"))
    on_boards = sum(c.health for c in s.champs)
    assert on_boards + s.cubes[0] == STOCK_CUBES[0], "Health cubes are conserved"
    assert s.phase == "activate" and s.next_tribe == 0
    assert GAME.load(s.to_dict()).to_dict() == s.to_dict()


@pytest.mark.parametrize("change, words", [
    ({"tribes": [["priestess"]]}, "'tribes' lists the two Tribes' 3 champions each"),
    ({"tribes": [["priestess", "warlord", "stone_golem"], ["fire_guard", "huntress", "priestess"]]},
     "'tribes': 'priestess' cannot join Tribe 2"),
    ({"champions": {"nobody": {}}}, "'champions.nobody': no champion of the Tribes is 'nobody'"),
    ({"champions": {"warlord": {"health": 99}}}, "'champions.warlord.health' is 1 to"),
    ({"champions": {"warlord": {"items": ["no_such_item"]}}}, "'champions.warlord.items': 'no_such_item' is not"),
    ({"champions": {"warlord": {"items": ["tome_of_might"]}}}, "'tome_of_might' is a consumable, not an Item to equip"),
    ({"champions": {"warlord": {"mood": "grim"}}}, "unknown key in the position: 'champions.warlord.mood'"),
    ({"initiative": 3}, "'initiative' is Tribe 1 or 2"),
    ({"champions": {"warlord": {"activated": True}}, "activate": "warlord"}, "'activate': 'warlord' is not"),
])
def test_a_bad_position_is_refused_naming_what_is_wrong(change, words):
    with pytest.raises(LoadError) as info:
        position(**change)
    assert words in str(info.value)
