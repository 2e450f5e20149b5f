# The rules read InscriptionState's fields in C (see state.pxd).
from glyphhall.games.inscription.state cimport InscriptionState
from glyphhall.games.inscription.cards cimport CardDef

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef double evaluate(InscriptionState st, int seat)
cpdef list evaluate_both(InscriptionState st)
cpdef double _hand_value(InscriptionState st, int seat)
cpdef double _cards_value(InscriptionState st, list cards)

# The C functions this module calls in other modules.
cimport glyphhall.games.inscription.board as B
