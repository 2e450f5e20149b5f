# The rules read TundrusState's fields in C (see state.pxd).
from glyphhall.games.tundrus.state cimport TundrusState
from glyphhall.games.tundrus.champion cimport Champion

# The C functions this module calls in other modules.
from glyphhall.games.tundrus.dice cimport return_die

# The engine's event maker, a C function.
from glyphhall.engine.events cimport public_event
