"""Legal moves as data beside their texts (`moves`, docs/protocol.md): for every game the data is
what the text reads back to, says nothing the text does not, and the documented example is what
the server sends."""

from __future__ import annotations

import json
import re
from pathlib import Path

import orjson
import pytest

from glyphhall import games
from glyphhall.engine import Rng
from glyphhall.server.tables.messages import legal_part, seat_part

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
HOARDER = Path(games.__file__).parent / "inscription" / "positions" / "hoarder.toml"
#: Moves of each seeded game checked: enough to pass every game's opening into its play, cheap
#: (a Glyphs move is costly to list and play: fewer there).
STEPS = {"glyphs": 12}
DEFAULT_STEPS = 60


def written_out(move: dict) -> str:
    return " ".join([move["kind"], *(str(a) for a in move["args"])])


@pytest.mark.parametrize("game_id", games.ids())
def test_moves_are_what_their_texts_read_back_to(game_id):
    game = games.get(game_id)
    players = game.min_players
    state = game.new(players, 40)
    rng = Rng(40)
    kinds = set()
    for _ in range(STEPS.get(game_id, DEFAULT_STEPS)):
        if state.is_over():
            break
        for seat in range(players):
            part = legal_part(state.legal_actions(seat))
            assert [m["text"] for m in part["moves"]] == part["legal"]
            assert orjson.loads(orjson.dumps(part)) == part  # the wire keeps ints and texts apart
            read_back: dict[str, int] = {}
            for move in part["moves"]:
                assert set(move) == {"text", "kind", "args"}
                assert written_out(move) == move["text"], move  # nothing beyond the text
                kinds.add(move["kind"])
                # nor less: the game reads the text back to the same data (the first few of each
                # kind per step; reading a Glyphs glyph checks its geometry, which is slow)
                if read_back.setdefault(move["kind"], 0) < 3:
                    read_back[move["kind"]] += 1
                    assert game.parse_action(state, seat, move["text"]).to_dict() == move
        assert seat_part(state, None, ["A"] * players)["moves"] == []  # a spectator has none
        seat = state.to_move()[rng.below(len(state.to_move()))]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert len(kinds) >= 2, kinds  # the walk went past a first choice


def test_only_the_seat_to_move_gets_moves():
    game = games.get("inscription")
    state = game.load_position(HOARDER.read_text())
    names = ["Ann", "Bob"]
    assert state.to_move() == (0,)
    assert seat_part(state, 1, names)["moves"] == seat_part(state, 1, names)["legal"] == []
    assert len(seat_part(state, 0, names)["moves"]) == 7


def test_moves_never_name_a_hidden_card():
    """Inscription's hand and deck: the moves name a hand card by its place, as the text does,
    and never a card's name (the deck is hidden even from its owner)."""
    game = games.get("inscription")
    state = game.load_position(HOARDER.read_text())
    wire = orjson.dumps(seat_part(state, 0, ["Ann", "Bob"])["moves"]).decode().lower()
    for name in ("wolf", "stoat", "bullfrog", "magpie", "squirrel", "raven", "skunk"):
        assert name not in wire, name


def test_the_documented_example_is_what_the_server_sends():
    block = re.search(r"```json moves-example\n(.*?)```", DOC.read_text(), re.S)
    assert block, "docs/protocol.md has no moves example"
    state = games.get("inscription").load_position(HOARDER.read_text())
    assert json.loads(block.group(1)) == legal_part(state.legal_actions(0))
