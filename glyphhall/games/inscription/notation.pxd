# The rules build actions and events through these as C functions (the typed-state plan's
# third step); this module reads no typed state.

# Called from other modules as C functions (the typed-state plan's third step).
cpdef object play_action(int h, int lane, tuple sacs)
cpdef object ev(str text)
cpdef list secret(int seat, str text, str public_text)

# Module caches as C globals typed dict, so that their lookups are dict lookups in C.
cdef dict _ACTIONS
cdef dict _SAC_PLAY
cdef dict _EVENTS
cdef dict _SECRETS
