"""`glyphhall heroscape import-map`: turn a Virtualscape (.hsc) map into our TOML map format.

glyphhall heroscape import-map arena.hsc -o arena.toml
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

console = Console()


def import_map(
    file: Annotated[Path, typer.Argument(metavar="FILE.hsc", help="a Virtualscape map file")],
    output: Annotated[Path | None, typer.Option("--output", "-o", help="TOML file to write (default: print it)")] = None,
    unknown_glyph: Annotated[
        str | None, typer.Option(help="glyph key for the map's '?' glyphs (placed symbol side up)")
    ] = None,
) -> None:
    """Convert a Virtualscape map; tiles our format cannot hold are refused with a message."""
    from glyphhall.engine import GlyphHallError
    from glyphhall.games.heroscape.virtualscape import import_hsc

    try:
        text, notes = import_hsc(file.read_bytes(), str(file), unknown_glyph)
    except (OSError, GlyphHallError) as err:
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
    console.print(f"Wrote {escape(str(output))}. To play it, put it in "
                  "glyphhall/games/heroscape/data/maps/ and choose it with -o map=<file name>.")


def register(app: typer.Typer) -> None:
    heroscape = typer.Typer(no_args_is_help=True, help="Heroscape tools.")
    heroscape.command("import-map")(import_map)
    app.add_typer(heroscape, name="heroscape")
