# The rules read InscriptionState's fields in C (see state.pxd).
from glyphhall.games.inscription.state cimport InscriptionState
# The C functions this module calls in other rule modules.
from glyphhall.games.inscription cimport board as B
from glyphhall.games.inscription cimport playing
from glyphhall.games.inscription.notation cimport ev
