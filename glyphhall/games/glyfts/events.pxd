# The C function this module calls in another.
from glyphhall.engine.events cimport make_event

# Module caches as C globals typed dict, so that their lookups are dict lookups in C.
cdef dict _DRAW_EVENTS
cdef dict _PLACE_EVENTS

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef object say(list events, str text, object data=*)
