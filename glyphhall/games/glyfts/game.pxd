# The state's rule methods call the rules (actions.pxd, heuristic.pxd) as C functions.
from glyphhall.games.glyfts cimport actions
from glyphhall.games.glyfts.heuristic cimport evaluate
