# InscriptionMatch, the state at play, as an extension type: the engine contract's methods it adds are C
# methods (see engine/game.pxd), called in C by the checks and the search.
from glyphhall.games.inscription.state cimport InscriptionState


cdef class InscriptionMatch(InscriptionState):
    cpdef object _legal_actions(self, object seat)
    cpdef object _apply(self, object seat, object action)


# The C functions this module calls in other modules.
cimport glyphhall.games.inscription.actions as actions
from glyphhall.games.inscription.heuristic cimport evaluate
