#!/bin/sh
# memory-plan benchmark: generated straight-line functions of 10k and 100k placed
# tensor ops (3 pools); reports the pass's own time (--mlir-timing), the planned
# sizes against the lower bound (report=true), and the process's peak memory.
# Usage: bench/memory-plan/run.sh [sizes...]   (builds xopt in release first)
set -e
cd "$(dirname "$0")/../.."
cargo build --release -q -p xopt
X=target/release/xopt
TMP=${TMPDIR:-/tmp}/xir-memory-plan-bench
mkdir -p "$TMP"
SIZES=${*:-10000 100000}
printf '%-9s %-9s %-10s %-12s %-8s %s\n' ops tensors plan_s wall_s peak_MiB worst_ratio
for n in $SIZES; do
  f="$TMP/m$n.mlir"
  [ -f "$f" ] || python3 bench/memory-plan/gen.py "$n" > "$f"
  /usr/bin/time -f '%e %M' -o "$TMP/time" \
    $X "$f" --memory-plan='report=true' --mlir-timing -o /dev/null 2> "$TMP/timing"
  plan=$(awk '/MemoryPlan/ {print $1; exit}' "$TMP/timing")
  bufs=$(awk '$1 ~ /^@/ {s += $6} END {print s}' "$TMP/timing")
  worst=$(awk '$1 ~ /^@/ && $5 > w {w = $5} END {print w}' "$TMP/timing")
  read wall kb < "$TMP/time"
  printf '%-9s %-9s %-10s %-12s %-8s %s\n' "$n" "$bufs" "$plan" "$wall" "$((kb / 1024))" "$worst"
done
grep -E '^(function|@)' "$TMP/timing"
