#!/usr/bin/env bash
# Parse+print throughput of xopt against mlir-opt on one large generated module.
#
#   bench/parse-print/run.sh [SIZE] [SEED]      (SIZE default 100M, SEED default 1)
#
# Generates a module with xir-irgen (release), then runs
#   <tool> --allow-unregistered-dialect --mlir-print-op-generic FILE -o /dev/null
# for xopt (release) and mlir-opt, reporting wall time, MB/s and peak RSS from
# /usr/bin/time -v, and the ratios xopt/mlir-opt (target: <= 0.5 for time and memory).
# Needs GNU time (Debian package `time`). Not run in CI.
set -euo pipefail
cd "$(dirname "$0")/../.."

SIZE="${1:-100M}"
SEED="${2:-1}"
MLIR_OPT="${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}"
WORK="${BENCH_DIR:-${TMPDIR:-/tmp}/xir-bench-parse-print}"
mkdir -p "$WORK"

if [ ! -x /usr/bin/time ]; then
  echo "installing GNU time (apt package 'time')" >&2
  SUDO=""; [ "$(id -u)" != 0 ] && SUDO=sudo
  $SUDO apt-get install -y -q time >&2
fi

cargo build --release -q -p irgen -p xopt
INPUT="$WORK/module-$SIZE-$SEED.mlir"
if [ ! -s "$INPUT" ]; then
  target/release/xir-irgen --seed "$SEED" --size "$SIZE" > "$INPUT"
fi
BYTES=$(stat -c %s "$INPUT")
MB=$(awk -v b="$BYTES" 'BEGIN { printf "%.1f", b / 1e6 }')
echo "input: $INPUT ($MB MB)"

# measure NAME BINARY -> sets T_<NAME> (seconds) and M_<NAME> (KiB), prints a row
measure() {
  local name="$1" bin="$2" log="$WORK/$1.time" out="$WORK/$1.out"
  if ! /usr/bin/time -v "$bin" --allow-unregistered-dialect --mlir-print-op-generic "$INPUT" -o "$out" 2> "$log"; then
    echo "$name failed:"; tail -5 "$log"; return 1
  fi
  local wall rss secs
  wall=$(grep 'Elapsed (wall clock)' "$log" | awk '{print $NF}')
  rss=$(grep 'Maximum resident set size' "$log" | awk '{print $NF}')
  secs=$(awk -v w="$wall" 'BEGIN { n = split(w, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }')
  printf "%-9s wall %8.2f s   %8.1f MB/s   peak RSS %8.1f MB\n" "$name" "$secs" \
    "$(awk -v b="$BYTES" -v s="$secs" 'BEGIN { print (s > 0 ? b / 1e6 / s : 0) }')" \
    "$(awk -v k="$rss" 'BEGIN { print k / 1024 }')"
  eval "T_$name=$secs; M_$name=$rss"
}

measure xopt target/release/xopt
if [ -x "$MLIR_OPT" ]; then
  measure mlir_opt "$MLIR_OPT"
  awk -v t1="$T_xopt" -v t2="$T_mlir_opt" -v m1="$M_xopt" -v m2="$M_mlir_opt" 'BEGIN {
    printf "ratio xopt/mlir-opt: time %.2f   memory %.2f   (target <= 0.5)\n", (t2 > 0 ? t1 / t2 : 0), (m2 > 0 ? m1 / m2 : 0) }'
  if cmp -s "$WORK/xopt.out" "$WORK/mlir_opt.out"; then
    echo "outputs: identical"
  else
    echo "outputs: DIFFER (first difference: $(cmp "$WORK/xopt.out" "$WORK/mlir_opt.out" 2>&1 | head -1))"
  fi
else
  echo "mlir-opt not found at $MLIR_OPT: no ratio"
fi
