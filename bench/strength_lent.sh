#!/usr/bin/env bash
# The strength measurement on a lent many-core machine (bench/RESULTS.md, "Strength"): a bare
# Python 3.11 is enough; numpy (which the games import) comes from a wheel carried along in
# .wheels/ (`pip download numpy==2.4.6 --only-binary=:all: --no-deps -d .wheels`) when the
# machine has none. The ledger and the log go to $OUT (default: bench/strength/lent).
#
#     bash bench/strength_lent.sh [JOBS] [MINUTES]
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=${1:-16}
MINUTES=${2:-7}
OUT=${OUT:-bench/strength/lent}
mkdir -p "$OUT"
PY=${PYTHON:-python3}
if ! "$PY" -c "import numpy" 2>/dev/null; then
    DEPS=$(mktemp -d)
    "$PY" -m zipfile -e .wheels/numpy-*.whl "$DEPS"
    export PYTHONPATH="$DEPS${PYTHONPATH:+:$PYTHONPATH}"
fi
"$PY" -c "import os, sys; print(sys.version.split()[0], os.cpu_count(), 'cores')"
# Every pairing the issue's "Done means" names (and one candidate: Glyfts' mcts-hard finishing
# each leaf's turn, at the iterations that take its time), at the levels' table budgets without their time
# ceilings (iterations only, so the machine's speed cannot change a result), each pairing an
# equal share of the CPU and stopping as soon as its sequential test (and, against random, its
# bar) decides.
nice "$PY" bench/strength.py --ledger "$OUT/paired.jsonl" run \
    mcts-hard:seconds=none@inscription:heuristic mcts-hard:seconds=none@glyfts:heuristic \
    mcts-hard:seconds=none@tundrus:heuristic mcts-hard:seconds=none@heroscape:heuristic \
    mcts:seconds=none@inscription:heuristic mcts:seconds=none@glyfts:heuristic \
    mcts:seconds=none@tundrus:heuristic mcts:seconds=none@heroscape:heuristic \
    mcts:seconds=none@inscription:random mcts:seconds=none@glyfts:random \
    mcts:seconds=none@tundrus:random mcts:seconds=none@heroscape:random \
    mcts-hard:seconds=none@glyfts:mcts:seconds=none \
    mcts-hard:seconds=none,iterations=4500,finish_turn=on@glyfts:heuristic \
    --jobs "$JOBS" --minutes "$MINUTES" --grace 1.5 2>&1 | tee "$OUT/log.txt"
