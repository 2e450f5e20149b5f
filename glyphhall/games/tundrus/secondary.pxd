# The rules read TundrusState's fields in C (see state.pxd).
from glyphhall.games.tundrus.state cimport TundrusState
from glyphhall.games.tundrus.champion cimport Champion

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef list secondary_actions(TundrusState s, Champion c)

# The C functions this module calls in other modules.
cimport glyphhall.games.tundrus.items as items
from glyphhall.games.tundrus.actions cimport act, act1
from glyphhall.games.tundrus.dice cimport die_key, return_die, units
from glyphhall.games.tundrus.rounds cimport end_turn

# The engine's event maker, a C function.
from glyphhall.engine.events cimport public_event
