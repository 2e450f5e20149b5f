"""`glyphhall arena`: bots play each other many times; ratings, win rates and charts come out.

glyphhall arena inscription --bots random,heuristic,mcts --games 40 --workers 2 --seed 7
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from .errors import fail, os_error_text

console = Console()



def run_folder(parent: Path, game_id: str, specs: list[str], seed: int) -> Path:
    """A new folder for one run, named by game, line-up, seed and time, so runs never mix:
    inscription-random-vs-mcts-seed7-20261124-141503 (with -2, -3... if that name is taken)."""
    import re
    import time

    lineup = "-vs-".join(re.sub(r"[^A-Za-z0-9.=-]+", "_", spec) for spec in specs)[:80]
    name = f"{game_id}-{lineup}-seed{seed}-{time.strftime('%Y%m%d-%H%M%S')}"
    parent.mkdir(parents=True, exist_ok=True)
    for attempt in range(1, 1000):
        folder = parent / (name if attempt == 1 else f"{name}-{attempt}")
        try:
            folder.mkdir()
            return folder
        except FileExistsError:
            continue
    raise FileExistsError(f"{parent}: no free folder name for {name}")


def arena(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="a game id, see 'glyphhall games'")],
    bots: Annotated[
        str,
        typer.Option(
            help="comma-separated bots, e.g. random,heuristic,mcts-hard; MCTS settings after "
            "a colon and separated by '/' e.g. mcts:iterations=400/seconds=none"
        ),
    ],
    games: Annotated[int, typer.Option(
        help="matches per line-up: each pairing (or group of --players bots) plays this many, seats "
             "rotating; 3 bots in a round robin make 3 pairings, so --games 6 plays 18 matches")] = 20,
    workers: Annotated[int, typer.Option(help="local worker processes")] = 1,
    ray: Annotated[
        str | None,
        typer.Option("--ray", help="run on a Ray cluster at this address ('local' starts one here)"),
    ] = None,
    seed: Annotated[int | None, typer.Option(
        help="arena seed: the same seed plays the same matches (default: a new one each run, printed)")] = None,
    out: Annotated[
        Path | None,
        typer.Option(help="where each run's new folder (results.json, matches.csv, chart.png, records/) "
                     "is made (default: the current directory)"),
    ] = None,
    players: Annotated[int | None, typer.Option(help="seats per match (default: the game's minimum)")] = None,
    gauntlet: Annotated[
        bool, typer.Option(help="the first bot plays each other one, instead of a round robin")
    ] = False,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="game option key=value")] = None,
) -> None:
    """Play a bot tournament and report OpenSkill ratings and score rates with 95% intervals."""
    from glyphhall.arena import RayUnavailable, run_arena, schedule
    from glyphhall.bots.spec import BotSpecError, check_spec
    from glyphhall.engine import GlyphHallError, parse_option_texts
    from glyphhall.games import resolve as resolve_game

    if seed is None:
        import secrets

        seed = secrets.randbelow(2**31)
    # Commas separate bots, so settings inside one bot are written with '/' on the command line.
    specs = [b.strip().replace("/", ",") for b in bots.split(",") if b.strip()]
    mode = "gauntlet" if gauntlet else "round-robin"
    try:
        game = resolve_game(game_id)
        options = parse_option_texts(option or [])
        for spec in specs:
            check_spec(spec)
        count = players or game.min_players
        total = len(schedule(game_id, specs, games, count, mode=mode, seed=seed, options=options))
    except (GlyphHallError, BotSpecError, KeyError, ValueError) as err:
        raise fail(str(err).strip('"')) from None
    if workers < 1:
        raise fail("--workers must be at least 1")
    try:
        folder = run_folder(out or Path.cwd(), game.id, specs, seed)
    except OSError as err:
        raise fail(os_error_text(err)) from None
    lineups = total // games
    console.print(f"{len(specs)} bots, {mode}: {lineups} line-up{'s' if lineups != 1 else ''} x {games} "
                  f"match{'es' if games != 1 else ''} = {total} match{'es' if total != 1 else ''}; seed {seed} "
                  f"(--seed {seed} plays the same matches again)", highlight=False)
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=False) as bar:
        task = bar.add_task(f"{game.name} arena", total=total)
        try:
            report = run_arena(
                game_id,
                specs,
                games,
                players=count,
                mode=mode,
                seed=seed,
                options=options,
                workers=workers,
                ray_address=ray,
                out_dir=folder,
                progress=lambda _result: bar.advance(task),
            )
        except RayUnavailable as err:
            raise fail(str(err)) from None
        except (GlyphHallError, KeyError, ValueError) as err:
            raise fail(str(err).strip('"')) from None
    table = Table(title=f"{game.name}: {report['matches_played']} matches", pad_edge=False)
    table.add_column("bot", overflow="fold", ratio=3)
    for heading in ("games", "W-D-L", "score", "95% CI", "rating μ-3σ", "s/move"):
        table.add_column(heading, no_wrap=True, justify="right")
    for row in report["standings"]:
        rate = row["score_rate"]
        low, high = row["score_ci95"]
        per_move = row["seconds_per_decision"] or 0.0
        table.add_row(
            escape(row["entrant"]),
            str(row["games"]),
            f"{row['wins']}-{row['draws']}-{row['losses']}",
            "-" if rate is None else f"{rate:.2f}",
            f"{low:.2f}-{high:.2f}",
            f"{row['mu'] - 3 * row['sigma']:.1f}",  # as the leaderboard shows it
            f"{per_move:.3f}",
        )
    console.print(table)
    if report["errors"]:
        console.print(f"[yellow]{report['errors']} matches ended in an error; see results.json[/yellow]")
    console.print(f"Results in {escape(str(folder))}/ : results.json, matches.csv, chart.png, records/",
                  soft_wrap=True, highlight=False)  # one plain line, so the folder can be copied whole


def register(app: typer.Typer) -> None:
    app.command("arena")(arena)
