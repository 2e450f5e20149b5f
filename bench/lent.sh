#!/usr/bin/env bash
# One run on a lent many-core GPU machine (bench/RESULTS.md, "Issue 41 (tenth round)"): the
# levels' ladder deals on every core but one, and a check that expert iteration trains on the GPU.
#
#     OUT=dir [LADDER_SECONDS=540] bash bench/lent.sh GAMES PAIRS
#     e.g. bash bench/lent.sh "tundrus heroscape" medium-expert,hard-expert
#
# The machine is bare but for Python, numpy and PyTorch. What it lacks travels with the tree:
# pure wheels in .whl/ (gymnasium, pettingzoo, farama-notifications: what glyphhall.rl imports),
# and the compiled rules and search for its Python in .lent/compiled/ (built here with that
# Python's minor version: `scripts/compile.py` run by it, the .so files copied there). Without
# them it compiles when Cython is there, else plays the pure build (the same moves, slower).
# The ladder's deals go to $OUT/deals.jsonl (the lines to append to bench/strength/ladder/deals.jsonl).
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
tag=$("$PY" -c "import sysconfig; print(sysconfig.get_config_var('EXT_SUFFIX'))")
if [ -d .lent/compiled ]; then
    (cd .lent/compiled && find . -name "*$tag" -exec cp --parents {} ../.. \;)
elif "$PY" -c "import Cython" 2> /dev/null; then
    "$PY" scripts/compile.py > "$OUT/compile.txt" 2>&1 || true
fi
cores=$(nproc)
echo "$("$PY" -c 'import sys; print(sys.version.split()[0])'), $cores cores, compiled modules for it: $(find glyphhall -name "*$tag" | wc -l)"
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 PYTHONUNBUFFERED=1
ledger=bench/strength/ladder/deals.jsonl
before=$(wc -l < "$ledger")

# The ladder: every core but the one the training check uses, cut off at LADDER_SECONDS (a deal
# is written when both its games are in, so the cut loses only the deals in play).
timeout "${LADDER_SECONDS:-540}" nice "$PY" bench/strength/ladder.py run $GAMES --pairs "$PAIRS" \
    --deals 200 --minutes 100000 --jobs $((cores - 1)) > "$OUT/ladder.txt" 2>&1 &
ladder=$!

# Expert iteration on the GPU: a small round played by the search (kept positions), then the same
# positions trained on by the CPU and by the GPU, and by the GPU again (the same losses: reproducible).
if "$PY" -c "import torch, sys; sys.exit(not torch.cuda.is_available())" 2> /dev/null; then
    {
        "$PY" -c "import torch; print('torch', torch.__version__, torch.cuda.get_device_name(0))"
        expert="$PY -m glyphhall.rl.expert inscription --rounds 1 --seed 7 --threads 1"
        timeout 300 $expert --games-per-round 24 --iterations 64 --first-expert search --epochs 2 --keep-positions \
            --out-dir "$OUT/play" --device cuda
        positions="$OUT/play/inscription-round-1-positions.npz"
        for device in cpu cuda cuda; do
            start=${EPOCHREALTIME/./}
            timeout 60 $expert --from-positions "$positions" --epochs 30 --out-dir "/tmp/train-$device" --device $device
            echo "$device: $(( (${EPOCHREALTIME/./} - start) / 1000 )) ms wall, loading included"
        done
    } > "$OUT/expert.txt" 2>&1
else
    echo "no GPU that PyTorch sees: the training check is skipped" > "$OUT/expert.txt"
fi
wait $ladder
tail -n +$((before + 1)) "$ledger" > "$OUT/deals.jsonl"
echo "deals written: $(wc -l < "$OUT/deals.jsonl")"
tail -n 40 "$OUT/ladder.txt"
cat "$OUT/expert.txt"
