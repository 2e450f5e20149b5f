"""SETUP and GAME VARIANTS: the draft, tracks, dice, Tribal Pool, Spoils of War, Initiative."""

import pytest
from tundrus_helpers import COLOUR, DATA, TRIBE1, TRIBE2, champ, do, new_game, texts

from glyphhall.engine import IllegalAction, OptionError
from glyphhall.games.tundrus import GAME


def test_draft_alternates_between_tribes():
    """SETUP, Player's Area: players alternately take one Champion Board until both have three."""
    s = GAME.new(2, 0, {"first_pick": "tribe1"})
    seats = []
    for a, b in zip(TRIBE1, TRIBE2, strict=True):
        seats.append(s.to_move()[0])
        do(s, f"pick {a}")
        seats.append(s.to_move()[0])
        do(s, f"pick {b}")
    assert seats == [0, 1, 0, 1, 0, 1]
    assert [c.tribe for c in s.champs] == [0, 1, 0, 1, 0, 1]


def test_draft_requires_different_classes():
    """SETUP: "Players must select Champions that have different Classes"."""
    s = GAME.new(2, 0, {"first_pick": "tribe1"})
    do(s, "pick fire_guard")  # guardian
    do(s, "pick priestess")
    guardians = [c for c, b in DATA.champions.items() if b.cls == "guardian"]
    assert all(f"pick {g}" not in texts(s) for g in guardians)
    with pytest.raises(IllegalAction):
        do(s, "pick stone_golem")
    assert "pick warlord" in texts(s)


def test_a_champion_board_is_taken_once():
    """SETUP: each of the nine Champion Boards can be taken by one Tribe only."""
    s = GAME.new(2, 0, {"first_pick": "tribe1"})
    do(s, "pick fire_guard")
    assert "pick fire_guard" not in texts(s)


def test_tracks_filled_on_solid_squares_and_starting_dice():
    """SETUP: cubes on all solid squares; starting dice of the indicated number and type."""
    s = new_game()
    for c in s.champs:
        board = DATA.champions[c.cid]
        assert c.health == board.health
        assert c.armor_perm == board.armor_solid and c.temp == []
        assert c.energy_cubes == board.energy_solid
        assert sum(c.start) == len(board.starting_dice)
        for colour in board.starting_dice:
            assert c.start[colour] >= 1


def test_tribal_pool_is_two_white_one_gold_one_blue():
    """SETUP: each Tribe's Tribal Pool is 2 white, 1 gold and 1 blue dice."""
    s = new_game()
    for t in (0, 1):
        assert s.tribal[t][COLOUR["white"]] == 2
        assert s.tribal[t][COLOUR["gold"]] == 1
        assert s.tribal[t][COLOUR["blue"]] == 1
        assert sum(s.tribal[t]) == 4


def test_spoils_of_war_start_with_three_face_up():
    """SETUP, Game Area: shuffle the Item cards and flip three."""
    s = new_game()
    assert len(s.faceup) == 3 and len(s.deck) == 43 and s.discard == []


def test_initiative_goes_to_the_tribe_that_recruited_last():
    """SETUP: the Tribe that recruited the last Champion takes the Initiative Token."""
    assert new_game().initiative == 1
    s = GAME.new(2, 0, {"first_pick": "tribe2"})
    for a, b in zip(TRIBE2, TRIBE1, strict=True):
        do(s, f"pick {a}")
        do(s, f"pick {b}")
    assert s.initiative == 0 and s.to_move() == (0,)


def test_random_first_pick_is_seeded():
    """SETUP: who picks first is decided at random (from the seed)."""
    firsts = {GAME.new(2, seed).draft_queue[0][0] for seed in range(20)}
    assert firsts == {0, 1}


def test_random_draft_ignores_classes():
    """GAME VARIANTS, Random Draft: champions at random, no restriction on Classes."""
    same_class = False
    for seed in range(40):
        s = GAME.new(2, seed, {"random_draft": True})
        assert s.phase != "draft" and len(s.champs) == 6
        for t in (0, 1):
            classes = [DATA.champions[c.cid].cls for c in s.champs if c.tribe == t]
            same_class |= len(set(classes)) < 3
    assert same_class


def test_fast_play_two_champions_each():
    """GAME VARIANTS, Fast Play: a 2v2 Champion game; no other rules change."""
    s = new_game(("priestess", "warlord"), ("fire_guard", "huntress"), fast_play=True)
    assert len(s.champs) == 4 and s.phase == "activate"
    assert s.tribal[0][COLOUR["white"]] == 2


def test_six_players_one_champion_each():
    """GAME VARIANTS, Team Games: six players, three per Tribe, each controls one Champion."""
    s = new_game(players=6)
    assert s.tribe_seats == ((0, 1, 2), (3, 4, 5))
    assert sorted(c.seat for c in s.champs) == [0, 1, 2, 3, 4, 5]
    assert all(c.seat in s.tribe_seats[c.tribe] for c in s.champs)


def test_three_against_one_split():
    """Team Games: "3 against 1": one player controls three Champions, the others one each."""
    s = new_game(players=4, split="3-1")
    assert s.tribe_seats == ((0, 1, 2), (3,))
    assert {c.seat for c in s.champs if c.tribe == 1} == {3}
    assert sorted(c.seat for c in s.champs if c.tribe == 0) == [0, 1, 2]
    assert s.returns() == [0.5] * 4


def test_team_members_share_the_tribal_pool():
    """Team Games note: the Tribal Pool is still shared among all Champions in a Tribe."""
    s = new_game(players=6)
    assert len(s.tribal) == 2


def test_team_returns_are_shared():
    """Team Games: the winning Tribe's players all win."""
    s = new_game(players=4, split="2-2")
    for c in s.champs:
        if c.tribe == 0:
            c.health = 0
            c.defeated = True
    s.winner, s.phase = 1, "over"
    assert s.returns() == [0.0, 0.0, 1.0, 1.0]


@pytest.mark.parametrize(
    "players, options",
    [(4, {"split": "4-0"}), (3, {"split": "2-2"}), (5, {"fast_play": True}), (2, {"split": "x"}),
     (2, {"first_pick": "tribe3"}), (2, {"nonsense": 1})],
)
def test_bad_team_options_are_clear_errors(players, options):
    """Team Games: two Tribes of champions; impossible splits are clear option errors."""
    with pytest.raises(OptionError) as info:
        GAME.new(players, 0, options)
    assert str(info.value)


def test_picks_belong_to_the_seat_controlling_that_champion():
    """Team Games: with 2 players in a 3-champion Tribe the first player controls two boards."""
    s = GAME.new(3, 0, {"first_pick": "tribe1", "split": "2-1"})
    order = []
    for a, b in zip(TRIBE1, TRIBE2, strict=True):
        order.append(s.to_move()[0])
        do(s, f"pick {a}")
        order.append(s.to_move()[0])
        do(s, f"pick {b}")
    assert order == [0, 2, 1, 2, 0, 2]
    assert champ(s, "stone_golem").seat == 0


def test_team_activation_is_chosen_by_one_seat_then_the_controller_plays():
    """Team Games: the Tribe "activates one of their Champions" (A GAME PLAY ROUND). The engine asks
    one seat per decision (several seats at once would mean simultaneous secret moves), so by ruling
    the player controlling the Tribe's first not-yet-activated champion chooses which one activates;
    the activated champion's own player then plays its Turn."""
    s = new_game(players=6)
    assert s.next_tribe == 1 and s.to_move() == (champ(s, "fire_guard").seat,) == (3,)
    assert texts(s) == ["activate fire_guard", "activate huntress", "activate necromancer"]
    with pytest.raises(IllegalAction):
        s.apply_text(4, "activate huntress")  # the Huntress's player does not choose
    s.apply_text(3, "activate huntress")
    assert s.to_move() == (champ(s, "huntress").seat,) == (4,)
    s.apply_text(4, "roll")
    if s.phase == "reroll":
        s.apply_text(4, "keep")
    while s.phase != "activate":
        s.apply_text(4, "end")
    assert s.next_tribe == 0 and s.to_move() == (champ(s, "priestess").seat,) == (0,)
