# HeroscapeState as an extension type (the typed-state plan, docs/architecture.md): rule modules
# that cimport it read and write its fields in C.
from glyphhall.engine.game cimport State
from glyphhall.games.heroscape.maps cimport Board


cdef class HeroscapeState(State):
    cdef public Board board
    cdef public str phase
    cdef public int round
    cdef public list c_def, c_owner, c_team, c_atk, c_dfn, c_glyph, c_negated, c_grenade, c_figs
    cdef public list f_card, f_name, f_hex, f_tail, f_wounds, f_state, occ
    cdef public dict glyph_at
    cdef public bint bomb_armed
    cdef public list draft_pool
    cdef public tuple draft_seq
    cdef public int draft_pos
    cdef public list draft_done, markers, revealed, init_rolls, init_order
    cdef public int turn_no, turn_pos, active_card, stage
    cdef public list moved
    cdef public int moving, move_left, road_left
    cdef public list start_engaged, swiped, attacks
    cdef public int zettian_target
    cdef public list used, pending
    cdef public object result, step_cache, standing_seen
    cdef public tuple team
    cpdef object has_power(self, int f, str power)
    cpdef object card_of(self, int f)
    cpdef object owner(self, int f)
    cpdef object side(self, int f)
    cpdef object fig_index(self, str name)
    cpdef object opposed(self, int a, int b)
    # The engine contract's methods, C methods here too (see engine/game.pxd).
    cpdef object is_over(self)
    cpdef object returns(self)
    cpdef object clone(self)
