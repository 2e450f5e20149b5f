# The rules read HeroscapeState's fields in C (see state.pxd).
from glyphhall.games.heroscape.state cimport HeroscapeState

# Module caches as C globals typed dict, so that their lookups are dict lookups in C.
cdef dict _ORDER_ACTIONS

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef object check_victory(HeroscapeState s, list events)
cpdef object settle(HeroscapeState s, list events)
cpdef tuple to_move(HeroscapeState s)
cpdef list phase_actions(HeroscapeState s, int seat)
cpdef object apply_phase(HeroscapeState s, int seat, object action, list events)
cpdef object begin_turn(HeroscapeState s, list events)
cpdef object has_order_card(HeroscapeState s, int seat)

# The C functions this module calls in other modules.
cimport glyphhall.games.heroscape.glyph_effects as glyph_effects
cimport glyphhall.games.heroscape.scenario_rules as scenario_rules
cimport glyphhall.games.heroscape.turn as turn
from glyphhall.games.heroscape.standing cimport standing
from glyphhall.games.heroscape.actions cimport act

# The engine's event maker, a C function.
from glyphhall.engine.events cimport public_event
