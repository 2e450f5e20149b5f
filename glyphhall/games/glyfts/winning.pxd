# The rules read GlyftsState's fields in C (see state.pxd).
from glyphhall.games.glyfts.state cimport Battle, GlyftsState

# The C functions this module calls in other modules.
from glyphhall.games.glyfts.events cimport say
