// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=kernel 2>/dev/null | xcheck %s
// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=flow 2>/dev/null | xcheck %s --check-prefix=FLOW
// RUN: sed 's/#device.alias<"local">/#device.target<"local", {cpu = "host", window_stages = false}, ["cranelift"]>/' %s | xopt --device-assignment-pipeline --device-plan --compile-to=kernel 2>/dev/null | xcheck %s --check-prefix=NOSTAGE
// RUN: sed 's/#device.alias<"local">/#device.alias<"vulkan">/' %s | xopt --device-assignment-pipeline --device-plan --compile-to=kernel 2>/dev/null | xcheck %s --check-prefix=NOSTAGE
// RUN: xopt %s --graph-decompose 2>/dev/null | xcheck %s --check-prefix=DECOMPOSE
// RUN: xopt %s --graph-decompose=keep-windows=true 2>/dev/null | xcheck %s --check-prefix=KEEP

// A 2-d f32 conv of static shape stays whole through graph → flow, anchors
// its dispatch as a matmul does (the relu of its input fuses in front, the
// residual add and relu after it), and becomes the named stage kernel.conv
// on `local`: the bias is the first step of its epilogue, then the add and
// the relu. A target without the stage (vulkan, or `window_stages = false`)
// gets the conv decomposed by the kernel lowering: im2col and a matmul.
// A dynamic batch is the stage's too (and the decomposition's, which reads
// it through the kernel's dim argument). The f64 conv is decomposed in
// graph → flow (the stage is f32 only).

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @block(%x: tensor<1x4x6x6xf32>, %r: tensor<1x8x3x3xf32>) -> tensor<1x8x3x3xf32> {
    %w = graph.constant dense<0.5> : tensor<8x4x3x3xf32>
    %b = graph.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
    %a = graph.relu %x : tensor<1x4x6x6xf32>
    %y = graph.conv %a, %w, %b strides = [2, 2] dilations = [1, 1] pads = [1, 1, 0, 0] groups = 1 : (tensor<1x4x6x6xf32>, tensor<8x4x3x3xf32>, tensor<8xf32>) -> tensor<1x8x3x3xf32>
    %s = graph.add %y, %r : tensor<1x8x3x3xf32>
    %o = graph.relu %s : tensor<1x8x3x3xf32>
    return %o : tensor<1x8x3x3xf32>
  }
  func.func @batch(%x: tensor<?x2x5x5xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<?x3x5x5xf32> {
    %y = graph.conv %x, %w strides = [1, 1] dilations = [1, 1] pads = [1, 1, 1, 1] groups = 1 : (tensor<?x2x5x5xf32>, tensor<3x2x3x3xf32>) -> tensor<?x3x5x5xf32>
    return %y : tensor<?x3x5x5xf32>
  }
  func.func @wide(%x: tensor<1x2x5xf64>, %w: tensor<2x2x3xf64>) -> tensor<1x2x3xf64> {
    %y = graph.conv %x, %w strides = [1] dilations = [1] pads = [0, 0] groups = 1 : (tensor<1x2x5xf64>, tensor<2x2x3xf64>) -> tensor<1x2x3xf64>
    return %y : tensor<1x2x3xf64>
  }
}
// FLOW-LABEL: func.func @block_dispatch_0(
// FLOW:       graph.relu
// FLOW-NEXT:  graph.conv
// FLOW-NEXT:  graph.add
// FLOW-NEXT:  graph.relu
// FLOW-NEXT:  return
// FLOW-LABEL: func.func @wide_dispatch_0(
// FLOW-NOT:   graph.conv
// FLOW:       graph.matmul

// CHECK-LABEL: func.func @block_dispatch_0() {
// CHECK:      %[[X:.+]] = kernel.binding 0 : memref<1x4x6x6xf32>
// CHECK-NEXT: %[[R:.+]] = kernel.binding 1 : memref<1x8x3x3xf32>
// CHECK-NEXT: %[[O:.+]] = kernel.binding 2 : memref<1x8x3x3xf32>
// CHECK:      %[[B:.+]] = kernel.constant dense<[1.000000e+00, {{.*}}]> : tensor<8xf32> : memref<8xf32>
// CHECK:      %[[A:.+]] = kernel.alloc() : memref<1x4x6x6xf32>
// CHECK:      kernel.generic ins(%[[X]] : memref<1x4x6x6xf32>) outs(%[[A]] : memref<1x4x6x6xf32>)
// CHECK:      arith.maximumf
// CHECK:      kernel.conv ins(%[[A]], %{{.+}} : memref<1x4x6x6xf32>, memref<8x4x3x3xf32>) outs(%[[O]] : memref<1x8x3x3xf32>) epilogue(%[[B]], %[[R]] : memref<8xf32>, memref<1x8x3x3xf32>) attributes {dilations = array<i64: 1, 1>, groups = 1 : i64, indexing_maps = [#{{.+}}, #{{.+}}], pads = array<i64: 1, 1, 0, 0>, strides = array<i64: 2, 2>} {
// CHECK-NEXT: ^bb0(%[[S:.+]]: f32, %[[BV:.+]]: f32, %[[RV:.+]]: f32):
// CHECK-NEXT:   %[[T0:.+]] = arith.addf %[[S]], %[[BV]] : f32
// CHECK-NEXT:   %[[T1:.+]] = arith.addf %[[T0]], %[[RV]] : f32
// CHECK-NEXT:   %{{.+}} = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:   %[[T2:.+]] = arith.maximumf %[[T1]], %{{.+}} : f32
// CHECK-NEXT:   kernel.yield %[[T2]] : f32
// CHECK-LABEL: func.func @batch_dispatch_0(%arg0: index, %arg1: index) {
// CHECK:      %[[X:.+]] = kernel.binding 0(%arg0) : memref<?x2x5x5xf32>
// CHECK-NEXT: %[[W:.+]] = kernel.binding 1 : memref<3x2x3x3xf32>
// CHECK-NEXT: %[[O:.+]] = kernel.binding 2(%arg1) : memref<?x3x5x5xf32>
// CHECK-NEXT: kernel.conv ins(%[[X]], %[[W]] : memref<?x2x5x5xf32>, memref<3x2x3x3xf32>) outs(%[[O]] : memref<?x3x5x5xf32>)
// CHECK-LABEL: func.func @wide_dispatch_0() {
// CHECK-NOT:  kernel.conv
// CHECK:      kernel.matmul

// NOSTAGE-LABEL: func.func @block_dispatch_0() {
// NOSTAGE-NOT:   kernel.conv
// NOSTAGE:       kernel.matmul
// NOSTAGE-NOT:   kernel.conv
// NOSTAGE-LABEL: func.func @batch_dispatch_0(
// NOSTAGE-NOT:   kernel.conv
// NOSTAGE:       kernel.matmul
// NOSTAGE-LABEL: func.func @wide_dispatch_0() {

// DECOMPOSE-LABEL: func.func @block(
// DECOMPOSE-NOT:   graph.conv
// DECOMPOSE:       graph.matmul
// KEEP-LABEL: func.func @block(
// KEEP:       graph.conv
// KEEP-LABEL: func.func @wide(
// KEEP-NOT:   graph.conv
// KEEP:       graph.matmul
