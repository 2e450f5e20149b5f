# The rules read TundrusState's fields in C (see state.pxd).
from glyphhall.games.tundrus.state cimport TundrusState
from glyphhall.games.tundrus.champion cimport Champion

# The C functions this module calls in other modules.
cimport glyphhall.games.tundrus.items as items
from glyphhall.games.tundrus.actions cimport act, act1

# The engine's event maker, a C function.
from glyphhall.engine.events cimport public_event
