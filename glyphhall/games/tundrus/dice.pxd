# The rules read TundrusState's fields in C (see state.pxd).
from glyphhall.games.tundrus.state cimport TundrusState
from glyphhall.games.tundrus.champion cimport Champion

# C functions (the typed-state plan's third step): the modules below call them in C.
cpdef int units(int glyph, int want)
cpdef list glyph_supply(list pool, frozenset skip)
cpdef object could_match(list supply, tuple combo, tuple virt)
cpdef object power_units(list pool, object skip)
cpdef object roll(TundrusState s, int colour)
cpdef object return_die(TundrusState s, tuple die)
cpdef tuple die_key(tuple d)
