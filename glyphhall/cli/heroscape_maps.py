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
        str | None, typer.Option(help="glyph key for the map's '?' glyphs (placed symbol side up)")
    ] = None,
    leave_out: Annotated[
        list[str] | None,
        typer.Option(help="drop these pieces instead of refusing the map: ruin, road-wall, tree4 (repeatable)"),
    ] = None,
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
        text, notes = import_hsc(data, str(file), unknown_glyph, leave_out or ())
    except GlyphHallError as err:
        console.print(f"[red]{escape(str(err))}[/red]")
        raise typer.Exit(code=2) from None
    for note in notes:
        console.print(f"[yellow]note: {escape(note)}[/yellow]")
    if output is None:
        typer.echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as err:
        console.print(f"[red]cannot write {escape(str(output))}: {escape(str(err))}[/red]")
        raise typer.Exit(code=2) from None
    console.print(f"Wrote {escape(str(output))}. To play it, put it in glyphhall/games/heroscape/data/maps/ "
                  f"and run: glyphhall play heroscape -o map={escape(output.stem)}")


def register(app: typer.Typer) -> None:
    heroscape = typer.Typer(no_args_is_help=True, help="Heroscape tools.")
    heroscape.command("import-map")(import_map)
    app.add_typer(heroscape, name="heroscape")
