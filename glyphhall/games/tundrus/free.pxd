# The rules read TundrusState's fields in C (see state.pxd).
from glyphhall.games.tundrus.state cimport TundrusState
from glyphhall.games.tundrus.champion cimport Champion

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef set equipped_abilities(TundrusState s, Champion c)
cpdef list before_roll_actions(TundrusState s, Champion c)
cpdef list after_roll_actions(TundrusState s, Champion c, bint main)

# The C functions this module calls in other modules.
from glyphhall.games.tundrus.abilities cimport can_pay_energy
from glyphhall.games.tundrus.actions cimport act, act1
from glyphhall.games.tundrus.dice cimport power_units, return_die, roll, units

# The engine's event maker, a C function.
from glyphhall.engine.events cimport public_event
