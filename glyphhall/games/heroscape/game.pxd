# The state's rule methods call the rules (flow.pxd, turn.pxd) as C functions.
cimport glyphhall.games.heroscape.flow as flow
cimport glyphhall.games.heroscape.turn as turn
