"""Builds the compiled modules: the rules of the four card-and-dice games, the engine and the
search, compiled by Cython from the same .py files (pure-Python mode: no .pyx, no annotations
needed). Where Cython or a C compiler is missing, or GLYPHHALL_PURE=1 is set, nothing is compiled
and the package installs as pure Python; the .py files are always the reference
(see glyphhall/native.py and the README's "Compiled build")."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

#: What is compiled: the packages a playout or a search runs through. Glyphs is left out: its
#: time goes to z3 and Shapely, which are compiled already.
COMPILED_PACKAGES = (
    "glyphhall/engine",
    "glyphhall/bots",
    "glyphhall/games/inscription",
    "glyphhall/games/tundrus",
    "glyphhall/games/glyfts",
    "glyphhall/games/heroscape",
)


#: Modules of those packages left as Python: what people read and files are made of (the terminal's
#: screens, the wording, position and map files, the card tables written once). No playout or search
#: calls them (tests/test_compiled_build.py checks), and they were 30 % of the C to compile.
FOR_PEOPLE = (
    "engine/for_players", "engine/player_text", "engine/position", "engine/toml_text", "engine/tutorial",
    "engine/vault", "engine/wording",
    "games/inscription/gen_cards", "games/inscription/position", "games/inscription/terminal",
    "games/inscription/wording", "games/tundrus/position", "games/tundrus/position_board",
    "games/tundrus/position_turn", "games/tundrus/terminal", "games/tundrus/wording",
    "games/glyfts/position", "games/glyfts/terminal", "games/glyfts/wording",
    "games/heroscape/map_files", "games/heroscape/map_svg", "games/heroscape/map_text",
    "games/heroscape/position", "games/heroscape/terminal", "games/heroscape/virtualscape",
    "games/heroscape/vs_castle", "games/heroscape/vs_file", "games/heroscape/vs_pieces",
    "games/heroscape/vs_road_wall", "games/heroscape/wording",
)


def compiled_sources(root: Path = Path()) -> list[str]:
    """The sources compiled, as paths relative to the checkout `root` ("glyphhall/engine/game.py")."""
    people = {f"glyphhall/{name}.py" for name in FOR_PEOPLE}
    sources = (path.relative_to(root).as_posix() for package in COMPILED_PACKAGES
               for path in (root / package).glob("*.py") if path.name != "__init__.py")
    return sorted(source for source in sources if source not in people)


class OptionalBuildExt(build_ext):
    """A failed compile leaves the pure-Python modules in place instead of failing the install."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as err:  # no compiler, missing headers: the pure build still works
            print(f"glyphhall: compiling skipped ({err}); the pure-Python modules are used", file=sys.stderr)

    def build_extension(self, ext) -> None:  # type: ignore[no-untyped-def]
        try:
            super().build_extension(ext)
        except Exception as err:
            print(f"glyphhall: {ext.name} not compiled ({err}); its .py is used", file=sys.stderr)


def extensions() -> list:
    if os.environ.get("GLYPHHALL_PURE", "") not in ("", "0"):
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("glyphhall: Cython is not installed; the pure-Python modules are used", file=sys.stderr)
        return []
    modules = cythonize(
        compiled_sources(),
        language_level=3,
        quiet=True,
        # Cython translates a module in a second or two: on every core at once (scripts/compile.py
        # says how many), or the translation alone takes minutes on one.
        nthreads=int(os.environ.get("GLYPHHALL_COMPILE_JOBS") or os.cpu_count() or 1),
        # Annotations are documentation here, not C types: the compiled build must behave
        # exactly as the .py files do (a bool where an int is annotated, None where a float is).
        compiler_directives={"annotation_typing": False, "binding": True},
    )
    # Python's own flags ask for debug information: without it the C compiler takes a third less
    # time. The optimisation level is Python's (-O3) unless GLYPHHALL_COMPILE_OPT names another:
    # CI builds at -O1 (the same C, checked for the same play, in half the compiler's time).
    flags = ["-g0"]
    level = os.environ.get("GLYPHHALL_COMPILE_OPT", "")
    if level:
        if level not in ("-O0", "-O1", "-O2", "-O3", "-Os"):
            sys.exit(f"glyphhall: GLYPHHALL_COMPILE_OPT is {level!r}; it takes -O0, -O1, -O2, -O3 or -Os")
        flags.append(level)
    for module in modules:
        module.extra_compile_args.extend(flags)
    return modules


if __name__ == "__main__":  # (scripts/compile.py imports this file for `compiled_sources`)
    setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
