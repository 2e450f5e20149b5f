# The rules read InscriptionState's fields in C (see state.pxd).
from glyphhall.games.inscription.state cimport InscriptionState

# The C functions this module calls in other modules.
from glyphhall.games.inscription.notation cimport ev
