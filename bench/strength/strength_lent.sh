#!/usr/bin/env bash
# The strength measurement on a lent many-core machine (bench/RESULTS.md, "Strength"): a bare
# Python 3.11+ is enough; numpy (which the games import) comes from a wheel carried along in
# .wheels/ (`pip download numpy==2.4.6 --only-binary=:all: --no-deps -d .wheels`) when the
# machine has none. Where Cython and a C compiler are there, the rules and the search are
# compiled first (faster: about twice on the 2-core machine; a failed compile leaves the pure build). The ledger and the
# log go to $OUT (default: bench/strength/lent).
#
#     [GRACE=minutes] bash bench/strength/strength_lent.sh [JOBS] [MINUTES] [PAIRING ...] [--first INDEX]
#
# PAIRING as `strength.py run` takes it (BOT@GAME:OPPONENT); without any, every pairing the
# issue's "Done means" names.
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=${1:-16}
MINUTES=${2:-7}
shift 2 || shift $#
OUT=${OUT:-bench/strength/lent}
mkdir -p "$OUT"
PY=${PYTHON:-python3}
if ! "$PY" -c "import numpy" 2>/dev/null; then
    DEPS=$(mktemp -d)
    "$PY" -m zipfile -e .wheels/numpy-*.whl "$DEPS"
    export PYTHONPATH="$DEPS${PYTHONPATH:+:$PYTHONPATH}"
fi
"$PY" -c "import os, sys; print(sys.version.split()[0], os.cpu_count(), 'cores')"
if [ -z "${GLYPHHALL_PURE:-}" ]; then
    start=$(date +%s)
    "$PY" setup.py --quiet build_ext --inplace -j "$JOBS" > "$OUT/compile.txt" 2>&1 || true
    echo "compiled modules: $(find glyphhall -name '*.so' | wc -l) in $(( $(date +%s) - start )) s"
fi
if [ $# -eq 0 ]; then
    # Every pairing of "Done means" (and one candidate: Glyfts' mcts-hard finishing each leaf's
    # turn, at the iterations that take its time), at the levels' table budgets without their
    # time ceilings (iterations only, so the machine's speed cannot change a result).
    set -- \
        mcts-hard:seconds=none@inscription:heuristic mcts-hard:seconds=none@glyfts:heuristic \
        mcts-hard:seconds=none@tundrus:heuristic mcts-hard:seconds=none@heroscape:heuristic \
        mcts:seconds=none@inscription:heuristic mcts:seconds=none@glyfts:heuristic \
        mcts:seconds=none@tundrus:heuristic mcts:seconds=none@heroscape:heuristic \
        mcts:seconds=none@inscription:random mcts:seconds=none@glyfts:random \
        mcts:seconds=none@tundrus:random mcts:seconds=none@heroscape:random \
        mcts-hard:seconds=none@glyfts:mcts:seconds=none \
        mcts-hard:seconds=none,iterations=4500,finish_turn=on@glyfts:heuristic
fi
# Each pairing gets an equal share of the CPU and stops as soon as its sequential test (and,
# against random, its bar) decides. The ledger starts as a copy of the project's, so each
# pairing goes on at its next deal.
cp bench/strength/paired.jsonl "$OUT/paired.jsonl"
nice "$PY" bench/strength/strength.py --ledger "$OUT/paired.jsonl" run "$@" \
    --jobs "$JOBS" --minutes "$MINUTES" --grace "${GRACE:-1}" 2>&1 | tee "$OUT/log.txt"
