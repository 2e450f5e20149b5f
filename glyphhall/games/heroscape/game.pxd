# HeroscapePlay, the state at play, as an extension type: the engine contract's methods it adds are C
# methods (see engine/game.pxd), called in C by the checks and the search.
from glyphhall.games.heroscape.state cimport HeroscapeState


cdef class HeroscapePlay(HeroscapeState):
    cpdef object to_move(self)
    cpdef object _legal_actions(self, object seat)
    cpdef object _apply(self, object seat, object action)


# The heuristic, scored at the end of every cut-off rollout: C functions on the typed state.
cpdef list _army_values(HeroscapeState state)
cpdef object _seat_value(HeroscapeState state, list value, int seat)

# The C functions this module calls in other modules.
cimport glyphhall.games.heroscape.flow as flow
cimport glyphhall.games.heroscape.turn as turn
