// RUN: xopt %s --flow-form-dispatch-regions | xcheck %s
// RUN: xopt %s --convert-graph-to-flow | xcheck %s --check-prefix=FLOW

// Formation rules: the constant stays outside and is captured (the full
// conversion then clones it into the kernel, see constants.mlir); add and exp are
// producers of the reduction root and neg its consumer (the region's shape is
// the root's result); the transpose of another shape is a region of its own;
// graph.dim stays outside, reads the same dim of the earliest value holding it
// (dim 0 of the transpose is dim 1 of %arg0) and moves to the top; ops in
// graph.if branches form regions inside the branch, and graph.if stays outside
// (the full conversion then makes it an scf.if, see if.mlir).

module attributes {device.targets = {cpu = #device.alias<"local">}} {
  func.func @rules(%arg0: tensor<4x8xf32> {device.affinity = #device.affinity<@cpu>}, %arg1: i1) -> (tensor<4x8xf32> {device.affinity = #device.affinity<@cpu>}, tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, index, tensor<8x4xf32> {device.affinity = #device.affinity<@cpu>}) {
    %0 = graph.constant {device.affinity = #device.affinity<@cpu>} dense<1.000000e+00> : tensor<4x8xf32>
    %1 = graph.add %arg0, %0 {device.affinity = #device.affinity<@cpu>} : tensor<4x8xf32>
    %2 = graph.exp %1 {device.affinity = #device.affinity<@cpu>} : tensor<4x8xf32>
    %3 = graph.reduce_sum %2 axes = [1] {device.affinity = #device.affinity<@cpu>} : tensor<4x8xf32> -> tensor<4xf32>
    %4 = graph.neg %3 {device.affinity = #device.affinity<@cpu>} : tensor<4xf32>
    %5 = graph.transpose %arg0 permutation = [1, 0] {device.affinity = #device.affinity<@cpu>} : tensor<4x8xf32> -> tensor<8x4xf32>
    %6 = graph.dim %5, 0 {device.affinity = #device.affinity<@cpu>} : tensor<8x4xf32>
    %7 = graph.if %arg1 -> (tensor<4x8xf32>) {
      %8 = graph.tanh %arg0 {device.affinity = #device.affinity<@cpu>} : tensor<4x8xf32>
      %9 = graph.relu %8 {device.affinity = #device.affinity<@cpu>} : tensor<4x8xf32>
      graph.yield %9 : tensor<4x8xf32>
    } else {
      graph.yield %arg0 : tensor<4x8xf32>
    } {device.affinity = #device.affinity<@cpu>}
    return %7, %4, %6, %5 : tensor<4x8xf32>, tensor<4xf32>, index, tensor<8x4xf32>
  }

  // A transpose only a graph.dim read: the dim reads %arg0, and the
  // transpose, unused then, is erased (no dispatch reads nothing).
  func.func @dim_only(%arg0: tensor<4x?xf32> {device.affinity = #device.affinity<@cpu>}) -> index {
    %0 = graph.transpose %arg0 permutation = [1, 0] {device.affinity = #device.affinity<@cpu>} : tensor<4x?xf32> -> tensor<?x4xf32>
    %1 = graph.dim %0, 0 {device.affinity = #device.affinity<@cpu>} : tensor<?x4xf32>
    return %1 : index
  }
}

// CHECK-LABEL: func.func @rules(
// CHECK-NEXT: %0 = graph.dim %arg0, 1
// CHECK-NEXT: %1 = graph.constant
// CHECK-NEXT: %2 = flow.dispatch.region on(#device.affinity<@cpu>) -> (tensor<4xf32>) {
// CHECK-NEXT: graph.add %arg0, %1
// CHECK-NEXT: graph.exp
// CHECK-NEXT: graph.reduce_sum
// CHECK-NEXT: %[[N:.*]] = graph.neg
// CHECK-NEXT: flow.return %[[N]] : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %3 = flow.dispatch.region on(#device.affinity<@cpu>) -> (tensor<8x4xf32>) {
// CHECK-NEXT: graph.transpose
// CHECK-NEXT: flow.return
// CHECK-NEXT: }
// CHECK-NEXT: %4 = graph.if %arg1 -> (tensor<4x8xf32>) {
// CHECK-NEXT: %5 = flow.dispatch.region on(#device.affinity<@cpu>) -> (tensor<4x8xf32>) {
// CHECK-NEXT: graph.tanh %arg0
// CHECK-NEXT: %[[J:.*]] = graph.relu
// CHECK-NEXT: flow.return %[[J]]
// CHECK-NEXT: }
// CHECK-NEXT: graph.yield %5
// CHECK-NEXT: } else {
// CHECK-NEXT: graph.yield %arg0
// CHECK-NEXT: }
// CHECK-NEXT: return %4, %2, %0, %3
// CHECK-LABEL: func.func @dim_only(
// CHECK-NEXT: %0 = graph.dim %arg0, 1
// CHECK-NEXT: return %0 : index

// The full conversion clones the constant into the kernel that reads it.
// FLOW: func.func @rules_dispatch_0(%arg0: tensor<4x8xf32>) -> tensor<4xf32> {
// FLOW-NEXT: %[[K:.+]] = graph.constant dense<1.000000e+00> : tensor<4x8xf32>
// FLOW-NEXT: graph.add %arg0, %[[K]]
// FLOW-COUNT-2: flow.executable private
// FLOW-LABEL: func.func @rules(
// FLOW-NEXT: %0 = graph.dim %arg0, 1
// FLOW-NEXT: %1 = flow.dispatch @rules_dispatch_0::@rules_dispatch_0(%arg0) on(#device.affinity<@cpu>) : (tensor<4x8xf32>) -> tensor<4xf32>
// FLOW-NEXT: %2 = flow.dispatch @rules_dispatch_1::@rules_dispatch_1(%arg0)
// FLOW-NEXT: %3 = scf.if %arg1 -> (tensor<4x8xf32>) {
// FLOW-NEXT: %4 = flow.dispatch @rules_dispatch_2::@rules_dispatch_2(%arg0)
// FLOW-NEXT: scf.yield %4 : tensor<4x8xf32>
// FLOW-NEXT: } else {
// FLOW-NEXT: scf.yield %arg0 : tensor<4x8xf32>
// FLOW-NEXT: } {device.affinity = #device.affinity<@cpu>}
// FLOW-NEXT: return %3, %1, %0, %2
