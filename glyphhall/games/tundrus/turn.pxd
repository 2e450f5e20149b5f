# The rules read TundrusState's fields in C (see state.pxd).
from glyphhall.games.tundrus.state cimport TundrusState
from glyphhall.games.tundrus.champion cimport Champion

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef tuple to_move(TundrusState s)
cpdef list legal_actions(TundrusState s)
cpdef list apply(TundrusState s, object action)

# The C functions this module calls in other modules.
cimport glyphhall.games.tundrus.abilities as abilities
cimport glyphhall.games.tundrus.draft as draft
cimport glyphhall.games.tundrus.energy as energy
cimport glyphhall.games.tundrus.free as free
cimport glyphhall.games.tundrus.replenish as replenish
cimport glyphhall.games.tundrus.reroll as reroll
cimport glyphhall.games.tundrus.rounds as rounds
cimport glyphhall.games.tundrus.secondary as secondary
from glyphhall.games.tundrus.actions cimport act, act1
