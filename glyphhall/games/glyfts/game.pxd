# The state's rule methods call the rules (actions.pxd, heuristic.pxd) as C functions.
cimport glyphhall.games.glyfts.actions as actions
from glyphhall.games.glyfts.heuristic cimport evaluate
