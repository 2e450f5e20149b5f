"""bench/search/profile_mcts.py's perf reading: Cython's symbols named as modules and functions,
and each sample inside the search counted for its nearest compiled function and every compiled
function on its stack."""

from .scripts import load_script

profile = load_script("search/profile_mcts.py", "profile_mcts")

# Two samples as `perf script` prints them (leaf first), and one outside the search.
SCRIPT = """python 101 12.5:     2500 cpu-clock:
\t7f01 _PyObject_GenericGetAttrWithDict+0x4c (/usr/lib/libpython3.11.so.1.0)
\t14b41 __pyx_f_9glyphhall_5games_7tundrus_4turn_apply+0x4b (/x/turn.so)
\t8d97 __pyx_f_9glyphhall_5games_7tundrus_4game_11TundrusPlay__apply+0x48 (/x/game.so)
\t9000 __pyx_pw_9glyphhall_4bots_4mcts_7MCTSBot_29_iterate+0x10 (/x/mcts.so)

python 101 12.6:     2500 cpu-clock:
\t14b41 __pyx_f_9glyphhall_5games_7tundrus_4turn_apply+0x4b (/x/turn.so)
\t9000 __pyx_pw_9glyphhall_4bots_4mcts_7MCTSBot_29_iterate+0x10 (/x/mcts.so)

python 101 12.7:     2500 cpu-clock:
\t5000 __pyx_f_9glyphhall_5games_7tundrus_4data__load+0x1 (/x/data.so)
"""


def test_cython_symbols_are_named_as_module_and_function():
    assert profile.compiled_name("__pyx_f_9glyphhall_5games_7tundrus_4turn_apply+0x4b") == "games.tundrus.turn_apply"
    assert profile.compiled_name("_PyObject_GenericGetAttrWithDict+0x4c") is None


def test_a_sample_counts_for_its_nearest_compiled_function_and_every_one_above():
    text = profile.perf_summary(SCRIPT, top=10)
    assert text.startswith("2 samples inside the search")
    nearest, _, within = text.partition("including callees:")
    assert "100.0%  games.tundrus.turn_apply" in nearest
    assert "games.tundrus.data" not in text  # outside the search
    assert "50.0%  games.tundrus.game.TundrusPlay__apply" in within
    assert "100.0%  bots.mcts.MCTSBot._iterate" in within
