# The rules read GlyftsState's fields in C (see state.pxd).
from glyphhall.games.glyfts.state cimport Battle, GlyftsState

# Called from other modules as C functions (the typed-state plan's third step).
cpdef object advance(GlyftsState st, list events)
cpdef object can_attack(GlyftsState st, int p)
# The C functions this module calls in other rule modules.
from glyphhall.games.glyfts.events cimport say
