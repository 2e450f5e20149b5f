#!/usr/bin/env bash
# The browser suite RUNS times in a row while a load generator keeps every core busy (issue 26:
# the suite must pass on a busy machine, as CI's two cores are when other jobs share them).
# Prints each run's summary line, the time it took and its three slowest tests; exits non-zero if
# any run failed. Each run's whole output is kept in $LOGS (default: a new temporary folder).
#   scripts/browser-under-load.sh [RUNS] [pytest args...]     (default 3 runs of tests/browser)
# The load is stress-ng (apt-get install stress-ng), or busy shell loops without it; both it and
# the tests run at nice 19, so they compete with each other, not with anyone else's work.
set -u
runs=${1:-3}
shift || true
python=${PYTHON:-python}
cores=$(nproc)
if command -v stress-ng > /dev/null; then
  nice -n 19 stress-ng --cpu "$cores" --timeout 0 --quiet &
  load=($!)
else
  load=()
  for _ in $(seq "$cores"); do nice -n 19 bash -c 'while :; do :; done' & load+=($!); done
fi
trap 'kill "${load[@]}" 2> /dev/null' EXIT
logs=${LOGS:-$(mktemp -d)}
mkdir -p "$logs"
failed=0
for i in $(seq "$runs"); do
  start=$(date +%s)
  log="$logs/run-$i.log"
  GLYPHHALL_PURE=${GLYPHHALL_PURE:-1} nice -n 19 "$python" -m pytest tests/browser -q -p no:cacheprovider \
    --durations=3 "$@" > "$log" 2>&1
  rc=$?
  echo "run $i of $runs under load ($cores busy cores): $(tail -n 1 "$log") [rc=$rc, $(( $(date +%s) - start )) s]"
  grep -E "^[0-9.]+s (call|setup|teardown)" "$log" | sed 's/^/  slowest: /'
  if [ "$rc" -ne 0 ]; then failed=1; grep -E "^(FAILED|ERROR)" "$log"; fi
done
echo "logs: $logs"
exit "$failed"
