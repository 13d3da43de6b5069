// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=kernel --split-input-file 2>/dev/null | xcheck %s

// convert-graph-to-kernel: a dispatch of fused elementwise ops is one
// kernel.generic: one input per distinct (buffer, map), one output, the ops
// as scalar arith in its body, vector_width from the target (128-bit
// vectors: 4 f32 lanes). The kernel function takes the dispatch constants
// only; its buffers are the dispatch's bindings (inputs, then results).

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @chain(%a: tensor<1000xf32>, %b: tensor<1000xf32>, %c: tensor<1000xf32>) -> tensor<1000xf32> {
    %0 = graph.mul %a, %b : tensor<1000xf32>
    %1 = graph.add %0, %c : tensor<1000xf32>
    %2 = graph.relu %1 : tensor<1000xf32>
    %3 = graph.exp %2 : tensor<1000xf32>
    return %3 : tensor<1000xf32>
  }
}
// CHECK: #[[ID:.+]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @chain_dispatch_0() {
// CHECK-NEXT: %[[A:.+]] = kernel.binding 0 : memref<1000xf32>
// CHECK-NEXT: %[[B:.+]] = kernel.binding 1 : memref<1000xf32>
// CHECK-NEXT: %[[C:.+]] = kernel.binding 2 : memref<1000xf32>
// CHECK-NEXT: %[[O:.+]] = kernel.binding 3 : memref<1000xf32>
// CHECK-NEXT: %[[N:.+]] = arith.constant 1000 : index
// CHECK-NEXT: kernel.generic ins(%[[A]], %[[B]], %[[C]] : memref<1000xf32>, memref<1000xf32>, memref<1000xf32>) outs(%[[O]] : memref<1000xf32>) domain(%[[N]]) attributes {indexing_maps = [#[[ID]], #[[ID]], #[[ID]], #[[ID]]], iterator_types = ["parallel"], vector_width = 4 : i64} {
// CHECK-NEXT: ^bb0(%[[X:.+]]: f32, %[[Y:.+]]: f32, %[[Z:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT: %[[M:.+]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[S:.+]] = arith.addf %[[M]], %[[Z]] : f32
// CHECK-NEXT: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[R:.+]] = arith.maximumf %[[S]], %[[ZERO]] : f32
// CHECK-NEXT: %[[E:.+]] = kernel.exp %[[R]] : f32
// CHECK-NEXT: kernel.yield %[[E]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NOT: kernel.alloc

// -----

// Broadcast, transpose and slice fold into the maps of the reading stage; a
// stretched size-1 dim reads index 0; a strided slice is start + stride * d.

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @maps(%m: tensor<4x8xf32>, %row: tensor<8xf32>, %t: tensor<8x4xf32>, %s: tensor<9x17xf32>) -> tensor<4x8xf32> {
    %0 = graph.broadcast %row dimensions = [1] : tensor<8xf32> -> tensor<4x8xf32>
    %1 = graph.transpose %t permutation = [1, 0] : tensor<8x4xf32> -> tensor<4x8xf32>
    %2 = graph.slice %s start = [1, 2] strides = [2, 2] : tensor<9x17xf32> -> tensor<4x8xf32>
    %3 = graph.add %m, %0 : tensor<4x8xf32>
    %4 = graph.mul %3, %1 : tensor<4x8xf32>
    %5 = graph.sub %4, %2 : tensor<4x8xf32>
    return %5 : tensor<4x8xf32>
  }
}
// CHECK-DAG: #[[ID2:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[ROW:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[T:.+]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #[[SL:.+]] = affine_map<(d0, d1) -> (d0 * 2 + 1, d1 * 2 + 2)>
// CHECK-LABEL: func.func @maps_dispatch_0() {
// The transposed and sliced operands are not contiguous along d1: no vectors.
// CHECK: kernel.generic ins({{.*}}) outs({{.*}}) domain({{.*}}) attributes {indexing_maps = [#[[ID2]], #[[ROW]], #[[T]], #[[SL]], #[[ID2]]], iterator_types = ["parallel", "parallel"]} {
// CHECK: arith.addf
// CHECK: arith.mulf
// CHECK: arith.subf
// CHECK: kernel.yield

// -----

// An operand used twice in one body is loaded once.

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @square(%a: tensor<5xf64>) -> tensor<5xf64> {
    %0 = graph.mul %a, %a : tensor<5xf64>
    return %0 : tensor<5xf64>
  }
}
// CHECK-LABEL: func.func @square_dispatch_0() {
// CHECK: kernel.generic ins(%{{.+}} : memref<5xf64>) outs(%{{.+}} : memref<5xf64>) domain(%{{.+}}) attributes {{{.*}}vector_width = 2 : i64} {
// CHECK-NEXT: ^bb0(%[[X:.+]]: f64, %{{.+}}: f64):
// CHECK-NEXT: arith.mulf %[[X]], %[[X]] : f64

// -----

// A value two ops read gets no buffer when both fold into one stage (GELU's
// input: x * (1 + erf(x / sqrt 2)) / 2): the body computes it once.

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @gelu(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<64xf32> {
    %x = graph.add %a, %b : tensor<64xf32>
    %c = graph.constant dense<0.707106769> : tensor<64xf32>
    %s = graph.mul %x, %c : tensor<64xf32>
    %e = graph.erf %s : tensor<64xf32>
    %g = graph.mul %x, %e : tensor<64xf32>
    return %g : tensor<64xf32>
  }
}
// CHECK-LABEL: func.func @gelu_dispatch_0() {
// CHECK-NOT: kernel.alloc
// CHECK: kernel.generic
// CHECK-NEXT: ^bb0(%[[A:.+]]: f32, %[[B:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT: %[[X:.+]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NOT: arith.addf
// CHECK: %[[E:.+]] = kernel.erf
// CHECK-NEXT: %[[G:.+]] = arith.mulf %[[X]], %[[E]] : f32
// CHECK-NEXT: kernel.yield %[[G]] : f32
// CHECK-NOT: kernel.generic
