# TundrusPlay, the state at play, as an extension type: the engine contract's methods it adds are C
# methods (see engine/game.pxd), called in C by the checks and the search.
from glyphhall.games.tundrus.state cimport TundrusState


cdef class TundrusPlay(TundrusState):
    cpdef object to_move(self)
    cpdef object _legal_actions(self, object seat)
    cpdef object _apply(self, object seat, object action)

from glyphhall.games.tundrus.champion cimport Champion

# The heuristic's material score, at the end of every cut-off rollout: a C function on the typed
# state and champions.
cpdef tuple _shares(TundrusState state)

# The C functions this module calls in other modules.
cimport glyphhall.games.tundrus.turn as turn
