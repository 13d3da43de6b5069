// RUN: xopt %s --flow-form-dispatch-regions | xcheck %s
// RUN: xopt %s --convert-graph-to-flow | xcheck %s --check-prefix=FLOW

// Formation rules: the constant stays outside and is captured (the full
// conversion then clones it into the kernel, see constants.mlir); add and exp are
// producers of the reduction root and neg its consumer (the region's shape is
// the root's result); the transpose of another shape is a region of its own;
// graph.dim stays outside; ops in graph.if branches form regions inside the
// branch, and graph.if stays outside (the full conversion then makes it an
// scf.if, see if.mlir).

module attributes {device.targets = {cpu = #device.alias<"local">}} {
  func.func @rules(%arg0: tensor<4x8xf32> {device.affinity = #device.affinity<@cpu>}, %arg1: i1) -> (tensor<4x8xf32> {device.affinity = #device.affinity<@cpu>}, tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, index) {
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
    return %7, %4, %6 : tensor<4x8xf32>, tensor<4xf32>, index
  }
}

// CHECK-LABEL: func.func @rules(
// CHECK-NEXT: %0 = graph.constant
// CHECK-NEXT: %1 = flow.dispatch.region on(#device.affinity<@cpu>) -> (tensor<4xf32>) {
// CHECK-NEXT: graph.add %arg0, %0
// CHECK-NEXT: graph.exp
// CHECK-NEXT: graph.reduce_sum
// CHECK-NEXT: %[[N:.*]] = graph.neg
// CHECK-NEXT: flow.return %[[N]] : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %2 = flow.dispatch.region on(#device.affinity<@cpu>) -> (tensor<8x4xf32>) {
// CHECK-NEXT: graph.transpose
// CHECK-NEXT: flow.return
// CHECK-NEXT: }
// CHECK-NEXT: %3 = graph.dim %2, 0
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
// CHECK-NEXT: return %4, %1, %3

// The full conversion clones the constant into the kernel that reads it.
// FLOW: func.func @rules_dispatch_0(%arg0: tensor<4x8xf32>) -> tensor<4xf32> {
// FLOW-NEXT: %[[K:.+]] = graph.constant dense<1.000000e+00> : tensor<4x8xf32>
// FLOW-NEXT: graph.add %arg0, %[[K]]
// FLOW-COUNT-2: flow.executable private
// FLOW-LABEL: func.func @rules(
// FLOW-NEXT: %0 = flow.dispatch @rules_dispatch_0::@rules_dispatch_0(%arg0) on(#device.affinity<@cpu>) : (tensor<4x8xf32>) -> tensor<4xf32>
// FLOW-NEXT: %1 = flow.dispatch @rules_dispatch_1::@rules_dispatch_1(%arg0)
// FLOW-NEXT: %2 = graph.dim %1, 0
// FLOW-NEXT: %3 = scf.if %arg1 -> (tensor<4x8xf32>) {
// FLOW-NEXT: %4 = flow.dispatch @rules_dispatch_2::@rules_dispatch_2(%arg0)
// FLOW-NEXT: scf.yield %4 : tensor<4x8xf32>
// FLOW-NEXT: } else {
// FLOW-NEXT: scf.yield %arg0 : tensor<4x8xf32>
// FLOW-NEXT: } {device.affinity = #device.affinity<@cpu>}
