# The heuristic reads GlyftsState's fields in C (see state.pxd).
from glyphhall.games.glyfts.state cimport Battle, GlyftsState

# Module caches as C globals typed dict, so that their lookups are dict lookups in C.
cdef dict _KNOWN_CARDS
cdef dict _OUTCOMES

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef double evaluate(GlyftsState state, int seat)
