"""Shared luck (glyphhall.arena.luck): chance streams keyed by what is drawn, for paired games."""

from glyphhall.arena import MatchSpec, play_match
from glyphhall.arena.luck import SharedLuck
from glyphhall.engine import Rng


def _attack(rng: Rng) -> list[int]:
    return [rng.randint(1, 6) for _ in range(3)]


def _draw_card(rng: Rng) -> int:
    return rng.below(40)


def test_a_purpose_gets_the_same_draws_however_often_other_purposes_drew() -> None:
    busy, quiet = SharedLuck(7), SharedLuck(7)
    for _ in range(5):
        _draw_card(busy)
    assert _attack(busy) == _attack(quiet)
    assert _attack(busy) == _attack(quiet)
    # Within one purpose the draws go on along the stream; other seeds give other streams.
    assert _attack(quiet) != _attack(SharedLuck(7))
    assert [_attack(SharedLuck(s)) for s in range(3)] != [_attack(SharedLuck(7))] * 3


def test_a_clone_goes_on_with_the_same_streams() -> None:
    rng = SharedLuck(3)
    _attack(rng)
    twin = rng.clone()
    assert _attack(twin) == _attack(rng)
    items = list(range(10))
    other = items[:]
    rng.shuffle(items)
    twin.shuffle(other)
    assert items == other and sorted(items) == list(range(10))


def test_shared_draws_are_still_uniform() -> None:
    rng = SharedLuck(11)
    counts = [0] * 6
    for _ in range(6000):
        counts[_attack(rng)[0] - 1] += 1
    # chi-square with 5 degrees of freedom: 20.5 is its 99.9 % point
    assert sum((c - 1000) ** 2 / 1000 for c in counts) < 20.5


def test_paired_games_with_shared_luck_play_to_the_end_in_every_game() -> None:
    for game in ("inscription", "glyfts", "tundrus", "heroscape"):
        spec = MatchSpec(index=0, game=game, seed=5, entrants=("heuristic", "random"),
                         bots=("heuristic", "random"), bot_seeds=(1, 2), shared_luck=True)
        result = play_match(spec)
        assert result["error"] is None and result["shared_luck"] is True
        assert sorted(result["returns"]) in ([0.0, 1.0], [0.5, 0.5])


def test_a_context_keys_the_draws_of_each_turn_apart() -> None:
    turn = [1]
    busy, quiet = SharedLuck(5, context=lambda: turn[0]), SharedLuck(5, context=lambda: turn[0])
    _attack(busy)  # an extra attack in turn 1 of one game only
    turn[0] = 2
    assert _attack(busy) == _attack(quiet)
    assert busy.clone().context is busy.context
