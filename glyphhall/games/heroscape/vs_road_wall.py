"""Road walls (Road to the Forgotten Forest, Virtualscape type 12004) and our ruling for them.

What the piece is, from Virtualscape (dkniffin/virtualscape `HeroscapeEditor/TileWall4.cpp`,
`Datas/Objets 3D/Mur4/Mur4.ASE`, `MaterialEdit.cpp` "add a Forgotten Forest": 2 per set):

- it lies on a straight line of 4 hexes (OnRotationChange; rotations 0 and 3, 1 and 4, 2 and 5
  cover the same hexes, the wall on opposite sides);
- its model is a kerb of road one level thick (0.4 units, one layer) covering the strip of those
  hexes along one side, a third of a hex wide, with a stone wall standing on it whose top is 1.3
  units above the piece's base: 3.25 levels above the land it stands on. The Hexoscape map editor
  gives it height 3 (Dissolutio/heroscape-map-editor `src/data/pieces.ts`, citing examples 3-6 on
  page 3 of the Road to the Forgotten Forest rulebook, which we have not seen);
- the wall runs along the line, on the south side of the hexes at rotation 0 (Draw fills the
  half of each hex below its middle; Render1 turns the model 60 degrees clockwise per step).

Published maps (Virtualscape's examples "Rotten Ice", "Volcan de la mort") place it at the
layer of a road beside it, the wall side facing the road: a parapet along a road or a bridge,
its hexes often empty below (the kerb overhangs the road's edge).

Our ruling: the road wall is a wall on the hex edges along that side of its 4 hexes (each hex's
two edges on that side: south-east and south-west at rotation 0), its top 3 levels above the
bottom of the piece's layer (3.25 rounded down: 2 above a road at its layer); the hexes keep
their level and terrain (the kerb is the wall's foot, too narrow to stand on), and an edge whose
hexes reach the wall's top has no wall. So figures cannot walk across it (flyers can), it blocks line of sight below its
top, and figures on either side are adjacent only when both stand taller than the wall, as for
every `[[wall]]` (README, "Rules implemented")."""

from __future__ import annotations

from .vs_castle import EDGE_STEPS
from .vs_pieces import tile_hexes

ROAD_WALL_HEIGHT = 3

Hex = tuple[int, int]


def road_wall_edges(x: int, y: int, rotation: int) -> list[tuple[Hex, Hex]]:
    """(hex the piece lies on, neighbour across the wall) for each edge the wall stands on, the
    hexes in the line's order. EDGE_STEPS index 2 and 3 are south-east and south-west; each
    rotation step turns them 60 degrees clockwise."""
    sides = (EDGE_STEPS[(2 + rotation) % 6], EDGE_STEPS[(3 + rotation) % 6])
    return [((q, r), (q + dq, r + dr)) for q, r in tile_hexes(x, y, rotation, -4) for dq, dr in sides]
