# GlyftsMatch, the state at play, as an extension type: the engine contract's methods it adds are C
# methods (see engine/game.pxd), called in C by the checks and the search.
from glyphhall.games.glyfts.state cimport GlyftsState


cdef class GlyftsMatch(GlyftsState):
    cpdef object _legal_actions(self, object seat)
    cpdef object _apply(self, object seat, object action)


# The C functions this module calls in other modules.
cimport glyphhall.games.glyfts.actions as actions
from glyphhall.games.glyfts.heuristic cimport evaluate
