"""A small SVG picture of a battlefield: terrain colours shaded by level, start zones outlined in
their seat's colour, glyph spots marked. For the map gallery and upload previews (the table draws
its own, interactive map in web/games/heroscape.js; the colours are the same)."""

from __future__ import annotations

import math
from html import escape

from . import hexes
from .maps import Board

TERRAIN_COLOURS = {
    "g": "#5f8f3e", "r": "#8a8478", "s": "#cdb274", "d": "#b59a78", "w": "#3d79b8", "l": "#cf4a1e",
    "x": "#4b4038", "f": "#3a2a26", "n": "#e8edf2", "i": "#a9d4e8", "m": "#5d6b3a", "h": "#3b3650",
    "c": "#a7a7a2", "a": "#55575b", "u": "#6d5f55",
}
# The seats' colours at the table (SEAT_COLOURS in web/games/heroscape.js: blue, red, yellow, teal).
ZONE_COLOURS = ("#3f6fd1", "#c8453a", "#e0b526", "#3fb6b0")
SCALE = 12.0  # pixels between neighbouring hex centres
_CORNERS = [(math.cos(math.radians(60 * k - 30)), math.sin(math.radians(60 * k - 30))) for k in range(6)]


def _shade(colour: str, level: int, top: int) -> str:
    """Higher hexes lighter (up to +35%), as the table does."""
    f = 0.35 * level / top if top else 0.0
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c + (255 - c) * f):02x}" for c in rgb)


def board_svg(board: Board, max_width: int = 480) -> str:
    """The board as a standalone <svg> element (text escaped, no scripts)."""
    centres = [hexes.centre(q, r) for q, r in board.coords]
    xs, ys = [x for x, _ in centres], [y for _, y in centres]
    radius = 1 / math.sqrt(3)
    minx, miny = min(xs) - radius, min(ys) - radius
    width, height = (max(xs) - min(xs) + 2 * radius) * SCALE, (max(ys) - min(ys) + 2 * radius) * SCALE
    top = max((lv for lv, t in zip(board.levels, board.terrain, strict=True) if t != "x"), default=0)
    glyphs = {h for h, _, _ in board.glyph_spots}
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="map-preview" viewBox="0 0 {width:.1f} {height:.1f}" '
             f'width="{max_width}" role="img" aria-label="{escape(board.name)}">',
             f"<title>{escape(board.name)}</title>"]
    for h, (cx, cy) in enumerate(centres):
        px, py = (cx - minx) * SCALE, (cy - miny) * SCALE
        points = " ".join(f"{px + dx * radius * SCALE:.1f},{py + dy * radius * SCALE:.1f}" for dx, dy in _CORNERS)
        fill = _shade(TERRAIN_COLOURS.get(board.terrain[h], "#777777"), board.levels[h], top)
        zone = board.zone[h]
        stroke = (f'stroke="{ZONE_COLOURS[zone % len(ZONE_COLOURS)]}" stroke-width="2"' if zone >= 0
                  else 'stroke="#222" stroke-width="0.5"')
        parts.append(f'<polygon points="{points}" fill="{fill}" {stroke}><title>{board.labels[h]}: level '
                     f'{board.levels[h]}{", start zone " + str(zone) if zone >= 0 else ""}</title></polygon>')
        if h in glyphs:
            parts.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="{SCALE * 0.25:.1f}" fill="#f5d742" stroke="#222"/>')
    parts.append("</svg>")
    return "".join(parts)
