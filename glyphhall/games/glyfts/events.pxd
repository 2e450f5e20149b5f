# The rules tell events through these as C functions (the typed-state plan's third step);
# this module reads no typed state.

# Called from other modules as C functions (the typed-state plan's third step).
cpdef object say(list events, str text)

# Module caches as C globals typed dict, so that their lookups are dict lookups in C.
cdef dict _DRAW_EVENTS
cdef dict _PLACE_EVENTS
