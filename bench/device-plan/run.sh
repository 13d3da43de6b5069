#!/bin/sh
# device-plan benchmark: generated modules of 10k, 100k and 1M ops; reports the
# pass's own time (--mlir-timing) after device-assignment-pipeline, and the
# process's peak memory.
# Usage: bench/device-plan/run.sh [sizes...]   (builds xopt in release first)
set -e
cd "$(dirname "$0")/../.."
cargo build --release -q -p xopt
X=target/release/xopt
TMP=${TMPDIR:-/tmp}/xir-device-plan-bench
mkdir -p "$TMP"
SIZES=${*:-10000 100000 1000000}
printf '%-9s %-12s %-14s %-12s %s\n' ops plan_s rest_s wall_s peak_MiB
for n in $SIZES; do
  f="$TMP/m$n.mlir"
  python3 bench/device-plan/gen.py "$n" > "$f"
  /usr/bin/time -f '%e %M' -o "$TMP/time" \
    $X "$f" --pass-pipeline='builtin.module(device-assignment-pipeline,device-plan{auto-transfer=true})' \
       --mlir-timing -o /dev/null 2> "$TMP/timing"
  plan=$(awk '/DevicePlan/ {print $1; exit}' "$TMP/timing")
  total=$(awk '$NF == "Total" {print $1; exit}' "$TMP/timing")
  read wall kb < "$TMP/time"
  printf '%-9s %-12s %-14s %-12s %s\n' "$n" "$plan" "$(echo "$total - $plan" | bc)" "$wall" "$((kb / 1024))"
done
