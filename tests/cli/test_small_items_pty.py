"""The smaller things a player met at the terminal (issue 28), each as the player meets it: in
a pseudo-terminal (line by line, --plain) where it is something typed, else on the rules' text."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pexpect

from glyphhall import bots, games
from glyphhall.cli.lines import resolve
from glyphhall.cli.play import Seat, legal_lines, new_match, position_match
from glyphhall.engine import MatchRecord, filter_events
from glyphhall.games.heroscape.paths import move_error

from .pty import shown, spawn, type_line, wait_turn

POSITIONS = "glyphhall/games/heroscape/positions"


def _plain(tmp_path, *args: str) -> pexpect.spawn:
    return spawn("play", *args, "--plain", "--name", "Ann", data_dir=str(tmp_path / "data"))


def _quit(child: pexpect.spawn) -> None:
    type_line(child, "quit")
    child.expect_exact("You left the match.")
    child.expect(pexpect.EOF)


def test_an_inscription_card_is_named_with_spaces(tmp_path):
    """`draft raven egg` (and `play river otter 1 sacrifice 1`): a card's name as it is printed."""
    game = games.get("inscription")
    seed, name = next((seed, card) for seed in range(200)
                      for card in _face_up(game, seed) if " " in card)
    child = _plain(tmp_path, "inscription", "--vs", "random", "--seed", str(seed))
    wait_turn(child, "Ann")
    type_line(child, f"draft {name.lower()}")
    child.expect_exact(f"Ann picks {name}")
    wait_turn(child, "Ann")
    _quit(child)


def _face_up(game, seed: int) -> list[str]:
    state = game.new(2, seed, game.resolve_options({}))
    return [state.defs[c].name for c in state.faceup]


def test_a_multi_word_card_is_played_by_name_with_its_sacrifices():
    game = games.get("inscription")
    for seed in range(300):
        match = new_match(game, [Seat("Ann"), Seat("bot", bots.make("random", seed))], seed, {})
        state = match.state
        bot = bots.make("heuristic", seed)
        for _ in range(400):
            if state.is_over():
                break
            seat = state.to_move()[0]
            for action in state.legal_actions(seat):
                words = str(action).split()
                if words[0] == "play" and "sacrifice" in words:
                    card = state.defs[state.hands[seat][int(words[1]) - 1]]
                    if " " in card.name:
                        typed = f"play {card.name.lower()} {' '.join(words[2:])}"
                        parsed = game.parse_action(state, seat, typed)
                        assert str(parsed) == str(action), (typed, action)
                        return
            state.apply(seat, bots.ask(bot, state, seat))
    raise AssertionError("no multi-word blood card was ever playable")


def test_info_is_free_of_notes_and_takes_underscores_or_spaces(tmp_path):
    child = _plain(tmp_path, "heroscape", "--vs", "random", "--seed", "5")
    wait_turn(child, "Ann")
    type_line(child, "info time_bomb")
    child.expect_exact("Time Bomb (glyph)")
    child.expect_exact("Ann>")
    first = shown(child)
    type_line(child, "info time bomb")
    child.expect_exact("Time Bomb (glyph)")
    child.expect_exact("Ann>")
    text = shown(child)
    assert text.count("Time Bomb (glyph)") == 2
    for note in ("[S7]", "proposal", "Fact:", "glossary text", "time_bomb -"):
        assert note not in text, note
    assert "no card, ability" not in first
    _quit(child)


def test_info_of_a_tundrus_token_says_no_bookkeeping(tmp_path):
    child = _plain(tmp_path, "tundrus", "--vs", "random", "--seed", "5")
    wait_turn(child, "Ann")
    type_line(child, "info blood feud")
    child.expect_exact("Blood Feud")
    child.expect_exact("Ann>")
    assert "glossary text" not in shown(child) and "B5" not in shown(child)
    _quit(child)


def test_hint_gives_a_reason(tmp_path):
    child = _plain(tmp_path, "glyfts", "--vs", "random", "--seed", "5")
    wait_turn(child, "Ann")
    type_line(child, "hint")
    child.expect(r"The Medium computer would play: [^\n]+, because [^\n]*(estimate|only legal move)")
    _quit(child)


def test_several_dice_and_several_actions_on_one_line():
    game = games.get("tundrus")
    state = game.new(2, 3, game.resolve_options({}))
    bot = bots.make("heuristic", 1)
    while not (tuple(state.to_move()) == (0,) and state.view(0)["phase"] == "reroll"):
        seat = state.to_move()[0]
        state.apply(seat, bots.ask(bot, state, seat))
    assert resolve(state, 0, "mark 1 3") == ["mark 1", "mark 3"]
    assert resolve(state, 0, "m 2") == ["mark 2"]  # the start of a word, as Tab would complete it
    assert resolve(state, 0, "mark 99") == ["mark 99"]  # refused as typed: the game says why


def test_heroscape_legal_lists_whole_moves_and_an_unreachable_hex_lists_all_in_order(tmp_path):
    game = games.get("heroscape")
    text = Path(f"{POSITIONS}/leaving-engagement.toml").read_text()
    match = position_match(game, [Seat("Ann"), Seat("Bob")], game.load_position(text), text)
    lines = legal_lines(match, match.state.to_move()[0])
    assert any(line.startswith("Whole moves") and "move finn c1" in line for line in lines)
    _an_unreachable_hex_lists_every_reachable_one_in_order()
    child = spawn("play", "heroscape", "--plain", "--position", f"{POSITIONS}/leaving-engagement.toml",
                  "--vs", "human", "--name", "Ann", data_dir=str(tmp_path / "data"))
    child.expect_exact("press Enter")  # hotseat: the keyboard passes
    type_line(child, "")
    child.expect_exact("Ann>")
    type_line(child, "legal")
    child.expect_exact("Whole")
    child.expect_exact("Ann>")
    listed = " ".join(shown(child).split())  # as read, whatever the wrapping
    assert "Whole moves (one line each): " in listed and "move finn c1" in listed
    type_line(child, "quit")
    child.expect(pexpect.EOF)


def _an_unreachable_hex_lists_every_reachable_one_in_order() -> None:
    from glyphhall.games.heroscape.paths import reachable

    game = games.get("heroscape")
    state = game.new(2, 4, game.resolve_options({}))
    bot = bots.make("random", 4)
    while True:
        seat = state.to_move()[0]
        mine = [f for f in range(len(state.f_name)) if state.f_hex[f] >= 0 and state.owner(f) == seat]
        if state.view(seat)["phase"] == "turn" and mine:
            figure = next((f for f in mine if len(reachable(state, f)) > 12), None)
            if figure is not None:
                break
        state.apply(seat, bots.ask(bot, state, seat))
    ends = reachable(state, figure)
    far = next(h for h in range(len(state.board.labels)) if h not in ends and h != state.f_hex[figure])
    error = move_error(state, figure, far, None)
    assert error is not None and "..." not in error
    listed = error.split("hexes: ", 1)[1].rstrip(")").split(", ")
    assert len(listed) == len(ends)  # every one, not the first 12
    assert listed == sorted(listed, key=lambda lab: (lab[0], int(lab[1:])))  # a1, a2, ..., a10


def test_heroscape_says_no_wound_counts_in_words_and_has_a_terrain_legend():
    from rich.console import Console

    from glyphhall.games.heroscape.terminal import render

    game = games.get("heroscape")
    said = []
    for seed in range(6):
        state = game.new(2, seed, game.resolve_options({"round_limit": 3}))
        bot = bots.make("random", seed)
        while not state.is_over():
            seat = state.to_move()[0]
            events = state.apply(seat, bots.ask(bot, state, seat))
            said += [game.event_text(e, ["Ann", "Bob"]) for e in filter_events(events, 0)]
    attacks = [line for line in said if " skull" in line]
    assert attacks and any("; no wound" in line for line in attacks)
    assert not any(re.search(r"\b1 (skulls|shields)\b", line) for line in said)
    console = Console(width=80, record=True)
    console.print(render(state.view(0), 0, ["Ann", "Bob"]))
    assert "terrain:  grass" in console.export_text()


def test_inscription_strikes_name_whose_card_and_tundrus_never_rolls_nothing():
    checks = {"inscription": r"^(Ann|Bob)'s .+ strikes (Ann|Bob)'s ", "tundrus": r"rolls: $"}
    for game_id, pattern in checks.items():
        game = games.get(game_id)
        lines = []
        for seed in range(3):
            state = game.new(2, seed, game.resolve_options({}))
            bot = bots.make("random", seed)
            for _ in range(3000):
                if state.is_over():
                    break
                seat = state.to_move()[0]
                lines += [game.event_text(e, ["Ann", "Bob"]) for e in state.apply(seat, bots.ask(bot, state, seat))]
        strikes = [line for line in lines if " strikes " in line]
        if game_id == "inscription":
            assert strikes and all(re.search(pattern, line) for line in strikes), strikes[:3]
        else:
            assert not any(re.search(pattern, line) for line in lines)


def test_replay_of_a_newer_record_and_of_a_bad_seed_say_so_in_a_sentence(tmp_path):
    game = games.get("glyfts")
    state = game.new(2, 1, game.resolve_options({}))
    data = MatchRecord.start(game, state, ["Ann", "Bob"]).to_dict()
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps({**data, "format": "glyphhall-match/7"}))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**data, "seed": "twelve"}))
    child = spawn("replay", str(newer), data_dir=str(tmp_path / "data"))
    child.expect_exact("written by a newer Glyph Hall (record format 7)")
    child.expect(pexpect.EOF)
    child = spawn("replay", str(bad), data_dir=str(tmp_path / "data"))
    child.expect_exact("its seed is 'twelve', not a whole number")
    child.expect(pexpect.EOF)
    assert "ValueError" not in shown(child) and "invalid literal" not in shown(child)


def test_glyfts_says_when_done_is_needed_while_placing():
    """Rulebook, Playing the Game: up to two cards placed a turn. After the second the turn goes
    on by itself; before it, 'done' ends the placing. The step's help says so, with the count."""
    from rich.console import Console

    from glyphhall.games.glyfts.terminal import render

    game = games.get("glyfts")
    state = game.new(2, 2, game.resolve_options({}))
    bot = bots.make("heuristic", 2)
    while not (state.view(0)["phase"] == "place" and 0 in state.to_move()):
        seat = state.to_move()[0]
        state.apply(seat, bots.ask(bot, state, seat))
    console = Console(width=120, record=True)
    console.print(render(state.view(0), 0, ["Ann", "Bob"]))
    text = " ".join(console.export_text().split())
    assert "after the second the turn goes on by itself" in text and "(0 of 2 placed)" in text
