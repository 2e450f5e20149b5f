"""Server CPU per move: one process on SQLite against several on PostgreSQL, with and without the
balancer that keeps each table in one process (issue 30). The configurations alternate, round after
round, in one run (this machine is shared and noisy), and the medians are printed.

    python bench/server/balancer_compare.py [--tables 100] [--seconds 30] [--rounds 2] [--processes 2]

Each configuration is one run of bench/server/server_load.py (a throwaway PostgreSQL per run)."""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def run(extra: list[str], args: argparse.Namespace) -> dict:
    cmd = [sys.executable, str(HERE / "server_load.py"), "--tables", str(args.tables), "--seconds", str(args.seconds),
           *extra]
    done = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return json.loads(done.stdout[done.stdout.index("{"):])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--processes", type=int, default=2)
    args = ap.parse_args()
    n = str(args.processes)
    configs = {
        "1 process, SQLite": [],
        f"{n} processes, PostgreSQL, balancer": ["--postgres", "--processes", n, "--balancer"],
        f"{n} processes, PostgreSQL, no balancer": ["--postgres", "--processes", n],
    }
    results: dict[str, list[dict]] = {name: [] for name in configs}
    for round_ in range(args.rounds):
        for name, extra in configs.items():
            r = run(extra, args)
            results[name].append(r)
            print(f"round {round_ + 1}: {name}: {r['server_cpu_ms_per_action']} ms CPU/move, "
                  f"p99 {r['latency_ms_p99']} ms, {r['actions']} moves, "
                  f"{r['tables_with_lost_or_doubled_actions']} tables lost/doubled", flush=True)
    base = statistics.median(r["server_cpu_ms_per_action"] for r in results["1 process, SQLite"])
    print(f"\nmedians over {args.rounds} rounds, {args.tables} tables, {args.seconds:g} s each:")
    for name, runs in results.items():
        cpu = statistics.median(r["server_cpu_ms_per_action"] for r in runs)
        p99 = statistics.median(r["latency_ms_p99"] for r in runs)
        lost = sum(r["tables_with_lost_or_doubled_actions"] for r in runs)
        print(f"  {name:42s} CPU/move {cpu:5.2f} ms ({cpu / base:4.2f}x one process)  p99 {p99:6.1f} ms  "
              f"lost or doubled: {lost}")


if __name__ == "__main__":
    main()
