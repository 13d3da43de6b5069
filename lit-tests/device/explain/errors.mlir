// RUN: xopt %s --split-input-file --device-explain --verify-diagnostics

// No device at all: device-plan rejects the program, and device-explain says so
// with the planner's error.
// expected-error@+2 {{device-explain: device-plan rejects this program, so there is no placement to explain; its errors follow}}
// expected-error@+1 {{device-plan: no device to place values on}}
module {
  func.func @none(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.relu %a : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----

// A program device-plan rejects is not explained (the explanation would describe a
// plan that does not exist): device-explain fails with the planner's errors.
// expected-error@+1 {{device-explain: device-plan rejects this program}}
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @h(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.relu %a : tensor<4xf32>
    // expected-note@+1 {{pinned to #device.affinity<@cpu> by 'graph.on_device'}}
    %1 = graph.on_device %0 on #device.affinity<@cpu> : tensor<4xf32>
    // expected-error@+1 {{value pinned to two placements: #device.affinity<@cpu> by 'graph.on_device' and #device.affinity<@gpu> by 'graph.on_device'}}
    %2 = graph.on_device %0 on #device.affinity<@gpu> : tensor<4xf32>
    return %1 : tensor<4xf32>
  }
}

// -----

// A conflict in strict mode: the same error as device-plan's, chain included.
// expected-error@+1 {{device-explain: device-plan rejects this program}}
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  // expected-note@+2 {{pinned to #device.affinity<@cpu> by argument #0 of @f}}
  // expected-note@+1 {{pinned to #device.affinity<@gpu> by argument #1 of @f}}
  func.func @f(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %b: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> tensor<4xf32> {
    %0 = graph.relu %a : tensor<4xf32>
    // expected-error@+2 {{conflicting placements #device.affinity<@cpu> and #device.affinity<@gpu> meet at this 'graph.add'}}
    // expected-note@+1 {{chain of uses: argument #0 of @f (line 37) -> 'graph.relu' (line 38) -> 'graph.add' (line 41) -> argument #1 of @f (line 37)}}
    %1 = graph.add %0, %b : tensor<4xf32>
    return %1 : tensor<4xf32>
  }
}
