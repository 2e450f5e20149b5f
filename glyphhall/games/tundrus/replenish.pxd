# The rules read TundrusState's fields in C (see state.pxd).
from glyphhall.games.tundrus.state cimport TundrusState
from glyphhall.games.tundrus.champion cimport Champion

cpdef list _sources(TundrusState s, Champion c)
cpdef object counts_for_replenish(TundrusState s, Champion c, str source)
cpdef list take_actions(TundrusState s, Champion c)
# The C functions this module calls in other rule modules.
from glyphhall.games.tundrus cimport abilities
