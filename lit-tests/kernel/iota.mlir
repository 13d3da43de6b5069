// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=kernel --split-input-file 2>/dev/null | xcheck %s

// graph.iota lowers to a generic whose body reads the loop index
// (kernel.index), in i32 for 32-bit elements, converted by kernel.cast; fused
// into a consumer it reads the index its access map composes to.

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @range(%x: tensor<?xf32>) -> tensor<?xf32> {
    %n = graph.dim %x, 0 : tensor<?xf32>
    %r = graph.iota [%n] dimension = 0 : tensor<?xf32>
    return %r : tensor<?xf32>
  }
}

// The given dim is captured (%arg0); the result's dim is the trailing one.
// CHECK-LABEL: func.func @range_dispatch_0(%arg0: index, %arg1: index) {
// CHECK:      kernel.binding 0(%arg1) : memref<?xf32>
// CHECK:      kernel.generic outs(%{{.+}} : memref<?xf32>) domain(%arg0)
// CHECK-NEXT: ^bb0(%{{.+}}: f32):
// CHECK-NEXT:   %[[I:.+]] = kernel.index 0 : i32
// CHECK-NEXT:   %[[F:.+]] = kernel.cast %[[I]] : i32 to f32
// CHECK-NEXT:   kernel.yield %[[F]] : f32

// -----

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @fused(%x: tensor<700x2xi64>) -> tensor<700x2xi64> {
    %i = graph.iota dimension = 0 : tensor<2x700xi64>
    %t = graph.transpose %i permutation = [1, 0] : tensor<2x700xi64> -> tensor<700x2xi64>
    %r = graph.add %t, %x : tensor<700x2xi64>
    return %r : tensor<700x2xi64>
  }
}
// CHECK-LABEL: func.func @fused_dispatch_0() {
// CHECK:      kernel.generic ins(%{{.+}} : memref<700x2xi64>) outs(%{{.+}} : memref<700x2xi64>) domain(%c700, %c2)
// CHECK-NEXT: ^bb0(%[[X:.+]]: i64, %{{.+}}: i64):
// CHECK-NEXT:   %[[I:.+]] = kernel.index 1 : i64
// CHECK-NEXT:   %[[S:.+]] = arith.addi %[[I]], %[[X]] : i64
// CHECK-NEXT:   kernel.yield %[[S]] : i64
