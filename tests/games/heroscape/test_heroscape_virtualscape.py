"""The Virtualscape (.hsc) importer, checked against the documented file layout.

The files here are built by a small writer that follows the layout as documented (reference
heroscape.md §4 "Virtualscape .hsc binary" [C3]; dkniffin/virtualscape HeroscapeEditorDoc.cpp and
Tile.cpp Serialize [C7]; MFC CString encoding), not by our reader's code, and the expected hexes
are worked out by hand from Virtualscape's footprint tables (Tile*.cpp OnRotationChange) and its
ContainPos rule. Virtualscape's example maps (dkniffin/virtualscape
HeroscapeEditor/Runtime/Exemples/*.hsc) are binary and their bytes are not available to us, so
the importer is checked against the documented layout only."""

from __future__ import annotations

import struct
import tomllib

import pytest
from hsc_writer import (
    BLUE,
    CASTLE1,
    FIGURE,
    GRASS1,
    GRASS2,
    GRASS3,
    GRASS7,
    GRASS24,
    LAVA1,
    PERSONAL,
    RED,
    ROAD5,
    ROCK1,
    ROCK7,
    RUIN3,
    SAND1,
    SCENARIO,
    START,
    TREE10,
    WATER1,
    cstring,
    hsc,
    play_out,
    tile,
)
from typer.testing import CliRunner

from glyphhall.cli.main import app
from glyphhall.engine import DataError, LoadError
from glyphhall.games.heroscape import hexes
from glyphhall.games.heroscape.game import GAME
from glyphhall.games.heroscape.maps import load_map_file
from glyphhall.games.heroscape.virtualscape import build_map, import_hsc, read_hsc
from glyphhall.games.heroscape.vs_pieces import footprint


def offsets(cells) -> set[tuple[int, int]]:
    """Axial hexes back to Virtualscape (x, y) = (column, row)."""
    return {tuple(reversed(hexes.axial_to_offset(q, r))) for q, r in cells}


def axial(x: int, y: int) -> tuple[int, int]:
    return hexes.offset_to_axial(y, x)


def two_zone_field() -> list[bytes]:
    """A 10 x 10 field of single grass hexes with hills, water, a tree, a glyph and two start
    areas (rows 0-1 red, rows 8-9 blue)."""
    tiles = [tile(GRASS1, x, y, 0) for y in range(10) for x in range(10)]
    tiles.append(tile(ROCK7, 3, 4, 1))  # 7 hexes on rows 4-6 around (3, 5)
    tiles.append(tile(ROCK1, 4, 5, 2))  # on the hill's east hex
    tiles.append(tile(WATER1, 8, 5, 1))
    tiles.append(tile(TREE10, 0, 5, 1))
    tiles.append(tile(14065, 1, 5, 1, letter="A"))
    tiles += [tile(START, x, y, 1, colour=RED, start="Red") for y in (0, 1) for x in range(10)]
    tiles += [tile(START, x, y, 1, colour=BLUE, start="Blue") for y in (8, 9) for x in range(10)]
    return tiles


# ---------------------------------------------------------------- the binary layout


def test_header_and_tile_fields_are_read_as_documented():
    """§4 Virtualscape .hsc: version float64 0.0007, name/author/players CStrings, RTF scenario,
    print settings, tile count; each tile type, version 0.0003, rotation, x, y, z, glyph letter,
    glyph name, start name, RGBA colour [C3][C7]."""
    data = hsc([tile(GRASS2, 4, 7, 3, rotation=5), tile(START, 1, 2, 0, start="North", colour=(255, 128, 0))],
               name="Tabletop \u00e9", author="x" * 300)
    vs = read_hsc(data)
    assert (vs.name, vs.author, vs.players) == ("Tabletop \u00e9", "x" * 300, "2")
    first, second = vs.tiles
    assert (first.type, first.rotation, first.x, first.y, first.z) == (GRASS2, 5, 4, 7, 3)
    assert (second.type, second.start_name, second.colour) == (START, "North", (255, 128, 0))
    assert second.offset > first.offset > 0 and second.number == 2


def test_strings_without_the_unicode_marker_are_single_byte_text():
    """MFC CString: without the 0xFF 0xFFFE marker the characters are single bytes."""
    data = hsc([])
    plain = data.replace(cstring("Test Field"), cstring("Test Field", unicode=False))
    assert read_hsc(plain).name == "Test Field"


def test_personal_and_figure_tiles_carry_extra_fields():
    """Type 17xxx adds a hex count and four strings, 18xxx two strings [C3][C7 Tile.cpp]; the
    record after them is still read right."""
    personal = tile(PERSONAL, 0, 0, 0, extra=struct.pack("<i", 3) + b"".join(cstring(s) for s in "abcd"))
    figure = tile(FIGURE, 0, 0, 1, extra=cstring("Finn") + cstring("finn.ase"))
    vs = read_hsc(hsc([personal, figure, tile(GRASS1, 5, 5, 0)]))
    assert [t.type for t in vs.tiles] == [PERSONAL, FIGURE, GRASS1]
    assert (vs.tiles[2].x, vs.tiles[2].y) == (5, 5)


# ---------------------------------------------------------------- footprints and coordinates

# Virtualscape's own tables (HeroscapeEditor/TileGrass24.cpp, TileRock24.cpp OnRotationChange) for
# the 24-hex tile: per rotation, rows (y, first x, last x) of (x, y) offsets from the position.
VS_24 = {
    0: [(0, 0, 1), (1, -1, 1), (2, 0, 2), (3, -1, 3), (4, 0, 4), (5, -1, 4)],
    1: [(0, 0, 1), (1, -2, 1), (2, -3, 1), (3, -3, 0), (4, -2, 0), (5, -2, 0), (6, -1, 0), (7, -1, -1)],
    2: [(0, 0, 0), (1, -1, 1), (2, -1, 3), (3, -2, 3), (4, -2, 3), (5, -3, -1)],
    3: [(0, 0, 5), (1, 0, 4), (2, 1, 5), (3, 2, 4), (4, 3, 5), (5, 3, 4)],
    4: [(0, 0, 0), (1, -1, 0), (2, -1, 1), (3, -1, 1), (4, -1, 2), (5, -2, 2), (6, -2, 1), (7, -2, -1)],
    5: [(0, 0, 2), (1, -4, 1), (2, -4, 1), (3, -4, 0), (4, -2, 0), (5, -1, -1)],
}
# TileGrass2.cpp, TileGrass3.cpp, TileRoad5.cpp (rotations repeat with the shape's symmetry).
VS_SMALL = {
    2: {0: [(0, 0), (1, 0)], 1: [(0, 0), (0, 1)], 2: [(0, 0), (-1, 1)]},
    3: {0: [(0, 0), (1, 0), (0, 1)], 1: [(0, 0), (-1, 1), (0, 1)]},
    4: {0: [(0, 0), (1, 0), (0, 1), (1, 1)], 1: [(0, 0), (-1, 1), (0, 1), (0, 2)],  # TileTree4.cpp
        2: [(0, 0), (1, 0), (-1, 1), (0, 1)]},
    5: {0: [(x, 0) for x in range(5)], 1: [(0, 0), (0, 1), (1, 2), (1, 3), (2, 4)],
        2: [(0, 0), (-1, 1), (-1, 2), (-2, 3), (-2, 4)]},
}


@pytest.mark.parametrize("rotation", range(6))
def test_footprints_match_virtualscape_tables(rotation):
    """Footprints per rotation equal Virtualscape's tables [C7 Tile*.cpp], read from an even row."""
    want = {(x, y) for y, lo, hi in VS_24[rotation] for x in range(lo, hi + 1)}
    assert len(want) == 24
    assert offsets(footprint(24, rotation)) == want
    for size, table in VS_SMALL.items():
        assert offsets(footprint(size, rotation)) == set(table[rotation % len(table)])


def test_two_hex_tile_at_every_rotation_on_even_and_odd_rows():
    """A 2-hex tile turns clockwise (0 east, 1 south-east, 2 south-west, 3-5 the same hexes) and
    on an odd row its lower hex shifts one column right (ContainPos [C7])."""
    even = {0: {(4, 2), (5, 2)}, 1: {(4, 2), (4, 3)}, 2: {(4, 2), (3, 3)}}
    odd = {0: {(4, 3), (5, 3)}, 1: {(4, 3), (5, 4)}, 2: {(4, 3), (4, 4)}}
    for rotation in range(6):
        for y, want in ((2, even), (3, odd)):
            imported = build_map(read_hsc(hsc([tile(GRASS2, 4, y, 0, rotation=rotation)])))
            assert offsets(imported.cells) == want[rotation % 3], (rotation, y)


def test_odd_r_offsets_become_axial_coordinates():
    """Odd-r (x column, y row) -> axial q = x - (y - y%2) / 2, r = y, on even and odd rows."""
    imported = build_map(read_hsc(hsc([tile(GRASS1, 3, 2, 0), tile(GRASS1, 3, 3, 0),
                                       tile(GRASS1, 0, 5, 0), tile(GRASS1, 7, 0, 0)])))
    assert set(imported.cells) == {(2, 2), (2, 3), (-2, 5), (7, 0)}


def test_three_hex_tile_on_an_odd_row():
    """TileGrass3 rotation 1 lists (0,0), (-1,1), (0,1); at x=5 y=1 (odd) ContainPos puts the lower
    hexes at x=5 and x=6 of row 2."""
    imported = build_map(read_hsc(hsc([tile(GRASS3, 5, 1, 0, rotation=1)])))
    assert offsets(imported.cells) == {(5, 1), (5, 2), (6, 2)}


# ---------------------------------------------------------------- levels, terrain, glyphs, zones


def test_stacked_tiles_set_the_level_and_terrain_of_the_top():
    """Levels: z is the layer (0 on the table); land adds one level, so its top is z + 1; the top
    tile gives the terrain (reference §1.4 climbing counts levels)."""
    tiles = [tile(GRASS7, 3, 4, 0), tile(ROCK1, 4, 5, 1), tile(SAND1, 4, 5, 2)]
    cells = build_map(read_hsc(hsc(tiles))).cells
    assert cells[axial(4, 5)] == (3, "s", -1)
    assert cells[axial(3, 4)] == (1, "g", -1)
    assert len(cells) == 7


def test_water_and_lava_add_no_height():
    """§1.4 "Water and glyphs add no height": water on a level-1 hill is level 1; molten lava on
    the table is level 0 (both thin tiles in Virtualscape); a glyph on the water stands in the
    layer above the water tile."""
    imported = build_map(read_hsc(hsc([tile(GRASS1, 0, 0, 0), tile(WATER1, 0, 0, 1), tile(LAVA1, 1, 0, 0),
                                       tile(14071, 0, 0, 2, letter="G")])))
    assert imported.cells[axial(0, 0)] == (1, "w", -1)
    assert imported.cells[axial(1, 0)] == (0, "l", -1)
    assert imported.glyphs == {axial(0, 0): ("gerda", "power")}


def test_road_five_hex_tile():
    """The road 5-hex (TileRoad5.cpp) at rotation 2 runs down-left."""
    cells = build_map(read_hsc(hsc([tile(ROAD5, 6, 0, 0, rotation=2)]))).cells
    assert offsets(cells) == {(6, 0), (5, 1), (5, 2), (4, 3), (4, 4)}
    assert {v for v in cells.values()} == {(1, "d", -1)}


def test_glyph_tiles_become_glyph_spots_power_side_up():
    """Glyph tile types are 14000 + the letter (14065 = A, Astrid) [C3 glyphs.ts][§2.1]; a glyph
    stands in the layer above the tile it is on."""
    imported = build_map(read_hsc(hsc([tile(GRASS1, 2, 2, 0), tile(ROCK1, 2, 2, 1),
                                       tile(14065, 2, 2, 2, letter="A"), tile(GRASS1, 3, 2, 0),
                                       tile(14086, 3, 2, 1, letter="V")])))
    assert imported.glyphs == {axial(2, 2): ("astrid", "power"), axial(3, 2): ("valda", "power")}
    assert imported.cells[axial(2, 2)] == (2, "r", -1)


def test_unknown_glyph_is_drawn_by_the_table_named_or_left_blank():
    """14001 is the '?' glyph: the file does not say which glyph it is (§2.1). By default a "?"
    spot the table draws a glyph for (symbol side up), with a note; or the glyph the user names;
    or nothing ("blank")."""
    data = hsc([tile(GRASS1, 0, 0, 0), tile(14001, 0, 0, 1, letter="?")])
    imported = build_map(read_hsc(data))
    assert imported.glyphs == {(0, 0): ("?", "symbol")} and "the table draws one" in imported.notes[0]
    with pytest.raises(DataError, match="unknown glyph 'zorro'"):
        build_map(read_hsc(data), unknown_glyph="zorro")
    assert build_map(read_hsc(data), unknown_glyph="gerda").glyphs == {(0, 0): ("gerda", "symbol")}
    blank = build_map(read_hsc(data), unknown_glyph="blank")
    assert blank.glyphs == {} and "left blank as asked" in blank.notes[0]


def test_the_glyph_letter_byte_names_the_glyph_as_the_editor_draws_it():
    """Virtualscape draws a glyph by its letter byte (Tile.cpp Render1 uses m_GlyphLetter, read
    from the file); the type only names it. A real file (Chat_perche.hsc) has type 14062 with
    letter '?'. A byte that is no letter (another writer's placeholder) falls back to the type;
    a tile version 0.0001 record has no letter byte at all."""
    field = [tile(GRASS1, x, 0, 0) for x in range(4)]
    imported = build_map(read_hsc(hsc(field + [
        tile(14062, 0, 0, 1, letter="?"), tile(14065, 1, 0, 1, letter="G"),
        tile(14086, 2, 0, 1, letter="\x00"), tile(14065, 3, 0, 1, version=0.0001)])))
    assert imported.glyphs == {axial(0, 0): ("?", "symbol"), axial(1, 0): ("gerda", "power"),
                               axial(2, 0): ("valda", "power"), axial(3, 0): ("astrid", "power")}
    assert "'?' glyph" in imported.notes[0]
    imported = build_map(read_hsc(hsc(field[:1] + [tile(14090, 0, 0, 1, letter="Z")])))
    assert imported.glyphs == {} and "letter 'Z', which is not among our glyphs; left blank" in imported.notes[0]


def test_start_areas_become_zones_by_colour():
    """Start areas are all type 15001, told apart only by colour [C3]; seats follow the order the
    colours first appear in the file."""
    tiles = [tile(GRASS1, x, 0, 0) for x in range(3)]
    tiles += [tile(START, 0, 0, 1, colour=BLUE), tile(START, 1, 0, 1, colour=RED), tile(START, 2, 0, 1, colour=BLUE)]
    imported = build_map(read_hsc(hsc(tiles)))
    assert [imported.cells[axial(x, 0)][2] for x in range(3)] == [0, 1, 0]
    assert imported.zones == {0: (0, 0, 255, ""), 1: (255, 0, 0, "")}


def test_trees_become_obstacles_as_tall_as_the_tree():
    """A 1-hex tree (type 10000 + 1 + height [C7 GetNewTile]) is an obstacle (§1.10: trees cannot
    be moved through or onto); its level is the top of the tree."""
    cells = build_map(read_hsc(hsc([tile(GRASS1, 0, 0, 0), tile(TREE10, 0, 0, 1)]))).cells
    assert cells[(0, 0)] == (11, "x", -1)


@pytest.mark.parametrize(("kind", "height"), [(24001, 15), (24014, 14), (24015, 15), (24016, 16)])
def test_ticalla_palms_are_obstacles_as_tall_as_the_palm(kind, height):
    """Ticalla palms stand on one hex like the trees; 24001 is older files' number for the
    15-level palm (Virtualscape's GetNewTile reads it as CTilePalm15, "for compatibility";
    README, "Terrain of the expansions")."""
    cells = build_map(read_hsc(hsc([tile(GRASS1, 0, 0, 0), tile(kind, 0, 0, 1)]))).cells
    assert cells[(0, 0)] == (1 + height, "x", -1)


def test_the_big_tree_is_an_obstacle_of_four_hexes_fifteen_levels_tall():
    """The Road to the Forgotten Forest's 4-hex tree (type 10004, a rhombus [C7 TileTree4.cpp],
    drawn "15" tall): like the 1-hex trees (§1.10), its hexes cannot be moved through or onto;
    each is an obstacle whose level is the top of the tree."""
    land = [tile(GRASS1, x, y, 0) for x in range(3) for y in range(3)]
    cells = build_map(read_hsc(hsc([*land, tile(10004, 0, 0, 1)]))).cells
    tree = {c for c, cell in cells.items() if cell == (16, "x", -1)}
    assert offsets(tree) == {(0, 0), (1, 0), (0, 1), (1, 1)}
    assert sum(cell[1] == "g" for cell in cells.values()) == 5


@pytest.mark.parametrize(("kind", "rotation", "tops"), [
    (13001, 0, {(0, 0): 7}),
    (13003, 0, {(0, 0): 5, (1, 0): 9, (0, 1): 7}),
    (13003, 3, {(0, 1): 5, (-1, 1): 9, (0, 0): 7}),
    (13004, 1, {(0, 0): 7, (0, 1): 11, (-1, 1): 11, (0, 2): 9}),
    (13004, 3, {(1, 1): 7, (0, 1): 11, (1, 0): 11, (0, 0): 9}),
    (13006, 0, {(-1, 1): 9, (0, 0): 17, (1, 0): 17, (0, 1): 17, (1, 1): 17, (2, 0): 9}),
    (13006, 2, {(0, 0): 9, (-1, 1): 17, (0, 1): 17, (-1, 2): 17, (0, 2): 17, (-1, 3): 9}),
])
def test_glaciers_are_obstacles_as_tall_as_the_glacier_at_each_hex(kind, rotation, tops):
    """Thaelenk Tundra glaciers (13001/3/4/6), "used much like the trees" (README ruling): each
    hex is an obstacle whose top is the height Virtualscape writes on it [C7 TileGlacier*.cpp
    DrawExtend], turned with the piece; the land around is untouched."""
    land = [tile(GRASS1, x, y, 0) for x in range(-2, 4) for y in range(5)]
    cells = build_map(read_hsc(hsc([*land, tile(kind, 1, 0, 1, rotation=rotation)]))).cells
    got = {(x - 1, y): cells[axial(x, y)][0] - 1 for x, y in offsets(c for c, cell in cells.items() if cell[1] == "x")}
    assert got == tops


def test_figures_are_left_out_with_a_note():
    """Figure tiles (18xxx, [C7 TileFigure]) are not terrain: skipped, and the user is told."""
    imported = build_map(read_hsc(hsc([tile(GRASS1, 0, 0, 0), tile(FIGURE, 0, 0, 1, extra=cstring("F") + cstring("f"))])))
    assert len(imported.cells) == 1 and "figure" in imported.notes[0]


# ---------------------------------------------------------------- terrain of the expansions


@pytest.mark.parametrize(("kind", "cell"), [
    (7001, (1, "f")), (9001, (1, "n")), (5001, (0, "i")), (20001, (1, "m")), (19001, (0, "w")),
    (25001, (0, "h")), (21001, (1, "c")), (22001, (1, "a")), (26001, (1, "u")), (24002, (1, "m")),
])
def test_expansion_terrain_becomes_our_terrain_letters(kind, cell):
    """Land tiles are one level, non-land tiles (ice, swamp water, shadow) none [glasq build
    guide]; each terrain keeps its kind (rulings: README 'Terrain of the expansions')."""
    assert build_map(read_hsc(hsc([tile(kind, 0, 0, 0)]))).cells == {(0, 0): (*cell, -1)}


def test_two_hex_expansion_tiles_and_the_double_water_hex_have_two_hexes():
    """Asphalt 2, snow 2 and the double water hex (AddTile counts 4002 as two 4001) cover two hexes."""
    for kind in (22002, 9002, 4002):
        assert len(build_map(read_hsc(hsc([tile(kind, 0, 0, 0)]))).cells) == 2


def test_ruins_become_obstacle_hexes_six_levels_tall():
    """RotV ruins (11002, 11003) stand on their hexes and are 6 levels tall (§1.10); TileRuin3.cpp
    lays the 3-hex ruin in a line (rotation 1: (0,0), (0,1), (1,2))."""
    field = [tile(GRASS24, 0, 0, 0)]
    imported = build_map(read_hsc(hsc(field + [tile(RUIN3, 1, 0, 1, rotation=1)])))
    ruin = {c for c, v in imported.cells.items() if v[1] == "x"}
    assert offsets(ruin) == {(1, 0), (1, 1), (2, 2)}
    assert {imported.cells[c][0] for c in ruin} == {7}


def test_floating_tiles_are_held_up_with_a_warning_or_refused():
    """A tile above empty layers stands as if on Virtualscape's pillars (the column is solid up
    to it), with a note naming the tile; hold_up=False refuses it instead."""
    tiles = [tile(GRASS1, 0, 0, 0), tile(GRASS1, 0, 0, 2), tile(ROCK1, 1, 0, 3), tile(WATER1, 2, 0, 0),
             tile(SAND1, 2, 0, 1)]
    imported = build_map(read_hsc(hsc(tiles)))
    assert imported.cells == {(0, 0): (3, "g", -1), (1, 0): (4, "r", -1), (2, 0): (2, "s", -1)}
    assert [n.split(", byte")[0] for n in imported.notes] == [
        "tile 2 (a grass piece, type 1001", "tile 3 (a rock piece, type 2001", "tile 5 (a sand piece, type 3001"]
    assert "held up" in imported.notes[0] and "on water" in imported.notes[2]
    with pytest.raises(DataError, match="floats above empty layers.*fill the layers under it"):
        build_map(read_hsc(hsc(tiles)), hold_up=False)


# ---------------------------------------------------------------- refusals and bad files


@pytest.mark.parametrize(("tiles", "message"), [
    ([tile(23006, 0, 0, 0)], r"cannot place a Marro hive piece"),
    ([tile(27001, 0, 0, 0)], r"cannot place an outcrop piece"),
    ([tile(PERSONAL, 0, 0, 0, extra=struct.pack("<i", 1) + cstring("a") * 4)], "personal tile named 'a'.*names no terrain.*replace it"),
    ([tile(GRASS1, 0, 0, 0), tile(GRASS1, 0, 0, 0)], "already holds.*move one in Virtualscape"),
    ([tile(GRASS1, 0, 0, -1)], "below the table"),
])
def test_tiles_we_cannot_place_are_refused_with_the_tile_named(tiles, message):
    """Pieces our format cannot hold are refused rather than guessed; the message names the
    piece with its article and says what to do."""
    with pytest.raises(DataError, match=message):
        build_map(read_hsc(hsc(tiles)))


def test_pieces_can_be_left_out_on_request():
    """A castle, glacier, road wall... may be dropped (noted) instead of refusing the map."""
    tiles = [tile(GRASS1, 0, 0, 0), tile(CASTLE1, 0, 0, 1), tile(12004, 0, 0, 1)]
    imported = build_map(read_hsc(hsc(tiles)), leave_out=["castle", "road-wall"])
    assert imported.cells == {(0, 0): (1, "g", -1)}
    assert imported.notes == ["1 x a castle piece left out as asked", "1 x a road wall piece left out as asked"]
    with pytest.raises(DataError, match="cannot leave out 'grass'"):
        build_map(read_hsc(hsc(tiles)), leave_out=["grass"])


def test_glyphs_and_zones_off_the_top_are_moved_onto_it_or_left_out():
    """A glyph hanging above (or sunk into) its column is put on the top, with a note; one with
    nothing under it is left out."""
    imported = build_map(read_hsc(hsc([tile(GRASS1, 0, 0, 0), tile(14065, 0, 0, 3, letter="A"),
                                       tile(14071, 5, 5, 1, letter="G")])))
    assert imported.glyphs == {(0, 0): ("astrid", "power")}
    assert "placed on the top" in imported.notes[0] and "nothing to stand on" in imported.notes[1]


def test_truncated_files_name_the_offset():
    """A file cut anywhere is a LoadError naming the byte where the data ran out."""
    data = hsc(two_zone_field()[:3])
    for cut in (0, 5, 8, 20, len(data) // 2, len(data) - 1):
        with pytest.raises(LoadError, match=r"truncated at byte \d+"):
            read_hsc(data[:cut])


@pytest.mark.parametrize("version", [0.0001, 0.0002, 0.0003, 0.0004, 0.0005, 0.0006, 0.0007])
@pytest.mark.parametrize("tile_version", [0.0001, 0.0002, 0.0003])
def test_every_file_version_and_tile_version_reads(version, tile_version):
    """Each LoadVersion0_000N layout [C7 HeroscapeEditorDoc.cpp, Tile.cpp]: the header fields of
    that version (0.0001 none; 0.0002 name, author, 3 settings; 0.0003 + player count and a
    CString scenario; 0.0004 an RTF scenario by length; 0.0005/6 4 settings; 0.0007 5), and the
    tile fields of its tile version (0.0001 position only; 0.0002 + glyph letter, names; 0.0003
    + colour)."""
    tiles = [tile(GRASS2, 4, 7, 3, rotation=5, version=tile_version),
             tile(START, 1, 2, 0, start="North", colour=(255, 128, 0), version=tile_version),
             tile(GRASS1, 9, 9, 0, version=tile_version)]
    vs = read_hsc(hsc(tiles, version=version))
    assert vs.version == version and vs.warnings == ()
    assert (vs.name, vs.author) == (("", "") if version == 0.0001 else ("Test Field", "Someone"))
    assert vs.players == ("2" if version >= 0.0003 else "")
    first, second, third = vs.tiles
    assert (first.type, first.rotation, first.x, first.y, first.z) == (GRASS2, 5, 4, 7, 3)
    assert second.start_name == ("North" if tile_version >= 0.0002 else "")
    assert second.colour == ((255, 128, 0) if tile_version >= 0.0003 else None)
    assert (third.x, third.y, third.number) == (9, 9, 3)


def test_start_areas_without_colour_are_one_zone():
    """Tile version 0.0001/0.0002 records have no colour: their start areas are one zone (black,
    the editor's default RGB(0,0,0) in GetNewTile)."""
    tiles = [tile(GRASS1, x, 0, 0, version=0.0002) for x in range(2)]
    tiles += [tile(START, x, 0, 1, version=0.0002) for x in range(2)]
    assert build_map(read_hsc(hsc(tiles, version=0.0003))).zones == {0: (0, 0, 0, "")}


def test_bytes_after_the_last_tile_are_a_warning():
    """Nothing in any layout follows the last tile; the editor never reads such bytes, so they
    are ignored with a warning (a real file, HexoscapeMap.hsc, ends with 3 such bytes)."""
    vs = read_hsc(hsc([tile(GRASS1, 0, 0, 0)]) + b"\x00\x00\x00")
    assert len(vs.tiles) == 1 and vs.warnings == (
        "3 bytes after the last tile (from byte 148) are not part of the Virtualscape layout; they were "
        "ignored, as Virtualscape ignores them",)
    assert build_map(vs).notes[0] == vs.warnings[0]


def test_unknown_versions_and_types_are_refused_saying_what_to_do():
    """A version no Virtualscape wrote, or a type it does not know (GetNewTile), has no layout:
    refused with the offset and what to do."""
    with pytest.raises(LoadError, match="version 0.0008.*check that this is a .hsc file"):
        read_hsc(hsc([], version=0.0008))
    with pytest.raises(LoadError, match="tile version 0.0004.*open and save"):
        read_hsc(hsc([tile(GRASS1, 0, 0, 0, version=0.0004)]))
    with pytest.raises(LoadError, match=r"tile 2 \(byte \d+\) has tile type 99001, which Virtualscape does not know"):
        read_hsc(hsc([tile(GRASS1, 0, 0, 0), tile(99001, 0, 0, 0)]))
    with pytest.raises(LoadError, match="rotation 6"):
        read_hsc(hsc([tile(GRASS1, 0, 0, 0, rotation=6)]))
    with pytest.raises(LoadError, match="negative length -3"):
        read_hsc(hsc([]).replace(struct.pack("<i", len(SCENARIO)) + SCENARIO, struct.pack("<i", -3) + SCENARIO))


# ---------------------------------------------------------------- our format, and playing it


def test_imported_map_loads_validates_and_plays_to_the_end(tmp_path):
    """The TOML written goes through the normal map loader (validation incl. start zones and
    glyphs) and a seeded random game on it (option map_text) finishes."""
    text, notes = import_hsc(hsc(two_zone_field(), name='Ridge "A"'), "ridge.hsc")
    assert notes == []
    path = tmp_path / "ridge.toml"
    path.write_text(text, encoding="utf-8")
    board = load_map_file(path)
    assert board.name == 'Ridge "A"' and len(board) == 100
    assert "Virtualscape file ridge.hsc by Someone" in board.provenance
    assert sorted(board.zones) == [0, 1] and len(board.zones[0]) == len(board.zones[1]) == 20
    hill = board.index[hexes.label(*axial(4, 5))]
    assert (board.levels[hill], board.terrain[hill]) == (3, "r")
    tree = board.index[hexes.label(*axial(0, 5))]
    assert (board.levels[tree], board.terrain[tree]) == (11, "x")
    assert [(board.labels[h], g, f) for h, g, f in board.glyph_spots] == [(hexes.label(*axial(1, 5)), "astrid", "power")]
    state = play_out(GAME.new(2, 5, {"armies": "starter", "map_text": text}))
    assert state.is_over() and sum(state.returns()) == pytest.approx(1.0)
    assert state.board.key.startswith("custom-") and len(state.board) == 100


def test_a_map_row_shift_keeps_neighbours():
    """Starting the map at an odd Virtualscape row shifts it to row a without changing which
    hexes are neighbours."""
    tiles = [tile(GRASS2, 3, 5, 0, rotation=1)] + [tile(START, x, y, 1, colour=c)
                                                   for (x, y), c in (((3, 5), RED), ((4, 6), BLUE))]
    text, _ = import_hsc(hsc(tiles), "pair.hsc")
    # (3, 5) and its south-east neighbour (4, 6) become a1 and a1's south-east neighbour b1
    # (odd rows are shifted right in odd-r)
    assert 'rows = [\n  "1g0",\n  "1g1",\n]' in text


def test_cli_writes_the_map_or_fails_without_writing(tmp_path):
    """`glyphhall heroscape import-map`: a bad file is a clear error and writes nothing."""
    good, bad, out = tmp_path / "good.hsc", tmp_path / "bad.hsc", tmp_path / "out.toml"
    good.write_bytes(hsc(two_zone_field()))
    bad.write_bytes(hsc([tile(27001, 0, 0, 0)]))
    runner = CliRunner()
    result = runner.invoke(app, ["heroscape", "import-map", str(tmp_path / "missing.hsc")])
    assert result.exit_code == 2 and "cannot read" in result.output
    result = runner.invoke(app, ["heroscape", "import-map", str(bad), "-o", str(out)])
    assert result.exit_code == 2 and "outcrop" in result.output and not out.exists()
    result = runner.invoke(app, ["heroscape", "import-map", str(good), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert len(load_map_file(out)) == 100
    good.write_bytes(hsc(two_zone_field() + [tile(RUIN3, 5, 5, 1)]))
    result = runner.invoke(app, ["heroscape", "import-map", str(good), "--leave-out", "ruin"])
    assert result.exit_code == 0, result.output
    assert "left out as asked" in result.stderr
    assert tomllib.loads(result.stdout)["name"] == "Test Field"
