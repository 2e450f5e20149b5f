# The state's rule methods call the Turn's rules (turn.pxd) as C functions.
from glyphhall.games.tundrus cimport turn
