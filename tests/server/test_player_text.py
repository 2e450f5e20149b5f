"""Everything a player reads is written for players (issues 26 and 40), checked by the one checker
(glyphhall/engine/player_text.py) over every text a player can read: the Rules panel (summary,
rulings, typing help, glossary: the tooltips of log lines, sigils and glyphs), the lobby form's
option help and bot levels, the pages' words and tooltips, the terminal's help, `rules`, `info` and
hints, the guided first games and the positions' titles, the notes of a map upload, and the log
lines and result of a whole seeded game of each game. The checker itself is shown catching planted
developer words."""

from __future__ import annotations

import re
import tomllib
from html.parser import HTMLParser
from pathlib import Path

import pytest
from rich.console import Console

import glyphhall.engine.for_players as for_players_module
from glyphhall import games
from glyphhall.cli.advice import hint_line
from glyphhall.cli.facts import Facts, rules
from glyphhall.cli.play import HELP
from glyphhall.engine import GlyphHallError, Rng, filter_events
from glyphhall.engine.for_players import PlayerTextError, for_players
from glyphhall.engine.player_text import check_player_texts, developer_words
from glyphhall.games.heroscape.map_files import read_map_file
from glyphhall.server.lobby.maps import note_for_players
from glyphhall.server.lobby.rules_text import rules_of
from glyphhall.server.tables.catalog import Catalog

MAPS = Path(__file__).parents[1] / "games/heroscape/virtualscape_maps"
WEB = Path(games.__file__).parents[1] / "web"
GAMES = Path(games.__file__).parent
NAMES = ["Ann", "Bob", "Cy", "Di", "Eve", "Flo"]
#: short games: each game's own limit, set low, so a whole game is a few hundred steps
SHORT = {"glyfts": {"turn_limit": 8}, "glyphs": {"glyph_limit": 12}, "heroscape": {"round_limit": 2},
         "inscription": {"turn_limit": 30}, "tundrus": {"fast_play": True, "no_progress": 3}}

# ---------------------------------------------------------------- the checker


@pytest.mark.parametrize("text", [
    "Inscription's shared pile never runs out (its copy counts are a proposal).",
    "Why 20: in random play the longest stretch was 5.5 at the 99th percentile.",
    "The program picks only where every candidate is alike.",
    "The view says how many turns have passed without progress (`quiet`).",
    'Position (TOML: the game\'s README, "Positions")',
    "Energy is paid first (see energy.py).",
    "Our turn_limit option ends the game.",
    "It ends at seat 0's turn.",
    "The hard level runs 400 MCTS iterations with a learned policy.",
    "Leave such pieces out (--leave-out towers).",
    "The heuristic bot tournament decides.",
    "A d20 table [S7].",
    "token: Blood Feud - glossary text, B5",
    "represents 2 armor. [P] It is permanent Armor",
])
def test_the_checker_flags_developer_words(text):
    assert developer_words(text), text


@pytest.mark.parametrize("text", [
    "Type 'attack storm_roc leviathan' to attack.",  # an example to type, in quotes
    "The first player's **Dice choices** are *named* by the player.",
    "A player's seat is kept while they are away.",
    "Tarn Viking Warriors 2 moves from c3 to b5; [FREE ACTION] Garrison.",
    "Ten Skill points win at once; the rulebook says \"each player's turn\".",
])
def test_the_checker_passes_players_words(text):
    assert developer_words(text) == []


def test_a_planted_developer_word_is_caught_where_it_was_planted():
    texts = dict(for_players(games.get("tundrus")).texts())
    assert check_player_texts(texts) == {}
    texts["ruling 3"] += " The program picks (`quiet`)."
    found = check_player_texts(texts)
    assert list(found) == ["ruling 3"] and len(found["ruling 3"]) == 2


def test_a_games_words_for_players_refuse_a_developer_word_or_a_missing_option(tmp_path, monkeypatch):
    game = games.get("glyfts")
    path = tmp_path / "for_players.toml"
    monkeypatch.setattr(for_players_module, "file_of", lambda g: path)
    good = 'summary = "A game."\nrulings = ["No hand limit."]\n[options]\nturn_limit = "a limit"\nno_progress = "rounds"\n'
    path.write_text(good, encoding="utf-8")
    assert for_players.__wrapped__(game).rulings == ("No hand limit.",)
    path.write_text(good.replace("No hand limit.", "No hand limit (`hand_limit`)."), encoding="utf-8")
    with pytest.raises(PlayerTextError, match="ruling 1"):
        for_players.__wrapped__(game)
    path.write_text(good.replace('no_progress = "rounds"\n', ""), encoding="utf-8")
    with pytest.raises(PlayerTextError, match="no_progress"):
        for_players.__wrapped__(game)

# ---------------------------------------------------------------- every text a player reads


def _rendered(renderable) -> str:
    console = Console(width=200, record=True, file=open("/dev/null", "w"))  # noqa: SIM115 (rich closes nothing)
    console.print(renderable)
    return console.export_text()


def _game_log(game_id: str) -> dict[str, str]:
    """The log lines as each seat (and a watcher) reads them, the terminal's hints on the way, and
    the result, of a whole seeded random game kept short by the game's own limit."""
    game = games.get(game_id)
    players = game.min_players
    names = NAMES[:players]
    state = game.new(players, 7, SHORT[game_id])
    rng = Rng(7)
    texts: dict[str, str] = {}
    step = 0
    while not state.is_over():
        movers = state.to_move()
        seat = movers[rng.below(len(movers))]
        if step % 25 == 0:
            texts[f"hint at step {step + 1}"] = hint_line(state, seat, seed=step)
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
        for viewer in [None, *range(players)]:
            for e in filter_events(events, viewer):
                texts[f"step {step} as {viewer}: {e.text}"] = game.event_text(e, names)
    texts["result"] = game.result_text(state, names)
    return texts


@pytest.mark.parametrize("game_id", games.ids())
def test_every_text_a_player_reads_of_a_game_is_written_for_players(game_id):
    game = games.get(game_id)
    panel = rules_of(game)
    texts = {f"rules panel {where}": text for where, text in for_players(game).texts().items()}
    texts |= {"rules panel summary": panel["summary"], "typing help": panel["notation"] or ""}
    texts |= {f"glossary {term}": f"{term}: {text}" for term, text in panel["glossary"].items()}
    described = Catalog().describe(game)
    texts |= {f"option help {o['name']}": o["help"] or "" for o in described["options"]}
    facts = Facts(game)
    texts |= {f"info {name}": _rendered(facts.answer(name)) for name in facts.names()}
    texts |= {"terminal rules": _rendered(rules(game)), "info without a name": _rendered(facts.answer(""))}
    log = _game_log(game_id)
    texts |= {f"log {where}": text for where, text in log.items()}
    assert check_player_texts(texts) == {}
    assert panel["summary"] and (panel["rulings"] or game_id == "glyphs") and len(log) > 10
    assert {o.name for o in game.options} == set(for_players(game).option_help), "every option has players' help"


class _PageText(HTMLParser):
    """A page's visible words and its tooltips, labels and placeholders."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        self._hidden += tag in ("script", "style")
        self.texts += [v for k, v in attrs if k in ("title", "placeholder", "aria-label", "alt") and v]

    def handle_endtag(self, tag):
        self._hidden -= tag in ("script", "style")

    def handle_data(self, data):
        if not self._hidden and data.strip():
            self.texts.append(" ".join(data.split()))


# A string the client shows: a tooltip, a label, a node's text ({text: "..."}, .textContent = "...").
_SHOWN = re.compile(r"""(?:\btitle|\btext|textContent|placeholder|ariaLabel|"aria-label")\s*[:=]\s*"""
                    r"""(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`)""")


def _without_code(template: str) -> str:
    """A template string's words, each ${...} (its code, however nested) read as one word."""
    out, depth, i = [], 0, 0
    while i < len(template):
        if template.startswith("${", i):
            depth += 1
            i += 2
            if depth == 1:
                out.append("X")
            continue
        if depth and template[i] == "{":
            depth += 1
        elif depth and template[i] == "}":
            depth -= 1
        elif not depth:
            out.append(template[i])
        i += 1
    return "".join(out)


def test_the_pages_words_and_tooltips_and_the_lobbys_bot_levels_are_written_for_players():
    texts: dict[str, str] = {}
    for page in sorted(WEB.glob("*.html")):
        parser = _PageText()
        parser.feed(page.read_text(encoding="utf-8"))
        texts |= {f"{page.name}: {t}": t for t in parser.texts}
    for script in sorted([*WEB.glob("js/*.js"), *WEB.glob("games/*.js")]):
        for m in _SHOWN.finditer(script.read_text(encoding="utf-8")):
            shown = _without_code(next(g for g in m.groups() if g is not None))
            texts[f"{script.name}: {shown}"] = shown
    offer = Catalog().bot_offer()
    for level in offer["levels"]:
        texts |= {f"bot {level['key']} {k}": str(level[k]) for k in ("name", "label", "about")}
        texts |= {f"bot {level['key']} on {g}": r["text"] for g, r in level["ratings"].items()}
    texts["terminal help"] = HELP
    assert len(texts) > 300 and check_player_texts(texts) == {}


def test_the_guided_first_games_and_the_positions_titles_are_written_for_players():
    """/learn/<game> and `glyphhall learn`: each step's text, why, and answer to a wrong move;
    the lobby's "Start from": each packaged position's title and other words."""
    texts: dict[str, str] = {}
    for path in sorted(GAMES.glob("*/tutorial.toml")):
        for i, step in enumerate(tomllib.loads(path.read_text(encoding="utf-8"))["steps"]):
            where = f"{path.parent.name} guided step {i + 1}"
            texts |= {f"{where} {k}": step[k] for k in ("text", "why") if k in step}
            texts |= {f"{where} wrong {move}": said for move, said in step.get("wrong", {}).items()}
    for path in sorted(GAMES.glob("*/positions/*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        texts |= {f"{path.name} {k}": v for k, v in data.items() if isinstance(v, str) and k != "game"}
    assert len(texts) > 100 and check_player_texts(texts) == {}


def _map_texts() -> dict[str, str]:
    """The notes and refusals of uploading each sample map: with its own start zones, and with
    zones by rule where those are refused (one reading each: the import is the slow part)."""
    texts = {}
    for path in sorted(MAPS.glob("*.hsc")):
        for zones in ("file", "auto"):
            try:
                found = read_map_file(path.read_bytes(), path.name, zones, 2)
            except GlyphHallError as err:  # a refusal is read too
                texts[f"{path.name} ({zones}) refused"] = note_for_players(str(err))
                continue
            texts |= {f"{path.name} ({zones}) note {i}": note_for_players(n) for i, n in enumerate(found.notes)}
            break
    return texts


def test_map_upload_notes_and_refusals_do_not_name_command_line_flags():
    texts = _map_texts()
    assert len(texts) >= 5 and check_player_texts(texts) == {}
    assert note_for_players("a tower; or leave such pieces out (--leave-out towers)") == "a tower"
