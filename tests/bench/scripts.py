"""Loading a script of bench/ (not a package) as a module, to call its functions in the test."""

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load_script(path: str, name: str) -> ModuleType:
    """The script at `bench/<path>`, imported under `name` (registered, as worker processes and
    pickling find its functions by module name)."""
    spec = importlib.util.spec_from_file_location(name, BENCH / path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
