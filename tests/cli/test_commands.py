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
