# The rules read TundrusState's fields in C (see state.pxd).
from glyphhall.games.tundrus.state cimport TundrusState
from glyphhall.games.tundrus.champion cimport Champion

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef object _cost(TundrusState s, Champion c, str verb, tuple args)
cpdef object defer(TundrusState s, Champion c, str verb, tuple args, list events)

# The C functions this module calls in other modules.
cimport glyphhall.games.tundrus.free as free
from glyphhall.games.tundrus.actions cimport act
from glyphhall.games.tundrus.dice cimport die_key, power_units, return_die, units
from glyphhall.games.tundrus.replenish cimport counts_for_replenish

# The engine's event maker, a C function.
from glyphhall.engine.events cimport public_event
