# The engine's State as an extension type (the typed-state plan, docs/architecture.md): a game's
# state may then be one too, its fields read by the rules in C.
from glyphhall.engine.rng cimport Rng

cdef class State:
    cdef public object game
    cdef public int num_players
    cdef public object seed
    cdef public object options
    cdef public Rng rng
    cdef public object _listed
    # The contract's methods that the checks, the search and the rules call at every step, as C
    # methods (cpdef): a compiled caller holding a typed state calls a game's own without Python's
    # call machinery, while Python callers, and subclasses written in Python, see plain methods.
    cpdef object to_move(self)
    cpdef object _legal_actions(self, object seat)
    cpdef object _apply(self, object seat, object action)
    cpdef object is_over(self)
    cpdef object returns(self)
    cpdef object clone(self)
