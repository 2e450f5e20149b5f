import pytest

from glyphhall.engine import Option, OptionError, parse_option_texts, resolve_options

SPECS = (
    Option("items", True, "use item cards"),
    Option("squirrels", 10, "squirrels per player", minimum=1, maximum=20),
    Option("mode", "classic", "rules mode", choices=("classic", "fast")),
)


def test_defaults_fill_in():
    assert resolve_options(SPECS, None) == {"items": True, "squirrels": 10, "mode": "classic"}


def test_text_values_are_coerced():
    given = parse_option_texts(["items=off", "squirrels=12", "mode=fast"])
    assert resolve_options(SPECS, given) == {"items": False, "squirrels": 12, "mode": "fast"}


@pytest.mark.parametrize(
    "given, message",
    [
        ({"colour": "red"}, "unknown option 'colour'"),
        ({"items": "maybe"}, "option 'items' takes true or false"),
        ({"squirrels": "ten"}, "option 'squirrels' takes a whole number"),
        ({"squirrels": 0}, "at least 1"),
        ({"squirrels": 21}, "at most 20"),
        ({"squirrels": 2.5}, "whole number"),
        ({"mode": "turbo"}, "must be one of classic, fast"),
    ],
)
def test_bad_options_are_clear_errors(given, message):
    with pytest.raises(OptionError, match=message):
        resolve_options(SPECS, given)


def test_option_text_must_have_an_equals_sign():
    with pytest.raises(OptionError, match="key=value"):
        parse_option_texts(["items"])
