# The rules read InscriptionState's fields in C (see state.pxd).
from glyphhall.games.inscription.state cimport InscriptionState
from glyphhall.games.inscription.cards cimport CardDef

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef list legal_actions(InscriptionState st, int seat)
cpdef list apply_action(InscriptionState st, int seat, object action)
cpdef object settle(InscriptionState st, list events)
cpdef list play_actions(InscriptionState st, int seat)

# The C functions this module calls in other modules.
cimport glyphhall.games.inscription.board as B
cimport glyphhall.games.inscription.combat as combat
cimport glyphhall.games.inscription.items as items
cimport glyphhall.games.inscription.playing as playing
from glyphhall.games.inscription.costs cimport sacrifice_options
from glyphhall.games.inscription.notation cimport ev, play_action
