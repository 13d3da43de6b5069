#!/bin/sh
# compile-to-hal benchmark: generated two-device graph programs of 10k and 100k
# ops (gen.py) through device assignment, planning and --compile-to=hal. Prints
# the lowering passes' time (--mlir-timing: graph->flow->stream->hal and their
# guards), the whole run's wall time (parse, verification after every pass,
# print included) and peak memory. Usage: bench/compile-hal/run.sh [sizes...]
# (GEN_FLAGS=--basic leaves out constants, calls and graph.if).
set -e
cd "$(dirname "$0")/../.."
cargo build --release -q -p xopt
X=target/release/xopt
TMP=${TMPDIR:-/tmp}/xir-compile-hal-bench
mkdir -p "$TMP"
SIZES=${*:-10000 100000}
if command -v iree-compile >/dev/null 2>&1; then
  echo "iree-compile is installed, but takes a different input language; no ratio is computed"
else
  echo "peer: none installed (IREE's iree-compile would be the peer; no ratio)"
fi
printf '%-9s %-11s %-11s %-9s %s\n' ops lower_s verify_s wall_s peak_MiB
for n in $SIZES; do
  f="$TMP/m$n.mlir"
  python3 bench/compile-hal/gen.py "$n" $GEN_FLAGS > "$f"
  /usr/bin/time -f '%e %M' -o "$TMP/time" \
    $X "$f" --device-assignment-pipeline --device-plan='auto-transfer=true' \
       --compile-to=hal --mlir-timing -o /dev/null 2> "$TMP/timing"
  lower=$(awk '/FormDispatchRegions|ConvertConstants|OutlineDispatchRegions|ConvertTransfers|ConvertControlFlow|VerifyGraphToFlow|ConvertFlowToStream|ScheduleExecution|VerifyFlowToStream|ConvertStreamToHal|VerifyStreamToHal|MemoryPlan/ {s += $1} END {print s}' "$TMP/timing")
  verify=$(awk '$NF == "Rest" {print $1; exit}' "$TMP/timing")
  read wall kb < "$TMP/time"
  printf '%-9s %-11s %-11s %-9s %s\n' "$n" "$lower" "$verify" "$wall" "$((kb / 1024))"
done
