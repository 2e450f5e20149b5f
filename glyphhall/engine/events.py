"""Events: what a log or an animation needs, each with the seats allowed to see it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple, NoReturn

try:
    import cython
except ImportError:  # the typing hints below are no-ops without Cython
    from . import nocython as cython

if cython.compiled:
    from cython.cimports.cpython.object import PyTypeObject
    from cython.cimports.cpython.ref import Py_INCREF
    from cython.cimports.cpython.tuple import PyTuple_SET_ITEM
    from cython.cimports.glyphhall.engine.events import _generic_alloc  # events.pxd's C declaration


class _EmptyData(dict[str, Any]):
    """The shared, read-only `data` of events that carry none (picklable, unlike a mappingproxy)."""

    def _read_only(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("an event's data is read-only")

    __setitem__ = __delitem__ = update = setdefault = pop = popitem = clear = _read_only


_NOBODY: frozenset[int] = frozenset()
#: The data of every event that carries none: shared, read-only, and it pickles.
NO_DATA: Mapping[str, Any] = _EmptyData()


class Event(NamedTuple):
    """One thing that happened. A NamedTuple because games make many of them in playouts and a
    tuple is three times cheaper to build than a frozen dataclass.

    `to` None: everyone may see it (spectators too) except the seats in `hide_from`;
    `to` a set of seats: only those seats (never spectators).
    A secret shown to one seat is two events, see `Event.secret`.
    """

    text: str
    to: frozenset[int] | None = None
    data: Mapping[str, Any] = NO_DATA
    hide_from: frozenset[int] = _NOBODY

    def visible_to(self, seat: int | None) -> bool:
        if self.to is not None:
            return seat is not None and seat in self.to
        return seat is None or seat not in self.hide_from

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text}
        if self.data:
            out["data"] = dict(self.data)
        return out

    @staticmethod
    def secret(
        seat: int,
        text: str,
        public_text: str,
        data: Mapping[str, Any] | None = None,
        public_data: Mapping[str, Any] | None = None,
    ) -> list[Event]:
        """`text` for `seat` alone, `public_text` for everybody else (spectators included)."""
        only = frozenset((seat,))
        return [make_event(text, only, data or NO_DATA, _NOBODY),
                make_event(public_text, None, public_data or NO_DATA, only)]


#: Makes an Event from its four fields without the NamedTuple's constructor (a Python function).
_built = tuple.__new__


def make_event(text: str, to: frozenset[int] | None, data: Mapping[str, Any], hide_from: frozenset[int]) -> Event:
    """`Event(text, to, data, hide_from)`, made faster: the rules tell events at every step of
    every playout and search. Compiled, the tuple is allocated and filled in C (`tuple.__new__`
    built a plain tuple first and copied it: two allocations and a type check)."""
    if not cython.compiled:
        return _built(Event, (text, to, data, hide_from))
    event = _generic_alloc(cython.cast(cython.pointer(PyTypeObject), Event), 4)
    # SET_ITEM steals a reference: each field gets one of its own first
    Py_INCREF(text)
    PyTuple_SET_ITEM(event, 0, text)
    Py_INCREF(to)
    PyTuple_SET_ITEM(event, 1, to)
    Py_INCREF(data)
    PyTuple_SET_ITEM(event, 2, data)
    Py_INCREF(hide_from)
    PyTuple_SET_ITEM(event, 3, hide_from)
    return event


def public_event(text: str, data: Mapping[str, Any] = NO_DATA) -> Event:
    """`Event(text, data=data)`, made faster (see `make_event`)."""
    return make_event(text, None, data, _NOBODY)


def filter_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events `seat` may see; None is a spectator."""
    return [e for e in events if e.visible_to(seat)]
