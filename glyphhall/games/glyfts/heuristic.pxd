# The heuristic reads GlyftsState's fields in C (see state.pxd).
from glyphhall.games.glyfts.state cimport Battle, GlyftsState

# Module caches as C globals typed dict, so that their lookups are dict lookups in C.
cdef dict _KNOWN_CARDS
cdef dict _OUTCOMES

# The cards' numbers and the odds as C arrays (read by index in `strength`, the hottest loop).
cdef long[:] _ATT, _HP, _SKILL
cdef double[:] _BEAT, _OFFENSE
cdef Py_ssize_t _ROW

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef double evaluate(GlyftsState state, int seat)
cpdef double _evaluate_static(GlyftsState state, int seat)
cpdef double strength(GlyftsState state, int p, int seat)
