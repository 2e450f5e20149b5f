"""Numbers in action texts: ASCII digits of bounded length, anything else an IllegalAction."""

from __future__ import annotations

import pytest

from glyphhall.engine import IllegalAction
from glyphhall.engine.notation import MAX_DIGITS, is_number, read_decimal, read_number


def test_ascii_numbers_are_read():
    assert read_number("0") == 0 and read_number("042") == 42
    assert read_number("9" * MAX_DIGITS) == int("9" * MAX_DIGITS)
    assert read_decimal("-1.5") == -1.5 and read_decimal("3") == 3.0


@pytest.mark.parametrize("word", ["²", "⑴", "٣", "१", "３", "", "-1", "+1", " 1", "1_000", "9" * (MAX_DIGITS + 1), "9" * 5000, "\ud800"])
def test_anything_else_is_an_illegal_action_with_a_reason(word):
    assert not is_number(word)
    with pytest.raises(IllegalAction) as err:
        read_number(word, "a hand number")
    assert "a hand number is written with the digits 0-9" in str(err.value)
    str(err.value).encode("utf-8")  # the reason itself can be sent back


@pytest.mark.parametrize("word", ["1.", ".5", "1e3", "٣.5", "1." + "0" * 5000, "inf", "nan"])
def test_decimals_are_ascii_and_bounded_too(word):
    with pytest.raises(IllegalAction):
        read_decimal(word, "x")
