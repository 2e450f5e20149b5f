# The C functions this module calls in other modules.
cimport glyphhall.games.heroscape.flow as flow
cimport glyphhall.games.heroscape.turn as turn
