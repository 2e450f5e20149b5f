# The engine's State as an extension type (the typed-state plan, docs/architecture.md): a game's
# state may then be one too, its fields read by the rules in C.
cdef class State:
    cdef public object game
    cdef public int num_players
    cdef public object seed
    cdef public object options
    cdef public object rng
    cdef public object _listed
