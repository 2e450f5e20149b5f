# The rules read HeroscapeState's fields in C (see state.pxd).
from glyphhall.games.heroscape.state cimport HeroscapeState

# The C functions this module calls in other modules.
cimport glyphhall.games.heroscape.glyph_effects as glyph_effects
cimport glyphhall.games.heroscape.movement as movement
from glyphhall.games.heroscape.actions cimport act

# The engine's event maker, a C function.
from glyphhall.engine.events cimport public_event
