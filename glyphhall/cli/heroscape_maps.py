"""`glyphhall heroscape import-map`: turn a Virtualscape (.hsc) map into our TOML map format.

glyphhall heroscape import-map arena.hsc -o arena.toml
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

console = Console(stderr=True, soft_wrap=True)  # messages only: stdout carries the map


def import_map(
    file: Annotated[Path, typer.Argument(metavar="FILE.hsc", help="a Virtualscape map file")],
    output: Annotated[Path | None, typer.Option("--output", "-o", help="TOML file to write (default: print it)")] = None,
    unknown_glyph: Annotated[
        str | None, typer.Option(help="glyph key for the map's '?' glyphs (placed symbol side up), or 'blank'; "
                     "by default the table draws one at the start of each game")
    ] = None,
    leave_out: Annotated[
        list[str] | None,
        typer.Option(help="drop these pieces instead of refusing the map: castle, glacier, outcrop, hive, "
                     "ruin, road-wall, tree4 (repeatable)"),
    ] = None,
    zones: Annotated[str, typer.Option(help="start zones: 'file' (the file's start areas; by rule when it "
                                       "has fewer than two) or 'auto' (always by rule)")] = "file",
    zone_count: Annotated[int, typer.Option(help="start zones to choose by rule: 2, 3 or 4")] = 2,
    floating: Annotated[str, typer.Option(help="tiles above empty layers: 'hold' (held up, with a warning) "
                                          "or 'refuse'")] = "hold",
) -> None:
    """Convert a Virtualscape map; tiles our format cannot hold are refused with a message."""
    from glyphhall.engine import GlyphHallError
    from glyphhall.games.heroscape.virtualscape import import_hsc

    try:
        data = file.read_bytes()
    except OSError as err:
        console.print(f"[red]cannot read {escape(str(file))}: {escape(err.strerror or str(err))}[/red]")
        raise typer.Exit(code=2) from None
    try:
        if floating not in ("hold", "refuse"):
            raise GlyphHallError(f"--floating must be 'hold' or 'refuse', not {floating!r}")
        text, notes = import_hsc(data, str(file), unknown_glyph, leave_out or (), zones, zone_count,
                                 hold_up=floating == "hold")
    except GlyphHallError as err:
        console.print(f"[red]{escape(str(err))}[/red]")
        raise typer.Exit(code=2) from None
    for note in notes:
        console.print(f"[yellow]note: {escape(note)}[/yellow]")
    if output is None:
        typer.echo(text)
        return
    try:
        output.write_text(text + "\n", encoding="utf-8")
    except OSError as err:
        console.print(f"[red]cannot write {escape(str(output))}: {escape(str(err))}[/red]")
        raise typer.Exit(code=2) from None
    console.print(f"Wrote {escape(str(output))}. To play it: glyphhall play heroscape -o map={escape(str(output))}")


def register(app: typer.Typer) -> None:
    heroscape = typer.Typer(no_args_is_help=True, help="Heroscape tools.")
    heroscape.command("import-map")(import_map)
    app.add_typer(heroscape, name="heroscape")
