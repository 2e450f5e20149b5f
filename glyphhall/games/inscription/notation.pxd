
# C functions (the typed-state plan's third step): the modules below call them in C.


# C functions (the typed-state plan's third step): the modules below call them in C.

# Module caches as C globals typed dict, so that their lookups are dict lookups in C.
cdef dict _ACTIONS
cdef list _SAC_PLAY

# The C functions this module calls in other modules.
from glyphhall.engine.events cimport make_event

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef object play_action(int h, int lane, tuple sacs)
cpdef object ev(str text)
cpdef list secret(Py_ssize_t seat, str text, str public_text)
