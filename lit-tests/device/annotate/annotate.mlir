// RUN: xopt %s --split-input-file --device-annotate-affinities | xcheck %s

// Every graph op and tensor argument/result gets the planned placement; the
// transfer and the on_device stay (nothing is rewritten).
// CHECK-LABEL: func.func @chain
// CHECK-SAME: (%arg0: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@gpu>})
// CHECK-NEXT: %0 = graph.exp %arg0 {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: %1 = graph.transfer %0 to #device.affinity<@gpu> {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: %2 = graph.on_device %1 on #device.affinity<@gpu> {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: %3 = graph.neg %2 {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: return %3
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @chain(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) -> tensor<4xf32> {
    %0 = graph.exp %a : tensor<4xf32>
    %1 = graph.transfer %0 to #device.affinity<@gpu> : tensor<4xf32>
    %2 = graph.on_device %1 on #device.affinity<@gpu> : tensor<4xf32>
    %3 = graph.neg %2 : tensor<4xf32>
    return %3 : tensor<4xf32>
  }
}

// -----

// Unconstrained values take the default; host-only ops the host.
// CHECK-LABEL: func.func @defaults
// CHECK-SAME: (%arg0: tensor<?xf32> {device.affinity = #device.affinity<@gpu>})
// CHECK-NEXT: graph.relu %arg0 {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: graph.dim %0, 0 {device.affinity = #device.affinity<@cpu>}
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}, device.default = #device.affinity<@gpu>} {
  func.func @defaults(%a: tensor<?xf32>) -> index {
    %0 = graph.relu %a : tensor<?xf32>
    %1 = graph.dim %0, 0 : tensor<?xf32>
    return %1 : index
  }
}
