// RUN: xopt %s --convert-graph-to-flow | xcheck %s

// A diamond whose branches run on different devices: the cpu head (relu) fuses
// with the cpu branch (tanh, neg) into one two-result dispatch; the gpu branch
// (matmul root + exp) is its own; the join (add) waits for the transfer back and
// forms a third dispatch. Input: the output of --device-plan.

module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @diamond(%arg0: tensor<4x4xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<4x4xf32> {device.affinity = #device.affinity<@cpu>}) {
    %0 = graph.relu %arg0 {device.affinity = #device.affinity<@cpu>} : tensor<4x4xf32>
    %1 = graph.transfer %0 from #device.affinity<@cpu> to #device.affinity<@gpu> {device.affinity = #device.affinity<@gpu>} : tensor<4x4xf32>
    %2 = graph.matmul %1, %1 {device.affinity = #device.affinity<@gpu>} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %3 = graph.exp %2 {device.affinity = #device.affinity<@gpu>} : tensor<4x4xf32>
    %4 = graph.tanh %0 {device.affinity = #device.affinity<@cpu>} : tensor<4x4xf32>
    %5 = graph.neg %4 {device.affinity = #device.affinity<@cpu>} : tensor<4x4xf32>
    %6 = graph.transfer %3 from #device.affinity<@gpu> to #device.affinity<@cpu> {device.affinity = #device.affinity<@cpu>} : tensor<4x4xf32>
    %7 = graph.add %6, %5 {device.affinity = #device.affinity<@cpu>} : tensor<4x4xf32>
    return %7 : tensor<4x4xf32>
  }
}


// CHECK: flow.executable private @diamond_dispatch_0 {
// CHECK: func.func @diamond_dispatch_0(%arg0: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
// CHECK-NEXT: %0 = graph.relu %arg0
// CHECK-NEXT: %1 = graph.tanh %0
// CHECK-NEXT: %2 = graph.neg %1
// CHECK-NEXT: return %0, %2 : tensor<4x4xf32>, tensor<4x4xf32>
// CHECK: flow.executable private @diamond_dispatch_1 {
// CHECK: func.func @diamond_dispatch_1(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
// CHECK-NEXT: %0 = graph.matmul %arg0, %arg0
// CHECK-NEXT: %1 = graph.exp %0
// CHECK-NEXT: return %1
// CHECK: flow.executable private @diamond_dispatch_2 {
// CHECK: func.func @diamond_dispatch_2(%arg0: tensor<4x4xf32>, %arg1: tensor<4x4xf32>) -> tensor<4x4xf32> {
// CHECK-NEXT: %0 = graph.add %arg0, %arg1
// CHECK-LABEL: func.func @diamond(
// CHECK-NEXT: %0:2 = flow.dispatch @diamond_dispatch_0::@diamond_dispatch_0(%arg0) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>)
// CHECK-NEXT: %1 = flow.tensor.transfer %0#0 from #device.affinity<@cpu> to #device.affinity<@gpu> : tensor<4x4xf32>
// CHECK-NEXT: %2 = flow.dispatch @diamond_dispatch_1::@diamond_dispatch_1(%1) on(#device.affinity<@gpu>)
// CHECK-NEXT: %3 = flow.tensor.transfer %2 from #device.affinity<@gpu> to #device.affinity<@cpu> : tensor<4x4xf32>
// CHECK-NEXT: %4 = flow.dispatch @diamond_dispatch_2::@diamond_dispatch_2(%3, %0#1) on(#device.affinity<@cpu>)
// CHECK-NEXT: return %4
