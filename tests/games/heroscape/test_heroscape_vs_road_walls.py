"""Road walls (Virtualscape type 12004) and personal tiles (17000) in imported maps: the files are
built by hsc_writer.py from the documented layout, the expected edges worked out by hand in
Virtualscape's (x, y) = (column, row) odd-r coordinates (odd rows shifted right)."""

from __future__ import annotations

import struct

import pytest
from hsc_writer import GRASS1, PERSONAL, ROAD5, cstring, hsc, tile

from glyphhall.engine import DataError
from glyphhall.games.heroscape import hexes
from glyphhall.games.heroscape.virtualscape import build_map, import_hsc, read_hsc

ROAD_WALL = 12004


def at(x: int, y: int) -> tuple[int, int]:
    return hexes.offset_to_axial(y, x)


def edge(a: tuple[int, int], b: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    a, b = at(*a), at(*b)
    return (a, b) if a <= b else (b, a)


def grass_field(width: int = 8, height: int = 5) -> list[bytes]:
    return [tile(GRASS1, x, y, 0) for y in range(height) for x in range(width)]


def test_a_road_wall_walls_the_south_edges_of_its_four_hexes_at_rotation_0():
    """On odd row 1, hex (x, 1) touches (x, 2) to the south-west and (x + 1, 2) to the south-east;
    the wall's top is 3 above its layer (1): level 4, 3 above the grass at level 1."""
    imported = build_map(read_hsc(hsc([*grass_field(), tile(ROAD_WALL, 1, 1, 1, rotation=0)])))
    expected = {edge((x, 1), (x + dx, 2)) for x in range(1, 5) for dx in (0, 1)}
    assert set(imported.walls) == expected and set(imported.walls.values()) == {3}
    assert all(imported.cells[at(x, 1)] == (1, "g", -1) for x in range(1, 5))  # hexes unchanged


def test_rotation_3_covers_the_same_hexes_with_the_wall_on_the_north_side():
    imported = build_map(read_hsc(hsc([*grass_field(), tile(ROAD_WALL, 1, 1, 1, rotation=3)])))
    assert set(imported.walls) == {edge((x, 1), (x + dx, 0)) for x in range(1, 5) for dx in (0, 1)}


def test_rotation_1_runs_south_east_with_the_wall_on_its_south_west_side():
    """TileWall4.cpp rotation 1: (0,0) (0,1) (1,2) (1,3) from an even row; the wall turned 60
    degrees clockwise from the south side: the south-west and west edges."""
    imported = build_map(read_hsc(hsc([*grass_field(), tile(ROAD_WALL, 2, 0, 1, rotation=1)])))
    line = [at(2, 0), at(2, 1), at(3, 2), at(3, 3)]
    steps = [(-1, 1), (-1, 0)]
    expected = {tuple(sorted(((q, r), (q + dq, r + dr)))) for q, r in line for dq, dr in steps}
    assert set(imported.walls) == expected


def test_a_road_wall_beside_a_bridge_rises_two_levels_above_the_road():
    """As the published maps set it: at the layer of a road bridge (road at layer 3, level 4),
    beside it; the edges to the road get a wall 2 levels high, its top at level 6."""
    tiles = [*grass_field(), tile(ROAD5, 1, 2, 3), tile(ROAD_WALL, 1, 1, 3, rotation=0)]
    imported = build_map(read_hsc(hsc(tiles)))
    assert imported.cells[at(2, 2)] == (4, "d", -1)
    road_edges = {e: h for e, h in imported.walls.items() if at(2, 2) in e}
    assert road_edges and set(road_edges.values()) == {6 - 4}


def test_a_road_wall_below_the_land_it_divides_makes_no_wall_and_says_so():
    tiles = [*grass_field(), *[tile(GRASS1, x, y, z) for y in (1, 2) for x in range(8) for z in (1, 2, 3)],
             tile(ROAD_WALL, 1, 1, 0)]
    imported = build_map(read_hsc(hsc(tiles)))
    assert imported.walls == {}
    assert any("not above the land on 8 of its edges; no wall there" in n for n in imported.notes)


def test_road_walls_are_written_in_the_map_and_still_may_be_left_out():
    tiles = [*grass_field(12, 12), tile(ROAD_WALL, 3, 5, 1)]
    text, _ = import_hsc(hsc(tiles), "walls.hsc")
    assert text.count("[[wall]]") == 8 and text.count("height = 3") == 8
    assert build_map(read_hsc(hsc(tiles)), leave_out=["road-wall"]).walls == {}


def personal(hexes_: int, name: str, texture: str, x: int = 0, y: int = 0, z: int = 0, rotation: int = 0) -> bytes:
    fields = struct.pack("<i", hexes_) + cstring(texture) + cstring(texture.replace(".bmp", "Side.bmp"))
    return tile(PERSONAL, x, y, z, rotation=rotation, extra=fields + cstring("P") + cstring(name))


@pytest.mark.parametrize(("name", "texture", "cell"), [
    ("My Ice", "My Ice.bmp", (0, "i")),  # ice adds no height, as the standard ice tile
    ("Hill", "Rock.bmp", (1, "r")),
    ("Burning ground", "LavaField.bmp", (1, "f")),
    ("Wellspring", "Blue.bmp", (0, "w")),  # as the Hexoscape map editor reads it
    ("Bog", "SwampWater.bmp", (0, "w")),
])
def test_a_personal_tile_is_the_terrain_its_name_or_texture_names(name, texture, cell):
    imported = build_map(read_hsc(hsc([personal(7, name, texture, 2, 2)])))
    assert set(imported.cells.values()) == {(*cell, -1)}
    assert len(imported.cells) == 7  # the shape of a standard 7-hex tile


def test_a_personal_tile_has_the_shape_of_the_standard_tile_of_its_size():
    two = build_map(read_hsc(hsc([personal(2, "Sand bank", "Sand.bmp", 3, 3, rotation=1)])))
    std = build_map(read_hsc(hsc([tile(3002, 3, 3, 0, rotation=1)])))
    assert set(two.cells) == set(std.cells) and len(two.cells) == 2


@pytest.mark.parametrize(("tile_bytes", "message"), [
    (personal(1, "Mystery", "Foo.bmp"), r"personal tile named 'Mystery' with texture 'Foo.bmp' names no terrain"),
    (personal(1, "Grass", "Rock.bmp"), "names more than one terrain"),
    (personal(5, "Grass", "Grass.bmp"), "has 5 hexes"),
    (tile(PERSONAL, 0, 0, 0, version=0.0002), "saved without its shape and textures"),
])
def test_a_personal_tile_whose_terrain_the_file_does_not_tell_is_refused(tile_bytes, message):
    with pytest.raises(DataError, match=message):
        build_map(read_hsc(hsc([tile(GRASS1, 5, 5, 0), tile_bytes])))
