# The rules read TundrusState's fields in C (see state.pxd).
from glyphhall.games.tundrus.state cimport TundrusState
from glyphhall.games.tundrus.champion cimport Champion

# Module caches as C globals typed dict, so that their lookups are dict lookups in C.
cdef dict _TAKE
cdef dict _TAKE_ROW
cdef dict _TAKEN

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef list _sources(TundrusState s, Champion c)
cpdef object counts_for_replenish(TundrusState s, Champion c, str source)
cpdef list take_actions(TundrusState s, Champion c)

# The C functions this module calls in other modules.
cimport glyphhall.games.tundrus.abilities as abilities
from glyphhall.games.tundrus.actions cimport act

# The engine's event maker, a C function.
from glyphhall.engine.events cimport public_event
