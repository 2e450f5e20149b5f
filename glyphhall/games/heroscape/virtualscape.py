"""Virtualscape map files (.hsc) -> our TOML map format (maps.py).

Virtualscape is the classic Windows Heroscape map editor (reference [C7]). Its files are MFC
archives; this module reads the latest layout (file version 0.0007, tile version 0.0003), turns
the tiles into hex columns, and writes the map in our format. Tiles our format cannot express
(castle, ruins, glaciers, personal tiles, terrain without rules here) are refused with a message
naming the tile, never guessed; ruins, road walls and 4-hex trees, which stand on the land, may
be left out instead when the user asks (`leave_out`).

Facts and where they come from (public code, read for the facts only):
- File layout: dkniffin/virtualscape `HeroscapeEditor/HeroscapeEditorDoc.cpp` (Serialize,
  LoadVersion0_0007) and `HeroscapeEditor/Tile.cpp` (Serialize, LoadVersion0_0003); the same
  layout is read by Dissolutio/heroscape-map-editor `src/data/readVirtualscapeMapFile.ts` [C3].
  Little-endian throughout:
    float64 version (0.0007); CString name, author, player count; int32 scenario length +
    that many bytes (RTF); int32 levels per page, printing transparency, print grid, print tile
    numbers, print start areas as a level; int32 tile count; then per tile: int32 type,
    float64 tile version (0.0003), int32 rotation (0-5), x, y, z; 1 byte glyph letter;
    CString glyph name (unused), start area name; 4 bytes colour (COLORREF: red, green, blue, 0);
    personal tiles (type 17000) add int32 hex count + 4 CStrings; figures (18xxx) add 2 CStrings.
- CString: MFC `ArcCore.cpp` (quoted in stackoverflow.com/questions/8932214): an optional
  Unicode marker 0xFF + word 0xFFFE, then the length (byte; or 0xFF + word; or 0xFF, 0xFFFF +
  dword), then the characters (UTF-16LE after the marker, single bytes without it).
- Tile types: `Tile.cpp` CTile::GetNewTile: type = family * 1000 + a number, mostly the hex count
  (grass 1, rock 2, sand 3, water 4, molten lava 6, road 8, trees 10 with 10000 + 1 + height,
  glyphs 14000 + the glyph's letter (14001 = '?'), start areas 15001 told apart by colour).
- Coordinates: x is the column, y the row of an "odd-r" offset grid (odd rows shifted right),
  `Tile.cpp` CTile::ContainPos and Render; a tile lists its hexes as (x, y) offsets from its
  position, and a hex on an odd offset row of a tile placed on an odd row moves one column right
  (ContainPos). That is the same as reading the offsets as odd-r from an even row and adding
  them in axial coordinates, which is what we do.
- Footprints: `TileGrass2/3/7/24.cpp`, `TileRock24.cpp`, `TileRoad5.cpp` OnRotationChange. Every
  table there is the rotation-0 shape turned 60 degrees clockwise per rotation step, placed so
  that the leftmost hex of its top row is the tile's position; we rebuild the tables from that
  rule (tests check it against the listed tables).
- Levels: z is the layer a tile fills, 0 on the table (`Tile.cpp` GetLowColor, Render). A land
  tile is one level thick, so its top is level z + 1. Water and molten lava are thin tiles
  (TileWater1/TileLava1 use the thin height) and add no height (reference §1.4 "Water and
  glyphs add no height"): their level is z, the top of what they lie on. Glyphs, start areas
  and trees stand in the layer just above the tile they are on.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

from glyphhall.engine import DataError, LoadError

from . import hexes

FILE_VERSION = 0.0007
TILE_VERSION = 0.0003

# ---------------------------------------------------------------- reading the binary file


@dataclass(frozen=True, slots=True)
class VsTile:
    """One tile record as stored in the file."""

    number: int  # 1-based position in the file, for messages
    offset: int  # byte offset of the record
    type: int
    rotation: int
    x: int
    y: int
    z: int
    glyph_letter: str
    start_name: str
    colour: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class VsFile:
    name: str
    author: str
    players: str
    tiles: tuple[VsTile, ...]


class _Bytes:
    """A cursor over the file that names the offset when the data runs out."""

    def __init__(self, data: bytes) -> None:
        self.data, self.pos = data, 0

    def take(self, n: int, what: str) -> bytes:
        if n < 0:
            raise LoadError(f"Virtualscape file: {what} has a negative length {n} (byte {self.pos - 4})")
        if self.pos + n > len(self.data):
            raise LoadError(f"Virtualscape file truncated at byte {self.pos}: {what} needs {n} bytes, "
                            f"{len(self.data) - self.pos} left")
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def unpack(self, fmt: str, what: str) -> int | float:
        return struct.unpack("<" + fmt, self.take(struct.calcsize(fmt), what))[0]

    def int32(self, what: str) -> int:
        return int(self.unpack("i", what))

    def string(self, what: str) -> str:
        """An MFC CString (see the module docstring)."""
        start = self.pos
        wide = False
        length = self.unpack("B", what)
        if length == 0xFF:
            length = self.unpack("H", what)
            if length == 0xFFFE:  # Unicode marker, then the length again
                wide = True
                length = self.unpack("B", what)
                if length == 0xFF:
                    length = self.unpack("H", what)
            if length == 0xFFFF:
                length = self.unpack("I", what)
        raw = self.take(int(length) * (2 if wide else 1), what)
        try:
            return raw.decode("utf-16-le" if wide else "cp1252")
        except UnicodeDecodeError:
            raise LoadError(f"Virtualscape file: {what} at byte {start} is not readable text") from None


def read_hsc(data: bytes) -> VsFile:
    """Parse a Virtualscape file. Raises LoadError naming the byte offset for anything we do not
    understand (truncation, another version, an unknown tile type, bytes left over)."""
    b = _Bytes(data)
    version = b.unpack("d", "the file version")
    if version != FILE_VERSION:
        raise LoadError(f"Virtualscape file version {version!r}: only version {FILE_VERSION} (the last "
                        "Virtualscape release) can be read; open and save the map in Virtualscape first")
    name = b.string("the map name")
    author = b.string("the author")
    players = b.string("the player count")
    b.take(b.int32("the scenario length"), "the scenario text")
    for what in ("levels per page", "printing transparency", "print grid", "print tile numbers",
                 "print start areas"):
        b.int32(what)
    count = b.int32("the tile count")
    if count < 0:
        raise LoadError(f"Virtualscape file: negative tile count {count} at byte {b.pos - 4}")
    tiles = []
    for number in range(1, count + 1):
        offset = b.pos
        what = f"tile {number} (byte {offset})"
        kind = b.int32(what)
        if not _known_type(kind):
            raise LoadError(f"Virtualscape file: {what} has unknown tile type {kind}")
        tile_version = b.unpack("d", what)
        if tile_version != TILE_VERSION:
            raise LoadError(f"Virtualscape file: {what} has tile version {tile_version!r}, "
                            f"expected {TILE_VERSION}")
        rotation, x, y, z = (b.int32(what) for _ in range(4))
        letter = chr(int(b.unpack("B", what)))
        b.string(what)  # glyph name: always written empty ("for compatibility")
        start_name = b.string(what)
        red, green, blue, _ = b.take(4, what)
        if kind == 17000:  # personal tile: hex count, 2 textures, letter, name
            b.int32(what)
            for _ in range(4):
                b.string(what)
        elif kind // 1000 == 18:  # figure: name and file
            b.string(what)
            b.string(what)
        if not 0 <= rotation <= 5:
            raise LoadError(f"Virtualscape file: {what} has rotation {rotation}, expected 0-5")
        tiles.append(VsTile(number, offset, kind, rotation, x, y, z, letter, start_name, (red, green, blue)))
    if b.pos != len(data):
        raise LoadError(f"Virtualscape file: {len(data) - b.pos} unexpected bytes after the last tile "
                        f"(byte {b.pos})")
    return VsFile(name, author, players, tuple(tiles))


# ---------------------------------------------------------------- tile types

# Every type Virtualscape knows (Tile.cpp GetNewTile), by family: the numbers after family*1000.
_VS_TYPES: dict[int, tuple[int, ...]] = {
    1: (1, 2, 3, 7, 24), 2: (1, 2, 3, 7, 24), 3: (1, 2, 3, 7), 4: (1, 2), 5: (1,), 6: (1,),
    7: (1, 2, 7), 8: (1, 2, 5), 9: (1, 2), 10: (4, 11, 12, 13), 11: (2, 3, 6, 7), 12: (4,),
    13: (1, 3, 4, 6), 15: (1,), 16: (1, 7, 9, 101, 102, 103, 201, 202, 203, 301, 401, 402, 403, 404),
    17: (0,), 18: (1, 2), 19: (1,), 20: (1, 2, 3, 7, 24), 21: (1, 2, 7), 22: (1, 2, 7), 23: (6,),
    24: (1, 2, 14, 15, 16), 25: (1, 2), 26: (1, 2, 3, 7, 24), 27: (1, 3),
}
_FAMILY_NAMES = {
    4: "water", 5: "ice", 7: "lava field", 9: "snow", 10: "tree", 11: "ruin", 12: "road wall",
    13: "glacier", 16: "castle", 17: "personal tile", 19: "swamp water", 20: "swamp", 21: "concrete",
    22: "asphalt", 23: "Marro hive", 24: "Ticalla jungle piece", 25: "shadow", 26: "dungeon",
    27: "outcrop",
}
GLYPH_FAMILY, START_TYPE = 14, 15001
#: Pieces that stand on the land without changing it and that our format cannot hold, which a
#: user may choose to leave out (`leave_out`): name -> tile types (RotV ruins, the road wall,
#: the 4-hex tree; not the Marvel ruin, which has surfaces to stand on).
LEAVE_OUT = {"ruin": (11002, 11003), "road-wall": (12004,), "tree4": (10004,)}

# Land we can place: family -> (our terrain letter, levels the tile adds).
_LAND = {1: ("g", 1), 2: ("r", 1), 3: ("s", 1), 8: ("d", 1), 4: ("w", 0), 6: ("l", 0)}
# Single-hex trees: type -> height in levels (type = 10000 + 1 hex + height, GetNewTile).
_TREES = {10011: 10, 10012: 11, 10013: 12}


def _known_type(kind: int) -> bool:
    family, number = divmod(kind, 1000)
    if family == GLYPH_FAMILY:
        return 1 <= number <= 254
    return number in _VS_TYPES.get(family, ())


# ---------------------------------------------------------------- footprints

# Rotation-0 shapes as odd-r (x, y) offsets from the tile's position (Tile*.cpp, see above).
_SHAPES: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((0, 0), (1, 0)),
    3: ((0, 0), (1, 0), (0, 1)),
    5: tuple((x, 0) for x in range(5)),
    7: ((0, 0), (1, 0), (-1, 1), (0, 1), (1, 1), (0, 2), (1, 2)),
    24: tuple((x, y) for y, lo, hi in ((0, 0, 1), (1, -1, 1), (2, 0, 2), (3, -1, 3), (4, 0, 4), (5, -1, 4))
              for x in range(lo, hi + 1)),
}


def _offset_to_axial(x: int, y: int) -> tuple[int, int]:
    return hexes.offset_to_axial(y, x)


def footprint(size: int, rotation: int) -> list[tuple[int, int]]:
    """Axial offsets of a `size`-hex land tile at `rotation` from its stored position: the shape
    turned 60 degrees clockwise per step, anchored at the leftmost hex of its top row."""
    cells = [_offset_to_axial(x, y) for x, y in _SHAPES[size]]
    for _ in range(rotation):
        cells = [(-r, q + r) for q, r in cells]  # 60 degrees clockwise (rows grow downwards)
    aq, ar = min(cells, key=lambda c: (c[1], c[0]))
    return [(q - aq, r - ar) for q, r in cells]


def tile_hexes(tile: VsTile, size: int) -> list[tuple[int, int]]:
    """The axial hexes a tile covers."""
    oq, orow = _offset_to_axial(tile.x, tile.y)
    return [(oq + dq, orow + dr) for dq, dr in footprint(size, tile.rotation)]


# ---------------------------------------------------------------- tiles -> hex columns


@dataclass(slots=True)
class ImportedMap:
    """The battlefield a file describes, in axial coordinates as stored (not yet shifted)."""

    name: str
    author: str
    #: (q, r) -> (level, terrain letter, start zone seat or -1)
    cells: dict[tuple[int, int], tuple[int, str, int]]
    #: (q, r) -> (glyph key, face)
    glyphs: dict[tuple[int, int], tuple[str, str]]
    #: seat -> (red, green, blue, start area name), in order of first appearance in the file
    zones: dict[int, tuple[int, int, int, str]]
    notes: list[str] = field(default_factory=list)


def _where(tile: VsTile) -> str:
    return f"tile {tile.number} (type {tile.type}, byte {tile.offset}, x={tile.x} y={tile.y} z={tile.z})"


def _hex_name(c: tuple[int, int]) -> str:
    row, col = hexes.axial_to_offset(*c)
    return f"Virtualscape x={col} y={row}"


Column = dict[int, tuple[str, int, VsTile]]  # layer -> (terrain letter, levels it adds, tile)


def build_map(vs: VsFile, unknown_glyph: str | None = None, leave_out: Iterable[str] = ()) -> ImportedMap:
    """Turn tiles into hex columns. Raises DataError naming the tile for anything our format
    cannot hold: unsupported pieces, two tiles in one space, a gap under a tile (an overhang),
    land on water or lava, a glyph, start area or tree not resting on the top of its column.
    `leave_out` names LEAVE_OUT pieces to drop (with a note) instead of refusing the file."""
    from .glyphs import GLYPHS

    if unknown_glyph is not None and unknown_glyph not in GLYPHS:
        raise DataError(f"unknown glyph {unknown_glyph!r} for '?' glyphs (glyphs: {', '.join(sorted(GLYPHS))})")
    dropped: set[int] = set()
    for name in leave_out:
        if name not in LEAVE_OUT:
            raise DataError(f"cannot leave out {name!r}: only {', '.join(LEAVE_OUT)} stand on the land "
                            "without changing it")
        dropped.update(LEAVE_OUT[name])
    columns: dict[tuple[int, int], Column] = {}
    on_top: list[VsTile] = []  # glyphs, start areas, trees: placed once the land is known
    notes: list[str] = []
    for tile in vs.tiles:
        family = tile.type // 1000
        if tile.z < 0:
            raise DataError(f"{_where(tile)}: below the table (layer {tile.z})")
        if family in _LAND and tile.type != 4002:
            _lay_land(tile, columns)
        elif family == GLYPH_FAMILY or tile.type == START_TYPE or tile.type in _TREES:
            on_top.append(tile)
        elif family == 18:
            notes.append(f"{_where(tile)}: a figure, not terrain; left out")
        elif tile.type in dropped:
            notes.append(f"{_where(tile)}: a {_FAMILY_NAMES[family]} piece; left out as asked")
        elif tile.type == 4002:
            raise DataError(f"{_where(tile)}: the double water hex (4002) has no documented height in "
                            "levels; replace it with single water tiles (4001)")
        else:
            kind = _FAMILY_NAMES.get(family, f"family {family}")
            hint = next((f" (or leave it out: {name})" for name, types in LEAVE_OUT.items() if tile.type in types), "")
            raise DataError(f"{_where(tile)}: cannot place a {kind} piece; our map format supports "
                            "grass, rock, sand, road, water, molten lava, glyphs, start areas and "
                            f"single-hex trees (see the heroscape README){hint}")
    cells = {c: _surface(c, column) for c, column in columns.items()}
    imported = ImportedMap(vs.name, vs.author, cells, {}, {}, notes)
    for tile in on_top:
        _place_on_top(tile, columns, imported, unknown_glyph)
    return imported


def _lay_land(tile: VsTile, columns: dict[tuple[int, int], Column]) -> None:
    letter, adds = _LAND[tile.type // 1000]
    for c in tile_hexes(tile, tile.type % 1000):
        column = columns.setdefault(c, {})
        if tile.z in column:
            raise DataError(f"{_where(tile)}: {_hex_name(c)} layer {tile.z} already holds "
                            f"{_where(column[tile.z][2])}")
        column[tile.z] = (letter, adds, tile)


def _surface(c: tuple[int, int], column: Column) -> tuple[int, str, int]:
    """(level, terrain, no zone) of a column: its layers must touch, nothing on water or lava."""
    layers = sorted(column)
    for below, above in pairwise(layers):
        if above != below + 1:
            raise DataError(f"{_where(column[above][2])}: a gap of {above - below - 1} layer(s) under it at "
                            f"{_hex_name(c)} (an overhang or bridge; our format has one surface per hex)")
        if column[below][1] == 0:
            raise DataError(f"{_where(column[above][2])}: land on top of water or lava at {_hex_name(c)}")
    letter, adds, _ = column[layers[-1]]
    return layers[-1] + adds, letter, -1


def _place_on_top(tile: VsTile, columns: dict[tuple[int, int], Column], imported: ImportedMap,
                  unknown_glyph: str | None) -> None:
    """A glyph, start area or tree, which stands in the layer just above its column's top tile."""
    c = _offset_to_axial(tile.x, tile.y)
    if c not in columns:
        raise DataError(f"{_where(tile)}: nothing to stand on at {_hex_name(c)}")
    top = max(columns[c])
    if tile.z != top + 1:
        raise DataError(f"{_where(tile)}: at layer {tile.z}, but the top tile of {_hex_name(c)} "
                        f"is at layer {top}, so it should be at layer {top + 1}")
    level, letter, zone = imported.cells[c]
    if letter == "x":
        raise DataError(f"{_where(tile)}: {_hex_name(c)} already holds a tree")
    if tile.type in _TREES:
        if zone >= 0 or c in imported.glyphs:
            raise DataError(f"{_where(tile)}: a tree on a start area or glyph at {_hex_name(c)}")
        imported.cells[c] = (level + _TREES[tile.type], "x", -1)
    elif tile.type == START_TYPE:
        if zone >= 0:
            raise DataError(f"{_where(tile)}: {_hex_name(c)} already belongs to a start area")
        imported.cells[c] = (level, letter, _zone_for(tile, imported.zones))
    else:
        if c in imported.glyphs:
            raise DataError(f"{_where(tile)}: two glyphs on {_hex_name(c)}")
        imported.glyphs[c] = _glyph_for(tile, unknown_glyph)


def _zone_for(tile: VsTile, zones: dict[int, tuple[int, int, int, str]]) -> int:
    """Start areas differ only by colour: one zone per colour, in order of first appearance."""
    for seat, (red, green, blue, _) in zones.items():
        if (red, green, blue) == tile.colour:
            return seat
    if len(zones) == 10:
        raise DataError(f"{_where(tile)}: an 11th start area colour; our format has 10 zones (0-9)")
    zones[len(zones)] = (*tile.colour, tile.start_name)
    return len(zones) - 1


def _glyph_for(tile: VsTile, unknown_glyph: str | None) -> tuple[str, str]:
    """(glyph key, face). The type names the glyph (14000 + its letter, 14001 = '?'), as in
    Virtualscape's GetName; the letter byte is ignored because other writers (e.g. [C3]'s) put
    a placeholder letter in every tile."""
    from .glyphs import GLYPHS

    letter = "?" if tile.type == 14001 else chr(tile.type - 14000)
    if letter == "?":
        if unknown_glyph is None:
            raise DataError(f"{_where(tile)}: a '?' glyph does not say which glyph it is; "
                            "name one for every '?' glyph (--unknown-glyph KEY)")
        return unknown_glyph, "symbol"
    for key, glyph in GLYPHS.items():
        if glyph.letter == letter and not glyph.equipment:
            return key, "power"
    raise DataError(f"{_where(tile)}: no glyph with letter {letter!r} in our glyph list")


# ---------------------------------------------------------------- our TOML format


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # JSON string escapes are valid TOML basic strings


def _size(hex_count: int) -> str:
    return "small" if hex_count <= 100 else "medium" if hex_count <= 200 else "large"


def map_toml(imported: ImportedMap, source: str) -> str:
    """Our TOML map text: the hexes shifted so the map starts at row a, column 1."""
    from .maps import Board

    if not imported.cells:
        raise DataError(f"{source}: the file has no land tiles we can place")
    min_r = min(r for _, r in imported.cells)
    shifted = {(q, r - min_r): v for (q, r), v in imported.cells.items()}
    min_col = min(hexes.axial_to_offset(q, r)[1] for q, r in shifted)
    shift = {c: (c[0] - min_col, c[1] - min_r) for c in imported.cells}
    board = Board("import", imported.name or "imported", "", "", [
        (*shift[c], level, terrain, zone) for c, (level, terrain, zone) in imported.cells.items()
    ], [])
    name = imported.name or Path(source).stem
    provenance = f"imported from the Virtualscape file {Path(source).name}"
    if imported.author:
        provenance += f" by {imported.author}"
    lines = [
        f"name = {_toml_string(name)}",
        f"size = {_toml_string(_size(len(board)))}",
        f"provenance = {_toml_string(provenance)}",
    ]
    for seat, (red, green, blue, label) in sorted(imported.zones.items()):
        lines.append(f"# start zone {seat}: Virtualscape start area colour rgb({red},{green},{blue})"
                     + (f" {label!r}" if label else ""))
    lines.append("rows = [")
    lines += [f"  {_toml_string(row)}," for row in board.to_rows()]
    lines.append("]")
    for c, (key, face) in sorted(imported.glyphs.items(), key=lambda item: (item[0][1], item[0][0])):
        at = board.labels[board.by_coord[shift[c]]]
        lines += ["", "[[glyph]]", f"at = {_toml_string(at)}", f"glyph = {_toml_string(key)}",
                  f"face = {_toml_string(face)}"]
    return "\n".join(lines) + "\n"


def import_hsc(data: bytes, source: str, unknown_glyph: str | None = None,
               leave_out: Iterable[str] = ()) -> tuple[str, list[str]]:
    """A Virtualscape file's bytes -> (our TOML map text, notes), checked by the normal map
    loader before it is returned."""
    import tomllib

    from .glyphs import GLYPHS
    from .maps import parse_map

    imported = build_map(read_hsc(data), unknown_glyph, leave_out)
    text = map_toml(imported, source)
    parse_map(Path(source).stem, tomllib.loads(text), f"{source} (imported)", set(GLYPHS))
    return text, imported.notes
