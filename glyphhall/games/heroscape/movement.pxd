# The rules read HeroscapeState's fields in C (see state.pxd).
from glyphhall.games.heroscape.state cimport HeroscapeState

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef object _road_after(list terrain, int n, int left, int road, int cost)
cpdef object stoppable(HeroscapeState s, Py_ssize_t f, Py_ssize_t head, Py_ssize_t tail)
cpdef object forced_stop(HeroscapeState s, int f, int head, int tail, bint flying)
cpdef object flies(HeroscapeState s, int f)
cpdef object uses_ladders(HeroscapeState s, int f)
cpdef object road_bonus(HeroscapeState s, int f)
cpdef object on_ladder(HeroscapeState s, int f, int frm, int to)
cpdef object place(HeroscapeState s, int f, int head, int tail)
cpdef list walks(object board, int height, bint ladders=*)
cpdef object step_cost(HeroscapeState s, int f, int frm, int to, bint flying)
cpdef object _moved(object board, str figure, int seat, int to)
cpdef object _can_finish(HeroscapeState s, int f, int head, int tail, int left, bint flying, bint ghost, int road=*)

# The C functions this module calls in other modules.
cimport glyphhall.games.heroscape.engagement as engagement
cimport glyphhall.games.heroscape.glyph_effects as glyph_effects

# The engine's event maker, a C function.
from glyphhall.engine.events cimport public_event
