"""SVG drawing of a glyph (the web client uses it): each shape's outline, translucent fill so
overlaps show, y pointing up as in the notation."""

from __future__ import annotations

from .geometry import outline
from .shapes import shape_set

PALETTE = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#9c755f")


def shapes_from_view(view_shapes) -> list[tuple]:
    """[[kind_id, x, y, degrees], ...] from a view -> internal shapes."""
    ss = shape_set()
    return [(ss.by_id(k).index, round(x * 2), round(y * 2), (int(d) // 45) % 8) for k, x, y, d in view_shapes]


def glyph_svg(shapes, size: int = 160, mark: bool | None = None) -> str:
    """A standalone <svg> of the glyph, scaled to fit `size` pixels; a green or red frame for a mark."""
    polys = [outline(s) for s in shapes]
    minx = min(p.bounds[0] for p in polys)
    miny = min(p.bounds[1] for p in polys)
    maxx = max(p.bounds[2] for p in polys)
    maxy = max(p.bounds[3] for p in polys)
    pad = 0.4
    w, h = maxx - minx + 2 * pad, maxy - miny + 2 * pad
    scale = size / max(w, h)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
             f'viewBox="0 0 {w * scale:.1f} {h * scale:.1f}">']
    if mark is not None:
        color = "#2e7d32" if mark else "#c62828"
        parts.append(f'<rect x="1" y="1" width="{w * scale - 2:.1f}" height="{h * scale - 2:.1f}" fill="none" '
                     f'stroke="{color}" stroke-width="3" rx="6"/>')
    for s, poly in zip(shapes, polys, strict=True):
        pts = " ".join(f"{(x - minx + pad) * scale:.1f},{(maxy + pad - y) * scale:.1f}" for x, y in poly.exterior.coords)
        color = PALETTE[s[0] % len(PALETTE)]
        parts.append(f'<polygon points="{pts}" fill="{color}" fill-opacity="0.45" stroke="{color}" stroke-width="2"/>')
    parts.append("</svg>")
    return "".join(parts)
