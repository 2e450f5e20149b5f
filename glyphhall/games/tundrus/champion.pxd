# Champion as an extension type (the typed-state plan, docs/architecture.md): its counters are C
# ints the rules read and write directly.
cdef class Champion:
    cdef public str cid
    cdef public int idx, tribe, seat, health, health_max, armor_solid, armor_perm, armor_hollow
    cdef public list temp
    cdef public int energy_max, energy_cubes
    cdef public list energy_dice, start, slots, slot_dice, slot_energy, stash
    cdef public object fortify
    cdef public list usury
    cdef public object chest
    cdef public list chest_dice
    cdef public dict tokens
    cdef public bint activated, defeated
    cdef public list lent

    cpdef Champion clone(self)
    cpdef object token(self, str tid, bint armed_only=*)
    cpdef object energy(self)
    cpdef object energy_room(self)
    cpdef object armor_room(self)
