#!/bin/sh
# Verifier benchmark: the cost of verifying after each pass, alone. Plans a
# generated module (bench/device-plan/gen.py: 100k and 1M ops by default) with
# device-assignment-pipeline,device-plan{auto-transfer=true} twice, with
# --verify-each (the default) and with --verify-each=false, and prints the
# difference in user CPU time (robust to a busy machine) and in wall time,
# best of RUNS each. The parsed input is verified in both runs.
# Usage: [RUNS=n] [XOPT=path] bench/verifier/run.sh [sizes...]
set -e
cd "$(dirname "$0")/../.."
if [ -n "$XOPT" ]; then
  X=$XOPT
else
  cargo build --release -q -p xopt
  X=target/release/xopt
fi
TMP=${TMPDIR:-/tmp}/xir-verifier-bench
mkdir -p "$TMP"
RUNS=${RUNS:-3}
PIPE='builtin.module(device-assignment-pipeline,device-plan{auto-transfer=true})'
# Best user and wall seconds of RUNS runs of xopt with the given flag.
best() {
  bu= ; bw=
  i=0
  while [ "$i" -lt "$RUNS" ]; do
    i=$((i + 1))
    /usr/bin/time -f '%U %e' -o "$TMP/time" $X "$1" --pass-pipeline="$PIPE" "$2" -o /dev/null
    read u w < "$TMP/time"
    if [ -z "$bu" ] || [ "$(echo "$u < $bu" | bc)" = 1 ]; then bu=$u; fi
    if [ -z "$bw" ] || [ "$(echo "$w < $bw" | bc)" = 1 ]; then bw=$w; fi
  done
  echo "$bu $bw"
}
printf '%-9s %-14s %-14s %-14s %s\n' ops verify_user_s verify_wall_s total_user_s total_wall_s
for n in ${*:-100000 1000000}; do
  f="$TMP/m$n.mlir"
  [ -f "$f" ] || python3 bench/device-plan/gen.py "$n" > "$f"
  set -- $(best "$f" --verify-each=true)
  on_u=$1; on_w=$2
  set -- $(best "$f" --verify-each=false)
  off_u=$1; off_w=$2
  printf '%-9s %-14s %-14s %-14s %s\n' "$n" "$(echo "$on_u - $off_u" | bc)" \
    "$(echo "$on_w - $off_w" | bc)" "$on_u" "$on_w"
done
