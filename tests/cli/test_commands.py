"""The `glyphhall` command line: listing, bad arguments, replays."""

from typer.testing import CliRunner

from glyphhall.cli.main import app

runner = CliRunner()


def test_games_lists_every_registered_game():
    from glyphhall import games

    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    for game_id in games.ids():
        assert game_id in result.output


def test_unknown_game_is_a_clear_error():
    result = runner.invoke(app, ["play", "chess"])
    assert result.exit_code == 2
    assert "no game 'chess'" in result.output


def test_replay_of_a_missing_file_is_a_clear_error(tmp_path):
    result = runner.invoke(app, ["replay", str(tmp_path / "nope.json")])
    assert result.exit_code == 2
    assert "cannot read" in result.output


def test_play_inscription_against_a_bot_to_the_end_with_scripted_input(tmp_path):
    """`glyphhall play inscription`: help, a bad command and the legal list, then the heuristic
    plays each of our moves ('auto') until the game ends and the record is saved."""
    script = "help\nlegal\nfly away\n" + "auto\n" * 2000
    result = runner.invoke(app, ["play", "inscription", "--vs", "random", "--seed", "3"], input=script)
    assert result.exit_code == 0, result.output
    assert "Commands at the prompt" in result.output
    assert "'fly away' is not an action here" in result.output
    assert " wins: " in result.output or "The game is a draw" in result.output  # the result in words
    assert "Match record saved" in result.output
    records = list((tmp_path / "glyphhall-data" / "records").glob("inscription-*.json"))
    assert len(records) == 1
    replayed = runner.invoke(app, ["replay", str(records[0])])
    assert replayed.exit_code == 0 and "Result:" in replayed.output


def test_bad_options_and_seats_are_clear_errors():
    assert "unknown option" in runner.invoke(app, ["play", "inscription", "-o", "colour=red"]).output
    assert "key=value" in runner.invoke(app, ["play", "inscription", "-o", "items"]).output
    assert "--seat must be between 0 and 1" in runner.invoke(app, ["play", "inscription", "--seat", "5"]).output
    assert "there is no level 'wizard'" in runner.invoke(app, ["play", "inscription", "--vs", "wizard"]).output


def test_replay_skips_the_moves_taken_back(tmp_path):
    """A format 2 record keeps a move taken back at the table (undo); the replay skips it."""
    import random

    from glyphhall import games
    from glyphhall.engine import MatchRecord

    game = games.get("glyfts")
    state = game.new(2, 4)
    record = MatchRecord.start(game, state, ["ann", "bob"])
    rng = random.Random(4)
    while not state.is_over():
        seat = state.to_move()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        record.add(seat, str(action))
    record.finish(state)
    standing = len(record.actions)
    record.actions.insert(1, (record.actions[1][0], "not a move any more"))
    record.mark_undone(1)
    path = record.save(tmp_path / "undone.json")
    replayed = runner.invoke(app, ["replay", str(path)])
    assert replayed.exit_code == 0, replayed.output
    assert "Result:" in replayed.output and "not a move any more" not in replayed.output
    assert f"\n{standing:>4} " in replayed.output and f"\n{standing + 1:>4} " not in replayed.output


def test_play_from_a_position_file(tmp_path):
    """`glyphhall play GAME --position FILE`: the game starts from the file and its record is
    saved like any game's, with the position's text (format 3), and `glyphhall replay` rebuilds
    it from there; a bad file or mixed flags are clear errors."""
    import json

    position = tmp_path / "p.toml"
    text = ('title = "One bell"\n[options]\nmake_death_card = false\n[position]\nscale = 3\n'
            '[[seats]]\nboard = ["Wolf", "", "", ""]\n[[seats]]\ncandles = 1\n')
    position.write_text(text)
    result = runner.invoke(app, ["play", "inscription", "--position", str(position), "--vs", "random", "--plain"],
                           input="bell\n" + "auto\n" * 300)
    assert result.exit_code == 0, result.output
    assert "seat 1 dies" in result.output or "candle goes out" in result.output
    assert "Match record saved" in result.output
    records = list((tmp_path / "glyphhall-data" / "records").glob("inscription-*.json"))
    assert len(records) == 1
    data = json.loads(records[0].read_text())
    assert data["format"] == "glyphhall-match/3" and data["position"]["text"] == text
    assert data["actions"][0] == [0, "bell"]
    replayed = runner.invoke(app, ["replay", str(records[0]), "--plain"])
    assert replayed.exit_code == 0, replayed.output
    assert "Result:" in replayed.output and "bell" in replayed.output
    position.write_text('[[seats]]\nhand = ["Dragon"]\n[[seats]]\n')
    assert "no card named 'Dragon'" in runner.invoke(app, ["play", "inscription", "--position", str(position)]).output
    assert "sets the players" in runner.invoke(
        app, ["play", "inscription", "--position", str(position), "--seed", "3"]).output
