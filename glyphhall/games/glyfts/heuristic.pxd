# The heuristic reads GlyftsState's fields in C (see state.pxd).
from glyphhall.games.glyfts.state cimport Battle, GlyftsState

# Called from other modules as C functions (the typed-state plan's third step).
cpdef double evaluate(GlyftsState state, int seat)
