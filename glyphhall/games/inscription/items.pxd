# The rules read InscriptionState's fields in C (see state.pxd).
from glyphhall.games.inscription.state cimport InscriptionState

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef object item_actions(InscriptionState st, int seat, list out)

# The C functions this module calls in other modules.
cimport glyphhall.games.inscription.board as B
cimport glyphhall.games.inscription.combat as combat
cimport glyphhall.games.inscription.playing as playing
from glyphhall.games.inscription.costs cimport sacrifice_options
from glyphhall.games.inscription.notation cimport ev
