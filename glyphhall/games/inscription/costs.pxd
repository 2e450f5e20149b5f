# The rules read InscriptionState's fields in C (see state.pxd).
from glyphhall.games.inscription.state cimport InscriptionState
from glyphhall.games.inscription.cards cimport CardDef


# C functions (the typed-state plan's third step): the modules below call them in C.


# C functions (the typed-state plan's third step): the modules below call them in C.

# Module caches as C globals typed dict, so that their lookups are dict lookups in C.
cdef dict _OPTIONS

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef tuple lane_kinds(InscriptionState st, int seat)
cpdef list sacrifice_options(InscriptionState st, int seat, int cost)

# The C functions this module calls in other modules.
cimport glyphhall.games.inscription.board as B
