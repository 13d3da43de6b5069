// RUN: xopt %s --split-input-file --device-plan --verify-diagnostics

// Two argument pins meet in an add: both pins and the chain of uses, in data-flow order.
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  // expected-note@+2 {{pinned to #device.affinity<@cpu> by argument #0 of @f}}
  // expected-note@+1 {{pinned to #device.affinity<@gpu> by argument #1 of @f}}
  func.func @f(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %b: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> tensor<4xf32> {
    %0 = graph.relu %a : tensor<4xf32>
    // expected-error@+2 {{conflicting placements #device.affinity<@cpu> and #device.affinity<@gpu> meet at this 'graph.add'}}
    // expected-note@+1 {{chain of uses: argument #0 of @f (line 7) -> 'graph.relu' (line 8) -> 'graph.add' (line 11) -> argument #1 of @f (line 7); insert a 'graph.transfer' where the value should cross, or use device-plan{auto-transfer=true}}}
    %1 = graph.add %0, %b : tensor<4xf32>
    return %1 : tensor<4xf32>
  }
}

// -----

// An on_device pin and a result pin meet at the return.
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  // expected-note@+1 {{pinned to #device.affinity<@cpu> by result #0 of @g}}
  func.func @g(%a: tensor<4xf32>) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) {
    // expected-note@+1 {{pinned to #device.affinity<@gpu> by 'graph.on_device'}}
    %0 = graph.on_device %a on #device.affinity<@gpu> : tensor<4xf32>
    %1 = graph.exp %0 : tensor<4xf32>
    // expected-error@+2 {{conflicting placements #device.affinity<@gpu> and #device.affinity<@cpu> meet at this 'func.return'}}
    // expected-note@+1 {{chain of uses: 'graph.on_device' (line 23) -> 'graph.exp' (line 24) -> 'func.return' (line 27) -> result #0 of @g (line 21)}}
    return %1 : tensor<4xf32>
  }
}

// -----

// Two pins on the same value are an error in both modes.
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

// A transfer's 'from' must be where its operand is.
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  // expected-note@+1 {{pinned to #device.affinity<@cpu> by argument #0 of @t}}
  func.func @t(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) -> tensor<4xf32> {
    // expected-error@+1 {{value pinned to two placements: #device.affinity<@cpu> by argument #0 of @t and #device.affinity<@gpu> by the 'from' side of 'graph.transfer'}}
    %0 = graph.transfer %a from #device.affinity<@gpu> to #device.affinity<@cpu> : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----

// A different memory scope on the same device is a crossing too.
module attributes {device.targets = {gpu = #device.alias<"vulkan">}} {
  // expected-note@+2 {{pinned to #device.affinity<@gpu> by argument #0 of @m}}
  // expected-note@+1 {{pinned to #device.affinity<@gpu, memory = "shared"> by argument #1 of @m}}
  func.func @m(%a: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}, %b: tensor<4xf32> {device.affinity = #device.affinity<@gpu, memory = "shared">}) -> tensor<4xf32> {
    // expected-error@+2 {{conflicting placements #device.affinity<@gpu> and #device.affinity<@gpu, memory = "shared"> meet at this 'graph.mul'}}
    // expected-note@+1 {{chain of uses}}
    %0 = graph.mul %a, %b : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----

// An op's own device.affinity is a pin, and a definition cannot be cut.
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @d(%a: tensor<4xf32>) -> tensor<4xf32> {
    // expected-note@+3 {{pinned to #device.affinity<@cpu> by the device.affinity of 'graph.relu'}}
    // expected-error@+2 {{conflicting placements #device.affinity<@cpu> and #device.affinity<@gpu> meet at this 'graph.relu'}}
    // expected-note@+1 {{chain of uses: the device.affinity of 'graph.relu' (line 79) -> 'graph.on_device' (line 81)}}
    %0 = graph.relu %a {device.affinity = #device.affinity<@cpu>} : tensor<4xf32>
    // expected-note@+1 {{pinned to #device.affinity<@gpu> by 'graph.on_device'}}
    %1 = graph.on_device %0 on #device.affinity<@gpu> : tensor<4xf32>
    return %1 : tensor<4xf32>
  }
}

// -----

// With nothing declared there is nowhere to put unpinned values.
// expected-error@+1 {{device-plan: no device to place values on; declare 'device.targets' or 'device.default'}}
module {
  func.func @n(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.relu %a : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
