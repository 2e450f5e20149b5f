"""Text notation for a glyph: shapes separated by spaces, each `kind@x,y` or `kind@x,y/deg`.

kind: a kind id from the shape data (oval, semicircle, triangle, rtriangle, square, bar,
hexagon, line) or a one-word name of it (circle, rectangle, ...); x, y: the anchor in grid units,
whole or half (1.5); deg: the rotation counter-clockwise in degrees, a multiple of 45 (default 0).
Example: `square@0,0 oval@1.5,0 triangle@0,1.5/180`."""

from __future__ import annotations

import re

from .geometry import GlyphError, Shape
from .shapes import ROTATIONS, shape_set

# ASCII digits only, a few of them: `\d` alone would take '٣' or '３', which float() then reads,
# and numbers thousands of digits long (engine/notation.py says why every game reads them so).
_SHAPE = re.compile(r"^([a-z]+)@(-?\d{1,3}(?:\.\d{1,3})?),(-?\d{1,3}(?:\.\d{1,3})?)(?:/(-?\d{1,4}))?$", re.ASCII)
MAX_COORD = 40


def _half_units(text: str, what: str, token: str) -> int:
    value = float(text)
    doubled = value * 2
    if abs(doubled - round(doubled)) > 1e-9:
        raise GlyphError(f"'{token}': {what} must be a whole or half grid unit (like 1 or 1.5), not {text}")
    if abs(value) > MAX_COORD:
        raise GlyphError(f"'{token}': {what} must be between -{MAX_COORD} and {MAX_COORD}")
    return round(doubled)


def kind_names() -> dict[str, int]:
    ss = shape_set()
    names = {k.id: k.index for k in ss.kinds}
    for k in ss.kinds:
        for w in k.words:
            if " " not in w:
                names.setdefault(w, k.index)
    return names


def parse_shape(token: str) -> Shape:
    m = _SHAPE.match(token)
    if not m:
        raise GlyphError(f"'{token}' is not a shape; write kind@x,y or kind@x,y/degrees, e.g. square@0,1.5/45")
    word, xs, ys, deg = m.groups()
    names = kind_names()
    if word not in names:
        raise GlyphError(f"'{word}' is not a shape; shapes are: {', '.join(k.id for k in shape_set().kinds)}")
    kind = names[word]
    rot = 0
    if deg is not None:
        d = int(deg)
        if d % 45:
            raise GlyphError(f"'{token}': shapes turn in steps of 45 degrees, not {d}")
        rot = (d // 45) % ROTATIONS
    return (kind, _half_units(xs, "x", token), _half_units(ys, "y", token), shape_set().kinds[kind].canonical_rot(rot))


def parse_glyph(text: str) -> list[Shape]:
    """The shapes written in `text` (not yet checked against the glyph rules)."""
    tokens = text.lower().replace(";", " ").split()
    if not tokens:
        raise GlyphError("a glyph needs at least one shape, e.g. square@0,0 oval@1.5,0")
    return [parse_shape(t) for t in tokens]


def _coord(half: int) -> str:
    return str(half // 2) if half % 2 == 0 else f"{half / 2:g}"


def format_shape(s: Shape) -> str:
    kind, x, y, rot = s
    text = f"{shape_set().kinds[kind].id}@{_coord(x)},{_coord(y)}"
    return text + (f"/{45 * rot}" if rot else "")


def format_glyph(shapes) -> str:
    return " ".join(format_shape(s) for s in shapes)
