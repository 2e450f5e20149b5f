"""`is_legal` checks a play, an item or the bell without listing every action: along seeded
random games (items and sacrifices included) it agrees with the listing on every listed action
and on near misses (other hand cards, spaces, sacrifices, items; bad arguments)."""

from glyphhall.engine import Action
from glyphhall.games.inscription import GAME
from glyphhall.games.inscription.actions import canonical, legal_actions
from tests.conformance.playout import random_playout


def _near_misses(action: Action) -> list[Action]:
    args = action.args
    out = [Action(action.verb, args[:-1]), Action(action.verb, (*args, 1)), Action(action.verb, ("wolf", *args[1:]))]
    for k, x in enumerate(args):
        if isinstance(x, int):
            out += [Action(action.verb, (*args[:k], y, *args[k + 1:])) for y in range(0, 10)]
    return out


def test_direct_checks_agree_with_the_listing():
    pool: set[Action] = set()
    checked = 0
    for seed in range(6):
        options = {"items": True, "limited_squirrels": seed % 2 == 1}
        for step, (state, seat, action) in enumerate(random_playout(GAME, 2, seed, options)):
            if step > 260:
                break
            pool.add(action)
            listed = legal_actions(state, seat)
            candidates = set(listed) | pool | {m for a in listed for m in _near_misses(a)}
            for candidate in candidates:
                if candidate.verb == "name":  # any good name is legal, not only those listed
                    continue
                expected = canonical(state, seat, candidate) in listed
                assert state.is_legal(seat, candidate) == expected, (seed, step, str(candidate))
                checked += 1
    assert checked > 10_000
