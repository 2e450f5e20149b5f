"""Terminal rendering of a Glyphs view: every marked glyph drawn as filled shapes in colour
(half-block characters, each shape its own colour so overlaps show), or in braille dots on a
terminal without colour; coins, predictions, the pending guess, and what the seat can do next.
Not implemented: drawing glyphs as images through the kitty, iTerm or sixel protocols."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from glyphhall.engine.wording import name_seats

from .geometry import outline
from .render_svg import PALETTE, shapes_from_view

DOTS_PER_UNIT = 4
_BRAILLE_BITS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))


def braille(shapes) -> str:
    """The glyph's outlines as braille characters (2 x 4 dots each)."""
    polys = [outline(s) for s in shapes]
    minx = min(p.bounds[0] for p in polys)
    miny = min(p.bounds[1] for p in polys)
    maxx = max(p.bounds[2] for p in polys)
    maxy = max(p.bounds[3] for p in polys)
    cols = int(np.ceil((maxx - minx) * DOTS_PER_UNIT)) + 1
    rows = int(np.ceil((maxy - miny) * DOTS_PER_UNIT)) + 1
    cols += cols % 2
    rows += (-rows) % 4
    xs, ys = np.meshgrid(np.arange(cols), np.arange(rows))
    px = minx + xs.ravel() / DOTS_PER_UNIT
    py = maxy - ys.ravel() / DOTS_PER_UNIT
    on = np.zeros(px.shape, dtype=bool)
    points = shapely.points(px, py)
    for p in polys:
        on |= shapely.distance(p.boundary, points) <= 0.6 / DOTS_PER_UNIT
    grid = on.reshape(rows, cols)
    lines = []
    for r in range(0, rows, 4):
        chars = []
        for c in range(0, cols, 2):
            code = 0
            for dr in range(4):
                for dc in range(2):
                    if grid[r + dr, c + dc]:
                        code |= _BRAILLE_BITS[dr][dc]
            chars.append(chr(0x2800 + code))
        lines.append("".join(chars))
    return "\n".join(lines)


PIXELS_PER_UNIT = 4  # a half-block pixel is about square: 4 per unit across and 4 down (2 lines)


def blocks(shapes) -> Text:
    """The glyph as filled shapes, two pixels per character ('▀' with a foreground and a
    background colour): larger and clearer than braille outlines. Each shape keeps its colour
    from the web's palette; where shapes overlap the later one is drawn on top."""
    polys = [outline(s) for s in shapes]
    minx = min(p.bounds[0] for p in polys)
    miny = min(p.bounds[1] for p in polys)
    maxx = max(p.bounds[2] for p in polys)
    maxy = max(p.bounds[3] for p in polys)
    cols = int(np.ceil((maxx - minx) * PIXELS_PER_UNIT))
    rows = int(np.ceil((maxy - miny) * PIXELS_PER_UNIT))
    rows += rows % 2
    xs, ys = np.meshgrid(np.arange(cols), np.arange(rows))
    px = minx + (xs + 0.5) / PIXELS_PER_UNIT
    py = maxy - (ys + 0.5) / PIXELS_PER_UNIT
    owner = np.full((rows, cols), -1)
    for index, poly in enumerate(polys):
        owner[shapely.contains_xy(poly, px, py)] = index
    colour = [PALETTE[i % len(PALETTE)] for i in range(len(polys))]
    out = Text()
    for r in range(0, rows, 2):
        for c in range(cols):
            top, bottom = owner[r, c], owner[r + 1, c]
            if top < 0 and bottom < 0:
                out.append(" ")
            elif bottom < 0:
                out.append("▀", style=colour[top])
            elif top < 0:
                out.append("▄", style=colour[bottom])
            else:
                out.append("▀", style=f"{colour[top]} on {colour[bottom]}")
        if r + 2 < rows:
            out.append("\n")
    return out


class GlyphPicture:
    """Filled colour blocks where the terminal shows colour, braille dots where it does not
    (--plain, NO_COLOR, pipes)."""

    def __init__(self, shapes):
        self.shapes = shapes

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if console.color_system is None:
            yield Text(braille(self.shapes), style="bold")
        else:
            yield blocks(self.shapes)


def _glyph_cell(g: dict, who) -> Panel:
    mark = g["approved"]
    color = "green" if mark else "red"
    title = f"{g['n']} {'approved' if mark else 'rejected'}" + (" [?]" if g.get("question") else "")
    picture = GlyphPicture(shapes_from_view(g["shapes"]))
    body = Text()
    how = {"opening": "opening", "counterexample": "counterexample"}.get(g["how"], f"{g['how']} by {who(g['by'])}")
    body.append(g["glyph"] + "\n", style="dim")
    body.append(how, style="italic dim")
    if g["predictions"]:
        body.append("\npredicted: " + ", ".join(f"{who(int(s))} {p}" for s, p in g["predictions"].items()),
                    style="dim")
    return Panel(Group(picture, body), title=title, border_style=color, expand=False)


def render(view: dict, seat: int | None, names: Sequence[str] = ()):
    def who(s: int) -> str:
        return name_seats(f"seat {s}", names)

    parts = []
    head = Table.grid(padding=(0, 2))
    mage = view.get("mage")
    mode = "two-player duel" if view["mode"] == "duel" else (
        "computer mage" if mage == "computer" else f"mage: {who(mage)} ({view['marking']} marking)")
    head.add_row(f"[bold]Glyphs[/bold] ({mode}, level {view['level']})", f"phase: {view['phase']}",
                 f"turn: {who(view['turn'])}", "coins: " + "  ".join(f"{who(i)} {c}" for i, c in enumerate(view["coins"])))
    parts.append(head)
    if "decree" in view:
        parts.append(Text(f"decree: {view['decree']}", style="magenta"))
    if view.get("my_decrees"):
        parts.append(Text("your decrees: " + " | ".join(view["my_decrees"]), style="magenta"))
    if view.get("decrees_left"):
        parts.append(Text("decrees left to guess: " + ", ".join(f"{who(i)}: {n}" for i, n in enumerate(view["decrees_left"]))))
    for b, glyphs in enumerate(view["boards"]):
        if view["mode"] == "duel":
            parts.append(Text(f"{who(b)}'s side (marked by {who(1 - b)}'s decree)", style="bold"))
        cells = [_glyph_cell(g, who) for g in glyphs]
        grid = Table.grid(padding=(0, 1))
        for start in range(0, len(cells), 4):
            grid.add_row(*cells[start:start + 4])
        parts.append(grid)
    if view.get("pending"):
        p = view["pending"]
        parts.append(Text(f"{'performed' if p['perform'] else 'studied'} glyph: {p['glyph']}"))
        parts.append(GlyphPicture(shapes_from_view_text(p["glyph"])))
    if view.get("predictions"):
        parts.append(Text("predictions: " + ", ".join(f"{who(int(s))}: {p}" for s, p in view["predictions"].items())))
    if view.get("guess"):
        parts.append(Text(f"guess on the table: {view['guess']}  (confirm / withdraw)", style="yellow"))
    if view.get("note"):
        parts.append(Text(view["note"], style="dim"))
    if view.get("winner") is not None:
        parts.append(Text(f"{who(view['winner'])} wins", style="bold green"))
    elif seat is not None and seat in view.get("to_move", []):
        parts.append(Text(_hint(view), style="cyan"))
    return Group(*parts)


def shapes_from_view_text(text: str):
    from .notation import parse_glyph

    return parse_glyph(text)


def _hint(view: dict) -> str:
    return {
        "build": ("build <glyph>" if view["mode"] == "duel" else "perform <glyph>  or  study <glyph>")
        + "   e.g. square@0,0 oval@1.5,0 triangle@0,1.5/180",
        "predict": "predict approved  or  predict rejected",
        "guess": "guess <decree> (e.g. guess it has at least one oval)  or  pass",
        "confirm": "confirm (pay a coin)  or  withdraw",
        "mark": "mark approved  or  mark rejected",
        "counter": "counterexample approved|rejected <glyph>  or  " + ("concede" if view["marking"] == "hand" else "auto"),
        "setup": "decree <decree>",
        "opening": "place approved|rejected <glyph>" + ("" if view["marking"] == "hand" else "  or  auto"),
    }.get(view["phase"], "")
