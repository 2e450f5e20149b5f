# The rules read GlyftsState's fields in C (see state.pxd).
from glyphhall.games.glyfts.state cimport Battle, GlyftsState

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef object advance(GlyftsState st, list events)
cpdef object can_attack(GlyftsState st, int p)

# The C functions this module calls in other modules.
from glyphhall.games.glyfts.events cimport say
