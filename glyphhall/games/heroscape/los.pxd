# The rules read HeroscapeState's fields in C (see state.pxd).
from glyphhall.games.heroscape.state cimport HeroscapeState

# Module caches as C globals typed dict, so that their lookups are dict lookups in C.
cdef dict _PROFILES

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef object fig_range(HeroscapeState s, int a, int b)
cpdef tuple figure_hexes(HeroscapeState s, int f)
cpdef tuple _profile(object card)
cpdef object _open(HeroscapeState s, object lines, tuple ignore)
cpdef object _sees(HeroscapeState s, int a, int b, int kind)
cpdef object line_of_sight(HeroscapeState s, int a, int b)
