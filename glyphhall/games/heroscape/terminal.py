"""Terminal rendering: the hex map (odd rows shifted half a cell) with each hex's level,
terrain colour, figures and glyphs, then the army cards, glyphs and whose decision it is."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from glyphhall.engine.wording import name_seats

from .hexes import axial_to_offset

TERRAIN_STYLE = {
    "g": "on dark_green", "r": "on grey35", "s": "on dark_goldenrod", "d": "on tan",
    "w": "on blue", "l": "on red3",
    # the expansions' terrain (Virtualscape maps): lava field, snow, ice, swamp, shadow, concrete,
    # asphalt, dungeon
    "f": "on grey11", "n": "black on grey93", "i": "black on light_cyan3", "m": "on dark_olive_green3",
    "h": "on grey23", "c": "black on grey66", "a": "on grey30", "u": "on rosy_brown",
}
SEAT_STYLE = ("bold bright_white on blue", "bold bright_white on red", "bold black on bright_yellow",
              "bold black on bright_cyan")
CELL = 4
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def figure_tags(view: dict[str, Any]) -> dict[str, str]:
    """Each figure's 2-letter tag on the map, taken from its army card so the two match: a hero
    gets its card's first letters (Syvarris 'Sy', Deathwalker 9000 'De'); a squad member its card's
    initial and its number (Tarn Viking Warriors 'T1', 'T2'). Clashes fall back to other letters."""
    cards = {c["key"]: c["name"] for c in view["cards"]}
    tags: dict[str, str] = {}
    taken: set[str] = set()
    for f in view["figures"]:
        card = "".join(ch for ch in cards.get(f["card"], f["name"]) if ch.isalnum()) or f["name"]
        number = f["name"][-1] if f["name"][-1].isdigit() and f["name"] != f["card"] else ""
        options = [card[0].upper() + number] if number else []
        options += [card[0].upper() + ch.lower() for ch in card[1:]] + [f["name"][:2]]
        tag = next((t for t in options if t not in taken), f["name"][:2])
        taken.add(tag)
        tags[f["name"]] = tag
    return tags


def _figure_cell(tag: str, level: int, width: int) -> str:
    """The tag with the height of the hex under the figure as a superscript: 'Sy⁴'."""
    return f"{tag}{str(level).translate(_SUPERSCRIPT)}".ljust(width - 1)


def render_map(view: dict[str, Any]) -> Text:
    hexes = view["board"]["hexes"]
    by_label = {h[0]: h for h in hexes}
    figures = {}
    for f in view["figures"]:
        for key in ("hex", "tail"):
            if f.get(key):
                figures[f[key]] = f
    glyphs = {g["hex"]: g for g in view["glyphs"]}
    cells: dict[tuple[int, int], str] = {}
    for lab, q, r, *_ in hexes:
        cells[axial_to_offset(q, r)] = lab
    rows = max(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) + 1
    tags = figure_tags(view)
    cell = max(CELL, 3 + max(len(str(h[3])) for h in hexes))
    out = Text()
    out.append("    " + "".join(f"{c + 1:<{cell}}" for c in range(cols)) + "\n", style="dim")
    for r in range(rows):
        row_label = next((lab for (rr, _), lab in cells.items() if rr == r), "")
        letters = "".join(ch for ch in row_label if ch.isalpha())
        out.append(f"{letters:>3} ", style="dim")
        if r % 2:
            out.append(" " * (cell // 2))
        for c in range(cols):
            lab = cells.get((r, c))
            if lab is None:
                out.append(" " * cell)
                continue
            _, _, _, level, terrain, zone = by_label[lab]
            style = TERRAIN_STYLE.get(terrain, "")
            if lab in figures:
                f = figures[lab]
                out.append(_figure_cell(tags[f["name"]], level, cell), style=SEAT_STYLE[f["owner"] % len(SEAT_STYLE)])
            elif lab in glyphs:
                g = glyphs[lab]
                letter = "?" if g["glyph"] == "?" else g["glyph"][:2].upper()
                out.append(f"*{letter:<2}".ljust(cell - 1), style="bold yellow " + style)
            else:
                mark = "'" if zone >= 0 else " "
                out.append(f"{level:>{cell - 2}}{mark}", style=style)
            out.append(" ")
        out.append("\n")
    return out


def render_compact_map(view: dict[str, Any]) -> Text:
    """The map two columns a hex, for narrow screens (a 32-column Virtualscape map fits 80
    columns): a figure's tag, a glyph as *letter, else the level (10 and up as letters a, b...)
    and ' on a start zone."""
    hexes = view["board"]["hexes"]
    by_label = {h[0]: h for h in hexes}
    figures = {f[key]: f for f in view["figures"] for key in ("hex", "tail") if f.get(key)}
    glyphs = {g["hex"]: g for g in view["glyphs"]}
    cells = {axial_to_offset(q, r): lab for lab, q, r, *_ in hexes}
    rows = max(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) + 1
    tags = figure_tags(view)
    out = Text()
    out.append("    " + "".join(f"{c + 1:<10}" for c in range(0, cols, 5)) + "\n", style="dim")
    for r in range(rows):
        row_label = next((lab for (rr, _), lab in cells.items() if rr == r), "")
        out.append(f"{''.join(ch for ch in row_label if ch.isalpha()):>3} " + (" " if r % 2 else ""), style="dim")
        for c in range(cols):
            lab = cells.get((r, c))
            if lab is None:
                out.append("  ")
                continue
            _, _, _, level, terrain, zone = by_label[lab]
            style = TERRAIN_STYLE.get(terrain, "")
            if lab in figures:
                f = figures[lab]
                out.append(tags[f["name"]][:2].ljust(2), style=SEAT_STYLE[f["owner"] % len(SEAT_STYLE)])
            elif lab in glyphs:
                letter = "?" if glyphs[lab]["glyph"] == "?" else glyphs[lab]["glyph"][:1].upper()
                out.append(f"*{letter}", style="bold yellow " + style)
            else:
                mark = "0123456789abcdefghijklmnopqrstuvwxyz"[level] if 0 <= level < 36 else "+"
                out.append(mark + ("'" if zone >= 0 else " "), style=style)
        out.append("\n")
    return out


def _widest(text: Text) -> int:
    from rich.cells import cell_len

    return max((cell_len(line) for line in text.plain.split("\n")), default=0)


class MapView:
    """The map as wide as the screen allows: four columns a hex where that fits, else two. Its
    narrowest (the compact map) is what a full screen pans when even that does not fit."""

    def __init__(self, view: dict[str, Any]):
        self.wide = render_map(view)
        self.compact = render_compact_map(view)

    def _pick(self, width: int) -> Text:
        return self.wide if _widest(self.wide) <= width else self.compact

    def __rich_measure__(self, console, options):
        from rich.measure import Measurement

        return Measurement(_widest(self.compact), max(_widest(self.compact), _widest(self.wide)))

    def __rich_console__(self, console, options):
        chosen = self._pick(options.max_width)
        chosen.no_wrap = True
        yield chosen


def terrain_legend(view: dict[str, Any]) -> Text:
    """What each colour of the map is: the terrains this map has, each in its own colour."""
    from .terrain import TERRAINS

    present = sorted({h[4] for h in view["board"]["hexes"]}, key=lambda t: list(TERRAINS).index(t)
                     if t in TERRAINS else 99)
    legend = Text("terrain: ", style="dim")
    for letter in present:
        name = TERRAINS[letter].key if letter in TERRAINS else letter
        legend.append(f" {name} ", style=TERRAIN_STYLE.get(letter, ""))
        legend.append(" ")
    return legend


def render(view: dict[str, Any], seat: int | None, names: Sequence[str] = ()) -> RenderableType:
    def who(s: int) -> str:
        return name_seats(f"seat {s}", names)

    title = Text(f"Heroscape - {view['board']['name']} - round {view['round']}/{view['round_limit']}"
                 f" - {view['phase']}", style="bold")
    if view.get("active_card"):
        title.append(f" - turn {view['turn']}: {view['active_card']}")
    if view.get("moving"):
        title.append(f" (moving {view['moving']}, {view['move_left']} left)")
    tags = figure_tags(view)
    cards = Table(box=None, pad_edge=False)
    for col in ("player", "card", "L/M/R/A/D", "pts", "figures: tag name@hex (wounds)", "glyph", "markers"):
        cards.add_column(col)
    for c in view["cards"]:
        figs = [f for f in view["figures"] if f["card"] == c["key"]]
        alive = ", ".join(f"{tags[f['name']]} {f['name']}@{f['hex']}" + (f"({f['wounds']})" if f["wounds"] else "")
                          for f in figs if f["status"] == "on")
        waiting = sum(1 for f in figs if f["status"] == "reserve")
        if waiting:
            alive += f" +{waiting} off board"
        cards.add_row(who(c["owner"]), c["name"] + (" [negated]" if c["negated"] else ""),
                      f"{c['life']}/{c['move']}/{c['range']}/{c['attack']}/{c['defense']}", str(c["points"]),
                      alive or "destroyed", c["glyph"] or "", " ".join(c["markers"]))
    lines: list[RenderableType] = [title, MapView(view), terrain_legend(view), cards]
    if view["phase"] == "draft" and view.get("draft_pool"):
        from .armies import CARDS

        lines.append(Text("draft pool: " + ", ".join(f"{k} ({CARDS[k].points})" for k in view["draft_pool"]
                                                      if k in CARDS)))
    if view["glyphs"]:
        lines.append(Text("glyphs: " + ", ".join(f"{g['hex']} {g['name']}" for g in view["glyphs"]), style="yellow"))
    if view["board"].get("overhangs"):
        lines.append(Text("overhangs: " + ", ".join(f"{h} (levels {lo}-{hi})" for h, lo, hi in view["board"]["overhangs"]),
                          style="dim"))
    if view["board"].get("ladders"):
        lines.append(Text("ladders: " + ", ".join(f"{a}|{b}" for a, b in view["board"]["ladders"]), style="dim"))
    if view["board"].get("walls"):
        lines.append(Text("ruin walls: " + ", ".join(f"{a}|{b} (top {top})" for a, b, top in view["board"]["walls"]),
                          style="dim"))
    if view.get("pending"):
        lines.append(Text(f"waiting for {who(view['pending']['seat'])}: {view['pending']['kind']}", style="bold"))
    if view.get("result"):
        lines.append(Text("the game is over", style="bold green"))  # the result in words comes from result_text
    lines.append(Text("levels are numbers; ' marks a start zone; *XX is a glyph; a figure shows its tag and "
                      "the level it stands on (Sy⁴)"
                      + (f"; you are {who(seat)}" if seat is not None else ""), style="dim"))
    return Group(*lines)


def extra_actions(state, seat: int) -> list[str]:
    """`move FIG HEX` for every hex each of `seat`'s figures may move to now (Tab completes them;
    the engine accepts them though its listed legal actions are single steps)."""
    from .paths import paths_by_label

    out: list[str] = []
    for f in state.view(seat)["figures"]:
        if f["owner"] == seat and f["status"] == "on":
            out += [f"move {f['name']} {end}" for end in paths_by_label(state, f["name"])]
    return out


def action_note(state, seat: int, text: str) -> str | None:
    """The path a `move FIG HEX` takes, worked out before it is made (None for other actions)."""
    from .paths import paths_by_label

    parts = text.split()
    if len(parts) != 3 or parts[0].lower() != "move":
        return None
    path = paths_by_label(state, parts[1]).get(parts[2].lower())
    return None if path is None else f"{parts[1]} moves along " + " → ".join(path)


#: events the full screen pins and holds (--More--): wounds, no wound, a figure destroyed, a
#: new round, the end
IMPORTANT = re.compile(r"takes \d+ wounds?|no wound|is destroyed|round \d+ begins|wins")


def summary(view: dict[str, Any], seat: int | None, names: Sequence[str] = ()) -> str:
    """The status line's right side: the round, the phase and the active card."""
    card = f" · {view['active_card']}" if view.get("active_card") else ""
    return f"round {view['round']}/{view['round_limit']} · {view['phase']}{card}"
