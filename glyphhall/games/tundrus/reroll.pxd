# The rules read TundrusState's fields in C (see state.pxd).
from glyphhall.games.tundrus.state cimport TundrusState
from glyphhall.games.tundrus.champion cimport Champion

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef list reroll_actions(TundrusState s)

# The C functions this module calls in other modules.
from glyphhall.games.tundrus.actions cimport act
from glyphhall.games.tundrus.dice cimport die_key, roll

# The engine's event maker, a C function.
from glyphhall.engine.events cimport public_event
