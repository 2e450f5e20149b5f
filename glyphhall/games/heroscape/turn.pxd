# The rules read HeroscapeState's fields in C (see state.pxd).
from glyphhall.games.heroscape.state cimport HeroscapeState

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef list turn_actions(HeroscapeState s)
cpdef list step_actions(HeroscapeState s, int f, list hexes)
cpdef object apply_turn(HeroscapeState s, object action, list events)

# The C functions this module calls in other modules.
cimport glyphhall.games.heroscape.engagement as engagement
cimport glyphhall.games.heroscape.glyph_effects as glyph_effects
cimport glyphhall.games.heroscape.los as los
cimport glyphhall.games.heroscape.movement as movement
from glyphhall.games.heroscape.standing cimport standing
from glyphhall.games.heroscape.actions cimport act

# The engine's event maker, a C function.
from glyphhall.engine.events cimport public_event
