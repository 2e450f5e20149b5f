# The rules read TundrusState's fields in C (see state.pxd).
from glyphhall.games.tundrus.state cimport TundrusState
from glyphhall.games.tundrus.champion cimport Champion

# Module caches as C globals typed dict, so that their lookups are dict lookups in C.
cdef dict _ITEM_ABILITIES

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef object can_pay_energy(TundrusState s, Champion c, int amount, object skip)
cpdef object item_ability(TundrusState s, Champion c, str slot)
cpdef object units_total(TundrusState s, bint arcana)
cpdef list primary_actions(TundrusState s, Champion c)

# The C functions this module calls in other modules.
from glyphhall.games.tundrus.actions cimport act, act1
from glyphhall.games.tundrus.dice cimport could_match, glyph_supply, power_units, units

# The engine's event maker, a C function.
from glyphhall.engine.events cimport public_event
