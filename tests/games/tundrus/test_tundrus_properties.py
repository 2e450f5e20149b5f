"""Seeded random playouts over every player count and variant: games finish, and dice, cubes and
Item cards are conserved at every step (65 dice, 40/20/40 cubes, 46 Items)."""

import pytest
from tundrus_helpers import cards, cubes, dice_total

from glyphhall.bots import GreedyBot, RandomBot, ask
from glyphhall.engine import Rng
from glyphhall.games.tundrus import GAME

CASES = [(2, {}), (3, {"split": "2-1"}), (4, {"fast_play": True}), (5, {"random_draft": True}), (6, {})]


@pytest.mark.parametrize("players, options", CASES)
def test_random_games_conserve_components(players, options):
    """Components: 65 dice, 40 Health / 20 Armor / 40 Energy cubes and 46 Items are conserved; tracks never overflow."""
    for seed in range(3):
        s = GAME.new(players, seed, options)
        rng = Rng(seed)
        while not s.is_over():
            seat = s.to_move()[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
            if s.phase != "draft":
                assert dice_total(s) == 65
                assert cubes(s) == (40, 20, 40)
                assert cards(s) == 46
                for c in s.champs:
                    assert 0 <= c.health <= c.health_max
                    assert c.energy_cubes + len(c.energy_dice) <= c.energy_max
                    assert len(c.temp) <= c.armor_hollow and c.armor_perm <= c.armor_solid
                    assert len(c.stash) <= 2
        assert sorted(s.returns()) in ([0.0] * (players - len(s.tribe_seats[s.winner])) +
                                       [1.0] * len(s.tribe_seats[s.winner]),)


def test_greedy_bot_beats_random_more_often_than_not():
    """The heuristic bot plays better than random."""
    wins = 0
    for seed in range(6):
        s = GAME.new(2, seed)
        bots = {0: GreedyBot(seed), 1: RandomBot(seed)}
        while not s.is_over():
            seat = s.to_move()[0]
            s.apply(seat, ask(bots[seat], s, seat))
        wins += s.returns()[0] == 1.0
    assert wins >= 4


@pytest.mark.slow
def test_many_random_games_conserve_components_and_replay():
    """Many seeded random games over every variant: conservation at the end of every Turn, and the
    match replays from its action texts to the identical state."""
    from glyphhall.engine import MatchRecord, replay

    for seed in range(40):
        players, options = CASES[seed % len(CASES)]
        s = GAME.new(players, 1000 + seed, options)
        record = MatchRecord.start(GAME, s, [f"p{i}" for i in range(players)])
        rng = Rng(seed)
        while not s.is_over():
            seat = s.to_move()[0]
            action = rng.choice(s.legal_actions(seat))
            record.add(seat, str(action))
            s.apply(seat, action)
            if s.phase == "activate":
                assert (dice_total(s), cubes(s), cards(s)) == (65, (40, 20, 40), 46)
        assert replay(record, game=GAME).to_dict() == s.to_dict()
