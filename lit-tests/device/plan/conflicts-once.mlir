// RUN: xopt %s --split-input-file --device-plan --verify-diagnostics
// (--verify-diagnostics fails on any error not expected here: a conflict reported
// twice fails the test.)

// A conflict between two pins is reported once, however many uses join them, with
// its chain in data-flow order. The first conflict's failed join leaves the two
// classes apart, so the mul and the sub meet the same two pins again: no error there.
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  // expected-note@+2 {{pinned to #device.affinity<@cpu> by argument #0 of @many}}
  // expected-note@+1 {{pinned to #device.affinity<@gpu> by argument #1 of @many}}
  func.func @many(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %b: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
    %0 = graph.relu %a : tensor<4xf32>
    // expected-error@+2 {{conflicting placements #device.affinity<@cpu> and #device.affinity<@gpu> meet at this 'graph.add'}}
    // expected-note@+1 {{chain of uses: argument #0 of @many (line 11) -> 'graph.relu' (line 12) -> 'graph.add' (line 15) -> argument #1 of @many (line 11)}}
    %1 = graph.add %0, %b : tensor<4xf32>
    %2 = graph.mul %0, %b : tensor<4xf32>
    %3 = graph.sub %b, %0 : tensor<4xf32>
    return %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
}

// -----

// A diamond: both sides of it carry the argument's placement into the add, which
// the on_device pins elsewhere: one error, not one per side.
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  // expected-note@+1 {{pinned to #device.affinity<@cpu> by argument #0 of @diamond}}
  func.func @diamond(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) -> tensor<4xf32> {
    %0 = graph.relu %a : tensor<4xf32>
    %1 = graph.exp %a : tensor<4xf32>
    // expected-error@+2 {{conflicting placements #device.affinity<@cpu> and #device.affinity<@gpu> meet at this 'graph.add'}}
    // expected-note@+1 {{chain of uses: argument #0 of @diamond (line 28) -> 'graph.relu' (line 29) -> 'graph.add' (line 33) -> 'graph.on_device' (line 35)}}
    %2 = graph.add %0, %1 : tensor<4xf32>
    // expected-note@+1 {{pinned to #device.affinity<@gpu> by 'graph.on_device'}}
    %3 = graph.on_device %2 on #device.affinity<@gpu> : tensor<4xf32>
    return %3 : tensor<4xf32>
  }
}

// -----

// Across a call: a private callee that pins its own argument (no clone can help)
// called twice with the same other placement is one conflict; the chain runs from
// the caller's pin into the callee.
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  // expected-note@+1 {{pinned to #device.affinity<@gpu> by argument #0 of @pinned}}
  func.func private @pinned(%x: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> tensor<4xf32> {
    %0 = graph.relu %x : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  // expected-note@+1 {{pinned to #device.affinity<@cpu> by argument #0 of @twice}}
  func.func @twice(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<4xf32>, tensor<4xf32>) {
    // expected-error@+2 {{conflicting placements #device.affinity<@cpu> and #device.affinity<@gpu> meet at this 'func.call'}}
    // expected-note@+1 {{chain of uses: argument #0 of @twice (line 52) -> 'func.call' (line 55) -> argument #0 of @pinned (line 47)}}
    %0 = func.call @pinned(%a) : (tensor<4xf32>) -> tensor<4xf32>
    %1 = func.call @pinned(%a) : (tensor<4xf32>) -> tensor<4xf32>
    return %0, %1 : tensor<4xf32>, tensor<4xf32>
  }
}

// -----

// A public function is not cloned per placement (other modules may call it): called
// on two placements, the error names it and both calls, once (the result pin that
// then meets the first call's placement is the same shared callee again).
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  // expected-error@+1 {{public function @shared is called on #device.affinity<@cpu> and on #device.affinity<@gpu>, but only private functions are cloned per placement; make @shared private, or move one call's values with a 'graph.transfer'}}
  func.func @shared(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.relu %x : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  // expected-note@+2 {{pinned to #device.affinity<@cpu> by argument #0 of @main}}
  // expected-note@+1 {{pinned to #device.affinity<@gpu> by argument #1 of @main}}
  func.func @main(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %b: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) {
    // expected-note@+1 {{@shared called on #device.affinity<@cpu> here}}
    %0 = func.call @shared(%a) : (tensor<4xf32>) -> tensor<4xf32>
    // expected-note@+2 {{@shared called on #device.affinity<@gpu> here}}
    // expected-note@+1 {{chain of uses: argument #0 of @main (line 74) -> 'func.call' (line 76) -> 'func.call' (line 79) -> argument #1 of @main (line 74)}}
    %1 = func.call @shared(%b) : (tensor<4xf32>) -> tensor<4xf32>
    return %0, %1 : tensor<4xf32>, tensor<4xf32>
  }
}
