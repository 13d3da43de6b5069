// device-explain takes device-plan's options and explains the plan they give.
// RUN: xopt %s --split-input-file --device-explain=auto-transfer=true --verify-diagnostics
// RUN: not xopt %s --split-input-file --device-plan=auto-transfer=true 2>/dev/null | xcheck %s

// Two pins meet: device-plan (strict) rejects this (see errors.mlir); with
// auto-transfer=true everything follows the first pin (cpu) and the uses that meet
// the others are cut with transfers, which device-explain names.
// CHECK-LABEL: func.func @cut
// CHECK-NEXT: graph.reduce_sum %arg0 axes = [0] {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: graph.broadcast %0 dimensions = [] {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: graph.transfer %arg1 from #device.affinity<@gpu> to #device.affinity<@cpu>
// CHECK-NEXT: graph.add %1, %2 {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: graph.mul %3, %1 {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: graph.transfer %4 from #device.affinity<@cpu> to #device.affinity<@gpu>
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @cut(%a: tensor<1024xf32> {device.affinity = #device.affinity<@cpu>}, %b: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) {
    // expected-remark@+1 {{placed on #device.affinity<@cpu> by argument #0 of @cut (line 16)}}
    %0 = graph.reduce_sum %a axes = [0] : tensor<1024xf32> -> tensor<f32>
    // expected-remark@+1 {{placed on #device.affinity<@cpu> by argument #0 of @cut (line 16) via 'graph.reduce_sum' (line 18)}}
    %1 = graph.broadcast %0 dimensions = [] : tensor<f32> -> tensor<4xf32>
    // expected-remark@+2 {{placed on #device.affinity<@cpu> by argument #0 of @cut (line 16) via 'graph.reduce_sum' (line 18) -> 'graph.broadcast' (line 20)}}
    // expected-remark@+1 {{operand #1 crosses from #device.affinity<@gpu> to #device.affinity<@cpu>: device-plan moves it with a 'graph.transfer' inserted before this op}}
    %2 = graph.add %1, %b : tensor<4xf32>
    // expected-remark@+1 {{placed on #device.affinity<@cpu> by argument #0 of @cut (line 16) via 'graph.reduce_sum' (line 18) -> 'graph.broadcast' (line 20) -> 'graph.add' (line 23)}}
    %3 = graph.mul %2, %1 : tensor<4xf32>
    // expected-remark@+1 {{operand #0 crosses from #device.affinity<@cpu> to #device.affinity<@gpu>: device-plan moves it with a 'graph.transfer' inserted before this op}}
    return %3 : tensor<4xf32>
  }
}

// -----

// Two pins on one value are an error in every mode: not explained.
// expected-error@+1 {{device-explain: device-plan{auto-transfer=true} rejects this program, so there is no placement to explain; its errors follow}}
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @twice(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.relu %a : tensor<4xf32>
    // expected-note@+1 {{pinned to #device.affinity<@cpu> by 'graph.on_device'}}
    %1 = graph.on_device %0 on #device.affinity<@cpu> : tensor<4xf32>
    // expected-error@+1 {{value pinned to two placements}}
    %2 = graph.on_device %0 on #device.affinity<@gpu> : tensor<4xf32>
    return %1 : tensor<4xf32>
  }
}
