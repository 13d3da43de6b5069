#!/usr/bin/env bash
# Benchmark xcheck against LLVM FileCheck on a generated 50 MB input with
# 5000 CHECK/CHECK-NEXT/CHECK-DAG directives. Not run in CI.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
FILECHECK=${FILECHECK:-/usr/lib/llvm-22/bin/FileCheck}
SIZE=${SIZE:-52428800}
CHECKS=${CHECKS:-5000}
RUNS=${RUNS:-3}

(cd "$root" && cargo build --release -q -p xcheck)
XCHECK="$root/target/release/xcheck"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$here/gen.py" "$tmp" "$SIZE" "$CHECKS"
echo "input: $(du -h "$tmp/input.txt" | cut -f1), directives: $(grep -c CHECK "$tmp/check.txt")"

# Best of $RUNS wall-clock seconds for "$@".
best() {
  local b=""
  for _ in $(seq "$RUNS"); do
    local s e t
    s=$(date +%s.%N)
    if ! "$@" "$tmp/check.txt" --input-file "$tmp/input.txt" 2>"$tmp/err"; then
      echo "$1 failed:" >&2; head -20 "$tmp/err" >&2; exit 1
    fi
    e=$(date +%s.%N)
    t=$(echo "$e - $s" | bc -l)
    if [ -z "$b" ] || [ "$(echo "$t < $b" | bc -l)" = 1 ]; then b=$t; fi
  done
  echo "$b"
}

xt=$(best "$XCHECK")
printf 'xcheck:    %.3f s\n' "$xt"
if [ -x "$FILECHECK" ]; then
  ft=$(best "$FILECHECK")
  printf 'FileCheck: %.3f s\n' "$ft"
  printf 'ratio (xcheck/FileCheck): %.3f\n' "$(echo "$xt / $ft" | bc -l)"
else
  echo "FileCheck not found at $FILECHECK; no ratio"
fi
