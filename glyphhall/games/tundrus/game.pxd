# The C functions this module calls in other modules.
cimport glyphhall.games.tundrus.turn as turn
