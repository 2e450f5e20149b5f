"""Where the `mcts` level's search spends its time, compiled: py-spy (`--native`, so the frames
inside the Cython modules show by function) samples the searches of `mcts_speed.py` (the same
positions, the level's settings, no early stop), and the samples taken inside the search are
summed per function: own time and time including callees, as text.

    python bench/search/profile_mcts.py GAME [--tree TREE] [--iterations N] [--positions P]
                                        [--rate HZ] [--top K] [--out FILE] [--perf]

With `--perf`, Linux `perf` samples instead (`perf record --call-graph dwarf`): it stops the
process far less than py-spy's native unwinding, whose pauses inflate some costs (the garbage
collector showed 13 % of a Glyfts search under py-spy, under 1 % under perf). Each sample is
counted for its nearest compiled glyphhall function (that function's own time plus the CPython
runtime it calls directly: attribute lookups, allocation, dict and list operations) and for
every glyphhall function on its stack (time including callees).

`--tree` is the code tree to profile (default: this one; a compiled build is expected there,
`make compile`). py-spy is in the `dev` extra. A frame's file is named without its directory;
`constprop`/`isra` clones of one C function are counted apart. The process's imports and the
positions' random games are left out (only stacks through `_iterate` count)."""

from __future__ import annotations

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def worker(tree: str, game_id: str, iterations: int, count: int) -> None:
    sys.path.insert(0, tree)
    from glyphhall.bots import ask
    from glyphhall.bots.mcts import make_level

    sys.path.insert(1, str(HERE))
    from search import positions

    found = positions(game_id, count, 1)
    for k, (state, seat) in enumerate(found):
        ask(make_level("mcts", 1 + k, iterations=iterations, seconds=None, early_stop=False), state, seat)


def frame_name(frame: str) -> str:
    m = re.match(r"(.*?) \((.*?)(?::\d+)?\)$", frame)
    if not m:
        return frame
    name, path = m.groups()
    return f"{name} ({path.rsplit('/', 1)[-1].split('.')[0]})"


def summary(raw: Path, top: int) -> str:
    own: collections.Counter[str] = collections.Counter()
    within: collections.Counter[str] = collections.Counter()
    total = 0
    for line in raw.read_text().splitlines():
        stack, _, n = line.rpartition(" ")
        if "_iterate" not in stack:
            continue
        frames = [frame_name(f) for f in stack.split(";")]
        total += int(n)
        own[frames[-1]] += int(n)
        for f in set(frames):
            within[f] += int(n)
    out = [f"{total} samples inside the search", "", "own time:"]
    out += [f"{100 * n / total:6.1f}%  {f}" for f, n in own.most_common(top)]
    out += ["", "including callees:"]
    out += [f"{100 * n / total:6.1f}%  {f}" for f, n in within.most_common(top)]
    return "\n".join(out) + "\n"


def compiled_name(symbol: str) -> str | None:
    """`games.tundrus.turn.apply` for Cython's `__pyx_f_9glyphhall_5games_7tundrus_4turn_apply`
    (the length prefixes become dots), None for a symbol outside glyphhall's compiled modules."""
    m = re.search(r"__pyx_(?:pw|pf|f)_\d+glyphhall_(\w+?)(?:\+0x|$)", symbol)
    if not m:
        return None
    return re.sub(r"_?\d+", ".", m.group(1)).strip(".").replace("..", ".")


def perf_summary(script: str, top: int) -> str:
    """The samples of `perf script` output inside the search, per nearest compiled function."""
    nearest: collections.Counter[str] = collections.Counter()
    within: collections.Counter[str] = collections.Counter()
    total = 0
    for sample in script.split("\n\n"):
        frames = [compiled_name(line.split()[1]) for line in sample.splitlines()[1:] if len(line.split()) > 1]
        names = [f for f in frames if f]
        if not any(f.endswith("_iterate") for f in names):
            continue
        total += 1
        nearest[names[0]] += 1
        for f in set(names):
            within[f] += 1
    out = [f"{total} samples inside the search", "", "nearest compiled function (own time and the CPython it calls):"]
    out += [f"{100 * n / total:6.1f}%  {f}" for f, n in nearest.most_common(top)]
    out += ["", "including callees:"]
    out += [f"{100 * n / total:6.1f}%  {f}" for f, n in within.most_common(top)]
    return "\n".join(out) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--tree", default=str(HERE.parents[1]))
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--rate", type=int, default=400, help="samples per second")
    parser.add_argument("--top", type=int, default=45)
    parser.add_argument("--out", help="write the summary here (default: print it)")
    parser.add_argument("--perf", action="store_true", help="sample with Linux perf instead of py-spy")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    tree = str(Path(args.tree).resolve())
    if args.worker:
        worker(tree, args.game, args.iterations, args.positions)
        return
    env = dict(os.environ)
    env.pop("GLYPHHALL_PURE", None)
    worker_args = [sys.executable, __file__, args.game, "--worker", "--tree", tree,
                   "--iterations", str(args.iterations), "--positions", str(args.positions)]
    with tempfile.TemporaryDirectory() as tmp:
        if args.perf:
            data = str(Path(tmp) / "perf.data")
            subprocess.run(["perf", "record", "-F", str(args.rate), "--call-graph", "dwarf,32768", "-o", data,
                            "--", *worker_args], env=env, check=True, capture_output=True, cwd=tree)
            script = subprocess.run(["perf", "script", "-i", data], check=True, capture_output=True,
                                    text=True, errors="replace").stdout
            sampler, found = "perf", perf_summary(script, args.top)
        else:
            raw = Path(tmp) / "raw.txt"
            spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
            subprocess.run([spy, "record", "--native", "-r", str(args.rate), "-f", "raw", "-o", str(raw), "--",
                            *worker_args], env=env, check=True, capture_output=True, cwd=tree)
            sampler, found = "py-spy --native", summary(raw, args.top)
    text = (f"{args.game}: the mcts level's search, compiled, {args.positions} positions x "
            f"{args.iterations} iterations, {sampler} at {args.rate} Hz\n\n" + found)
    if args.out:
        Path(args.out).write_text(text)
    else:
        print(text, end="")


if __name__ == "__main__":
    main()
