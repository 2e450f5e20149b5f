# TundrusState as an extension type (the typed-state plan, docs/architecture.md): rule modules
# that cimport it read and write its fields in C.
from glyphhall.engine.game cimport State
from glyphhall.games.tundrus.champion cimport Champion
from glyphhall.games.tundrus.data cimport Data


cdef class TundrusState(State):
    cdef public Data data
    cdef public str phase
    cdef public list champs
    cdef public tuple tribe_seats
    cdef public int per_tribe
    cdef public list draft_queue, draft_pool, tribal, stock, cubes, deck, faceup, discard
    cdef public int spoils_max, initiative, next_tribe, round, active
    cdef public list pool, turn, marks, once, gash
    cdef public object pending
    cdef public int lamb_to
    cdef public list fresh, feuded, cube_queue
    cdef public int convert_left
    cdef public str resume
    cdef public object pay_item
    cdef public str pay_verb
    cdef public list pay_left, defer
    cdef public str defer_from
    cdef public list defer_left, defer_skip
    cdef public int prepaid, winner, low_health, low_round
    # The engine contract's methods, C methods here too (see engine/game.pxd).
    cpdef object is_over(self)
    cpdef object returns(self)
    cpdef object clone(self)

    cpdef str colour_name(self, int colour)
    cpdef object living(self, int tribe)
    cpdef object enemies(self, Champion c)
    cpdef object allies(self, Champion c)
    cpdef object champ_by_id(self, str cid)
