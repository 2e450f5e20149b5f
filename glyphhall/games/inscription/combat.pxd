# The rules read InscriptionState's fields in C (see state.pxd).
from glyphhall.games.inscription.state cimport InscriptionState

# Called from other modules as C functions (the typed-state plan's third step).
cpdef object attack(InscriptionState st, int i, list events)
# The C functions this module calls in other rule modules.
cimport glyphhall.games.inscription.board as B
from glyphhall.games.inscription.notation cimport ev
