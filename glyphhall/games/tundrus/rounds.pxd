# The rules read TundrusState's fields in C (see state.pxd).
from glyphhall.games.tundrus.state cimport TundrusState
from glyphhall.games.tundrus.champion cimport Champion

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef list eligible(TundrusState s, int tribe)
cpdef object auto_activate(TundrusState s, list events)
cpdef object end_turn(TundrusState s, list events)

# The C functions this module calls in other modules.
cimport glyphhall.games.tundrus.items as items
from glyphhall.games.tundrus.actions cimport act
from glyphhall.games.tundrus.dice cimport return_die

# The engine's event maker, a C function.
from glyphhall.engine.events cimport public_event
