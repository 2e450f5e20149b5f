# The rules read HeroscapeState's fields in C (see state.pxd).
from glyphhall.games.heroscape.state cimport HeroscapeState

# Module caches as C globals typed dict, so that their lookups are dict lookups in C.
cdef dict _PERMANENT_KEYS

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef object permanent_amount(HeroscapeState s, int seat, str effect)
cpdef object glyph_held(HeroscapeState s)
cpdef object carried(HeroscapeState s, int f)

# The C functions this module calls in other modules.
cimport glyphhall.games.heroscape.los as los

# The engine's event maker, a C function.
from glyphhall.engine.events cimport public_event
