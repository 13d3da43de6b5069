// RUN: xopt %s --device-explain=placement=min-transfer --verify-diagnostics
// RUN: xopt %s --device-plan=placement=min-transfer | xcheck %s

// With placement=min-transfer, device-explain explains min-transfer's choices: the
// reduction stays with its big input (cpu), the rest goes to gpu, and only the
// reduction's scalar crosses, right after its definition.
// CHECK-LABEL: func.func @reduce_then_broadcast
// CHECK-NEXT: graph.reduce_sum %arg0 axes = [0] {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: graph.transfer %0 from #device.affinity<@cpu> to #device.affinity<@gpu>
// CHECK-NEXT: graph.broadcast %1 dimensions = [] {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: graph.add %2, %arg1 {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: graph.mul %3, %2 {device.affinity = #device.affinity<@gpu>}
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @reduce_then_broadcast(%a: tensor<1024xf32> {device.affinity = #device.affinity<@cpu>}, %b: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) {
    // expected-remark@+1 {{placed on #device.affinity<@cpu> by the min-transfer placement (the fewest bytes moved)}}
    %0 = graph.reduce_sum %a axes = [0] : tensor<1024xf32> -> tensor<f32>
    // expected-remark@+2 {{placed on #device.affinity<@gpu> by the min-transfer placement (the fewest bytes moved)}}
    // expected-remark@+1 {{operand #0 crosses from #device.affinity<@cpu> to #device.affinity<@gpu>: device-plan moves it with one 'graph.transfer' after its definition, shared by its uses on #device.affinity<@gpu>}}
    %1 = graph.broadcast %0 dimensions = [] : tensor<f32> -> tensor<4xf32>
    // expected-remark@+1 {{placed on #device.affinity<@gpu> by the min-transfer placement (the fewest bytes moved)}}
    %2 = graph.add %1, %b : tensor<4xf32>
    // expected-remark@+1 {{placed on #device.affinity<@gpu> by the min-transfer placement (the fewest bytes moved)}}
    %3 = graph.mul %2, %1 : tensor<4xf32>
    return %3 : tensor<4xf32>
  }
}
