#!/bin/sh
# Runtime benchmark: xrun --repeat (median time per call) on the workloads of
# bench/runtime/programs/ against numpy (2 threads and 1), onnxruntime (2
# intra-op threads) and IREE llvm-cpu (local-task, 2 workers), and the MLP's
# compile time against iree-compile; prints a markdown table with each target
# and checks xrun's results against numpy. See bench/runtime/README.md.
#
# Usage: bench/runtime/run.sh [DEVICE]          (DEVICE: local (default) or reference)
# Environment:
#   BENCH_PYTHON    the python with the peers (default python3), e.g. /tmp/benchvenv/bin/python;
#                   a peer it lacks is reported and its column skipped
#   REPEAT          xrun's --repeat (default 20; small for the interpreter)
#   PEER_REPEAT     calls timed per peer (default 100)
#   COMPILE_REPEAT  processes timed for the compile times (default 3)
#   WORKLOADS       comma list of add,chain,matmul,mlp,small_mlp,compile (default all)
#   VULKAN=1        also run each workload on the first Vulkan device (time and ratio to DEVICE)
#   XRUN            an xrun binary to use instead of building this tree's
#   BENCH_DIR       where inputs and outputs go (default a fresh temp dir)
set -e
cd "$(dirname "$0")/../.."
if [ -z "$XRUN" ]; then
  cargo build --release -q -p xrun
  XRUN=${CARGO_TARGET_DIR:-target}/release/xrun
fi
# A pinned OpenBLAS core type would slow numpy down on this machine.
unset OPENBLAS_CORETYPE OPENBLAS_L2_SIZE
PY=${BENCH_PYTHON:-python3}
if ! command -v "$PY" >/dev/null 2>&1; then
  echo "BENCH_PYTHON=$PY not found: using python3 (peers it lacks are skipped)"
  PY=python3
fi
exec "$PY" bench/runtime/bench.py --xrun "$XRUN" --device "${1:-local}" ${VULKAN:+--vulkan} \
  --workloads "${WORKLOADS:-add,chain,matmul,mlp,small_mlp,compile}"
