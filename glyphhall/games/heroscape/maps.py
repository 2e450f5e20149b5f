"""Battlefields: our TOML map format, validation, and the precomputed board a game runs on.

Format (data/maps/*.toml):

    name = "..."            # shown to players
    size = "small"          # small / medium / large, informational
    provenance = "proposal" # our own layout unless it copies a published scenario
    rows = [                # odd-r offset rows; row letters a, b, ... and columns 1, 2, ...
      "1g 1g 2r0 .  1w",    # cell = <level><terrain letter>[<start zone seat>] or "." (no hex)
    ]
    [[glyph]]               # glyph spots
    at = "c4"
    glyph = "astrid"        # a key of glyphs.toml, or "?": the table draws a classic glyph (symbol up)
    face = "power"          # power (letter up) or symbol ("?" up, hidden until a figure stops)
    [[wall]]                # a ruin wall standing on the edge between two neighbouring hexes
    between = ["c4", "c5"]
    height = 6              # levels above the higher of the two hexes (RotV ruins: 6)

    [[overhang]]            # terrain overhead (an arch, a bridge): a ceiling above a hex
    at = "d6"
    clearance = 6           # free levels between the hex's surface and the underside
    thickness = 1           # levels of the overhang itself (it blocks line of sight)

    [[ladder]]              # a ladder across the edge between two neighbouring hexes (castles)
    between = ["e2", "e3"]

    [scenario]              # optional: victory condition and round limit (scenario.py)
    victory = "hold"        # destroy-all (default) | hold | escape
    hold = "d5"

A ruin wall cannot be moved across (flyers cross it), blocks line of sight below its top, and
figures on either side are adjacent (engaged) only when both stand taller than it (reference
§1.5). A whole-hex obstacle is an `x` cell instead. Under an overhang only a figure that fits
(height below the clearance, reference §1.4 "tight fits") may move or stand; a flyer may pass
over it but lands there only if it fits. A ladder joins two hexes for small and medium
single-space figures on foot (movement.py has the rule, ours).

Terrain letters: see terrain.py (g grass, r rock, s sand, d road, w water, l lava, x obstacle).
Levels are the height of the top surface of the column (water adds no height: its level is
that of the water's surface)."""

from __future__ import annotations

import re
import tomllib
from collections import deque
from collections.abc import Callable, Iterator
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from glyphhall.engine import DataError

from . import hexes
from .scenario import Scenario, parse_scenario
from .terrain import TERRAINS

FAR = 999
_CELL = re.compile(r"(\d+)([a-z])(\d?)")


class Board:
    """An immutable battlefield: hexes indexed 0..n-1 with labels, levels, terrain, start zones,
    neighbours and path distances. Shared by every state that plays on it."""

    __slots__ = (
        "key", "name", "size", "provenance", "labels", "index", "coords", "levels", "terrain",
        "zone", "neighbours", "rays", "centres", "glyph_spots", "zones", "_dist", "by_coord", "_lines", "dmat",
        "sight_cache", "step_actions", "moved_events", "walk_tables", "place_tables", "walls", "wall_nbrs", "ceiling", "ceiling_top", "ladders",
        "scenario",
    )

    def __init__(self, key: str, name: str, size: str, provenance: str,
                 cells: list[tuple[int, int, int, str, int]], glyph_spots: list[tuple[int, str, str]]):
        cells = sorted(cells, key=lambda c: (c[1], c[0]))
        self.key, self.name, self.size, self.provenance = key, name, size, provenance
        self.coords = [(q, r) for q, r, _, _, _ in cells]
        self.by_coord = {c: i for i, c in enumerate(self.coords)}
        self.labels = [hexes.label(q, r) for q, r in self.coords]
        self.index = {lab: i for i, lab in enumerate(self.labels)}
        self.levels = [lv for _, _, lv, _, _ in cells]
        self.terrain = [t for _, _, _, t, _ in cells]
        self.zone = [z for _, _, _, _, z in cells]
        self.neighbours = [
            tuple(self.by_coord[n] for n in hexes.neighbours(q, r) if n in self.by_coord)
            for q, r in self.coords
        ]
        #: rays[h][d]: the hexes 1 to 8 spaces straight from h in direction d (hexes.DIRECTIONS)
        #: that the map has (Fire Line's reach; a gap does not end a line).
        self.rays = [
            tuple(tuple(i for i in (self.by_coord.get((q + dq * k, r + dr * k)) for k in range(1, 9)) if i is not None)
                  for dq, dr in hexes.DIRECTIONS)
            for q, r in self.coords
        ]
        self.centres = [hexes.centre(q, r) for q, r in self.coords]
        self.zones: dict[int, list[int]] = {}
        for i, z in enumerate(self.zone):
            if z >= 0:
                self.zones.setdefault(z, []).append(i)
        self.glyph_spots = glyph_spots
        #: Ruin walls on hex edges: (a, b) -> the wall's top level, both orders; and per hex the
        #: neighbours behind a wall (empty for almost every hex).
        self.walls: dict[tuple[int, int], int] = {}
        self.wall_nbrs: list[frozenset[int]] = [frozenset()] * len(self.coords)
        #: Ladders (castles): per hex, the neighbours a ladder joins it to.
        self.ladders: list[frozenset[int]] = [frozenset()] * len(self.coords)
        #: Overhangs: the underside and top level above each hex (FAR when open to the sky).
        self.ceiling = [FAR] * len(self.coords)
        self.ceiling_top = [FAR] * len(self.coords)
        #: What the map's scenario says (scenario.py): victory condition, round limit.
        self.scenario = Scenario()
        self._dist: list[list[int]] | None = None
        self._lines: dict[tuple[int, int, float], list[tuple[float, int]]] = {}
        #: Sight lines terrain leaves open (los.py), filled as they are asked for.
        self.sight_cache: dict[tuple, Any] = {}
        #: `step <figure> <hex>` actions by figure name and hex (turn.step_actions).
        self.step_actions: dict[str, list[Any]] = {}
        #: `<figure> moves to <hex>` events by "<figure name> <owner's seat>" and hex (movement.step).
        self.moved_events: dict[str, list[Any]] = {}
        #: Steps on foot by figure height (movement.walks).
        self.walk_tables: dict[int, list[tuple[tuple[int, int], ...]]] = {}
        #: Hexes a figure may be placed on whatever stands there, by (start zone or None: the
        #: whole map, figure height), in hex order (decisions.py fills it).
        self.place_tables: dict[tuple[int | None, int], list[int]] = {}
        #: All path distances (dmat[a][b]), computed once per map.
        self.dmat = self._dist = [self._bfs(i) for i in range(len(self.coords))]

    def figure_row(self, table: dict[str, list[Any]], figure: str) -> list[Any]:
        """`figure`'s row of a per-hex table kept with the map (`step_actions`, `moved_events`),
        made empty on first use and filled by the caller."""
        row = table.get(figure)
        if row is None:
            row = table[figure] = [None] * len(self.coords)
        return row

    def __len__(self) -> int:
        return len(self.coords)

    def dist(self, a: int, b: int) -> int:
        """Spaces between two hexes counted along existing spaces (around gaps), elevation
        ignored (reference §1.6). FAR when no path exists."""
        d = self._dist
        if d is None:
            d = self._dist = [self._bfs(i) for i in range(len(self.coords))]
        return d[a][b]

    def dist_row(self, a: int) -> list[int]:
        if self._dist is None:
            self.dist(0, 0)
        return self._dist[a]  # type: ignore[index]

    def _bfs(self, start: int) -> list[int]:
        out = [FAR] * len(self.coords)
        out[start] = 0
        todo = deque([start])
        while todo:
            h = todo.popleft()
            for n in self.neighbours[h]:
                if out[n] == FAR:
                    out[n] = out[h] + 1
                    todo.append(n)
        return out

    def add_wall(self, a: int, b: int, top: int) -> None:
        self.walls[(a, b)] = self.walls[(b, a)] = top
        self.wall_nbrs[a] = self.wall_nbrs[a] | {b}
        self.wall_nbrs[b] = self.wall_nbrs[b] | {a}

    def add_ladder(self, a: int, b: int) -> None:
        self.ladders[a] = self.ladders[a] | {b}
        self.ladders[b] = self.ladders[b] | {a}

    def fits(self, h: int, height: int) -> bool:
        """A figure of this height fits on hex h: the clearance under an overhang is more
        than its height (reference §1.4 tight fits, the adaptation it proposes)."""
        return self.levels[h] + height < self.ceiling[h]

    def adjacent(self, a: int, b: int) -> bool:
        return b in self.neighbours[a]

    def line_hexes(self, a: int, b: int, nudge: float) -> list[tuple[float, int]]:
        """Hexes (that exist) on the straight line a -> b, with t along it; gaps are skipped
        (a line may pass over the edge of the battlefield)."""
        key = (a, b, nudge)
        out = self._lines.get(key)
        if out is None:
            out = []
            for t, c in hexes.line(self.coords[a], self.coords[b], nudge):
                i = self.by_coord.get(c)
                if i is not None:
                    out.append((t, i))
            self._lines[key] = out
        return out

    def to_rows(self) -> list[str]:
        """The map back in our row format (used by the importer to write TOML)."""
        rows: dict[int, dict[int, str]] = {}
        for i, (q, r) in enumerate(self.coords):
            row, col = hexes.axial_to_offset(q, r)
            zone = "" if self.zone[i] < 0 else str(self.zone[i])
            rows.setdefault(row, {})[col] = f"{self.levels[i]}{self.terrain[i]}{zone}"
        width = max(max(c) for c in rows.values()) + 1
        return [
            " ".join(rows.get(r, {}).get(c, ".") for c in range(width))
            for r in range(max(rows) + 1)
        ]


def parse_map(key: str, data: dict[str, Any], where: str, glyph_keys: set[str], need_zones: bool = True) -> Board:
    """Validate a map table and build its Board. Raises DataError naming `where` and the entry
    (`need_zones` False: start zones may be missing, for players' maps that get them by rule)."""
    def bad(msg: str) -> DataError:
        return DataError(f"{where}: {msg}")

    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise bad("'name' must be a non-empty string")
    rows = data.get("rows")
    if not isinstance(rows, list) or not rows:
        raise bad("'rows' must be a non-empty list of strings")
    cells = []
    for row, text in enumerate(rows):
        if not isinstance(text, str):
            raise bad(f"row {row + 1} must be a string")
        for col, cell in enumerate(text.split()):
            if cell == ".":
                continue
            m = _CELL.fullmatch(cell)
            if not m or m.group(2) not in TERRAINS:
                raise bad(f"row {row + 1} column {col + 1}: cannot read cell {cell!r} "
                          "(write <level><terrain letter>[<zone>], e.g. 2g or 1r0)")
            level = int(m.group(1))
            if not 0 <= level <= 60:
                raise bad(f"row {row + 1} column {col + 1}: level {level} is outside 0..60")
            zone = int(m.group(3)) if m.group(3) else -1
            q, r = hexes.offset_to_axial(row, col)
            cells.append((q, r, level, m.group(2), zone))
    if not cells:
        raise bad("the map has no hexes")
    spots_raw = data.get("glyph", [])
    if not isinstance(spots_raw, list):
        raise bad("'glyph' must be an array of tables")
    board = Board(key, name, str(data.get("size", "")), str(data.get("provenance", "proposal")), cells, [])
    seen = set()
    for n, spot in enumerate(spots_raw):
        if not isinstance(spot, dict):
            raise bad(f"glyph entry {n + 1} must be a table")
        at, glyph, face = spot.get("at"), spot.get("glyph"), spot.get("face", "power")
        if at not in board.index:
            raise bad(f"glyph entry {n + 1}: no hex {at!r} on this map")
        if glyph not in glyph_keys and glyph != "?":
            raise bad(f"glyph entry {n + 1}: unknown glyph {glyph!r} (a glyph key, or \"?\" for one the table draws)")
        if glyph == "?" and face != "symbol":
            raise bad(f"glyph entry {n + 1}: a glyph the table draws (\"?\") lies symbol side up (face = \"symbol\")")
        if face not in ("power", "symbol"):
            raise bad(f"glyph entry {n + 1}: face must be 'power' or 'symbol', not {face!r}")
        h = board.index[at]
        if h in seen:
            raise bad(f"glyph entry {n + 1}: two glyphs on {at}")
        if not TERRAINS[board.terrain[h]].holds_glyphs:
            raise bad(f"glyph entry {n + 1}: glyphs cannot be placed on {board.terrain[h]!r} terrain")
        seen.add(h)
        board.glyph_spots.append((h, glyph, face))
    for n, wall, a, b in _edge_entries(board, data.get("wall", []), "wall", bad, lambda a, b: (a, b) in board.walls):
        height = wall.get("height", 6)
        if not isinstance(height, int) or isinstance(height, bool) or not 1 <= height <= 60:
            raise bad(f"wall entry {n + 1}: height must be a whole number of levels from 1 to 60")
        board.add_wall(a, b, max(board.levels[a], board.levels[b]) + height)
    overhangs_raw = data.get("overhang", [])
    if not isinstance(overhangs_raw, list):
        raise bad("'overhang' must be an array of tables")
    for n, over in enumerate(overhangs_raw):
        if not isinstance(over, dict):
            raise bad(f"overhang entry {n + 1} must be a table")
        at, clearance, thickness = over.get("at"), over.get("clearance"), over.get("thickness", 1)
        if at not in board.index:
            raise bad(f"overhang entry {n + 1}: no hex {at!r} on this map")
        for name, value in (("clearance", clearance), ("thickness", thickness)):
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 60:
                raise bad(f"overhang entry {n + 1}: {name} must be a whole number of levels from 1 to 60")
        assert isinstance(clearance, int) and isinstance(thickness, int)  # checked just above
        h = board.index[at]
        if board.ceiling[h] != FAR:
            raise bad(f"overhang entry {n + 1}: two overhangs above {at}")
        board.ceiling[h] = board.levels[h] + clearance
        board.ceiling_top[h] = board.ceiling[h] + thickness
    for _, _, a, b in _edge_entries(board, data.get("ladder", []), "ladder", bad, lambda a, b: b in board.ladders[a]):
        board.add_ladder(a, b)
    board.scenario = parse_scenario(data.get("scenario"), board.index, bad)
    for seat in (0, 1) if need_zones else ():
        if not board.zones.get(seat):
            raise bad(f"the map needs a start zone for seat {seat} (cells ending in {seat})")
    return board


def _edge_entries(board: Board, raw: Any, kind: str, bad: Any,
                  taken: Callable[[int, int], bool]) -> Iterator[tuple[int, dict[str, Any], int, int]]:
    """The `[[wall]]` or `[[ladder]]` entries, each a table naming two neighbouring hexes in
    'between', one per edge (`taken`: the edge has one already): (number, entry, hex, hex)."""
    if not isinstance(raw, list):
        raise bad(f"'{kind}' must be an array of tables")
    for n, entry in enumerate(raw):
        if not isinstance(entry, dict):
            raise bad(f"{kind} entry {n + 1} must be a table")
        between = entry.get("between")
        if (not isinstance(between, list) or len(between) != 2
                or any(lab not in board.index for lab in between)):
            raise bad(f"{kind} entry {n + 1}: 'between' must name two hexes of this map, e.g. [\"c4\", \"c5\"]")
        a, b = board.index[between[0]], board.index[between[1]]
        if b not in board.neighbours[a]:
            raise bad(f"{kind} entry {n + 1}: {between[0]} and {between[1]} are not neighbours")
        if taken(a, b):
            raise bad(f"{kind} entry {n + 1}: two {kind}s between {between[0]} and {between[1]}")
        yield n, entry, a, b


def _maps_dir() -> Any:
    return resources.files("glyphhall.games.heroscape").joinpath("data", "maps")


def map_keys() -> list[str]:
    return sorted(p.name[:-5] for p in _maps_dir().iterdir() if p.name.endswith(".toml"))


@cache
def load_map(key: str) -> Board:
    from .glyphs import GLYPHS

    path = _maps_dir().joinpath(f"{key}.toml")
    if not path.is_file():
        raise DataError(f"no map named {key!r} (maps: {', '.join(map_keys())})")
    where = f"heroscape/data/maps/{key}.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise DataError(f"{where}: not valid TOML: {err}") from None
    return parse_map(key, data, where, set(GLYPHS))


def load_map_file(path: str | Path) -> Board:
    """A map from any TOML file in our format (for players' own maps)."""
    from .glyphs import GLYPHS

    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as err:
        raise DataError(f"{path}: cannot read map: {err}") from None
    return parse_map(path.stem, data, str(path), set(GLYPHS))
