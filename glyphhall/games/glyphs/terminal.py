"""Terminal rendering of a Glyphs view that fits the screen (80 x 24 and up): a header line,
the glyph being judged and the opening glyphs pinned in front, then the newest glyphs that fit,
each drawn at the size that fits its cell (terminal_art.py: colour blocks, or braille without
colour), and earlier glyphs on pages; a duel shows one side at a time. `command` answers the
board's commands: "page 2", "page next" / "prev" / "newest", "side" (a duel's other side) and
"glyph N" (its notation). Coins, predictions, the guess on
the table and what the seat can do next follow.
Not implemented: drawing glyphs as images through the kitty, iTerm or sixel protocols."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.table import Table
from rich.text import Text

from glyphhall.engine.wording import name_seats

from .notation import parse_glyph
from .render_svg import shapes_from_view
from .terminal_art import GlyphPicture, blocks, braille, fitted

__all__ = ["GlyphPicture", "blocks", "braille", "command", "extra_actions", "render"]

#: Lines the terminal's screen keeps under the board: the last moves (8), the status (2 at 80
#: columns), the prompt, and a line of answer to the last command.
RESERVED_LINES = 12
#: The narrowest cell and the most lines a picture takes in one.
CELL_COLUMNS = 15
PICTURE_LINES = 4


@dataclass
class Paging:
    """Which page of the board the person looks at (1: the newest glyphs) and, in a duel, which
    side (None: the side of the person at the keyboard)."""

    page: int = 1
    side: int | None = None


PAGING = Paging()


def command(state, seat: int, line: str) -> str | None:
    """The terminal's board commands ("page N", "page next" / "prev" / "newest", "glyph N");
    None for any other line (it is then an action)."""
    words = line.lower().split()
    if len(words) == 2 and words[0] == "glyph":
        return _notation(state, seat, words[1])
    if words == ["side"]:
        if state.mode != "duel":
            return "there is one board in this game; 'side' switches between a duel's two sides"
        PAGING.side, PAGING.page = 1 - _side(PAGING.side, seat, state.turn), 1
        return "the other side of the board"
    if not words or words[0] != "page":
        return None
    arg = words[1] if len(words) > 1 else "next"
    if arg.isdigit() and int(arg) >= 1:
        PAGING.page = int(arg)
        return f"page {arg} of the board (page 1 has the newest glyphs)"
    if arg in ("next", "older", "earlier"):
        PAGING.page += 1
        return "earlier glyphs of the board"
    if arg in ("prev", "previous", "newer", "later"):
        PAGING.page = max(1, PAGING.page - 1)
        return "newer glyphs of the board"
    if arg in ("newest", "first"):
        PAGING.page = 1
        return "the newest glyphs of the board"
    return "page takes a number, next (earlier glyphs), prev (newer ones) or newest"


def extra_actions(state, seat: int) -> list[str]:
    """The board commands for Tab to complete."""
    numbers = [g["n"] for board in state.view(seat)["boards"] for g in board]
    return ["page next", "page prev", "page newest", *(["side"] if state.mode == "duel" else []),
            *(f"glyph {n}" for n in numbers)]


def _side(chosen: int | None, seat: int | None, turn: int) -> int:
    """The duel side shown: the one chosen with 'side', else the seat's own, else the mover's."""
    if chosen is not None:
        return chosen
    return seat if seat in (0, 1) else turn


def _notation(state, seat: int, number: str) -> str:
    """'glyph N': the glyph's notation, to copy or change (the board shows pictures only)."""
    boards = state.view(seat)["boards"]
    found = [g["glyph"] for board in boards for g in board if str(g["n"]) == number]
    if not found:
        return f"there is no glyph {number} on the board; glyphs are numbered as the board shows them"
    return "; ".join(f"glyph {number}: {text}" for text in found)


def _title(g: dict, who) -> Text:
    if "pending" in g:  # the glyph being judged, first in the row
        return Text(f"▶ {'performed' if g['pending'] else 'studied'}", style="bold yellow")
    mark = g["approved"]
    by = {"opening": "opening", "counterexample": "counterexample"}.get(g["how"], who(g["by"]))
    title = Text(f"{'✓' if mark else '✗'} {g['n']} ", style=f"bold {'green' if mark else 'red'}")
    title.append(by + (" ?" if g.get("question") else ""), style="dim")
    return title


def _cell(g: dict, who, cols: int) -> Group:
    shapes = parse_glyph(g["glyph"]) if "pending" in g else shapes_from_view(g["shapes"])
    return Group(_title(g, who), GlyphPicture(shapes, fitted(shapes, cols, PICTURE_LINES)))


class Board:
    """One board: the glyph being judged and the pinned openings first, then a page of the other
    glyphs, as many rows as the screen's height leaves after `reserved` lines."""

    def __init__(self, glyphs: list[dict], who, reserved: int, pending: dict | None = None) -> None:
        self.glyphs, self.who, self.reserved, self.pending = glyphs, who, reserved, pending

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        per_row = max(1, (width + 1) // (CELL_COLUMNS + 1))
        cols = (width + 1) // per_row - 1
        first = ([{"pending": self.pending["perform"], "glyph": self.pending["glyph"]}] if self.pending else [])
        first += [g for g in self.glyphs if g["how"] == "opening"]
        rest = [g for g in self.glyphs if g["how"] != "opening"]
        # a long name wraps its cell's title onto a second line rather than being cut
        titles = 2 if any(len(_title(g, self.who).plain) > cols for g in self.glyphs) else 1
        rows = max(1, (options.size.height - self.reserved - 1) // (PICTURE_LINES + titles))
        room = max(1, rows * per_row - len(first))
        pages = max(1, -(-len(rest) // room))
        page = PAGING.page = min(PAGING.page, pages)  # past the last page is the last page
        end = len(rest) - (page - 1) * room
        start = max(0, end - room)
        shown = first + rest[start:end]
        grid = Table.grid(padding=(0, 1))
        for _ in range(per_row):
            grid.add_column(width=cols)  # titles wrap; pictures never do (they fit)
        for at in range(0, len(shown), per_row):
            row = [_cell(g, self.who, cols) for g in shown[at:at + per_row]]
            grid.add_row(*row, *[""] * (per_row - len(row)))
        yield grid
        if pages > 1:
            yield Text(f"page {page}/{pages}: glyphs {rest[start]['n']}-{rest[end - 1]['n']} of {len(self.glyphs)}"
                       " · 'page next': earlier · 'page prev': newer", style="dim", overflow="fold")


def render(view: dict, seat: int | None, names: Sequence[str] = ()):
    def who(s: int | None) -> str:
        return name_seats(f"seat {s}", names)

    mage = view.get("mage")
    mode = "duel" if view["mode"] == "duel" else ("computer mage" if mage == "computer" else f"mage {who(mage)}")
    head = Text.assemble(("Glyphs", "bold"), f" · {mode}, level {view['level']} · coins: ",
                         "  ".join(f"{who(i)} {c}" for i, c in enumerate(view["coins"])))
    top: list = [head]
    if "decree" in view:
        top.append(Text(f"decree: {view['decree']}", style="magenta"))
    if view.get("my_decrees"):
        top.append(Text("your decrees: " + " | ".join(view["my_decrees"]), style="magenta"))
    if view.get("decrees_left"):
        top.append(Text("decrees left to guess: " + ", ".join(f"{who(i)}: {n}" for i, n in enumerate(view["decrees_left"]))))
    below: list = []
    pending = view.get("pending")
    if pending:
        below.append(Text(f"{'performed' if pending['perform'] else 'studied'}: {pending['glyph']}"))
    if view.get("predictions"):
        below.append(Text("predictions: " + ", ".join(f"{who(int(s))}: {p}" for s, p in view["predictions"].items())))
    if view.get("guess"):
        below.append(Text(f"guess on the table: {view['guess']}  (confirm / withdraw)", style="yellow"))
    if view.get("note"):
        below.append(Text(view["note"], style="dim"))
    if view.get("winner") is not None:
        below.append(Text(f"{who(view['winner'])} wins", style="bold green"))
    elif seat is not None and seat in view.get("to_move", []):
        below.append(Text(_hint(view), style="cyan"))
    return _Layout(top, view, who, below, seat)


class _Layout:
    """The header, the board and the lines under it; the board gets the height the other lines
    leave (measured at the console's width). A duel shows one side at a time ('side' switches)."""

    def __init__(self, top: list, view: dict, who, below: list, seat: int | None) -> None:
        self.top, self.view, self.who, self.below, self.seat = top, view, who, below, seat

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        view, who = self.view, self.who
        top = list(self.top)
        side = 0
        if view["mode"] == "duel":
            side = _side(PAGING.side, self.seat, view["turn"])
            other = len(view["boards"][1 - side])
            top.append(Text.assemble((f"{who(side)}'s side (marked by {who(1 - side)}'s decree)", "bold"),
                                     f" · {who(1 - side)}'s side has {other} glyph{'s' if other != 1 else ''}: 'side'"))
        fixed = sum(len(console.render_lines(part, options, pad=False)) for part in top + self.below)
        yield from top
        pending = view.get("pending") if view["mode"] != "duel" or view["turn"] == side else None
        yield Board(view["boards"][side], who, RESERVED_LINES + fixed, pending)
        yield from self.below


def _hint(view: dict) -> str:
    return {
        "build": ("build <glyph>" if view["mode"] == "duel" else "perform <glyph>  or  study <glyph>")
        + "   e.g. square@0,0 oval@1.5,0",
        "predict": "predict approved  or  predict rejected",
        "guess": "guess <decree> (e.g. guess there is an oval)  or  pass",
        "confirm": "confirm (pay a coin)  or  withdraw",
        "mark": "mark approved  or  mark rejected",
        "counter": "counterexample approved|rejected <glyph>  or  " + ("concede" if view["marking"] == "hand" else "auto"),
        "setup": "decree <decree>",
        "opening": "place approved|rejected <glyph>" + ("" if view["marking"] == "hand" else "  or  auto"),
    }.get(view["phase"], "")
