# The rules read HeroscapeState's fields in C (see state.pxd).
from glyphhall.games.heroscape.state cimport HeroscapeState

# Called from other modules as C functions (the typed-state plan's third step).
cpdef object check_victory(HeroscapeState s, list events)
cpdef object settle(HeroscapeState s, list events)
cpdef tuple to_move(HeroscapeState s)
cpdef list phase_actions(HeroscapeState s, int seat)
cpdef object apply_phase(HeroscapeState s, int seat, object action, list events)
cpdef object begin_turn(HeroscapeState s, list events)
# The C functions this module calls in other rule modules.
from glyphhall.games.heroscape cimport glyph_effects, scenario_rules, turn
from glyphhall.games.heroscape.standing cimport standing
