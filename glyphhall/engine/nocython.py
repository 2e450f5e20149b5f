"""What `import cython` gives a module when Cython is not installed: the pure-Python-mode type
hints (`@cython.locals(...)`, `cython.ulonglong`, ...) as no-ops, so the typed modules stay plain
Python. Where Cython is installed its own shadow module does the same, and `make compile` reads
the hints as C types (see the README's "The compiled build")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

compiled = False
# the C types the typed modules name (Cython's shadow module gives these names too)
ulonglong = int
Py_ssize_t = int
long = int
double = float
bint = bool
p_char = bytes


def cfunc(function: F) -> F:
    """`@cython.cfunc`: compiled, a C function (called directly, not visible from Python)."""
    return function


def declare(kind: Any, value: Any = None) -> Any:
    """`x = cython.declare(T, value)`: compiled, x is a local of C type T; here, just the value."""
    return value


def cast(kind: Any, value: Any) -> Any:
    """`cython.cast(T, x)`: compiled, x converted to C type T; here, x itself."""
    return value


def locals(**types: Any) -> Callable[[F], F]:  # noqa: A001
    """`@cython.locals(i=cython.Py_ssize_t)`: the types of a function's locals, for the compiler only."""
    return lambda function: function


class _BufferType:
    """`cython.float[:]`: a typed memoryview's type (a 1-D float32 buffer, compiled), subscripted
    as Cython's is; a no-op hint here."""

    def __getitem__(self, item: Any) -> _BufferType:
        return self


# Last, as they shadow the builtins' names in this module (`cython.float` is C's float;
# `cython.int` C's int, for an argument a `.pxd` declares as one).
float = _BufferType()  # noqa: A001
int = int  # noqa: A001, PLW0127
