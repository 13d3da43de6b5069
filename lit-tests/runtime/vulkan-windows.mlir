// REQUIRES: vulkan
// The window graph ops on the vulkan backend: the runs of ops/windows.mlir,
// compiled for vulkan, checked against the same lines as on local and the
// reference (im2col's matmul is the tiled shader, pools and pads fused
// elementwise kernels).

// RUN: xrun %S/ops/windows.mlir --target-device=vulkan --device=vulkan --function=conv_diag --input="1x1x3x3xf32=1 2 3 4 5 6 7 8 9" --input="1x1x2x2xf32=1 0 0 1" --input="1xf32=0.5" | xcheck %S/ops/windows.mlir --check-prefix=CONVDIAG --match-full-lines
// RUN: xrun %S/ops/windows.mlir --target-device=vulkan --device=vulkan --function=conv_pad_stride --input="1x1x3x3xf32=1 2 3 4 5 6 7 8 9" --input="1x1x3x3xf32=1" | xcheck %S/ops/windows.mlir --check-prefix=CONVPAD --match-full-lines
// RUN: xrun %S/ops/windows.mlir --target-device=vulkan --device=vulkan --function=depthwise --input="1x2x1x3xf32=1 2 3 4 5 6" --input="2x1x1x2xf32=1 1 2 -1" | xcheck %S/ops/windows.mlir --check-prefix=DEPTHWISE --match-full-lines
// RUN: xrun %S/ops/windows.mlir --target-device=vulkan --device=vulkan --function=conv_transpose --input="1x1x2xf32=1 2" --input="1x1x2xf32=1 1" | xcheck %S/ops/windows.mlir --check-prefix=CONVT --match-full-lines
// RUN: xrun %S/ops/windows.mlir --target-device=vulkan --device=vulkan --function=max_pool --input="1x1x3x3xf32=1 2 3 4 5 6 7 8 9" | xcheck %S/ops/windows.mlir --check-prefix=MAXPOOL --match-full-lines
// RUN: xrun %S/ops/windows.mlir --target-device=vulkan --device=vulkan --function=avg_pool --input="1x1x3x3xf32=1 2 3 4 5 6 7 8 9" | xcheck %S/ops/windows.mlir --check-prefix=AVGPOOL --match-full-lines
// RUN: xrun %S/ops/windows.mlir --target-device=vulkan --device=vulkan --function=pads --input="1x3xf32=1 2 3" --input="f32=7" | xcheck %S/ops/windows.mlir --check-prefix=PADS --match-full-lines
// RUN: xrun %S/ops/windows.mlir --target-device=vulkan --device=vulkan --function=resize --input="1x1x1x2xf32=1 3" | xcheck %S/ops/windows.mlir --check-prefix=RESIZE --match-full-lines
// RUN: xrun %S/ops/windows.mlir --target-device=vulkan --device=vulkan --function=max_pool_nan --input="1x1x4xf32=1 nan 3 nan" | xcheck %S/ops/windows.mlir --check-prefix=MAXNAN --match-full-lines
