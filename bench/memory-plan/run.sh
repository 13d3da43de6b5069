#!/bin/sh
# memory-plan benchmark: generated straight-line functions of N placed tensor ops
# (3 pools); reports the pass's own time (--mlir-timing, best of $REPS runs, default
# 3), the wall time and peak memory of that run, and the worst planned size against
# the lower bound (report=true).
# Usage: [REPS=n] bench/memory-plan/run.sh [sizes...]   (builds xopt in release first)
set -e
cd "$(dirname "$0")/../.."
cargo build --release -q -p xopt
X=target/release/xopt
TMP=${TMPDIR:-/tmp}/xir-memory-plan-bench
mkdir -p "$TMP"
SIZES=${*:-10000 100000}
REPS=${REPS:-3}
printf '%-9s %-9s %-10s %-12s %-8s %s\n' ops tensors plan_s wall_s peak_MiB worst_ratio
for n in $SIZES; do
  f="$TMP/m$n.mlir"
  [ -f "$f" ] || python3 bench/memory-plan/gen.py "$n" > "$f"
  best=
  r=0
  while [ "$r" -lt "$REPS" ]; do
    /usr/bin/time -f '%e %M' -o "$TMP/time" \
      $X "$f" --memory-plan='report=true' --mlir-timing -o /dev/null 2> "$TMP/timing"
    plan=$(awk '/MemoryPlan/ {print $1; exit}' "$TMP/timing")
    if [ -z "$best" ] || awk "BEGIN {exit !($plan < $best)}"; then
      best=$plan
      cp "$TMP/time" "$TMP/time.best"
      cp "$TMP/timing" "$TMP/timing.best"
    fi
    r=$((r + 1))
  done
  bufs=$(awk '$1 ~ /^@/ {s += $6} END {print s}' "$TMP/timing.best")
  worst=$(awk '$1 ~ /^@/ && $5 > w {w = $5} END {print w}' "$TMP/timing.best")
  read wall kb < "$TMP/time.best"
  printf '%-9s %-9s %-10s %-12s %-8s %s\n' "$n" "$bufs" "$best" "$wall" "$((kb / 1024))" "$worst"
done
grep -E '^(function|@)' "$TMP/timing.best"
