// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=kernel 2>/dev/null | xcheck %s
// RUN: sed 's/#device.alias<"local">/#device.alias<"vulkan">/' %s | xopt --device-assignment-pipeline --device-plan --compile-to=kernel 2>/dev/null | xcheck %s --check-prefix=NOSTAGE
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s --check-prefix=ROUND

// A 1-d or 2-d f32 max_pool or avg_pool stays whole through graph → flow
// and becomes the named stage kernel.pool on `local` (ResNet's max pool
// was four copy stages and a scalar max of nine strided slices); a target
// without the stage (vulkan) gets it decomposed by the kernel lowering.

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @max(%x: tensor<?x4x9x9xf32>) -> tensor<?x4x5x5xf32> {
    %y = graph.max_pool %x kernel_shape = [3, 3] strides = [2, 2] dilations = [1, 1] pads = [1, 1, 1, 1] ceil_mode = 0 : tensor<?x4x9x9xf32> -> tensor<?x4x5x5xf32>
    return %y : tensor<?x4x5x5xf32>
  }
  func.func @avg(%x: tensor<1x2x7xf32>) -> tensor<1x2x4xf32> {
    %y = graph.avg_pool %x kernel_shape = [2] strides = [2] dilations = [1] pads = [0, 0] ceil_mode = 1 count_include_pad = 1 : tensor<1x2x7xf32> -> tensor<1x2x4xf32>
    return %y : tensor<1x2x4xf32>
  }
}
// CHECK-LABEL: func.func @max_dispatch_0(%arg0: index, %arg1: index) {
// CHECK:      %[[X:.+]] = kernel.binding 0(%arg0) : memref<?x4x9x9xf32>
// CHECK-NEXT: %[[O:.+]] = kernel.binding 1(%arg1) : memref<?x4x5x5xf32>
// CHECK-NEXT: kernel.pool ins(%[[X]] : memref<?x4x9x9xf32>) outs(%[[O]] : memref<?x4x5x5xf32>) attributes {ceil_mode = 0 : i64, count_include_pad = 0 : i64, dilations = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, kind = "max", pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>}
// CHECK-NEXT: return
// CHECK-LABEL: func.func @avg_dispatch_0() {
// CHECK:      kernel.pool ins(%{{.+}} : memref<1x2x7xf32>) outs(%{{.+}} : memref<1x2x4xf32>) attributes {ceil_mode = 1 : i64, count_include_pad = 1 : i64, dilations = array<i64: 1>, kernel_shape = array<i64: 2>, kind = "avg", pads = array<i64: 0, 0>, strides = array<i64: 2>}

// NOSTAGE-LABEL: func.func @max_dispatch_0(
// NOSTAGE-NOT:   kernel.pool
// NOSTAGE:       arith.cmpf ogt
// NOSTAGE-NOT:   kernel.pool
// NOSTAGE-LABEL: func.func @avg_dispatch_0(
// NOSTAGE-NOT:   kernel.pool
// NOSTAGE:       return

// ROUND-LABEL: func.func @max(
// ROUND: graph.max_pool
