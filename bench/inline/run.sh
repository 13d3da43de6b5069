#!/bin/sh
# inline benchmark: a chain of N functions (public @f0 calls private @f1, which
# calls @f2, ... @f(N-1); i32 only), inlined by xopt and by mlir-opt 22; prints each
# time (best of RUNS), the ratio, and checks the outputs are identical.
# Usage: [RUNS=n] [XOPT=path] bench/inline/run.sh [N...]   (default N: 2000 20000)
set -e
cd "$(dirname "$0")/../.."
if [ -n "$XOPT" ]; then
  X=$XOPT
else
  cargo build --release -q -p xopt
  X=target/release/xopt
fi
M=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
TMP=${TMPDIR:-/tmp}/xir-inline-bench
mkdir -p "$TMP"
RUNS=${RUNS:-3}
best() {
  b=
  i=0
  while [ "$i" -lt "$RUNS" ]; do
    i=$((i + 1))
    s=$(date +%s.%N)
    "$@" > "$TMP/out" 2>/dev/null
    e=$(date +%s.%N)
    t=$(echo "$e - $s" | bc)
    if [ -z "$b" ] || [ "$(echo "$t < $b" | bc)" = 1 ]; then b=$t; fi
  done
  echo "$b"
}
printf '%-8s %-10s %-10s %s\n' N xopt_s mlir_opt_s ratio
for n in ${*:-2000 20000}; do
  f="$TMP/chain$n.mlir"
  python3 - "$n" > "$f" <<'PY'
import sys
n = int(sys.argv[1])
print("func.func @f0(%a: i32) -> i32 {\n  %0 = call @f1(%a) : (i32) -> i32\n  return %0 : i32\n}")
for i in range(1, n - 1):
    print(f"func.func private @f{i}(%a: i32) -> i32 {{\n  %0 = call @f{i + 1}(%a) : (i32) -> i32\n  return %0 : i32\n}}")
print(f"func.func private @f{n - 1}(%a: i32) -> i32 {{\n  return %a : i32\n}}")
PY
  tx=$(best "$X" "$f" --inline)
  cp "$TMP/out" "$TMP/x.out"
  tm=$(best "$M" "$f" --inline)
  cmp -s "$TMP/out" "$TMP/x.out" || echo "outputs differ for N=$n"
  printf '%-8s %-10s %-10s %s\n' "$n" "$tx" "$tm" "$(echo "scale=2; $tx / $tm" | bc)"
done
