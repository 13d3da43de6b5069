#!/bin/sh
# min-transfer benchmark: on gen.py's generated modules (10k and 100k ops by
# default; two devices, pinned arguments, on_device pins, explicit transfers, calls
# of a shared helper), plans with device-plan{auto-transfer=true} and with
# device-plan{placement=min-transfer}; prints the bytes every graph.transfer of the
# result moves, their ratio, and DevicePlan's time (--mlir-timing, best of RUNS).
# Usage: [RUNS=n] [XOPT=path] bench/device-plan/min_transfer.sh [sizes...]
set -e
cd "$(dirname "$0")/../.."
if [ -n "$XOPT" ]; then
  X=$XOPT
else
  cargo build --release -q -p xopt
  X=target/release/xopt
fi
TMP=${TMPDIR:-/tmp}/xir-min-transfer-bench
mkdir -p "$TMP"
SIZES=${*:-10000 100000}
RUNS=${RUNS:-3}
# Bytes of the transfers in a planned module (elements x element size).
bytes() {
  python3 - "$1" <<'PY'
import re, sys
size = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8}
total = n = 0
for line in open(sys.argv[1]):
    if "graph.transfer" not in line:
        continue
    m = re.search(r": tensor<([0-9x]*)([a-z]+[0-9]*)>\s*$", line)
    dims = [int(d) for d in m.group(1).split("x") if d]
    count = 1
    for d in dims:
        count *= d
    total += count * size[m.group(2)]
    n += 1
print(total, n)
PY
}
printf '%-8s %-10s %-10s %-8s %-10s %-10s %-10s %s\n' ops auto_B auto_n min_B min_n ratio auto_s min_s
for n in $SIZES; do
  f="$TMP/m$n.mlir"
  python3 bench/device-plan/gen.py "$n" > "$f"
  for mode in auto min; do
    case $mode in
      auto) opt='auto-transfer=true' ;;
      min) opt='placement=min-transfer' ;;
    esac
    best=
    i=0
    while [ "$i" -lt "$RUNS" ]; do
      i=$((i + 1))
      $X "$f" --pass-pipeline="builtin.module(device-assignment-pipeline,device-plan{$opt})" \
        --mlir-timing -o "$TMP/out-$mode.mlir" 2> "$TMP/timing"
      t=$(awk '/DevicePlan/ {print $1; exit}' "$TMP/timing")
      if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
    done
    eval "${mode}_t=$best"
    set -- $(bytes "$TMP/out-$mode.mlir")
    eval "${mode}_b=$1 ${mode}_n=$2"
  done
  ratio=$(echo "scale=3; $min_b / $auto_b" | bc)
  printf '%-8s %-10s %-10s %-8s %-10s %-10s %-10s %s\n' "$n" "$auto_b" "$auto_n" "$min_b" "$min_n" "$ratio" "$auto_t" "$min_t"
done
