# The rules read GlyftsState's fields in C (see state.pxd).
from glyphhall.games.glyfts.state cimport Battle, GlyftsState

# A module table as a C global typed dict, so that its lookups are dict lookups in C.
cdef dict _VERB_NUMBER

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef list legal_actions(GlyftsState st, int seat)
cpdef list apply_action(GlyftsState st, int seat, object action)

# The C functions this module calls in other modules.
cimport glyphhall.games.glyfts.turn as turn
from glyphhall.games.glyfts.events cimport say
