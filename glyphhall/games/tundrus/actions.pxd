# Module caches as C globals typed dict, so that their lookups are dict lookups in C.
cdef dict _ACTIONS
cdef dict _ONE

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef object act(str verb, tuple args=*)
cpdef object act1(str verb, object arg)
