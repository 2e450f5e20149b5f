# The rules read HeroscapeState's fields in C (see state.pxd).
from glyphhall.games.heroscape.state cimport HeroscapeState

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef object escaped(HeroscapeState s)

# The engine's event maker, a C function.
from glyphhall.engine.events cimport public_event
