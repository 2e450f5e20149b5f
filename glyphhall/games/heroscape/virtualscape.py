"""Virtualscape map files (.hsc) -> our TOML map format (maps.py).

Virtualscape is the classic Windows Heroscape map editor (reference [C7]). `vs_file.py` reads its
files (every version), `vs_pieces.py` knows its pieces; this module turns the tiles into hex
columns and writes the map in our format:

- Land and non-land tiles stack into columns; the top tile gives the terrain, the level is the
  top of the column (a non-land tile adds no height, reference §1.4).
- A tile above empty layers (a bridge, an overhang, or a tile left floating) is held up as if it
  stood on Virtualscape's pillars: the column is solid up to it, with a warning (`hold_up`; when
  off such a file is refused). Land on water or lava is held up the same way.
- Trees, Ticalla palms and RotV ruins stand on the top of their column and occupy their hexes:
  obstacle hexes (`x`) as tall as the piece (ruins 6 levels, reference §1.10).
- Glyphs: the editor draws a glyph by its letter byte (`Tile.cpp` Render1, m_GlyphLetter), so we
  use the letter byte when it is a letter or '?', else the letter in the type (14000 + letter,
  `GetNewTile`), as some other writers put a placeholder byte there. Known glyphs are placed
  power side up; '?' glyphs become "?" spots the table draws a glyph for at the start of each game
  (symbol side up), or take `unknown_glyph` (a key, or "blank" to leave the spot empty), with a note.
- Start areas: one zone per colour, numbered in order of first appearance; a map with fewer than
  two is given zones by rule (map_zones.py), as is any map with `zones="auto"`.
- Castle pieces (vs_castle.py): wall walks and wall bases are land, walls and doors obstacles
  as tall as the piece, an arch's passage an overhang, battlements walls on hex edges, ladders
  `[[ladder]]` edges; pieces standing on a castle are held up like any other.
- Road walls (vs_road_wall.py): walls on the hex edges along one side of their 4 hexes.
- Personal tiles: land of the terrain their name or texture names (vs_pieces.personal_terrain),
  in the shape of the standard tile of that many hexes; one that names no terrain, or two, is refused.
- Figures are left out with a note; outcrops and the Marro hive are refused with the tile named
  and what to do (most pieces may be left out on request: `leave_out`).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from glyphhall.engine import DataError

from . import hexes
from .maps import Board
from .vs_castle import (
    ARCH,
    ARCH_CLEARANCE,
    ARCH_LAYERS,
    BATTLEMENT,
    BATTLEMENT_HEIGHT,
    COLUMN_PIECES,
    FLAG,
    LADDER,
    arch_hexes,
    edge_of,
    pair,
)
from .vs_file import VsFile, VsTile, read_hsc
from .vs_pieces import (
    FIGURE_FAMILY,
    GLYPH_FAMILY,
    LAND,
    LEAVE_OUT,
    PERSONAL_SIZES,
    PERSONAL_TYPE,
    ROAD_WALL,
    START_TYPE,
    TICALLA_GRASS,
    Land,
    land_of,
    obstacle,
    personal_terrain,
    piece_name,
    tile_hexes,
)
from .vs_road_wall import ROAD_WALL_HEIGHT, road_wall_edges

__all__ = ["ImportedMap", "build_map", "import_hsc", "read_hsc"]


Hex = tuple[int, int]


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
    #: walls on hex edges (castle battlements): edge -> height above the higher hex
    walls: dict[tuple[Hex, Hex], int] = field(default_factory=dict)
    #: ladders across hex edges
    ladders: set[tuple[Hex, Hex]] = field(default_factory=set)
    #: (q, r) -> (clearance, thickness) of the terrain overhead (an arch's passage)
    overhangs: dict[Hex, tuple[int, int]] = field(default_factory=dict)


def _where(tile: VsTile) -> str:
    return f"tile {tile.number} ({piece_name(tile.type)}, type {tile.type}, byte {tile.offset}, x={tile.x} y={tile.y} z={tile.z})"


def _hex_name(c: tuple[int, int]) -> str:
    row, col = hexes.axial_to_offset(*c)
    return f"Virtualscape x={col} y={row}"


Column = dict[int, tuple[str, int, VsTile]]
#: Rows and columns a battlefield may span (the biggest published maps use about 40).
MAX_EXTENT = 200  # layer -> (terrain letter, levels it adds, tile)


def _leave_out_hint(kind: int) -> str:
    name = next((name for name, types in LEAVE_OUT.items() if kind in types), None)
    return f"; or leave such pieces out (--leave-out {name})" if name else ""


def build_map(vs: VsFile, unknown_glyph: str | None = None, leave_out: Iterable[str] = (),
              hold_up: bool = True) -> ImportedMap:
    """Turn tiles into hex columns (see the module docstring). Raises DataError naming the tile
    and what to do for anything we cannot place."""
    from .glyphs import GLYPHS

    if unknown_glyph is not None and unknown_glyph not in GLYPHS and unknown_glyph != "blank":
        raise DataError(f"unknown glyph {unknown_glyph!r} for '?' glyphs (glyphs: {', '.join(sorted(GLYPHS))}, "
                        "or blank)")
    dropped: set[int] = set()
    for name in leave_out:
        if name not in LEAVE_OUT:
            raise DataError(f"cannot leave out {name!r}: pieces that may be left out are {', '.join(LEAVE_OUT)}")
        dropped.update(LEAVE_OUT[name])
    columns: dict[tuple[int, int], Column] = {}
    on_top: list[VsTile] = []  # glyphs, start areas, trees, ruins: placed once the land is known
    castle: list[VsTile] = []  # arches' passages, battlements, ladders, flags: once the land is known
    notes: list[str] = list(vs.warnings)
    left_out: dict[str, int] = {}
    for tile in vs.tiles:
        family = tile.type // 1000
        land = land_of(tile.type)
        if tile.z < 0:
            raise DataError(f"{_where(tile)}: below the table (layer {tile.z}); move it up in Virtualscape")
        if tile.type in dropped:
            left_out[piece_name(tile.type)] = left_out.get(piece_name(tile.type), 0) + 1
        elif land is not None:
            size = 1 if tile.type == TICALLA_GRASS else tile.type % 1000
            _lay(tile, tile_hexes(tile.x, tile.y, tile.rotation, size), land.letter, land.thickness, columns)
        elif tile.type in COLUMN_PIECES:
            letter, layers, shape = COLUMN_PIECES[tile.type]
            _lay(tile, tile_hexes(tile.x, tile.y, tile.rotation, shape), letter, layers, columns)
        elif tile.type == PERSONAL_TYPE:
            land = _personal_land(tile)
            size = tile.personal.hexes if tile.personal else 1
            _lay(tile, tile_hexes(tile.x, tile.y, tile.rotation, size), land.letter, land.thickness, columns)
        elif tile.type in (ARCH, BATTLEMENT, LADDER, FLAG, ROAD_WALL):
            if tile.type == ARCH:
                _lay(tile, arch_hexes(tile.x, tile.y, tile.rotation)[0], "x", ARCH_LAYERS, columns)
            castle.append(tile)
        elif family == GLYPH_FAMILY or tile.type == START_TYPE or obstacle(tile.type) is not None:
            on_top.append(tile)
        elif family == FIGURE_FAMILY:
            notes.append(f"{_where(tile)}: a figure, not terrain; left out")
        else:
            raise DataError(f"{_where(tile)}: cannot place {piece_name(tile.type)} (Glyph Hall does not know its "
                            f"shape and rules yet){_leave_out_hint(tile.type)}")
    for name, n in sorted(left_out.items()):
        notes.append(f"{n} x {name} left out as asked")
    imported = ImportedMap(vs.name, vs.author, {}, {}, {}, notes)
    for c, column in columns.items():
        imported.cells[c] = _surface(c, column, hold_up, notes)
    for tile in on_top:
        _place_on_top(tile, columns, imported, unknown_glyph)
    for tile in castle:
        _place_castle(tile, columns, imported)
    return imported


def _personal_land(tile: VsTile) -> Land:
    """A personal tile's land: the one terrain its name or top texture names (vs_pieces)."""
    fields = tile.personal
    if fields is None:
        raise DataError(f"{_where(tile)}: a personal tile saved without its shape and textures (an old tile "
                        "version); replace it with standard tiles in Virtualscape, then import again")
    what = f"{_where(tile)}: a personal tile named {fields.name!r} with texture {fields.texture!r}"
    if fields.hexes not in PERSONAL_SIZES:
        raise DataError(f"{what} has {fields.hexes} hexes; Virtualscape's personal tiles have "
                        f"{', '.join(map(str, PERSONAL_SIZES))}: the file is damaged, save it again in Virtualscape")
    lands = {LAND[family] for family in personal_terrain(fields.name, fields.texture)}
    if len({land.letter for land in lands}) != 1:
        said = "names no terrain" if not lands else "names more than one terrain"
        raise DataError(f"{what} {said}, so its terrain is unknown; rename it after its terrain (grass, rock, "
                        "sand, water, lava, snow, ice, road, swamp...) or replace it with standard tiles in "
                        "Virtualscape, then import again")
    return min(lands, key=lambda land: land.thickness)


def _lay(tile: VsTile, cells: list[Hex], letter: str, adds: int, columns: dict[Hex, Column]) -> None:
    """A piece filling `adds` layers from its layer (water: its own layer, adding no height)."""
    for c in cells:
        column = columns.setdefault(c, {})
        if tile.z in column:
            raise DataError(f"{_where(tile)}: {_hex_name(c)} layer {tile.z} already holds "
                            f"{_where(column[tile.z][2])}; two pieces cannot fill one space: move one in Virtualscape")
        column[tile.z] = (letter, adds, tile)


def _surface(c: tuple[int, int], column: Column, hold_up: bool, notes: list[str]) -> tuple[int, str, int]:
    """(level, terrain, no zone) of a column. A tile above empty layers, or above water or lava,
    is held up (warned once per tile) or, without `hold_up`, refused."""
    layers = sorted(column)
    below, filled = -1, -1  # the piece under this one, and the last layer filled (-1: the table)
    for layer in layers:
        under = column.get(below)
        if layer > filled + 1 or (under is not None and under[1] == 0):
            tile = column[layer][2]
            what = "floats above empty layers" if layer > filled + 1 else "lies on water or molten lava"
            if not hold_up:
                raise DataError(f"{_where(tile)}: {what} at {_hex_name(c)}; our format has one surface per hex: "
                                "hold it up (the default) or fill the layers under it in Virtualscape")
            note = f"{_where(tile)}: {what}; held up as if on Virtualscape's pillars (the column is solid)"
            if note not in notes:
                notes.append(note)
        below, filled = layer, max(filled, layer + max(column[layer][1], 1) - 1)
    letter, adds, _ = column[layers[-1]]
    return layers[-1] + adds, letter, -1


def _top_layer(tile: VsTile, columns: dict[tuple[int, int], Column], c: tuple[int, int],
               imported: ImportedMap) -> bool:
    """Whether the tile can stand on column c; a tile not just above the top is moved onto it
    with a note (Virtualscape lets pieces hang in the air or sink into the land)."""
    if c not in columns:
        imported.notes.append(f"{_where(tile)}: nothing to stand on at {_hex_name(c)}; left out")
        return False
    top = _top_filled(columns[c])
    if tile.z != top + 1:
        imported.notes.append(f"{_where(tile)}: at layer {tile.z}, but the top of {_hex_name(c)} is layer "
                              f"{top}; placed on the top")
    return True


def _top_filled(column: Column) -> int:
    """The highest layer a column's pieces fill."""
    top = max(column)
    return top + max(column[top][1], 1) - 1


def _place_castle(tile: VsTile, columns: dict[Hex, Column], imported: ImportedMap) -> None:
    """An arch's passage, a battlement, a ladder or a flag, once the columns are known
    (vs_castle.py has the ruling)."""
    if tile.type == ROAD_WALL:
        _place_road_wall(tile, imported)
        return
    if tile.type == FLAG:
        imported.notes.append(f"{_where(tile)}: a flag is decoration; left out")
        return
    if tile.type == ARCH:
        _, c = arch_hexes(tile.x, tile.y, tile.rotation)
        if c not in imported.cells:
            imported.notes.append(f"{_where(tile)}: no land under the arch's passage at {_hex_name(c)}; "
                                  "the passage is left open to the sky")
        elif _top_filled(columns[c]) >= tile.z:
            imported.notes.append(f"{_where(tile)}: a piece stands in or on the arch's passage at "
                                  f"{_hex_name(c)}; the column there is solid (one surface per hex)")
        else:
            level = imported.cells[c][0]
            imported.overhangs[c] = (tile.z + ARCH_CLEARANCE - level, ARCH_LAYERS - ARCH_CLEARANCE)
        return
    c, across = edge_of(tile.x, tile.y, tile.rotation)
    if c not in imported.cells or across not in imported.cells:
        imported.notes.append(f"{_where(tile)}: a {'ladder' if tile.type == LADDER else 'battlement'} on the "
                              f"edge of {_hex_name(c)} with no hex on both sides; left out")
    elif tile.type == LADDER:
        imported.ladders.add(pair(c, across))
    else:
        imported.walls.setdefault(pair(c, across), BATTLEMENT_HEIGHT)


def _place_road_wall(tile: VsTile, imported: ImportedMap) -> None:
    """Walls on the edges along one side of the piece's hexes, their top ROAD_WALL_HEIGHT above
    the piece's own layer (vs_road_wall.py has the ruling)."""
    top = tile.z + ROAD_WALL_HEIGHT
    hidden = 0
    for c, across in road_wall_edges(tile.x, tile.y, tile.rotation):
        if c not in imported.cells or across not in imported.cells:
            continue  # the table's edge: nothing to divide
        height = top - max(imported.cells[c][0], imported.cells[across][0])
        if height > 0:
            edge = pair(c, across)
            imported.walls[edge] = max(imported.walls.get(edge, 0), height)
        else:
            hidden += 1
    if hidden:
        imported.notes.append(f"{_where(tile)}: its top (level {top}) is not above the land on {hidden} of its "
                              "edges; no wall there")


def _place_on_top(tile: VsTile, columns: dict[tuple[int, int], Column], imported: ImportedMap,
                  unknown_glyph: str | None) -> None:
    """A glyph, start area, tree, ruin or glacier on the top of its column(s)."""
    shape, heights = obstacle(tile.type) or (1, ())
    for i, c in enumerate(tile_hexes(tile.x, tile.y, tile.rotation, shape)):
        if not _top_layer(tile, columns, c, imported):
            continue
        level, letter, zone = imported.cells[c]
        if letter == "x":
            imported.notes.append(f"{_where(tile)}: {_hex_name(c)} already holds an obstacle; left out there")
        elif heights:
            if zone >= 0 or c in imported.glyphs:
                imported.notes.append(f"{_where(tile)}: stands on a start area or glyph at {_hex_name(c)}, "
                                      "which it covers")
                imported.glyphs.pop(c, None)
            imported.cells[c] = (level + heights[i], "x", -1)
        elif tile.type == START_TYPE:
            if zone < 0:
                imported.cells[c] = (level, letter, _zone_for(tile, imported.zones))
        elif c in imported.glyphs:
            imported.notes.append(f"{_where(tile)}: a second glyph on {_hex_name(c)}; left out")
        else:
            glyph = _glyph_for(tile, unknown_glyph, imported.notes)
            if glyph is not None:
                imported.glyphs[c] = glyph


def _zone_for(tile: VsTile, zones: dict[int, tuple[int, int, int, str]]) -> int:
    """Start areas differ only by colour: one zone per colour, in order of first appearance."""
    colour = tile.colour or (0, 0, 0)
    for seat, (red, green, blue, _) in zones.items():
        if (red, green, blue) == colour:
            return seat
    if len(zones) == 10:
        raise DataError(f"{_where(tile)}: an 11th start area colour; our format has 10 zones (0-9): "
                        "merge start areas of the same side into one colour in Virtualscape")
    zones[len(zones)] = (*colour, tile.start_name)
    return len(zones) - 1


def glyph_letter(tile: VsTile) -> str:
    """The letter the editor draws: the letter byte if it is a letter or '?', else the type's."""
    byte = tile.glyph_letter
    if byte == "?" or "A" <= byte <= "Z":
        return byte
    return "?" if tile.type == 14001 else chr(tile.type - 14000)


def _glyph_for(tile: VsTile, unknown_glyph: str | None, notes: list[str]) -> tuple[str, str] | None:
    """(glyph key, face), or None for a blank spot (with a note)."""
    from .glyphs import GLYPHS

    letter = glyph_letter(tile)
    if letter == "?":
        if unknown_glyph == "blank":
            notes.append(f"{_where(tile)}: a '?' glyph; left blank as asked")
            return None
        if unknown_glyph is None:
            notes.append(f"{_where(tile)}: a '?' glyph does not say which glyph it is; the table draws one "
                         "(symbol side up) at the start of each game (--unknown-glyph KEY names it, "
                         "--unknown-glyph blank leaves the spot empty)")
            return "?", "symbol"
        return unknown_glyph, "symbol"
    for key, glyph in GLYPHS.items():
        if glyph.letter == letter and not glyph.equipment:
            return key, "power"
    notes.append(f"{_where(tile)}: a glyph with letter {letter!r}, which is not among our glyphs; left blank")
    return None


# ---------------------------------------------------------------- our TOML format


def imported_board(imported: ImportedMap, key: str) -> tuple[Board, list[tuple[int, str, str]]]:
    """An imported map as a Board, shifted so that it starts at row a, column 1 (a shift in axial
    coordinates, so neighbours stay neighbours), with its glyph spots."""
    from .map_text import MAX_HEXES

    if len(imported.cells) > MAX_HEXES:
        raise DataError(f"the map has {len(imported.cells)} hexes; a battlefield here has at most {MAX_HEXES}")
    rows = [r for _, r in imported.cells]
    cols = [hexes.axial_to_offset(q, r)[1] for q, r in imported.cells]
    if max(rows) - min(rows) >= MAX_EXTENT or max(cols) - min(cols) >= MAX_EXTENT:
        raise DataError(f"the map spans {max(rows) - min(rows) + 1} rows and {max(cols) - min(cols) + 1} columns; "
                        f"a battlefield here is at most {MAX_EXTENT} each way: remove the stray tiles far "
                        "from the rest in Virtualscape")
    min_r = min(rows)
    min_col = min(hexes.axial_to_offset(q, r - min_r)[1] for q, r in imported.cells)
    shift = {c: (c[0] - min_col, c[1] - min_r) for c in list(imported.cells) + list(imported.glyphs)}
    board = Board(key, imported.name or key, "", "", [
        (*shift[c], level, terrain, zone) for c, (level, terrain, zone) in imported.cells.items()
    ], [])
    at = {c: board.by_coord[shift[c]] for c in imported.cells}
    levels = board.levels
    for (a, b), height in imported.walls.items():
        board.add_wall(at[a], at[b], max(levels[at[a]], levels[at[b]]) + height)
    for a, b in imported.ladders:
        board.add_ladder(at[a], at[b])
    for c, (clearance, thickness) in imported.overhangs.items():
        board.ceiling[at[c]] = levels[at[c]] + clearance
        board.ceiling_top[at[c]] = board.ceiling[at[c]] + thickness
    spots = [(board.by_coord[shift[c]], k, face) for c, (k, face) in imported.glyphs.items()]
    for h, _, _ in spots:
        if board.terrain[h] == "l":
            raise DataError(f"a glyph on molten lava at {board.labels[h]}: glyphs cannot lie on molten lava; "
                            "move it in Virtualscape")
    return board, spots


def import_hsc(data: bytes, source: str, unknown_glyph: str | None = None, leave_out: Iterable[str] = (),
               zones: str = "file", zone_count: int = 2, hold_up: bool = True) -> tuple[str, list[str]]:
    """A Virtualscape file's bytes -> (our canonical TOML map text, notes), checked by the normal
    map loader before it is returned. `zones`: "file" uses the file's start areas (and the rule
    when there are fewer than two), "auto" always the rule (map_zones.py)."""
    from .glyphs import GLYPHS
    from .map_text import map_toml
    from .map_zones import auto_zones
    from .maps import parse_map

    if zones not in ("file", "auto"):
        raise DataError(f"--zones must be 'file' or 'auto', not {zones!r}")
    imported = build_map(read_hsc(data), unknown_glyph, leave_out, hold_up)
    if not imported.cells:
        raise DataError(f"{source}: the file has no land tiles we can place; open it in Virtualscape and add land")
    board, glyph_spots = imported_board(imported, Path(source).stem)
    if zones == "auto" or len(imported.zones) < 2:
        if zones == "file":
            have = f"only {len(imported.zones)} start area colour" if imported.zones else "no start areas"
            imported.notes.append(f"the file has {have}; start zones chosen by rule")
        chosen = auto_zones(board, zone_count, {h for h, _, _ in glyph_spots})
        imported.zones = {}
        chosen.mark(board)
        imported.notes.append(chosen.describe(board.labels))
    text = map_toml(board, glyph_spots, _provenance(imported, source), _zone_comments(imported))
    parse_map(Path(source).stem, tomllib.loads(text), f"{source} (imported)", set(GLYPHS))
    return text, imported.notes


def _provenance(imported: ImportedMap, source: str) -> str:
    out = f"imported from the Virtualscape file {Path(source).name}"
    return out + (f" by {imported.author}" if imported.author else "")


def _zone_comments(imported: ImportedMap) -> list[str]:
    return [f"start zone {seat}: Virtualscape start area colour rgb({red},{green},{blue})"
            + (f" {label!r}" if label else "") for seat, (red, green, blue, label) in sorted(imported.zones.items())]
