// RUN: xopt %s --split-input-file --device-explain --verify-diagnostics
// RUN: xopt %s --split-input-file --device-explain 2>/dev/null | xcheck %s

// Each graph op says where its placement comes from: the pin (with its line) and the
// uses that carried it; the IR is left unchanged.
// CHECK: graph.exp %arg0 : tensor<4xf32>
// CHECK-NOT: device.affinity = #device.affinity<@gpu>} : tensor<4xf32>
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}, device.default = #device.affinity<@gpu>} {
  func.func @f(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %b: tensor<?xf32>) -> tensor<4xf32> {
    // expected-remark@+1 {{placed on #device.affinity<@cpu> by argument #0 of @f (line 9)}}
    %0 = graph.exp %a : tensor<4xf32>
    // expected-remark@+1 {{placed on #device.affinity<@cpu> by argument #0 of @f (line 9) via 'graph.exp' (line 11)}}
    %1 = graph.neg %0 : tensor<4xf32>
    // expected-remark@+1 {{placed on #device.affinity<@gpu> by the 'to' side of this 'graph.transfer'}}
    %2 = graph.transfer %1 to #device.affinity<@gpu> : tensor<4xf32>
    // expected-remark@+1 {{placed on #device.affinity<@gpu> by the 'to' side of 'graph.transfer' (line 15)}}
    %3 = graph.relu %2 : tensor<4xf32>
    // expected-remark@+1 {{placed on #device.affinity<@gpu> by 'graph.on_device' (line 19)}}
    %4 = graph.on_device %3 on #device.affinity<@gpu> : tensor<4xf32>
    // expected-remark@+1 {{placed on #device.affinity<@gpu> by default: nothing constrains it}}
    %5 = graph.tanh %b : tensor<?xf32>
    // expected-remark@+1 {{placed on #device.affinity<@cpu> by host-only 'graph.dim' (device.host) (line 23)}}
    %6 = graph.dim %5, 0 : tensor<?xf32>
    return %4 : tensor<4xf32>
  }
}

// -----

// A long chain shows only the uses nearest to the op, from the pin's side.
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @chain(%a: tensor<4xf32>) -> (tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) {
    // expected-remark@+1 {{placed on #device.affinity<@gpu> by result #0 of @chain (line 32) via ... -> 'graph.neg' (line 42) -> 'graph.exp' (line 40) -> 'graph.exp' (line 38) -> 'graph.neg' (line 36)}}
    %0 = graph.exp %a : tensor<4xf32>
    // expected-remark@+1 {{placed on #device.affinity<@gpu> by result #0 of @chain (line 32) via 'func.return' (line 43) -> 'graph.neg' (line 42) -> 'graph.exp' (line 40) -> 'graph.exp' (line 38)}}
    %1 = graph.neg %0 : tensor<4xf32>
    // expected-remark@+1 {{via 'func.return' (line 43) -> 'graph.neg' (line 42) -> 'graph.exp' (line 40)}}
    %2 = graph.exp %1 : tensor<4xf32>
    // expected-remark@+1 {{via 'func.return' (line 43) -> 'graph.neg' (line 42)}}
    %3 = graph.exp %2 : tensor<4xf32>
    // expected-remark@+1 {{placed on #device.affinity<@gpu> by result #0 of @chain (line 32) via 'func.return' (line 43)}}
    %4 = graph.neg %3 : tensor<4xf32>
    return %4 : tensor<4xf32>
  }
}
