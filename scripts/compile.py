"""Build the compiled modules (setup.py, Cython) and put them beside their sources.

    python scripts/compile.py               # build now, every core, only what changed
    python scripts/compile.py --background  # start the build and return at once (make run)

The build goes to `build/staging` first; each finished module is then moved into place with one
atomic rename, so a process starting meanwhile imports either the whole old module or the whole
new one, never a half-copied file (glyphhall/native.py picks a compiled module over its source
once it is there). Last, the stamp `glyphhall/.compiled-build` is written: the server's bot pool
watches it and starts fresh workers on the new build without a restart.

One build at a time: a second one (a second `make run` while the first still compiles) says so
and leaves. Without Cython or a C compiler nothing is built and the pure modules run."""

from __future__ import annotations

import argparse
import fcntl
import os
import runpy
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STAGING = ROOT / "build" / "staging"
LOCK = ROOT / "build" / "compile.lock"
LOG = ROOT / "build" / "compile.log"
STAMP = ROOT / "glyphhall" / ".compiled-build"
#: The optimisation level the staged modules were built at (setup.py: GLYPHHALL_COMPILE_OPT);
#: a build asked at another level builds every module again.
LEVEL = ROOT / "build" / "compile-level"


def move_into_place(staging: Path, root: Path) -> int:
    """Each module built under `staging` beside its source under `root`, by rename (atomic on one
    file system); those already in place are left. Answers how many moved."""
    moved = 0
    for built in staging.rglob("*.so"):
        target = root / built.relative_to(staging)
        if target.exists() and target.stat().st_mtime >= built.stat().st_mtime:
            continue  # already in place from an earlier build
        partial = target.with_name(target.name + ".partial")
        partial.write_bytes(built.read_bytes())
        os.utime(partial, (built.stat().st_atime, built.stat().st_mtime))
        os.replace(partial, target)
        moved += 1
    return moved


def remove_uncompiled(root: Path) -> None:
    """Compiled modules of sources no longer compiled (setup.py's list changed) are removed, staged
    and in place: left there, they would run instead of their source, whatever it says later."""
    compiled_sources = runpy.run_path(str(root / "setup.py"))["compiled_sources"]  # (setup() runs only as __main__)
    compiled = {str(Path(source).with_suffix("")) for source in compiled_sources(root)}
    for folder in (root, STAGING):
        for built in folder.glob("glyphhall/**/*.so"):
            module = built.relative_to(folder).as_posix().split(".")[0]
            if module not in compiled:
                built.unlink()
                (root / module).with_suffix(".c").unlink(missing_ok=True)  # (Cython's, beside the source)


def build(jobs: int, wait: bool) -> int:
    """`wait`: when another build holds the lock, wait for it and then build what is left
    (make compile); else leave it to that build (a second make run)."""
    LOCK.parent.mkdir(parents=True, exist_ok=True)
    with open(LOCK, "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if not wait:
                print("glyphhall: a compile is already under way (build/compile.log); not starting another")
                return 0
            print("glyphhall: waiting for the compile already under way (build/compile.log)", flush=True)
            fcntl.flock(lock, fcntl.LOCK_EX)
        started = time.monotonic()
        level = os.environ.get("GLYPHHALL_COMPILE_OPT", "")
        again = ["--force"] if LEVEL.exists() and LEVEL.read_text() != level else []
        done = subprocess.run(
            [sys.executable, "setup.py", "--quiet", "build_ext", "--build-lib", str(STAGING),
             "--build-temp", str(ROOT / "build" / "temp"), "-j", str(jobs), *again],
            cwd=ROOT, check=False, env={**os.environ, "GLYPHHALL_COMPILE_JOBS": str(jobs)},
        )
        if done.returncode != 0:
            print(f"glyphhall: the compile failed (exit {done.returncode}); the pure modules run", file=sys.stderr)
            return done.returncode
        LEVEL.write_text(level)
        remove_uncompiled(ROOT)
        moved = move_into_place(STAGING, ROOT)
        if any(ROOT.glob("glyphhall/engine/game.*.so")):
            STAMP.write_text(f"{time.time():.3f}\n")
        print(f"glyphhall: compiled build ready ({moved} modules updated, {time.monotonic() - started:.0f} s)")
        return 0


def _nice_session() -> None:
    """Give this build's whole session the process's niceness. A background build runs in a
    session of its own, and Linux shares the CPU fairly between sessions (autogroups) whatever
    the niceness of a process inside one: without this the "lowest priority" build took half
    the cores from the tests beside it."""
    try:
        with open("/proc/self/autogroup", "w") as group:
            group.write(str(os.nice(0)))
    except OSError:
        pass  # no autogroups here (another kernel or system): plain niceness already works


def start_in_background(jobs: int, nice: int, say: bool) -> None:
    """The same build as a detached, low-priority process that outlives `make run`'s shell."""
    LOG.parent.mkdir(parents=True, exist_ok=True)
    with open(LOG, "ab") as log:
        subprocess.Popen(
            ["nice", "-n", str(nice), sys.executable, __file__, "--jobs", str(jobs), "--if-idle"],
            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
        )
    if not say:
        return
    print("Glyph Hall starts now on the pure-Python build. The compiled build (the same rules, faster\n"
          "computer opponents) is being made in the background on every core (log: build/compile.log,\n"
          "a few minutes the first time); the computer opponents switch to it by themselves when it\n"
          "is ready, and every later start uses it.", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--background", action="store_true", help="start the build and return at once")
    parser.add_argument("--quiet", action="store_true", help="with --background: no word, lowest priority "
                        "(make test builds it while the pure suite runs, in the time the tests leave idle)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="modules compiled at once")
    parser.add_argument("--if-idle", action="store_true", help="leave at once if another build is under way")
    args = parser.parse_args()
    if args.if_idle:
        _nice_session()
    if args.background:
        start_in_background(args.jobs, nice=19 if args.quiet else 10, say=not args.quiet)
        return 0
    return build(args.jobs, wait=not args.if_idle)


if __name__ == "__main__":
    sys.exit(main())
