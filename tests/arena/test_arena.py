"""The arena: schedules, determinism across runners, ratings, reports and the command."""

from __future__ import annotations

import csv
import json
from collections import Counter

import pytest
from typer.testing import CliRunner

from glyphhall import bots
from glyphhall.arena import run_arena, schedule, standings, wilson
from glyphhall.arena.match import play_match
from glyphhall.arena.ratings import outcome
from glyphhall.arena.schedule import match_seed
from glyphhall.bots.base import Bot
from glyphhall.engine import MatchRecord, replay
from glyphhall.games import resolve as resolve_game
from tests.engine.toy import GAME as TOY

TOY_ID = "tests.engine.toy:GAME"
NIM_ID = "tests.bots.games:NIM"
KING_ID = "tests.bots.games:KING"
SEARCH = "mcts:iterations=40,seconds=none"


def _stable(report: dict) -> dict:
    """A report without wall-clock figures (thinking times, timestamps), which legitimately vary."""
    out = json.loads(json.dumps(report))
    out.pop("files", None)
    for match in out["matches"]:
        match.pop("thinking_seconds")
        match["record"].pop("started_at")
        match["record"].pop("finished_at")
    for row in out["standings"]:
        row.pop("thinking_seconds")
        row.pop("seconds_per_decision")
    return out


# --- scheduling ----------------------------------------------------------------------------------
def test_round_robin_rotates_seats_evenly() -> None:
    specs = schedule("g", ["a", "b", "c"], 4, 2, seed=1)
    assert len(specs) == 3 * 4
    seats = Counter((bot, seat) for s in specs for seat, bot in enumerate(s.bots))
    assert set(seats.values()) == {4}  # each bot: 4 games in each seat over its 2 pairings
    pairs = Counter(frozenset(s.bots) for s in specs)
    assert pairs == {frozenset("ab"): 4, frozenset("ac"): 4, frozenset("bc"): 4}


def test_gauntlet_pits_the_first_bot_against_each_other() -> None:
    specs = schedule("g", ["champ", "x", "y", "z"], 2, 2, mode="gauntlet")
    assert len(specs) == 6
    assert all("champ" in s.bots for s in specs)


def test_gauntlet_report_lists_only_pairs_that_met() -> None:
    report = run_arena(TOY_ID, ["random", "heuristic", SEARCH], 2, mode="gauntlet", seed=1)
    assert report["matches_played"] == 4
    assert set(report["head_to_head"]["random"]) == {"heuristic", SEARCH}
    assert set(report["head_to_head"]["heuristic"]) == {"random"}


def test_multiplayer_line_ups_and_repeated_bots_get_unique_labels() -> None:
    specs = schedule("g", ["mcts", "mcts", "random"], 3, 3)
    assert len(specs) == 3
    assert {tuple(sorted(s.entrants)) for s in specs} == {("mcts", "mcts#2", "random")}
    assert [s.entrants[0] for s in specs] == ["mcts", "mcts#2", "random"]


def test_seeds_depend_only_on_the_arena_seed_and_index() -> None:
    one = schedule("g", ["a", "b"], 6, 2, seed=9)
    two = schedule("g", ["a", "b", "c"], 6, 2, seed=9)
    assert [s.seed for s in one] == [s.seed for s in two[:6]]
    assert [s.seed for s in one] == [match_seed(9, i) for i in range(6)]
    assert len({s.seed for s in one}) == 6
    assert [s.seed for s in schedule("g", ["a", "b"], 6, 2, seed=10)] != [s.seed for s in one]


@pytest.mark.parametrize(
    "bots_, games, players, mode",
    [
        (["a"], 2, 2, "round-robin"),
        (["a", "b"], 0, 2, "round-robin"),
        (["a", "b"], 2, 3, "round-robin"),
        (["a", "b"], 2, 2, "swiss"),
    ],
)
def test_bad_schedules_are_refused(bots_, games, players, mode) -> None:
    with pytest.raises(ValueError):
        schedule("g", bots_, games, players, mode=mode)


# --- statistics ----------------------------------------------------------------------------------
def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_outcomes_and_standings_from_hand_made_results() -> None:
    assert outcome([1.0, 0.0], 0) == "win" and outcome([1.0, 0.0], 1) == "loss"
    assert outcome([0.5, 0.5], 1) == "draw"
    assert outcome([0.5, 0.0, 0.5], 2) == "draw" and outcome([0.5, 0.0, 0.5], 1) == "loss"
    results = [
        {"index": i, "entrants": seated, "returns": ret, "thinking_seconds": [0.0, 0.0], "error": None}
        for i, (seated, ret) in enumerate(
            [
                (["a", "b"], [1.0, 0.0]),
                (["b", "a"], [0.0, 1.0]),
                (["a", "b"], [0.5, 0.5]),
                (["b", "a"], [1.0, 0.0]),
            ]
        )
    ]
    results.append(
        {"index": 4, "entrants": ["a", "b"], "returns": None, "thinking_seconds": [0, 0], "error": "boom"}
    )
    table = standings(results, ["a", "b"])
    rows = {r["entrant"]: r for r in table["standings"]}
    assert (rows["a"]["wins"], rows["a"]["draws"], rows["a"]["losses"]) == (2, 1, 1)
    assert rows["a"]["score"] == 2.5 and rows["a"]["games"] == 4 and rows["a"]["errors"] == 1
    assert rows["a"]["score_rate"] == pytest.approx(0.625)
    assert rows["a"]["mu"] > rows["b"]["mu"]
    assert table["standings"][0]["entrant"] == "a"
    assert table["head_to_head"]["a"]["b"] == {"score": 2.5, "games": 4, "rate": 0.625}


# --- playing -------------------------------------------------------------------------------------
def test_a_match_result_holds_a_record_that_replays() -> None:
    spec = schedule(TOY_ID, ["random", SEARCH], 1, 2, seed=4)[0]
    result = play_match(spec)
    assert result["error"] is None
    record = MatchRecord.from_dict(result["record"])
    assert record.players == ["random", SEARCH]
    final = replay(record, game=TOY)
    assert final.is_over() and final.returns() == result["returns"]


def test_same_seed_same_results_in_process_and_in_a_process_pool(tmp_path) -> None:
    kwargs = {"seed": 5, "players": 2}
    here = run_arena(TOY_ID, ["random", "heuristic", SEARCH], 4, workers=1, **kwargs)
    pool = run_arena(TOY_ID, ["random", "heuristic", SEARCH], 4, workers=2, out_dir=tmp_path, **kwargs)
    assert _stable(here) == _stable(pool)
    other = run_arena(TOY_ID, ["random", "heuristic", SEARCH], 4, workers=1, seed=6)
    assert _stable(other)["matches"] != _stable(here)["matches"]


def test_same_seed_same_results_on_a_local_ray_instance() -> None:
    """The Ray path against a one-CPU local Ray (skipped with a reason where Ray is missing)."""
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'glyphhall[ray]')")
    from glyphhall.arena import RayUnavailable

    local = run_arena(TOY_ID, ["random", SEARCH], 3, seed=2)
    try:
        on_ray = run_arena(TOY_ID, ["random", SEARCH], 3, seed=2, ray_address="local")
    except RayUnavailable as err:
        pytest.skip(f"a local Ray instance could not start here: {err}")
    assert not ray.is_initialized()  # the arena shut down the instance it started
    assert _stable(on_ray) == _stable(local)


def test_search_beats_random_at_nim() -> None:
    report = run_arena(NIM_ID, ["random", "mcts:iterations=300,seconds=none"], 10, seed=1)
    rows = {r["entrant"]: r for r in report["standings"]}
    assert rows["mcts:iterations=300,seconds=none"]["wins"] >= 9


def test_three_player_arena() -> None:
    report = run_arena(KING_ID, ["random", "heuristic", SEARCH], 3, seed=3)
    assert report["matches_played"] == 3 and report["errors"] == 0
    assert all(len(m["returns"]) == 3 for m in report["matches"])


def test_solo_games_are_scored_but_not_rated() -> None:
    """A one-player game (Glyphs against the computer mage): each bot plays alone."""
    report = run_arena("tests.bots.games:SOLO", ["random", SEARCH], 4, seed=2)
    assert report["matches_played"] == 8 and report["errors"] == 0
    rows = {r["entrant"]: r for r in report["standings"]}
    assert rows[SEARCH]["wins"] == 4 and rows[SEARCH]["score_rate"] == 1.0
    assert rows["random"]["games"] == 4
    assert rows[SEARCH]["mu"] == rows["random"]["mu"] == 25.0  # nobody was ranked against anybody


def test_reports_are_written(tmp_path) -> None:
    report = run_arena(TOY_ID, ["random", SEARCH], 4, seed=1, out_dir=tmp_path)
    data = json.loads((tmp_path / "results.json").read_text())
    assert data["matches_played"] == 4 and len(data["matches"]) == 4
    assert all(m["record"]["format"] == "glyphhall-match/2" for m in data["matches"])
    rows = list(csv.DictReader((tmp_path / "matches.csv").open()))
    assert [int(r["index"]) for r in rows] == [0, 1, 2, 3]
    assert rows[0]["entrants"] == f"random | {SEARCH}"
    record = MatchRecord.read(tmp_path / rows[2]["record"])
    assert record.to_dict() == data["matches"][2]["record"]
    assert replay(record, game=TOY).returns() == data["matches"][2]["returns"]
    assert (tmp_path / "chart.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    finished = [json.loads(line) for line in (tmp_path / "finished.jsonl").read_text().splitlines()]
    assert sorted(m["index"] for m in finished) == [0, 1, 2, 3]
    assert report["files"]["chart"].endswith("chart.png")


class _Broken(Bot):
    name = "broken"

    def choose(self, state, seat):
        raise RuntimeError("this bot always fails")


def test_a_failing_bot_is_reported_not_fatal(monkeypatch) -> None:
    monkeypatch.setitem(bots._FACTORIES, "broken", _Broken)
    report = run_arena(TOY_ID, ["random", "broken"], 2, seed=0)
    assert report["errors"] == 2
    assert all("this bot always fails" in m["error"] for m in report["matches"])
    assert all(r["games"] == 0 and r["errors"] == 2 for r in report["standings"])


@pytest.mark.parametrize(
    "game, bots_, message",
    [
        (TOY_ID, ["random", "nobot"], "there is no level 'nobot'"),
        ("nogame", ["random", "random"], "no game"),
        (TOY_ID, ["random", "mcts:iterations=ten"], "must be a number"),
        (TOY_ID, ["random", "random:cutoff=3"], "no settings"),
    ],
)
def test_bad_arena_requests_are_clear_errors(game, bots_, message) -> None:
    with pytest.raises((KeyError, ValueError), match=message):
        run_arena(game, bots_, 1)


def test_resolve_game_accepts_module_paths_and_refuses_non_games() -> None:
    assert resolve_game(TOY_ID) is TOY
    with pytest.raises(KeyError):
        resolve_game("tests.engine.toy:DECK")


# --- the command ---------------------------------------------------------------------------------
def _app():
    import typer

    from glyphhall.cli.arena import register

    app = typer.Typer()
    register(app)
    app.command("noop")(lambda: None)  # a second command keeps 'arena' a sub-command
    return app


def test_arena_command_prints_standings_and_writes_files(tmp_path) -> None:
    result = CliRunner().invoke(
        _app(),
        [
            "arena",
            TOY_ID,
            "--bots",
            "random,mcts:iterations=20/seconds=none",
            "--games",
            "2",
            "--out",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "random" in result.output and "2 matches" in result.output
    # what --games means, and the seed a run drew (none given), so it can be played again
    assert "1 line-up x 2 matches = 2 matches; seed " in result.output and "--seed " in result.output
    assert "μ-3σ" in result.output and "±" not in result.output  # the rating as the leaderboard shows it
    [run] = tmp_path.iterdir()  # each run writes a new folder of its own
    assert (run / "results.json").exists() and (run / "chart.png").exists()


def test_arena_command_rejects_an_unknown_bot(tmp_path) -> None:
    result = CliRunner().invoke(_app(), ["arena", TOY_ID, "--bots", "random,wizard", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "there is no level 'wizard'" in result.output
    assert not (tmp_path / "results.json").exists()
