// RUN: xopt %s --split-input-file --device-annotate-affinities --verify-diagnostics
// RUN: xopt %s --split-input-file --device-annotate-affinities 2>/dev/null | xcheck %s

// A use whose two sides are pinned differently is a remark; the op where they meet
// gets both placements (the operand's, then the op's) as device.conflict and no
// device.affinity; the rest is placed.
// CHECK-LABEL: func.func @f
// CHECK-NEXT: %0 = graph.relu %arg0 {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: %1 = graph.add %0, %arg1 {device.conflict = [#device.affinity<@gpu>, #device.affinity<@cpu>]}
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  // expected-note@+2 {{pinned to #device.affinity<@cpu> by argument #0 of @f}}
  // expected-note@+1 {{pinned to #device.affinity<@gpu> by argument #1 of @f}}
  func.func @f(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %b: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> tensor<4xf32> {
    %0 = graph.relu %a : tensor<4xf32>
    // expected-remark@+2 {{conflicting placements #device.affinity<@cpu> and #device.affinity<@gpu> meet at this 'graph.add'}}
    // expected-note@+1 {{chain of uses: argument #0 of @f (line 13) -> 'graph.relu' (line 14) -> 'graph.add' (line 17) -> argument #1 of @f (line 13)}}
    %1 = graph.add %0, %b : tensor<4xf32>
    return %1 : tensor<4xf32>
  }
}

// -----

// Two pins on one value: a remark, and every op of that value's class shows both.
// CHECK-LABEL: func.func @h
// CHECK-NEXT: %0 = graph.relu %arg0 {device.conflict = [#device.affinity<@cpu>, #device.affinity<@gpu>]}
// CHECK-NEXT: graph.on_device %0 on #device.affinity<@cpu> {device.conflict = [#device.affinity<@cpu>, #device.affinity<@gpu>]}
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @h(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.relu %a : tensor<4xf32>
    // expected-note@+1 {{pinned to #device.affinity<@cpu> by 'graph.on_device'}}
    %1 = graph.on_device %0 on #device.affinity<@cpu> : tensor<4xf32>
    // expected-remark@+1 {{value pinned to two placements: #device.affinity<@cpu> by 'graph.on_device' and #device.affinity<@gpu> by 'graph.on_device'}}
    %2 = graph.on_device %0 on #device.affinity<@gpu> : tensor<4xf32>
    return %1 : tensor<4xf32>
  }
}
