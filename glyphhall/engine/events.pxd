# Events made by C functions (see `make_event`): the rules cimport them to tell events in C.
from cpython.object cimport PyTypeObject

cdef extern from "Python.h":
    # CPython's own signature (Cython's cpython/type.pxd declares the type as an object)
    object _generic_alloc "PyType_GenericAlloc" (PyTypeObject *kind, Py_ssize_t items)

cpdef object make_event(str text, object to, object data, object hide_from)
cpdef object public_event(str text, object data=*)
