"""Everything a player reads is written for players (issue 26): the Rules panel (summary, rulings,
typing help, glossary: the tooltips of log lines, sigils and glyphs), the notes and refusals of a
map upload, and the log lines and result of seeded random games, worded with the players' names,
carry no file name, Python identifier, command-line flag, "seat N", test name or developer note."""

from __future__ import annotations

from pathlib import Path

import pytest

from glyphhall import games
from glyphhall.engine import GlyphHallError, filter_events
from glyphhall.games.heroscape.map_files import read_map_file
from glyphhall.server.lobby.maps import note_for_players
from glyphhall.server.lobby.rules_text import rules_of
from glyphhall.server.tables.catalog import describe_option
from glyphhall.server.tables.player_text import ruling_for_players
from tests.conformance.playout import random_playout
from tests.player_text import developer_marks

MAPS = Path(__file__).parents[1] / "games/heroscape/virtualscape_maps"
NAMES = ["Ann", "Bob", "Cy", "Di", "Eve", "Flo"]


def _clean(texts: dict[str, str]) -> dict[str, list[str]]:
    return {where: marks for where, text in texts.items() if (marks := developer_marks(text))}


@pytest.mark.parametrize("game_id", games.ids())
def test_the_rules_panel_and_its_tooltips_are_written_for_players(game_id):
    rules = rules_of(games.get(game_id))
    texts = {"summary": rules["summary"], "typing help": rules["notation"] or ""}
    texts |= {f"ruling {i + 1}": r for i, r in enumerate(rules["rulings"])}
    texts |= {f"glossary {term}": f"{term}: {text}" for term, text in rules["glossary"].items()}
    assert _clean(texts) == {}
    assert rules["rulings"], "the rulings are kept, only the notes for developers go"


@pytest.mark.parametrize("game_id", games.ids())
def test_the_lobby_forms_option_descriptions_are_written_for_players(game_id):
    texts = {o.name: describe_option(o)["help"] or "" for o in games.get(game_id).options}
    assert _clean(texts) == {}


def test_notes_for_developers_leave_the_rulings_and_option_keys_become_words():
    said = ruling_for_players(
        "Energy (`energy.py`) is paid from cubes first (phase `energypay`). The engine asks one seat per "
        "decision, since several seats in `to_move` would clash. Our `turn_limit` option ends it at seat 0's turn.",
        ["turn_limit"])
    assert said == "Energy is paid from cubes first. The “turn limit” option ends it at the first player's turn."
    assert ruling_for_players("Views are built by `view(seat)` in views.py.") == ""


def _map_texts() -> dict[str, str]:
    texts = {}
    for path in sorted(MAPS.glob("*.hsc")):
        for zones in ("file", "auto"):
            try:
                found = read_map_file(path.read_bytes(), path.name, zones, 2)
            except GlyphHallError as err:  # a refusal is read too
                texts[f"{path.name} ({zones}) refused"] = note_for_players(str(err))
                continue
            texts |= {f"{path.name} ({zones}) note {i}": note_for_players(n) for i, n in enumerate(found.notes)}
    return texts


def test_map_upload_notes_and_refusals_do_not_name_command_line_flags():
    texts = _map_texts()
    assert len(texts) >= 5 and _clean(texts) == {}
    assert note_for_players("a tower; or leave such pieces out (--leave-out towers)") == "a tower"


@pytest.mark.parametrize("game_id", games.ids())
def test_log_lines_and_results_of_random_games_are_written_for_players(game_id):
    game = games.get(game_id)
    players = game.min_players
    names = NAMES[:players]
    texts: dict[str, str] = {}
    state = None
    for n, (state, seat, action) in enumerate(random_playout(game, players, seed=11)):
        if n >= 400:
            break
        trial = state.clone()
        events = trial.apply(seat, action)
        for viewer in [None, *range(players)]:
            for e in filter_events(events, viewer):
                texts[f"step {n + 1} as {viewer}: {e.text}"] = game.event_text(e, names)
    if state is not None and state.is_over():
        texts["result"] = game.result_text(state, names)
    assert texts and _clean(texts) == {}
