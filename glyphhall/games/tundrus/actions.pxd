# Module caches as C globals typed dict, so that their lookups are dict lookups in C.
cdef dict _ACTIONS

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef object act(str verb, tuple args=*)
