# The rules read InscriptionState's fields in C (see state.pxd).
from glyphhall.games.inscription.state cimport InscriptionState

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef object guard(InscriptionState st, int seat, int lane, list events)
cpdef object place_played(InscriptionState st, int seat, int lane, int cid, list events)
cpdef object play(InscriptionState st, int seat, tuple args, list events)
cpdef object draw(InscriptionState st, int seat, bint creature, list events)

# The C functions this module calls in other modules.
cimport glyphhall.games.inscription.board as B
from glyphhall.games.inscription.notation cimport ev, secret
