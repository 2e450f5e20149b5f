# The C functions this module calls in other modules.
cimport glyphhall.games.glyfts.actions as actions
from glyphhall.games.glyfts.heuristic cimport evaluate
