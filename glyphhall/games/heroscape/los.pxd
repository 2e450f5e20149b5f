# Module caches as C globals typed dict, so that their lookups are dict lookups in C.
cdef dict _PROFILES
