# The state's rule methods call the rules (flow.pxd, turn.pxd) as C functions.
from glyphhall.games.heroscape cimport flow, turn
