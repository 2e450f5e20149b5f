"""Every log line of seeded random games, as each seat and a spectator read it: no "seat N", no
raw snake_case id ("blood_mage", "glyft_tidecaller"), and in the games with pieces of both sides
on the table (Tundrus champions, Heroscape figures, Glyfts creatures in battle) every piece named
with its owner ("Ann's Fire Guard"), unless the sentence's subject is that owner ("Ann recruits
the Druid"). The wording is each game's `wording.py` (Game.event_text)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from glyphhall import games
from glyphhall.engine import Rng, filter_events

NAMES = ["Ann", "Bob"]
SNAKE_ID = re.compile(r"\b[a-z0-9]+(?:_[a-z0-9]+)+\b")
SEAT = re.compile(r"\bseats? \d", re.I)
OWNED = r"(?:Ann|Bob)'s "
# the owner is the sentence's subject, just before the piece
SUBJECT = (r"(?:Ann|Bob) (?:recruits the|activates the|places|drafts|puts an order marker face down on"
           r"|reveals order marker \w on|ends the turn of|places a card face down under|tries to summon|picks"
           r"|puts|puts \w[\w ]* and) |[Yy]ou put order marker \w on ")


def log_lines(game_id: str, seed: int, steps: int) -> Iterator[tuple[object, str]]:
    """(state after the step, line) for every event of a seeded random game, as every seat and a
    spectator may see it."""
    game = games.get(game_id)
    state = game.new(2, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over():
            return
        seat = state.to_move()[0]
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        for observer in (0, 1, None):
            for event in filter_events(events, observer):
                yield state, game.event_text(event, NAMES)


@pytest.mark.parametrize("game_id", games.ids())
def test_no_seat_numbers_or_raw_ids_in_any_log_line(game_id):
    for seed in (1, 2, 3):
        for _, line in log_lines(game_id, seed, 1500):
            assert not SEAT.search(line), line
            assert not SNAKE_ID.search(line), line


def tundrus_pieces(state) -> list[str]:
    from glyphhall.games.tundrus.data import load_data

    return [c.name for c in load_data().champions.values()]


def heroscape_pieces(state) -> list[str]:
    from glyphhall.games.heroscape.wording import figure_name

    return [figure_name(f) for f in state.f_name]


def glyfts_pieces(state) -> list[str]:
    from glyphhall.games.glyfts.events import CREATURE_NAMES

    return list(CREATURE_NAMES)


def unowned(line: str, pieces: list[str]) -> list[str]:
    """The pieces `line` names without their owner's name."""
    pattern = "|".join(map(re.escape, sorted(set(pieces), key=len, reverse=True)))
    out = []
    for match in re.finditer(rf"(?<![\w'])({pattern})(?![\w])", line):
        before = line[: match.start()]
        if not re.search(rf"(?:{OWNED}|{SUBJECT})$", before):
            out.append(match.group(0))
    return out


@pytest.mark.parametrize("game_id, pieces, only", [
    ("tundrus", tundrus_pieces, None),
    ("heroscape", heroscape_pieces, None),
    ("glyfts", glyfts_pieces, re.compile(r"attacks|Attack \d")),  # battles: both sides' creatures
])
def test_pieces_are_named_with_their_owners(game_id, pieces, only):
    for seed in (1, 2):
        for state, line in log_lines(game_id, seed, 1500):
            if only is None or only.search(line):
                assert not unowned(line.split(";")[0] if only else line, pieces(state)), line
