"""`mark`: the environments' mask of legal ids, written through the array's buffer when compiled
(both builds run this file)."""

from __future__ import annotations

import numpy as np
import pytest

from glyphhall.engine.tensors import mark


@pytest.mark.parametrize("count", [0, 3, 20, 100])
def test_mark_sets_exactly_the_given_ids(count):
    ids = list(range(0, 3 * count, 3))
    out = np.zeros(400, np.int8)
    mark(ids, out)
    assert out.nonzero()[0].tolist() == ids
    assert out.dtype == np.int8 and set(out.tolist()) <= {0, 1}


def test_an_id_outside_the_mask_is_refused():
    out = np.zeros(10, np.int8)
    with pytest.raises(IndexError):
        mark([2, 10], out)
    with pytest.raises(IndexError):
        mark([-1], out)


def test_a_mask_of_another_type_or_read_only_is_refused():
    with pytest.raises((TypeError, ValueError)):
        mark([1, 2, 3, 4, 5, 6, 7, 8, 9], np.zeros(10, np.float32))
    frozen = np.zeros(10, np.int8)
    frozen.flags.writeable = False
    with pytest.raises((TypeError, ValueError, BufferError)):
        mark([1], frozen)
    assert not frozen.any()
