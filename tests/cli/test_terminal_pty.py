"""The real `glyphhall` command in a pseudo-terminal, driven as a person types: the prompt's
history and Tab completion, Ctrl-C and Ctrl-D, a whole game against a bot in every game, and a
replay stepped back and forth."""

from __future__ import annotations

import pexpect
import pytest

from glyphhall import bots, games
from glyphhall.engine import MatchRecord, parse_option_texts

from .pty import echoed, new_prompt, shown, spawn, type_line, wait_turn

ESC_UP = "\x1b[A"

#: short games: options that end a match quickly, so every game plays out in seconds
QUICK: dict[str, dict[str, str]] = {
    "inscription": {},
    "glyfts": {},
    "glyphs": {"level": "1", "decrees": "1"},
    "tundrus": {"fast_play": "true"},
    "heroscape": {"round_limit": "2", "points": "150"},
}


def play(game_id: str, tmp_path, *args: str) -> pexpect.spawn:
    options = [part for key, value in QUICK[game_id].items() for part in ("-o", f"{key}={value}")]
    return spawn("play", game_id, "--plain", "--vs", "random", "--seed", "5", "--name", "Ann", *options, *args,
                 data_dir=str(tmp_path / "data"))


@pytest.mark.parametrize("game_id", sorted(QUICK))
def test_a_whole_game_against_a_bot_ends_with_the_result_in_words(game_id, tmp_path):
    child = play(game_id, tmp_path)
    moves = 0
    while wait_turn(child, "Ann", timeout=60) == 0:
        type_line(child, "auto")
        moves += 1
    child.expect(pexpect.EOF)
    text = shown(child)
    assert moves > 0
    assert "Match record saved" in text
    result = text[: text.index("Match record saved")].rstrip().splitlines()[-1]
    assert any(word in result for word in ("Ann wins", "Beginner computer wins", "draw", "Ann and", "win")), result
    for leak in ("[1.0", "[0.0", "heuristic 1 won", "waiting for seat -", "{'"):
        assert leak not in text
    assert len(list((tmp_path / "data" / "records").glob(f"{game_id}-*.json"))) == 1
    assert not list((tmp_path / "data" / "saves").glob("*.json"))  # a finished game is no longer saved
    if game_id == "glyphs":  # played alone: the screen says so, offers bots, and never calls a win a draw
        assert "Solo game: you are the only player" in text and "--players N --vs medium" in text
        assert "draw" not in result


def _leave(child: pexpect.spawn) -> None:
    child.sendcontrol("d")
    child.expect_exact("Leave the game?")
    type_line(child, "y")
    child.expect("You left the match")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("game_id", sorted(QUICK))
def test_history_is_kept_per_game_and_comes_back_with_the_up_arrow(game_id, tmp_path):
    child = play(game_id, tmp_path)
    wait_turn(child, "Ann")
    type_line(child, "hint")
    child.expect("The Medium computer would play")
    child.expect_exact("Ann>")
    _leave(child)
    # a new session of the same game: Up brings back the line typed in the last one
    child = play(game_id, tmp_path)
    wait_turn(child, "Ann")
    child.send(ESC_UP)
    child.expect_exact("hint")
    child.send("\r")
    child.expect("The Medium computer would play")
    child.expect_exact("Ann>")
    _leave(child)
    history = (tmp_path / "data" / "history" / f"{game_id}.txt").read_text()
    assert "+hint" in history and "+y" not in history  # answers to questions are not history


@pytest.mark.parametrize("game_id", sorted(QUICK))
def test_tab_completes_a_legal_action(game_id, tmp_path):
    """The start of a legal action whose text no other action shares, then Tab, then Enter: the
    action is played (the log shows it under the person's name)."""
    game = games.get(game_id)
    options = game.resolve_options(parse_option_texts([f"{k}={v}" for k, v in QUICK[game_id].items()]))
    state = game.new(game.min_players, 5, options)
    texts = [str(a) for a in state.legal_actions(state.to_move()[0])]
    target = max(texts, key=len)
    prefix = next(target[:k] for k in range(1, len(target) + 1)
                  if sum(t.lower().startswith(target[:k].lower()) for t in texts + ["help", "hint", "info"]) == 1)
    child = play(game_id, tmp_path)
    wait_turn(child, "Ann")
    child.send(prefix + "\t")
    child.expect(echoed(target[len(prefix):]))  # the completion is on the line before Enter
    child.send("\r")
    child.expect_exact(f"Ann: {target}")
    child.expect_exact("Ann>")
    child.send("draw me a sheep")
    child.sendcontrol("c")  # Ctrl-C only clears the line
    new_prompt(child, "Ann")
    child.sendcontrol("d")
    child.expect_exact("Leave the game?")
    type_line(child, "n")  # no: the game goes on
    type_line(child, "quit")
    child.expect("You left the match")
    child.expect(pexpect.EOF)
    assert "sheep' is not" not in shown(child)


def _record(game_id: str, tmp_path, seed: int = 3) -> str:
    game = games.get(game_id)
    options = game.resolve_options({})
    state = game.new(game.min_players if game.min_players > 1 else 1, seed, options)
    record = MatchRecord.start(game, state, ["Ann", "Bob"][: len(state.returns())] or ["Ann"])
    bot = bots.make("random", seed)
    for _ in range(40):
        if state.is_over():
            break
        seat = state.to_move()[0]
        action = str(bots.ask(bot, state, seat))
        state.apply_text(seat, action)
        record.add(seat, action)
    path = tmp_path / f"{game_id}.json"
    record.save(path)
    return str(path)


@pytest.mark.parametrize("game_id", sorted(QUICK))
def test_a_replay_steps_forward_back_to_a_step_and_as_another_seat(game_id, tmp_path):
    child = spawn("replay", _record(game_id, tmp_path), data_dir=str(tmp_path / "data"))
    child.expect(r"Step 0 of (\d+), seen as a spectator")
    length = int(child.match.group(1))
    assert length >= 3
    child.expect_exact("replay>")
    type_line(child, "")  # Enter: the next step
    child.expect_exact("Step 1 of")
    type_line(child, "n")
    child.expect_exact("Step 2 of")
    type_line(child, "b")
    child.expect_exact("Step 1 of")
    type_line(child, f"go {length}")
    child.expect_exact(f"Step {length} of {length}, seen as a spectator")
    type_line(child, "seat 0")
    child.expect_exact(f"Step {length} of {length}, seen as Ann")
    type_line(child, "go 9999")
    child.expect_exact(f"go N: N is a step between 0 and {length}")
    type_line(child, "quit")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize(("game_id", "name", "says"), [
    ("inscription", "Stinky", "The creature opposing this card loses 1 damage."),
    ("glyfts", "Ward", "+2 to this Creature's final Health"),
    ("tundrus", "Shield Bash", "Basic Attack on a single enemy"),
    ("heroscape", "Syvarris", "Syvarris"),
])
def test_info_tells_what_a_thing_does_and_log_shows_more(game_id, name, says, tmp_path):
    child = play(game_id, tmp_path)
    wait_turn(child, "Ann")
    type_line(child, f"info {name}")
    child.expect(echoed(says[:30]))
    new_prompt(child, "Ann")
    type_line(child, "info Nothing Such")
    child.expect_exact("no card, ability, item or glyph called 'Nothing Such' here")
    new_prompt(child, "Ann")
    type_line(child, "log")
    new_prompt(child, "Ann")
    type_line(child, "quit")
    child.expect("You left the match")
    child.expect(pexpect.EOF)


def test_tab_completes_a_card_name_to_the_numbered_action_that_takes_it(tmp_path):
    """Inscription's actions are numbers ('draft 2'); typing the card's name and Tab picks the
    action that takes it, and the menu shows each action's card."""
    from glyphhall.games.inscription.terminal import action_meta

    game = games.get("inscription")
    meanings = action_meta(game.new(2, 5, game.resolve_options({})), 0)
    action, meaning = sorted(meanings.items())[1]
    name = meaning.split(",")[0]
    child = play("inscription", tmp_path)
    wait_turn(child, "Ann")
    child.send(name[:5].lower() + "\t")
    child.expect(echoed(action))
    child.send("\r")
    child.expect_exact(f"Ann: {action}")
    child.expect_exact(f"Ann picks {name}")
    new_prompt(child, "Ann")
    type_line(child, "quit")
    child.expect(pexpect.EOF)
