# The rules read InscriptionState's fields in C (see state.pxd).
from glyphhall.games.inscription.state cimport InscriptionState
from glyphhall.games.inscription.cards cimport CardDef

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef int right_of(int seat)
cpdef object power(InscriptionState st, int i, bint mirror=*)
cpdef object discard(InscriptionState st, int seat, int base)
cpdef object take_from_hand(InscriptionState st, int seat, int index)
cpdef object perish(InscriptionState st, int i, list events, bint combat)
cpdef object submerged(InscriptionState st, int i)

# The C functions this module calls in other modules.
from glyphhall.games.inscription.notation cimport ev, secret
