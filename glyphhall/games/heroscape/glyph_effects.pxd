# The rules read HeroscapeState's fields in C (see state.pxd).
from glyphhall.games.heroscape.state cimport HeroscapeState

# Called from other modules as C functions (the typed-state plan's third step).
cpdef object permanent_amount(HeroscapeState s, int seat, str effect)

# Module caches as C globals typed dict, so that their lookups are dict lookups in C.
cdef dict _PERMANENT_KEYS
