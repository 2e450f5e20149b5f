# The rules read HeroscapeState's fields in C (see state.pxd).
from glyphhall.games.heroscape.state cimport HeroscapeState
# The C functions this module calls in other rule modules.
from glyphhall.games.heroscape cimport glyph_effects, movement
