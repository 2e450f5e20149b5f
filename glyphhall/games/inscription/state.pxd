# InscriptionState as an extension type (the typed-state plan, docs/architecture.md): rule
# modules that cimport it read and write its fields in C.
from glyphhall.engine.game cimport State


cdef class InscriptionState(State):
    cdef public tuple defs
    cdef public dict tokens
    cdef public list draft_pile, faceup, set_aside, sleeves, item_pile, board, pending, candles
    cdef public list first_turn, skip, bones, squirrels, dc_pool, dc_revealed
    cdef public list hands, known, decks, dead, items
    cdef public str phase
    cdef public int turn, draft_round, scale, scale_mark, dealt
    cdef public bint fan
    cdef public int lane, winner, dc_stage, turn_no
    cdef public object dc_spec, made
    # The engine contract's methods, C methods here too (see engine/game.pxd).
    cpdef object to_move(self)
    cpdef object is_over(self)
    cpdef object returns(self)
    cpdef object clone(self)
