"""Virtualscape pieces: the tile types the editor knows, their names, what each becomes on our
map, and their footprints.

Sources (public code, read for the facts only): dkniffin/virtualscape `HeroscapeEditor/Tile.cpp`
(CTile::GetNewTile: type = family * 1000 + a number, mostly the hex count; GetName; Render1 for
which pieces share a texture), `Tile*.cpp` (each piece's footprint in OnRotationChange), and the
building rules of the terrain sets as compiled at heroscape.glasq.com/rules/build_02.html [G]
("land tiles" are one level high; "non-land tiles" - water, molten lava, ice, swamp water,
shadow - have no height).

Coordinates: x is the column, y the row of an "odd-r" offset grid (odd rows shifted right),
`Tile.cpp` CTile::ContainPos and Render; a tile lists its hexes as (x, y) offsets from its
position, and a hex on an odd offset row of a tile placed on an odd row moves one column right
(ContainPos). That is the same as reading the offsets as odd-r from an even row and adding them
in axial coordinates, which is what we do. Every footprint table is the rotation-0 shape turned
60 degrees clockwise per rotation step, placed so that the leftmost hex of its top row is the
tile's position (`TileGrass2/3/7/24.cpp`, `TileRock24.cpp`, `TileRoad5.cpp`, `TileRuin3.cpp`,
`TileCastle7/9.cpp`); we rebuild the tables from that rule (tests check it against the listed tables)."""

from __future__ import annotations

from dataclasses import dataclass

from . import hexes

# Every type Virtualscape knows (Tile.cpp GetNewTile), by family: the numbers after family*1000.
_VS_TYPES: dict[int, tuple[int, ...]] = {
    1: (1, 2, 3, 7, 24), 2: (1, 2, 3, 7, 24), 3: (1, 2, 3, 7), 4: (1, 2), 5: (1,), 6: (1,),
    7: (1, 2, 7), 8: (1, 2, 5), 9: (1, 2), 10: (4, 11, 12, 13), 11: (2, 3, 6, 7), 12: (4,),
    13: (1, 3, 4, 6), 15: (1,), 16: (1, 7, 9, 101, 102, 103, 201, 202, 203, 301, 401, 402, 403, 404),
    17: (0,), 18: (1, 2), 19: (1,), 20: (1, 2, 3, 7, 24), 21: (1, 2, 7), 22: (1, 2, 7), 23: (6,),
    24: (1, 2, 14, 15, 16), 25: (1, 2), 26: (1, 2, 3, 7, 24), 27: (1, 3),
}
GLYPH_FAMILY, START_TYPE, FIGURE_FAMILY = 14, 15001, 18
FAMILY_NAMES = {
    1: "grass", 2: "rock", 3: "sand", 4: "water", 5: "ice", 6: "molten lava", 7: "lava field",
    8: "road", 9: "snow", 10: "tree", 11: "ruin", 12: "road wall", 13: "glacier", 14: "glyph",
    15: "start area", 16: "castle", 17: "personal tile", 18: "figure", 19: "swamp water", 20: "swamp",
    21: "concrete", 22: "asphalt", 23: "Marro hive", 24: "Ticalla jungle", 25: "shadow",
    26: "dungeon", 27: "outcrop",
}


def known_type(kind: int) -> bool:
    family, number = divmod(kind, 1000)
    if family == GLYPH_FAMILY:
        return 1 <= number <= 254
    return number in _VS_TYPES.get(family, ())


def piece_name(kind: int) -> str:
    """'an asphalt piece', 'a ruin piece' (with the right article)."""
    name = FAMILY_NAMES.get(kind // 1000, f"type {kind}")
    if kind == 24002:
        name = "Ticalla grass"
    elif kind // 1000 == 24:
        name = "Ticalla palm"
    article = "an" if name[0].lower() in "aeiou" else "a"
    return f"{article} {name} piece"


@dataclass(frozen=True, slots=True)
class Land:
    """A tile that makes the ground: our terrain letter and the levels it adds."""

    letter: str
    thickness: int  # 1 for land tiles, 0 for non-land tiles [G]


#: Land by family (Ticalla grass, 24002, is swamp land: Tile.cpp draws it with the swamp texture).
#: Rulings for each terrain are in terrain.py and the heroscape README.
LAND: dict[int, Land] = {
    1: Land("g", 1), 2: Land("r", 1), 3: Land("s", 1), 8: Land("d", 1),
    4: Land("w", 0), 6: Land("l", 0), 19: Land("w", 0),  # swamp water is water (README ruling)
    7: Land("f", 1), 9: Land("n", 1), 20: Land("m", 1), 21: Land("c", 1), 22: Land("a", 1),
    26: Land("u", 1), 5: Land("i", 0), 25: Land("h", 0),
}
TICALLA_GRASS = 24002


def land_of(kind: int) -> Land | None:
    if kind == TICALLA_GRASS:
        return LAND[20]
    if kind == 4002:  # the double water hex: two water hexes (AddTile counts it as 2 x 4001)
        return LAND[4]
    return LAND.get(kind // 1000)


#: Obstacles standing on one hex, as tall as the piece: type -> height in levels. Trees are
#: 10000 + 1 hex + height (GetNewTile: CTileTree1_10 .. 1_12); Ticalla palms 24014-24016 the
#: same way (CTilePalm14 .. 16), and 24001, older files' number for the 15-level palm
#: (GetNewTile, Tile.cpp: "case TYPE_TICALLA*1000+1: // For compatibility" -> CTilePalm15).
TALL_ONE_HEX = {10011: 10, 10012: 11, 10013: 12, 24001: 15, 24014: 14, 24015: 15, 24016: 16}
#: The Road to the Forgotten Forest's big tree: a rhombus of four hexes (TileTree4.cpp), 15 levels
#: tall (the editor draws "15", Arbre4_15); an obstacle on its four hexes like the one-hex trees
#: (README, "Terrain of the expansions").
TREE4, TREE4_HEIGHT = 10004, 15
#: Thaelenk Tundra glaciers: tile type -> (shape, height of each hex in the shape's order), the
#: heights Virtualscape writes on each hex (TileGlacier1_7/3/4/6.cpp DrawExtend). Obstacles like
#: the trees ("used much like the trees", README, "Terrain of the expansions").
GLACIERS: dict[int, tuple[int, tuple[int, ...]]] = {
    13001: (1, (7,)), 13003: (3, (5, 9, 7)), 13004: (4, (7, 11, 11, 9)), 13006: (6, (17, 17, 9, 9, 17, 17)),
}
#: RotV ruins: 2- and 3-hex walls, 6 levels tall (reference §1.10 [S16]); they occupy their hexes.
RUINS = {11002: 2, 11003: 3}
RUIN_HEIGHT = 6
def obstacle(kind: int) -> tuple[int, tuple[int, ...]] | None:
    """A piece standing on the land as obstacle hexes (trees, ruins, glaciers): its shape (a
    `footprint` size) and the height of each of its hexes, in the shape's order; else None."""
    if kind in TALL_ONE_HEX:
        return 1, (TALL_ONE_HEX[kind],)
    if kind in RUINS:
        size = RUINS[kind]
        return (-3 if size == 3 else size), (RUIN_HEIGHT,) * size
    if kind == TREE4:
        return 4, (TREE4_HEIGHT,) * 4
    return GLACIERS.get(kind)


#: Road to the Forgotten Forest road wall (TileWall4.cpp; ruling in vs_road_wall.py).
ROAD_WALL = 12004
#: Personal tiles (17000): the author's own tile; its shape is that of the standard land tile with
#: the same hex count (TilePerso.cpp OnRotationChange lists the same tables as TileGrass*.cpp).
PERSONAL_TYPE, PERSONAL_SIZES = 17000, (1, 2, 3, 7, 24)
#: Words in a personal tile's name or top texture that name a terrain (Virtualscape's own texture
#: files: Grass.bmp, Lava.bmp for molten lava, LavaField.bmp, SwampWater.bmp...; "wellspring" is
#: water as in the Hexoscape map editor, Dissolutio/heroscape-map-editor buildupMap.ts) -> family.
PERSONAL_WORDS = {
    "grass": 1, "rock": 2, "sand": 3, "water": 4, "wellspring": 4, "ice": 5, "lava": 6, "lavafield": 7,
    "road": 8, "snow": 9, "swampwater": 19, "swamp": 20, "concrete": 21, "asphalt": 22, "shadow": 25,
    "dungeon": 26,
}


def personal_terrain(name: str, texture: str) -> set[int]:
    """The land families a personal tile's name and top texture file name: words split at
    non-letters and capitals ("My IceSide.bmp" -> my, ice, side), "lava field" and "swamp water"
    read as one word."""
    import re

    text = re.sub(r"\.bmp$", "", texture, flags=re.IGNORECASE) + " " + name
    words = [w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", text)]
    found: set[int] = set()
    i = 0
    while i < len(words):
        pair = "".join(words[i:i + 2])
        if i + 1 < len(words) and pair in PERSONAL_WORDS:
            found.add(PERSONAL_WORDS[pair])
            i += 2
            continue
        if words[i] in PERSONAL_WORDS:
            found.add(PERSONAL_WORDS[words[i]])
        i += 1
    return found


#: Pieces that stand on the land without changing it, which a user may choose to leave out
#: (`leave_out`; those we cannot place must be): name -> tile types.
LEAVE_OUT = {
    "ruin": (11002, 11003), "road-wall": (12004,), "tree4": (10004,),
    "glacier": (13001, 13003, 13004, 13006), "outcrop": (27001, 27003), "castle": tuple(16000 + n for n in _VS_TYPES[16]),
    "hive": (23006,),
}

# Rotation-0 shapes as odd-r (x, y) offsets from the tile's position (Tile*.cpp, see above).
_SHAPES: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((0, 0), (1, 0)),
    3: ((0, 0), (1, 0), (0, 1)),
    4: ((0, 0), (1, 0), (0, 1), (1, 1)),  # the big tree, the 4-hex glacier (TileTree4.cpp, TileGlacier4.cpp)
    6: ((0, 0), (1, 0), (2, 0), (-1, 1), (0, 1), (1, 1)),  # the 6-hex glacier (TileGlacier6.cpp)
    5: tuple((x, 0) for x in range(5)),
    -4: tuple((x, 0) for x in range(4)),  # a straight line of 4: the road wall (TileWall4.cpp)
    7: ((0, 0), (1, 0), (-1, 1), (0, 1), (1, 1), (0, 2), (1, 2)),
    24: tuple((x, y) for y, lo, hi in ((0, 0, 1), (1, -1, 1), (2, 0, 2), (3, -1, 3), (4, 0, 4), (5, -1, 4))
              for x in range(lo, hi + 1)),
    -3: tuple((x, 0) for x in range(3)),  # a straight line of 3 (TileRuin3.cpp, TileCastleArch/Door.cpp)
    # castle wall walks: rows of 4 + 3 and 5 + 4 hexes (TileCastle7.cpp, TileCastle9.cpp)
    -7: tuple((x, y) for y, n in ((0, 4), (1, 3)) for x in range(n)),
    -9: tuple((x, y) for y, n in ((0, 5), (1, 4)) for x in range(n)),
}


def _offset_to_axial(x: int, y: int) -> tuple[int, int]:
    return hexes.offset_to_axial(y, x)


def footprint(size: int, rotation: int) -> list[tuple[int, int]]:
    """Axial offsets of a `size`-hex tile at `rotation` from its stored position: the shape
    turned 60 degrees clockwise per step, anchored at the leftmost hex of its top row."""
    cells = [_offset_to_axial(x, y) for x, y in _SHAPES[size]]
    for _ in range(rotation):
        cells = [(-r, q + r) for q, r in cells]  # 60 degrees clockwise (rows grow downwards)
    aq, ar = min(cells, key=lambda c: (c[1], c[0]))
    return [(q - aq, r - ar) for q, r in cells]


def tile_hexes(x: int, y: int, rotation: int, size: int) -> list[tuple[int, int]]:
    """The axial hexes a tile at (x, y) covers."""
    oq, orow = _offset_to_axial(x, y)
    return [(oq + dq, orow + dr) for dq, dr in footprint(size, rotation)]
