"""What the notifications cost a move: `Notifier.table_changed` runs after every change of every table
(server/notify/notifier.py). Times it side by side, alternating, on a table of guests (nothing to do) and a
table of two accounts (which seats wait, since which move), and prints medians in microseconds.

    python bench/server/notify_watch.py [--game glyfts] [--rounds 7] [--calls 20000]"""

from __future__ import annotations

import argparse
import statistics
import time
from types import SimpleNamespace

from glyphhall import games
from glyphhall.server.notify.notifier import Notifier


def table(game_id: str, accounts: bool) -> SimpleNamespace:
    state = games.get(game_id).new(2, 7, {})
    seats = [SimpleNamespace(user_id=(i + 1) if accounts else None, kind="person") for i in range(2)]
    return SimpleNamespace(id=f"t{accounts}", seats=seats, status="running", state=state,
                           actions=[(i % 2, "x") for i in range(40)], indices=list(range(40)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="glyfts")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--calls", type=int, default=20000)
    args = ap.parse_args()
    notifier = Notifier(SimpleNamespace(), None, None, None)
    notifier.spawn = lambda work: work.close()  # type: ignore[method-assign]  # no store here: time the decision only
    tables = {"guests": table(args.game, False), "accounts": table(args.game, True)}
    times: dict[str, list[float]] = {name: [] for name in tables}
    for _ in range(args.rounds):
        for name, t in tables.items():  # alternating, so machine noise falls on both
            notifier.table_changed(t)
            start = time.perf_counter()
            for _ in range(args.calls):
                notifier.table_changed(t)
            times[name].append((time.perf_counter() - start) / args.calls * 1e6)
    for name, runs in times.items():
        print(f"{args.game}, {name}: median {statistics.median(runs):.1f} µs per watch "
              f"(min {min(runs):.1f}, max {max(runs):.1f}, {args.rounds} rounds of {args.calls})")


if __name__ == "__main__":
    main()
