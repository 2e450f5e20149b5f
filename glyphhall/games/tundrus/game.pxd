# The state's rule methods call the Turn's rules (turn.pxd) as C functions.
cimport glyphhall.games.tundrus.turn as turn
