# The rules read InscriptionState's fields in C (see state.pxd).
from glyphhall.games.inscription.state cimport InscriptionState

# The C functions this module calls in other modules.
cimport glyphhall.games.inscription.board as B
cimport glyphhall.games.inscription.playing as playing
from glyphhall.games.inscription.notation cimport ev
