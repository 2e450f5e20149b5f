"""A stranger's TOML is read in bounded, linear time (engine/toml_text.py): the attacks that made
tomllib take seconds and hundreds of MB (a deeply dotted key) or raise RecursionError (deep
nesting) are refused by the scan before parsing, quickly and with a sentence; ordinary positions
and maps still load."""

import time
import tracemalloc
from pathlib import Path

import pytest

from glyphhall.engine import LoadError
from glyphhall.engine.toml_text import DEFAULT_LIMITS, TomlLimits, read_toml

ROOT = Path(__file__).resolve().parents[2] / "glyphhall"
BIG = 300 * 1024  # the size the routes accept


def _refused_fast(text: str, message: str, limits: TomlLimits = DEFAULT_LIMITS) -> None:
    tracemalloc.start()
    started = time.perf_counter()
    with pytest.raises(LoadError, match=message):
        read_toml(text, "the position", limits)
    took = time.perf_counter() - started
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert took < 0.5 and peak < 20 * 2**20, (took, peak)  # tomllib alone: minutes and GBs


@pytest.mark.parametrize("text", [
    "a" + ".a" * (BIG // 2 - 4) + " = 1",  # the reported attack, at the largest accepted size
    "[" + "a." * (BIG // 2 - 4) + "a]",  # the same as a table header
    "[[" + "a . " * (BIG // 4 - 4) + "a]]",  # blanks around the dots
    "x = {" + "'a'." * (BIG // 4 - 4) + "a = 1}",  # quoted parts, inside an inline table
])
def test_a_deeply_dotted_key_is_refused_before_parsing(text):
    _refused_fast(text, "too complex to read: a key or table name has more than 8 dotted parts")


@pytest.mark.parametrize("text", ["a = " + "[" * 5000 + "]" * 5000, "a = " + "{b = " * 3000 + "1" + "}" * 3000])
def test_deep_nesting_is_refused_not_a_recursion_error(text):
    _refused_fast(text, "nest more than 16 deep")


@pytest.mark.parametrize(("prefix", "why"), [
    ('x = "quote \\" inside"\n', "an escaped quote does not end a string"),
    ('x = """four quotes close it""""\n', "a multi-line string may end in four quotes"),
    ("x = '''five close it'''''\n", "a literal one in five"),
    ('# a comment with "an open quote\n', "a comment ends at the line's end"),
    ("x = 'it has \"double\" quotes'\n", "quotes of the other kind inside"),
])
def test_strings_and_comments_cannot_hide_an_attack_from_the_scan(prefix, why):
    _refused_fast(prefix + "a" + ".a" * 20000 + " = 1", "dotted parts")


def test_dots_inside_strings_comments_and_numbers_are_not_key_parts():
    text = ('title = "a.b.c.d.e.f.g.h.i.j.k"\n# a.b.c.d.e.f.g.h.i.j\nnote = """x.y.z.a.b.c.d.e.f.g\n"""\n'
            "floats = [1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5]\nwhen = 1979-05-27T07:32:00.999\n"
            "[a.b.c]\nd.e.f = 1\n")
    data = read_toml(text, "the position")
    assert data["title"] == "a.b.c.d.e.f.g.h.i.j.k" and data["a"]["b"]["c"]["d"]["e"]["f"] == 1


def test_size_key_count_table_count_and_key_length_are_bounded():
    small = TomlLimits(max_chars=100, max_keys=3, max_tables=2, max_key_chars=10, max_items=2)
    _refused_fast("a = 1\n" * 20, "it has 120 characters, at most 100", small)
    _refused_fast("a = 1\nb = 2\nc = 3\nd = 4\n", "more than 3 keys", small)
    _refused_fast("a = [[1], [2]]", "more than 2 tables and lists", small)
    _refused_fast("abcdefghijk = 1", "a key is 11 characters long, at most 10", small)
    _refused_fast("a = [1, 2, 3, 4]", "its lists and tables hold more than 2 entries", small)
    assert read_toml('a = "1, 2, 3, 4"', "the position", small) == {"a": "1, 2, 3, 4"}  # not in a string
    _refused_fast('x = {"' + "k" * 300 + '" = 1}', "a key is 300 characters long")


def test_what_tomllib_raises_besides_its_own_error_is_invalid_toml():
    _refused_fast("a = " + "1" * 5000, "not valid TOML: Exceeds the limit")  # Python's int digit limit
    _refused_fast("a = [", "not valid TOML")


def test_the_largest_allowed_text_reads_in_linear_time():
    lines = "".join(f"a.b.c.d.e.f.g.h{i} = {i}\n" for i in range(BIG // 30))
    started = time.perf_counter()
    data = read_toml("[x.y.z.w.v.u.t.s]\n" + lines[: BIG - 100], "the position")
    assert time.perf_counter() - started < 3.0  # about 0.3 s on a quiet core
    assert len(data["x"]["y"]["z"]["w"]["v"]["u"]["t"]["s"]["a"]["b"]["c"]["d"]["e"]["f"]["g"]) > 9000


@pytest.mark.parametrize("path", sorted(ROOT.glob("games/*/positions/*.toml")) + sorted(ROOT.glob("games/*/maps/*.toml"))
                         + sorted(ROOT.glob("games/*/data/*.toml")), ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_every_packaged_position_map_and_data_file_passes_the_limits(path):
    assert read_toml(path.read_text(encoding="utf-8"), path.name)
