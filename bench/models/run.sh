#!/bin/sh
# Real-model benchmark: resnet18 and mobilenet_v2 (batch 1, 224x224, f32),
# made runnable from their checked-in skeletons, on xir `local` (release
# build) against onnxruntime (2 intra-op threads) and IREE llvm-cpu (when
# installed), in the same run; prints the time per inference, xir/onnxruntime
# with the targets, and the compile times. See bench/models/README.md.
#
# Usage: bench/models/run.sh
# Environment:
#   BENCH_PYTHON     the python with numpy, onnx and onnxruntime (and, for IREE,
#                    iree-base-compiler and iree-base-runtime); default python3
#   MODELS           comma list (default resnet18,mobilenet_v2)
#   EXPORTER         ts17 (default) or dynamo18 (BatchNormalization kept)
#   REPEAT           xrun's --repeat (default 20)
#   PEER_REPEAT      onnxruntime's timed calls (default 50)
#   COMPILE_REPEAT   processes timed for each compile time (default 3)
#   XRUN, XIR_IMPORT_ONNX  binaries to use instead of building this tree's
#   BENCH_DIR        where models, inputs and outputs go (default a fresh temp dir)
set -e
cd "$(dirname "$0")/../.."
if [ -z "$XRUN" ] || [ -z "$XIR_IMPORT_ONNX" ]; then
  cargo build --release -q -p xrun -p xir-import-onnx
fi
XRUN=${XRUN:-${CARGO_TARGET_DIR:-target}/release/xrun}
XIR_IMPORT_ONNX=${XIR_IMPORT_ONNX:-${CARGO_TARGET_DIR:-target}/release/xir-import-onnx}
unset OPENBLAS_CORETYPE OPENBLAS_L2_SIZE
PY=${BENCH_PYTHON:-python3}
exec "$PY" bench/models/bench.py --xrun "$XRUN" --import-onnx "$XIR_IMPORT_ONNX" \
  --models "${MODELS:-resnet18,mobilenet_v2}" --exporter "${EXPORTER:-ts17}"
