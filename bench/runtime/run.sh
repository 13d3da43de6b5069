#!/bin/sh
# Runtime benchmark: xrun's time per call (`--repeat`, the median; compilation
# and I/O excluded) on the MLP example and on generated elementwise and matmul
# programs, next to numpy doing the same math on the same inputs when numpy is
# installed (ratio = xrun / numpy; below 1 is faster than numpy).
# Usage: bench/runtime/run.sh [DEVICE]   (DEVICE: local (default) or reference)
# Unset OPENBLAS_CORETYPE/OPENBLAS_L2_SIZE when comparing with a current numpy
# (see the machine notes); this script leaves the environment as it is.
set -e
cd "$(dirname "$0")/../.."
cargo build --release -q -p xrun
X=target/release/xrun
DEV=${1:-local}
REPEAT=${REPEAT:-20}
TMP=${TMPDIR:-/tmp}/xir-runtime-bench
mkdir -p "$TMP"
PY=${PYTHON:-python3}
if $PY -c 'import numpy' 2>/dev/null; then HAVE_NUMPY=1; else HAVE_NUMPY=; echo "peer: numpy not installed (pip install numpy); no ratio"; fi

# case name, file, function, xrun inputs, numpy expression over a list `a` of inputs
bench() {
  name=$1 file=$2 fn=$3 inputs=$4 expr=$5
  ms=$(eval "$X $file --function=$fn --device=$DEV --repeat=$REPEAT $inputs" 2>&1 >/dev/null | sed -n 's/^xrun: median \([0-9.]*\) ms.*/\1/p')
  if [ -n "$HAVE_NUMPY" ]; then
    np=$($PY bench/runtime/peer.py "$REPEAT" "$inputs" "$expr")
    ratio=$(awk -v a="$ms" -v b="$np" 'BEGIN { printf "%.2f", a / b }')
  else
    np=- ratio=-
  fi
  printf '%-22s %-12s %-12s %s\n' "$name" "$ms" "$np" "$ratio"
}

printf '%-22s %-12s %-12s %s\n' case xrun_ms numpy_ms ratio
bench mlp examples/mlp.mlir mlp \
  "--target-device=cpu=local --target-device=gpu=vulkan,local --device-plan=auto-transfer=true --input=8x784xf32=0.01 --input=784x128xf32=0.02 --input=128xf32=0.1 --input=128x10xf32=0.03 --input=10xf32=-0.5" \
  "np.exp(np.maximum(a[0] @ a[1] + a[2], 0) @ a[3] + a[4])"
for n in 1000 1000000; do
  cat > "$TMP/ew$n.mlir" <<MLIR
func.func @ew(%x: tensor<${n}xf32>, %y: tensor<${n}xf32>) -> tensor<${n}xf32> {
  %a = graph.add %x, %y : tensor<${n}xf32>
  %m = graph.mul %a, %x : tensor<${n}xf32>
  %r = graph.relu %m : tensor<${n}xf32>
  return %r : tensor<${n}xf32>
}
MLIR
  bench "elementwise-$n" "$TMP/ew$n.mlir" ew "--input=${n}xf32=0.5 --input=${n}xf32=-0.25" "np.maximum((a[0] + a[1]) * a[0], 0)"
done
for n in 64 256; do
  cat > "$TMP/mm$n.mlir" <<MLIR
func.func @mm(%x: tensor<${n}x${n}xf32>, %y: tensor<${n}x${n}xf32>) -> tensor<${n}x${n}xf32> {
  %m = graph.matmul %x, %y : (tensor<${n}x${n}xf32>, tensor<${n}x${n}xf32>) -> tensor<${n}x${n}xf32>
  return %m : tensor<${n}x${n}xf32>
}
MLIR
  bench "matmul-$n" "$TMP/mm$n.mlir" mm "--input=${n}x${n}xf32=0.5 --input=${n}x${n}xf32=0.25" "a[0] @ a[1]"
done
