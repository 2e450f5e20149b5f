# The rules read InscriptionState's fields in C (see state.pxd).
from glyphhall.games.inscription.state cimport InscriptionState

# Called from other modules as C functions (the typed-state plan's third step).
cpdef tuple lane_kinds(InscriptionState st, int seat)
cpdef list sacrifice_options(InscriptionState st, int seat, int cost)
# The C functions this module calls in other rule modules.
cimport glyphhall.games.inscription.board as B

# Module caches as C globals typed dict, so that their lookups are dict lookups in C.
cdef dict _OPTIONS
