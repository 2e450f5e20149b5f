"""The blunder class of issue 23: a position where a free block or a lethal answer exists, and the
`mcts` level (its table budget in iterations, no time limit, so the test is reproducible) finds it.
Each position is loaded through its game's position format (the game's README, "Positions")."""

from collections.abc import Callable
from pathlib import Path

import pytest

from glyphhall.bots import ask
from glyphhall.bots.mcts import make_level
from glyphhall.engine import Action, State
from glyphhall.games.glyfts import GAME as GLYFTS
from glyphhall.games.heroscape import GAME as HEROSCAPE
from glyphhall.games.inscription import GAME as INSCRIPTION
from glyphhall.games.tundrus import GAME as TUNDRUS

GAMES = Path(__file__).resolve().parents[2] / "glyphhall" / "games"
SEEDS = (1, 2)


def play_turn(state: State, seat: int, seed: int, stop_after: str | None = None,
              until: Callable[[State], bool] = lambda state: False) -> list[Action]:
    """The `mcts` level's moves for `seat` while it is to move, up to its first `stop_after` verb
    (not played) or until `until` holds."""
    bot = make_level("mcts", seed, seconds=None)
    moves: list[Action] = []
    while state.to_move() == (seat,) and not state.is_over() and not until(state) and len(moves) < 30:
        action = ask(bot, state, seat)
        moves.append(action)
        if action.verb == stop_after:
            break
        state.apply(seat, action)
    return moves


@pytest.mark.parametrize("seed", SEEDS)
def test_inscription_blocks_the_lethal_attacker_with_a_free_card(seed: int) -> None:
    """Gameplay 3-5: the Wolf opposite an empty space would tip the scale from 3 to 6 toward
    seat 0, whose last candle would go out; a Squirrel costs nothing (Card Costs) and blocks it.
    (A saved game showed the bot playing its Wolf Cub on an empty lane instead.)"""
    state = INSCRIPTION.load_position({
        "options": {"items": False, "make_death_card": False},
        "position": {"scale": -3, "turn": 0, "step": "play"},
        "seats": [{"board": ["Squirrel", "", "", ""], "hand": ["Wolf Cub", "Squirrel"], "candles": 1},
                  {"board": ["", "", "Wolf", ""], "hand": ["Squirrel"], "candles": 1}],
    })
    moves = play_turn(state, 0, seed, stop_after="bell")
    assert moves[-1].verb == "bell"
    assert state.board[2] is not None and state.board[2] is not state.board[4 + 2], "nothing blocks the Wolf"


@pytest.mark.parametrize("seed", SEEDS)
def test_glyfts_takes_the_winning_capture(seed: int) -> None:
    """Playing the Game (battles): a Capture card under the attacker captures whatever the dice say
    (no Nullify under Sky Warden). Seat 0 has 8 Skill points: placing Capture under a Creature and
    attacking Sky Warden (2 Skill) with it wins now; any other line leaves the game open."""
    state = GLYFTS.load_position((GAMES / "glyfts" / "positions" / "last-capture.toml").read_text())
    moves = play_turn(state, 0, seed)
    assert state.is_over() and state.returns() == [1.0, 0.0], [str(m) for m in moves]


@pytest.mark.parametrize("seed", SEEDS)
def test_tundrus_defeats_the_priestess_this_turn(seed: int) -> None:
    """Rulebook 4 and the glossary (Summon Imp, a FREE ACTION; Basic Attack against a Stored
    Defense die): the Imp's Magic Damage and the attack together take the Priestess's last two
    Health this Turn; leaving her standing hands the initiative back."""
    state = TUNDRUS.load_position((GAMES / "tundrus" / "positions" / "imp-and-aegis.toml").read_text())
    moves = play_turn(state, 1, seed, until=lambda s: s.champ_by_id("priestess").defeated)
    assert state.champ_by_id("priestess").defeated, [str(m) for m in moves]


@pytest.mark.parametrize("seed", SEEDS)
def test_heroscape_attacks_the_last_enemy_figure_with_one_life_left(seed: int) -> None:
    """Victory (last side with figures) and §1.5 (leaving engagement): Thorgrim, the last enemy
    figure, has one Life left and stands next to Finn. Attacking him may win now; stepping away
    only gives him a free attack die."""
    text = (GAMES / "heroscape" / "positions" / "leaving-engagement.toml").read_text()
    text = text.replace('[chance]\ndice = ["d6 1"]', "[wounds]\nthorgrim = 3")
    state = HEROSCAPE.load_position(text)
    assert "thorgrim" in text and state.to_move() == (0,)
    moves = play_turn(state, 0, seed, stop_after="attack")
    assert str(moves[0]) == "attack finn thorgrim", [str(m) for m in moves]
