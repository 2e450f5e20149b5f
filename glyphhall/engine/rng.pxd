# Rng as an extension type (the typed-state plan, docs/architecture.md): a state's `rng` is typed,
# so the rules draw their dice through C methods (cpdef). Subclasses written in Python (scripted
# dice, the arena's shared luck) override them as plain methods.
cdef class Rng:
    cdef unsigned long long _state
    cpdef object next64(self)
    cpdef object below(self, long long n)
    cpdef object choice(self, object seq)
    cpdef object shuffle(self, object items)
    cpdef object clone(self)
