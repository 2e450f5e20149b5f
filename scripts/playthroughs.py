"""Write the golden playthroughs again (`make playthroughs`), with the bots choosing.

    python scripts/playthroughs.py            # every playthrough
    python scripts/playthroughs.py glyfts     # those of the games named

Run it only when play is meant to change, then review the diff of tests/playthroughs/ in the
commit. The files must be the same on the pure and the compiled build (the replay test runs on
both)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.playthroughs.playthrough import HERE, SPECS, bot_chooser, render  # noqa: E402


def main(argv: list[str]) -> int:
    wanted = set(argv)
    unknown = wanted - {spec.game for spec in SPECS}
    if unknown:
        print(f"no playthroughs of {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    kept = {spec.path for spec in SPECS}
    for path in HERE.glob("*.txt"):
        if path not in kept and (not wanted or path.stem.split("-")[0] in wanted):
            path.unlink()
            print(f"removed {path.name} (no longer a playthrough)")
    for spec in SPECS:
        if wanted and spec.game not in wanted:
            continue
        started = time.perf_counter()
        text = render(spec, bot_chooser(spec))
        spec.path.write_text(text)
        steps = sum(line.startswith("step ") for line in text.splitlines())
        print(f"{spec.path.name}: {steps} steps, {len(text) // 1024} KiB, {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
