"""Terminal play, driven by scripted input on the toy game (tests/engine/toy.py)."""

from __future__ import annotations

import io
import re

from rich.console import Console

from glyphhall import bots, games
from glyphhall.cli.play import Seat, new_match, play_match
from glyphhall.engine import MatchRecord, replay
from tests.engine.toy import GAME


def scripted(lines):
    feed = iter(lines)

    def read_line(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return read_line


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=100, color_system=None), out


def test_a_person_plays_a_bot_to_the_end_and_the_record_replays(tmp_path):
    match = new_match(GAME, [Seat("you"), Seat("bot", bots.make("random", 1))], seed=4, options={})
    term, out = console()
    # help, a typo, a legal list, then let the heuristic move for us each round
    record = play_match(match, term, scripted(["help", "fly", "legal", "auto", "hint", "auto", "auto"]))
    text = out.getvalue()
    assert "Commands at the prompt" in text
    assert "'fly' is not an action here" in text
    assert "play " in text
    assert record is not None and record.result == match.state.returns()
    saved = sorted((tmp_path / "glyphhall-data" / "records").glob("duel-*.json"))
    assert len(saved) == 1
    assert replay(MatchRecord.read(saved[0]), game=GAME) == match.state


def test_end_of_input_quits_without_a_record(tmp_path):
    match = new_match(GAME, [Seat("you"), Seat("bot", bots.make("random", 1))], seed=4, options={})
    term, out = console()
    assert play_match(match, term, scripted([])) is None
    assert "You left the match" in out.getvalue()
    assert not (tmp_path / "glyphhall-data" / "records").exists() or not any(
        (tmp_path / "glyphhall-data" / "records").iterdir()
    )


def test_hotseat_hands_over_and_shows_each_person_only_their_own_secrets():
    match = new_match(GAME, [Seat("ann"), Seat("bob")], seed=2, options={})
    term, out = console()
    # each turn: Enter at the hand-over prompt, then let the heuristic move
    play_match(match, term, scripted(["", "auto"] * 6), save_record=False)
    assert match.state.is_over()
    turns = re.split(r"─ \w+, your move ─", out.getvalue())  # the hand-over rules
    bob_first_turn = turns[2]  # text shown after the hand-over to bob, before the next one
    assert "ann picks a card" in bob_first_turn  # events name the people
    assert "you pick" in bob_first_turn  # bob's own pick, after he made it
    assert "ann: play" not in bob_first_turn  # ann's secret choice is never shown to bob


def test_a_plain_screen_redraws_the_board_only_after_others_have_moved(tmp_path):
    """A Tundrus turn is many decisions of one person: the plain screen (screen readers, pipes)
    shows their log lines, not the whole board again after each of them."""
    from glyphhall import games
    from glyphhall.cli.screen import PlainScreen

    class Counting(PlainScreen):
        draws = 0

        def draw(self, *args, **kwargs):
            Counting.draws += 1
            super().draw(*args, **kwargs)

    game = games.get("tundrus")
    match = new_match(game, [Seat("Ann"), Seat("bot", bots.make("random", 1))], seed=5, options={})
    term, out = console()
    play_match(match, term, scripted(["auto"] * 60), save_record=False, screen=Counting(term))
    mine = sum(1 for seat, _ in match.record.actions if seat == 0)
    assert mine >= 60  # the 60 typed, and the decisions with one option, played for Ann
    assert Counting.draws < 30
    assert "Ann: " in out.getvalue()  # each decision still shows as a line
    assert "(the only move)" in out.getvalue()  # and a step with one option says it was played


def test_rules_shows_the_games_words_for_players():
    """`rules` at the prompt: the game in a paragraph and its rulings, as the Rules panel has them
    (games/<id>/for_players.toml); a game without them says so."""
    match = new_match(games.get("glyfts"), [Seat("ann"), Seat("bot", bots.make("random", 1))], seed=4, options={})
    term, out = console()
    play_match(match, term, scripted(["rules"]))
    text = " ".join(out.getvalue().replace("│", " ").split())
    assert "Rulings (where the rulebook is silent)" in text and "- No hand limit." in text
    assert "Combat Circle" in text and "**" not in text
    toy = new_match(GAME, [Seat("you"), Seat("bot", bots.make("random", 1))], seed=4, options={})
    term, out = console()
    play_match(toy, term, scripted(["rules"]))
    assert "this game has no rules summary here" in out.getvalue()
