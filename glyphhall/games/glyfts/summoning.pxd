# The rules read GlyftsState's fields in C (see state.pxd).
from glyphhall.games.glyfts.state cimport Battle, GlyftsState

# The C functions this module calls in other modules.
cimport glyphhall.games.glyfts.turn as turn
from glyphhall.games.glyfts.events cimport say
