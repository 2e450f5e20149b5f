# The rules build actions and events through these as C functions (the typed-state plan's
# third step); this module reads no typed state.

# Called from other modules as C functions (the typed-state plan's third step).
cpdef object play_action(int h, int lane, tuple sacs)
cpdef object ev(str text)
cpdef list secret(int seat, str text, str public_text)
