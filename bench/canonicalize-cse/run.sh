#!/usr/bin/env bash
# canonicalize,cse on a generated 1 000 000-op func+arith module: wall time and
# peak RSS of xopt (release) and mlir-opt 22, and their ratios (target <= 1.0).
# Usage: bench/canonicalize-cse/run.sh [OPS]
set -euo pipefail
cd "$(dirname "$0")/../.."
OPS=${1:-1000000}
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
WORK=${TMPDIR:-/tmp}/xir-bench-canon-cse
mkdir -p "$WORK"
cargo build --release -q -p xopt --bin xopt -p xir-transforms --bin gen-canon-cse
target/release/gen-canon-cse "$OPS" > "$WORK/input.mlir"
echo "input: $OPS ops, $(du -h "$WORK/input.mlir" | cut -f1)"

# Prints "seconds peak_kib" for a command, its output discarded.
measure() {
  /usr/bin/time -v "$@" -o /dev/null 2> "$WORK/time.txt" >/dev/null
  local wall rss
  wall=$(grep 'Elapsed (wall clock)' "$WORK/time.txt" | awk '{print $NF}' |
    awk -F: '{ if (NF == 3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
  rss=$(grep 'Maximum resident set size' "$WORK/time.txt" | awk '{print $NF}')
  echo "$wall $rss"
}

read -r xt xm < <(measure target/release/xopt "$WORK/input.mlir" --canonicalize --cse)
printf 'xopt     --canonicalize --cse: %8.2f s  %8.1f MiB\n' "$xt" "$(echo "$xm/1024" | bc -l)"
if [ -x "$MLIR_OPT" ]; then
  read -r mt mm < <(measure "$MLIR_OPT" "$WORK/input.mlir" --canonicalize --cse)
  printf 'mlir-opt --canonicalize --cse: %8.2f s  %8.1f MiB\n' "$mt" "$(echo "$mm/1024" | bc -l)"
  printf 'ratio xopt/mlir-opt: time %.2f  memory %.2f\n' \
    "$(echo "$xt/$mt" | bc -l)" "$(echo "$xm/$mm" | bc -l)"
else
  echo "mlir-opt not found at $MLIR_OPT: no ratio"
fi
