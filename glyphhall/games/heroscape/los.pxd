# Module caches as C globals typed dict, so that their lookups are dict lookups in C.
cdef dict _PROFILES

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef object fig_range(object s, int a, int b)
cpdef tuple figure_hexes(object s, int f)
cpdef tuple _profile(object card)
cpdef object _open(object s, object lines, tuple ignore)
cpdef object _sees(object s, int a, int b, int kind)
cpdef object line_of_sight(object s, int a, int b)
