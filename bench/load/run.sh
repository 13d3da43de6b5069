#!/bin/sh
# Load benchmark: how long xrun takes from reading a compiled hal module to
# having run it once, for a generated chain of N distinct kernels (gen.py).
# xopt writes the hal file once (--compile-to=hal: kernels compiled); xrun
# then parses it, builds the executor and, on the first call, prepares each
# variant (the JIT). Prints xrun's own figures: parse+build ("compile"), the
# first call (loading every kernel, plus one run) and the median warm call.
# Usage: bench/load/run.sh [N...]  (default 300 1000). XOPT=... XRUN=... run
# other builds (e.g. an older commit's) on their own output.
set -e
cd "$(dirname "$0")/../.."
if [ -z "$XOPT" ] || [ -z "$XRUN" ]; then
  cargo build --release -q -p xopt -p xrun
fi
XOPT=${XOPT:-target/release/xopt}
XRUN=${XRUN:-target/release/xrun}
TMP=${TMPDIR:-/tmp}/xir-load-bench
mkdir -p "$TMP"
printf '%-7s %-12s %-14s %-12s %s\n' kernels parse_ms first_call_ms warm_ms peak_MiB
for n in ${*:-300 1000}; do
  python3 bench/load/gen.py "$n" > "$TMP/g$n.mlir"
  $XOPT "$TMP/g$n.mlir" --target-device=local --device-assignment-pipeline \
    --device-plan --compile-to=hal -o "$TMP/h$n.mlir"
  /usr/bin/time -f '%M' -o "$TMP/mem" $XRUN "$TMP/h$n.mlir" --input=8x8xf32=0.5 \
    --input=8x8xf32=0.1 --repeat=3 > /dev/null 2> "$TMP/out"
  c=$(awk '/xrun: compile/ {print $3}' "$TMP/out")
  f=$(awk '/xrun: first call/ {print $4}' "$TMP/out")
  w=$(awk '/xrun: median/ {print $3}' "$TMP/out")
  printf '%-7s %-12s %-14s %-12s %s\n' "$n" "$c" "$f" "$w" "$(($(tail -1 "$TMP/mem") / 1024))"
done
