#!/bin/sh
# device-plan benchmark: generated modules of 10k, 100k and 1M ops; reports the
# pass's own time (--mlir-timing) after device-assignment-pipeline, how it grew
# from the previous size, and the process's wall time and peak memory.
# Each size runs RUNS times (default 3); the run with the best plan time is shown.
# Usage: [RUNS=n] [XOPT=path] bench/device-plan/run.sh [sizes...]
# (builds xopt in release first, unless XOPT names the binary to measure)
set -e
cd "$(dirname "$0")/../.."
if [ -n "$XOPT" ]; then
  X=$XOPT
else
  cargo build --release -q -p xopt
  X=target/release/xopt
fi
TMP=${TMPDIR:-/tmp}/xir-device-plan-bench
mkdir -p "$TMP"
SIZES=${*:-10000 100000 1000000}
RUNS=${RUNS:-3}
printf '%-9s %-10s %-16s %-10s %-8s %s\n' ops plan_s growth rest_s wall_s peak_MiB
prev_n=
prev_plan=
for n in $SIZES; do
  f="$TMP/m$n.mlir"
  python3 bench/device-plan/gen.py "$n" > "$f"
  best=
  i=0
  while [ "$i" -lt "$RUNS" ]; do
    i=$((i + 1))
    /usr/bin/time -f '%e %M' -o "$TMP/time" \
      $X "$f" --pass-pipeline='builtin.module(device-assignment-pipeline,device-plan{auto-transfer=true})' \
         --mlir-timing -o /dev/null 2> "$TMP/timing"
    plan=$(awk '/DevicePlan/ {print $1; exit}' "$TMP/timing")
    total=$(awk '$NF == "Total" {print $1; exit}' "$TMP/timing")
    read wall kb < "$TMP/time"
    if [ -z "$best" ] || [ "$(echo "$plan < $best" | bc)" = 1 ]; then
      best=$plan
      rest=$(echo "$total - $plan" | bc)
      best_wall=$wall
      best_kb=$kb
    fi
  done
  # Growth of the plan time over the previous size, per size factor ("11.2x/10x").
  growth=-
  if [ -n "$prev_plan" ]; then
    growth=$(awk -v a="$best" -v b="$prev_plan" -v n="$n" -v p="$prev_n" \
      'BEGIN { if (b > 0) printf "%.1fx/%gx", a / b, n / p; else print "-" }')
  fi
  printf '%-9s %-10s %-16s %-10s %-8s %s\n' "$n" "$best" "$growth" "$rest" "$best_wall" "$((best_kb / 1024))"
  prev_n=$n
  prev_plan=$best
done
