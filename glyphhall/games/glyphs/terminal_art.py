"""Glyph pictures for the terminal, at any scale: filled shapes in colour (half-block characters,
each shape its own colour so overlaps show), or braille outlines on a terminal without colour.
`fitted` picks the largest scale at which a glyph fits a box of columns and lines, so a board of
glyphs fits 80 columns with no picture cut."""

from __future__ import annotations

import numpy as np
import shapely
from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from .geometry import outline
from .render_svg import PALETTE

#: Half-block pixels per grid unit at full size (a pixel is about square: 4 across, 2 lines down).
PIXELS_PER_UNIT = 4.0
#: Braille dots per grid unit at full size (a character is 2 x 4 dots).
DOTS_PER_UNIT = 4.0
_BRAILLE_BITS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))


def _bounds(polys) -> tuple[float, float, float, float]:
    return (min(p.bounds[0] for p in polys), min(p.bounds[1] for p in polys),
            max(p.bounds[2] for p in polys), max(p.bounds[3] for p in polys))


def extent(shapes) -> tuple[float, float]:
    """The glyph's width and height in grid units."""
    minx, miny, maxx, maxy = _bounds([outline(s) for s in shapes])
    return maxx - minx, maxy - miny


def braille(shapes, dots_per_unit: float = DOTS_PER_UNIT) -> str:
    """The glyph's outlines as braille characters (2 x 4 dots each)."""
    polys = [outline(s) for s in shapes]
    minx, miny, maxx, maxy = _bounds(polys)
    cols = int(np.ceil((maxx - minx) * dots_per_unit)) + 1
    rows = int(np.ceil((maxy - miny) * dots_per_unit)) + 1
    cols += cols % 2
    rows += (-rows) % 4
    xs, ys = np.meshgrid(np.arange(cols), np.arange(rows))
    points = shapely.points(minx + xs.ravel() / dots_per_unit, maxy - ys.ravel() / dots_per_unit)
    on = np.zeros(points.shape, dtype=bool)
    for p in polys:
        on |= shapely.distance(p.boundary, points) <= 0.6 / dots_per_unit
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


def blocks(shapes, pixels_per_unit: float = PIXELS_PER_UNIT) -> Text:
    """The glyph as filled shapes, two pixels per character ('▀' with a foreground and a
    background colour). Each shape keeps its colour from the web's palette; where shapes overlap
    the later one is drawn on top."""
    polys = [outline(s) for s in shapes]
    minx, miny, maxx, maxy = _bounds(polys)
    cols = max(1, int(np.ceil((maxx - minx) * pixels_per_unit)))
    rows = max(2, int(np.ceil((maxy - miny) * pixels_per_unit)))
    rows += rows % 2
    xs, ys = np.meshgrid(np.arange(cols), np.arange(rows))
    px = minx + (xs + 0.5) / pixels_per_unit
    py = maxy - (ys + 0.5) / pixels_per_unit
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


def fitted(shapes, cols: int, lines: int) -> float:
    """The scale (a multiple of full size, at most 1) at which the glyph's picture fits `cols`
    columns and `lines` lines, in blocks and in braille alike (braille is drawn at half the
    columns and lines of blocks at the same scale)."""
    w, h = extent(shapes)
    across = (cols - 1) / (w * PIXELS_PER_UNIT) if w else 1.0
    down = (2 * lines - 1) / (h * PIXELS_PER_UNIT) if h else 1.0
    return max(0.05, min(1.0, across, down))


class GlyphPicture:
    """Filled colour blocks where the terminal shows colour, braille dots where it does not
    (--plain, NO_COLOR, pipes); `scale` below 1 draws it smaller (see `fitted`)."""

    def __init__(self, shapes, scale: float = 1.0):
        self.shapes = shapes
        self.scale = scale

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if console.color_system is None:
            yield Text(braille(self.shapes, 2 * DOTS_PER_UNIT * self.scale), style="bold", no_wrap=True)
        else:
            art = blocks(self.shapes, PIXELS_PER_UNIT * self.scale)
            art.no_wrap = True
            yield art
