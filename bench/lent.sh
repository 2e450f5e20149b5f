#!/usr/bin/env bash
# One run on a lent many-core GPU machine (bench/RESULTS.md, "Issue 41 (tenth round)"): the
# levels' ladder deals on every core but one, and a check that expert iteration trains on the GPU.
#
#     OUT=dir [LADDER_SECONDS=540] [SELF_PLAY_GAMES=24] bash bench/lent.sh GAMES PAIRS
#     e.g. bash bench/lent.sh "tundrus heroscape" medium-expert,hard-expert
#
# The machine is bare but for Python, numpy, Cython and PyTorch. What it lacks travels with the
# tree as wheels in .whl/ (named in `carry`): gymnasium, pettingzoo, farama-notifications, z3-solver,
# shapely and lark, for that Python's version (`pip download --no-deps --only-binary=:all:
# --python-version 3.12 --platform manylinux2014_x86_64 ...`: what glyphhall.rl and the game
# registry import). The rules and the search are compiled there first (31 s on 16 cores).
# The ladder's deals go to $OUT/deals.jsonl (the lines to append to bench/strength/ladder/deals.jsonl;
# their commit is the one the machine's copy of .git names, which can be older than the tree sent).
set -uo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:?games}
PAIRS=${2:?pairs}
OUT=${OUT:-bench/lent-out}
mkdir -p "$OUT"
PY=${PYTHON:-python3}
if ls .whl/*.whl > /dev/null 2>&1; then
    "$PY" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl
    export PYTHONPATH=/tmp/site${PYTHONPATH:+:$PYTHONPATH}
fi
if "$PY" -c "import Cython" 2> /dev/null; then
    "$PY" scripts/compile.py > "$OUT/compile.txt" 2>&1 || true
fi
cores=$(nproc)
tag=$("$PY" -c "import sysconfig; print(sysconfig.get_config_var('EXT_SUFFIX'))")
echo "$("$PY" -c 'import sys; print(sys.version.split()[0])'), $cores cores, compiled modules for it: $(find glyphhall -name "*$tag" | wc -l)"
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 PYTHONUNBUFFERED=1
ledger=bench/strength/ladder/deals.jsonl
before=$(wc -l < "$ledger")

# The ladder: every core but the one the training check uses, cut off at LADDER_SECONDS (a deal
# is written when both its games are in, so the cut loses only the deals in play).
# LADDER_SECONDS=0: the training check alone.
if [ "${LADDER_SECONDS:-540}" -gt 0 ]; then
    timeout "${LADDER_SECONDS:-540}" nice "$PY" bench/strength/ladder.py run $GAMES --pairs "$PAIRS" \
        --deals 200 --minutes 100000 --jobs $((cores - 1)) > "$OUT/ladder.txt" 2>&1 &
fi

# Expert iteration on the GPU: a small round played by the search (kept positions), then 30 passes
# over them timed on the CPU, the GPU and the GPU again (bench/rl/training_speed.py: alike losses
# say the training is reproducible and runs the same arithmetic on either).
if "$PY" -c "import torch, sys; sys.exit(not torch.cuda.is_available())" 2> /dev/null; then
    {
        "$PY" -c "import torch; print('torch', torch.__version__, torch.cuda.get_device_name(0))"
        expert="$PY -m glyphhall.rl.expert inscription --rounds 1 --seed 7 --threads 1"
        timeout 300 $expert --games-per-round ${SELF_PLAY_GAMES:-24} --iterations 64 --first-expert search --epochs 2 --keep-positions \
            --out-dir "$OUT/play" --device cuda
        positions="$OUT/play/inscription-round-1-positions.npz"
        for device in cpu cuda cuda; do
            PYTHONPATH=.:$PYTHONPATH timeout 60 "$PY" bench/rl/training_speed.py "$positions" --device $device
        done
    } > "$OUT/expert.txt" 2>&1
else
    echo "no GPU that PyTorch sees: the training check is skipped" > "$OUT/expert.txt"
fi
wait
tail -n +$((before + 1)) "$ledger" > "$OUT/deals.jsonl"
echo "deals written: $(wc -l < "$OUT/deals.jsonl")"
[ -f "$OUT/ladder.txt" ] && tail -n 40 "$OUT/ladder.txt"
cat "$OUT/expert.txt"
