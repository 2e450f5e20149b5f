# The rules read TundrusState's fields in C (see state.pxd).
from glyphhall.games.tundrus.state cimport TundrusState
from glyphhall.games.tundrus.champion cimport Champion
# The C functions this module calls in other rule modules.
from glyphhall.games.tundrus cimport abilities, energy, free, replenish, reroll, rounds, secondary

# Called by the game's state (game.py) as C functions.
cpdef tuple to_move(TundrusState s)
cpdef list legal_actions(TundrusState s)
cpdef list apply(TundrusState s, object action)
