"""Action texts a stranger may send (a websocket, a terminal): numbers in other scripts or
thousands of digits long, lone surrogates. Every game refuses them with an IllegalAction that
says why and leaves the state unchanged, never another exception."""

from __future__ import annotations

import re

import pytest

from glyphhall.engine import Game, IllegalAction, OptionError

from .playout import random_playout

SAMPLE_EVERY = 11
#: Games whose parsers do not read numbers through glyphhall.engine.notation yet (strict: the
#: test fails once they do, and the entry goes).
NOT_YET: dict[str, str] = {}
NOT_ASCII_NUMBERS = ("²", "⑴", "٣", "१", "３", "9" * 5000, "1" + "0" * 40, "\ud800")


def _hostile_variants(text: str) -> list[str]:
    """`text` with each of its numbers (or, when it has none, its last word) replaced by each
    hostile number, plus the hostile numbers appended."""
    out = []
    numbers = list(re.finditer(r"[0-9]+", text))
    for bad in NOT_ASCII_NUMBERS:
        for m in numbers[:3]:
            out.append(text[: m.start()] + bad + text[m.end() :])
        if not numbers:
            out.append(text.rsplit(" ", 1)[0] + " " + bad)
        out.append(f"{text} {bad}")
    return out


def test_numbers_in_other_scripts_or_too_long_are_illegal_actions(game: Game, request) -> None:
    if game.id in NOT_YET:
        request.applymarker(pytest.mark.xfail(strict=True, reason=NOT_YET[game.id]))
    for step, (state, seat, _) in enumerate(random_playout(game, game.min_players, 4)):
        if step % SAMPLE_EVERY:
            continue
        before = state.to_dict()
        for action in state.legal_actions(seat)[:6]:
            for text in _hostile_variants(str(action)):
                with pytest.raises(IllegalAction) as info:
                    state.clone().apply_text(seat, text)
                assert str(info.value)
        assert state.to_dict() == before


@pytest.mark.parametrize(("game_id", "options"), [
    ("tundrus", {"split": "²-1"}),
    ("tundrus", {"split": "9" * 5000 + "-1"}),
    ("inscription", {"death_cards": "Bob/1 blood/²/1/"}),
    ("inscription", {"death_cards": "Bob/1 blood/1/" + "9" * 5000 + "/"}),
])
def test_numbers_in_option_texts_are_read_the_same_way(game_id: str, options: dict) -> None:
    from glyphhall import games

    game = games.get(game_id)
    with pytest.raises(OptionError):
        game.new(2, 1, game.resolve_options(options))
