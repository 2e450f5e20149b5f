# The rules read HeroscapeState's fields in C (see state.pxd).
from glyphhall.games.heroscape.state cimport HeroscapeState

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef list engaged_with(HeroscapeState s, int f)
cpdef object is_engaged(HeroscapeState s, int f)
