# The rules read TundrusState's fields in C (see state.pxd).
from glyphhall.games.tundrus.state cimport TundrusState
from glyphhall.games.tundrus.champion cimport Champion

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef list legal(TundrusState s)

# The C functions this module calls in other modules.
from glyphhall.games.tundrus.actions cimport act

# The engine's event maker, a C function.
from glyphhall.engine.events cimport public_event
