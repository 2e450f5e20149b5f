"""Castle pieces (Fortress of the Archkyrie) in Virtualscape files, and our ruling for them.

The pieces, their hexes and the layers each fills come from Virtualscape itself
(dkniffin/virtualscape `HeroscapeEditor/TileCastle*.cpp`: m_Type, m_TilePosition /
OnRotationChange, m_Height; `Tile.cpp` CTile::CTile sets m_Height = 1, and GetLowColor takes
m_PosZ + m_Height - 1 as a piece's top layer). The castle's own rules (its rulebook) were not
found; the heroscape README ("Terrain of the expansions") gives the sources found and the ruling:

| type | piece (Virtualscape) | hexes | layers | here |
|---|---|---|---|---|
| 16001, 16007, 16009 | castle tile: the wall walk | 1; 4 + 3; 5 + 4 | 1 | land, road (`d`) |
| 16101, 16102, 16103 | wall base: corner, straight, end | 1 | 1 | land, rock (`r`) |
| 16201, 16202, 16203 | wall: corner, straight, end | 1 | 9 | obstacle (`x`) |
| 16401 | door, in its arch | 3 in a line | 10 | obstacle (`x`): a closed door |
| 16404 | arch | 3 in a line | 10 | ends obstacle; middle an overhang (clearance 8, 2 thick) |
| 16301 | battlement | one hex edge | 1 | a wall on that edge (`[[wall]]`, 1 level) |
| 16402 | ladder | one hex edge | - | a ladder across that edge (`[[ladder]]`) |
| 16403 | flag | one hex edge | - | decoration: left out, with a note |

A battlement, ladder or flag is drawn along one edge of its hex (`TileCastleBattlement.cpp`,
`TileCastleLadder.cpp`, `TileCastleFlag.cpp` Draw: from the hex's top corner to its upper right
corner, turned 60 degrees clockwise per rotation step): rotation 0 is the north-east edge, then
east, south-east, south-west, west, north-west."""

from __future__ import annotations

from .vs_pieces import tile_hexes

#: Pieces that fill layers of their hexes' columns: type -> (terrain letter, layers, footprint).
COLUMN_PIECES: dict[int, tuple[str, int, int]] = {
    16001: ("d", 1, 1), 16007: ("d", 1, -7), 16009: ("d", 1, -9),
    16101: ("r", 1, 1), 16102: ("r", 1, 1), 16103: ("r", 1, 1),
    16201: ("x", 9, 1), 16202: ("x", 9, 1), 16203: ("x", 9, 1),
    16401: ("x", 10, -3),
}
ARCH, BATTLEMENT, LADDER, FLAG = 16404, 16301, 16402, 16403
#: The arch: 10 layers (TileCastleArch.cpp m_Height); the height of its passage is not in
#: Virtualscape's data. Our ruling: 8 levels free under a slab 2 levels thick.
ARCH_LAYERS, ARCH_CLEARANCE = 10, 8
#: A battlement is a wall 1 level high (TileCastleBattlement.cpp: m_Height left at 1).
BATTLEMENT_HEIGHT = 1
#: Axial steps to the neighbour across the edge a piece of rotation 0, 1, ... 5 is drawn on.
EDGE_STEPS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))

Hex = tuple[int, int]


def arch_hexes(x: int, y: int, rotation: int) -> tuple[list[Hex], Hex]:
    """The arch's two pillars and the hex of its passage (the middle of the line)."""
    line = tile_hexes(x, y, rotation, -3)
    return [line[0], line[2]], line[1]


def edge_of(x: int, y: int, rotation: int) -> tuple[Hex, Hex]:
    """The hex an edge piece stands in and the neighbour across the edge it is drawn on."""
    (q, r), = tile_hexes(x, y, 0, 1)
    dq, dr = EDGE_STEPS[rotation]
    return (q, r), (q + dq, r + dr)


def pair(a: Hex, b: Hex) -> tuple[Hex, Hex]:
    """An edge between two hexes, the same whichever side it is named from."""
    return (a, b) if a <= b else (b, a)
