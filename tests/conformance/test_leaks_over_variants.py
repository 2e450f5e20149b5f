"""The leak check over every option and variant: for every game, with each option's other values
(on its own) and at the fewest, the most and a middle number of players, nothing a seat may not
see changes what that seat is shown or may do. At sampled steps of a seeded random game, every
seat's view, the spectator's view and the mover's legal actions are the same on the true state
and on determinizations for that seat (which resample everything hidden from it). With the
default options only, the check missed Heroscape's face-down Kelda: moves onto her were left out
for unwounded figures, telling the mover which face-down glyph she was."""

from __future__ import annotations

import pytest

from glyphhall import games
from glyphhall.engine import Game, OptionError, Rng

from .playout import random_playout

STEPS = 120  # of each variant's game, checked every CHECK_EVERY
CHECK_EVERY = 3
SAMPLES = 2


def _alternatives(option) -> list:
    if isinstance(option.default, bool):
        return [not option.default]
    return [c for c in option.choices if c != option.default]


def variants(game: Game) -> list[tuple[int, dict]]:
    """(players, options) for each option value on its own, at each player count it allows."""
    counts = sorted({game.min_players, (game.min_players + game.max_players) // 2, game.max_players})
    found = []
    for options in [{}] + [{o.name: v} for o in game.options for v in _alternatives(o)]:
        for players in counts:
            try:
                game.new(players, 0, options)
            except OptionError:
                continue  # e.g. teams need four seats
            found.append((players, options))
    return found


def leaks(game: Game, players: int, options: dict, seed: int = 3) -> list[str]:
    """What the leak check finds along one seeded random game of the variant."""
    found = []
    for step, (state, _, _) in enumerate(random_playout(game, players, seed, options)):
        if step >= STEPS:
            break
        if step % CHECK_EVERY:
            continue
        public = state.view(None)
        for seat in range(state.num_players):
            view = state.view(seat)
            legal = [str(a) for a in state.legal_actions(seat)] if seat in state.to_move() else None
            for k in range(SAMPLES):
                sample = state.determinize(seat, Rng(7919 * step + k))
                if sample.view(seat) != view:
                    found.append(f"step {step}: determinize changed seat {seat}'s view")
                if sample.view(None) != public:
                    found.append(f"step {step}: determinize for seat {seat} changed the public view")
                if legal is not None and [str(a) for a in sample.legal_actions(seat)] != legal:
                    found.append(f"step {step}: seat {seat}'s legal actions depend on what it cannot see")
    return found


CASES = [(g, players, options) for g in games.ids() for players, options in variants(games.get(g))]


@pytest.mark.parametrize(("game_id", "players", "options"), CASES,
                         ids=[f"{g}-{p}p-{','.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for g, p, o in CASES])
def test_no_variant_shows_a_seat_what_it_may_not_see(game_id, players, options):
    assert leaks(games.get(game_id), players, options) == []
