# GlyftsState and Battle as extension types (the typed-state plan, docs/architecture.md): rule
# modules that cimport them read and write their fields in C.
from glyphhall.engine.game cimport State


cdef class Battle:
    cdef public int attacker, defender, attacker_die, defender_die, attacker_rerolls, defender_rerolls
    cdef public tuple attacker_cards, defender_cards
    cdef public int attack_bonus, health_bonus
    cdef public bint attacker_captures, defender_captures, cancelled


cdef class GlyftsState(State):
    cdef public int phase, active
    cdef public list alive, reserve, known, circle, captured, under, hands, deck, discard, pending, owner
    cdef public int placed
    cdef public object fought  # a bit set over 36 Creatures: wider than a C int
    cdef public Battle battle
    cdef public int summoning, discount
    cdef public list turns
    cdef public int first
    cdef public list winners, score
    cdef public int turn_limit, no_progress, quiet
    cdef public object deck_bound
    # The engine contract's methods, C methods here too (see engine/game.pxd).
    cpdef object to_move(self)
    cpdef object is_over(self)
    cpdef object returns(self)
    cpdef object clone(self)
