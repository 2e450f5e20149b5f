# The rules read InscriptionState's fields in C (see state.pxd).
from glyphhall.games.inscription.state cimport InscriptionState

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef object attack(InscriptionState st, int i, list events)

# The C functions this module calls in other modules.
cimport glyphhall.games.inscription.board as B
from glyphhall.games.inscription.notation cimport ev
