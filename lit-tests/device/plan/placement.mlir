// RUN: xopt %s --split-input-file --device-plan | xcheck %s
// RUN: xopt %s --split-input-file --device-plan | xopt --split-input-file --device-plan | xcheck %s

// No pins: every argument, result and op takes device.default.
// CHECK-LABEL: func.func @defaults
// CHECK-SAME: (%arg0: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@gpu>})
// CHECK-NEXT: graph.relu %arg0 {device.affinity = #device.affinity<@gpu>}
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}, device.default = #device.affinity<@gpu>} {
  func.func @defaults(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.relu %a : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----

// Without device.default the first declared device is the default.
// CHECK-LABEL: func.func @first_device
// CHECK: graph.constant {device.affinity = #device.affinity<@cpu>}
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @first_device() -> tensor<4xf32> {
    %0 = graph.constant dense<1.0> : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----

// A pinned argument flows down a chain; the unpinned argument joins it.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: %arg0: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}, %arg1: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@gpu>})
// CHECK-NEXT: graph.exp %arg0 {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: graph.add %0, %arg1 {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: graph.neg %1 {device.affinity = #device.affinity<@gpu>}
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @chain(%a: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}, %b: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.exp %a : tensor<4xf32>
    %1 = graph.add %0, %b : tensor<4xf32>
    %2 = graph.neg %1 : tensor<4xf32>
    return %2 : tensor<4xf32>
  }
}

// -----

// A result pin flows backwards to the arguments; on_device pins and is erased.
// CHECK-LABEL: func.func @backwards
// CHECK-SAME: %arg0: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: %0 = graph.relu %arg0 {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: %1 = graph.mul %0, %0 {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: return %1
// CHECK-NOT: on_device
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @backwards(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.relu %a : tensor<4xf32>
    %1 = graph.on_device %0 on #device.affinity<@gpu> : tensor<4xf32>
    %2 = graph.mul %1, %1 : tensor<4xf32>
    return %2 : tensor<4xf32>
  }
}

// -----

// A diamond with an explicit transfer: each side of the transfer fills in
// independently, and the transfer gets its 'from'.
// CHECK-LABEL: func.func @diamond
// CHECK-SAME: {device.affinity = #device.affinity<@cpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@gpu>})
// CHECK-NEXT: %0 = graph.exp %arg0 {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: %1 = graph.neg %arg0 {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: %2 = graph.add %0, %1 {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: %3 = graph.transfer %2 from #device.affinity<@cpu> to #device.affinity<@gpu> {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: %4 = graph.relu %3 {device.affinity = #device.affinity<@gpu>}
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @diamond(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) -> tensor<4xf32> {
    %0 = graph.exp %a : tensor<4xf32>
    %1 = graph.neg %a : tensor<4xf32>
    %2 = graph.add %0, %1 : tensor<4xf32>
    %3 = graph.transfer %2 to #device.affinity<@gpu> : tensor<4xf32>
    %4 = graph.relu %3 : tensor<4xf32>
    return %4 : tensor<4xf32>
  }
}

// -----

// graph.dim runs on the host (the first local device) and its operand is not
// colocated with it.
// CHECK-LABEL: func.func @host
// CHECK: graph.dim %arg0, 0 {device.affinity = #device.affinity<@cpu>}
// CHECK: graph.relu %arg0 {device.affinity = #device.affinity<@gpu>}
module attributes {device.targets = {gpu = #device.alias<"vulkan">, cpu = #device.alias<"local">}, device.default = #device.affinity<@gpu>} {
  func.func @host(%a: tensor<?xf32>) -> (index, tensor<?xf32>) {
    %n = graph.dim %a, 0 : tensor<?xf32>
    %0 = graph.relu %a : tensor<?xf32>
    return %n, %0 : index, tensor<?xf32>
  }
}

// -----

// device.host overrides the first local device.
// CHECK-LABEL: func.func @host_attr
// CHECK: graph.dim %arg0, 0 {device.affinity = #device.affinity<@cpu2>}
module attributes {device.targets = {cpu = #device.alias<"local">, cpu2 = #device.alias<"local">}, device.host = #device.affinity<@cpu2>} {
  func.func @host_attr(%a: tensor<?xf32>) -> index {
    %n = graph.dim %a, 0 : tensor<?xf32>
    return %n : index
  }
}

// -----

// graph.if: results colocated with both branches' yields; the i1 stays on the host.
// CHECK-LABEL: func.func @if
// CHECK: graph.if %{{.*}} -> (tensor<4xf32>) {
// CHECK-NEXT: graph.relu %arg1 {device.affinity = #device.affinity<@gpu>}
// CHECK: } else {
// CHECK: } {device.affinity = #device.affinity<@gpu>}
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @if(%c: i1, %a: tensor<4xf32>, %b: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> tensor<4xf32> {
    %0 = graph.if %c -> (tensor<4xf32>) {
      %1 = graph.relu %a : tensor<4xf32>
      graph.yield %1 : tensor<4xf32>
    } else {
      graph.yield %b : tensor<4xf32>
    }
    return %0 : tensor<4xf32>
  }
}

// -----

// Calls: callee arguments and results unify with the call's operands and results,
// in both directions.
// CHECK-LABEL: func.func private @callee
// CHECK-SAME: (%arg0: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@gpu>})
// CHECK: graph.relu %arg0 {device.affinity = #device.affinity<@gpu>}
// CHECK-LABEL: func.func @caller
// CHECK-SAME: (%arg0: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@gpu>})
// CHECK: graph.exp %{{.*}} {device.affinity = #device.affinity<@gpu>}
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func private @callee(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.relu %x : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func @caller(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = func.call @callee(%a) : (tensor<4xf32>) -> tensor<4xf32>
    %1 = graph.exp %0 : tensor<4xf32>
    %2 = graph.on_device %1 on #device.affinity<@gpu> : tensor<4xf32>
    return %2 : tensor<4xf32>
  }
}

// -----

// Recursion is just more unification: the result meets the pinned argument in
// the add.
// CHECK-LABEL: func.func @rec
// CHECK-SAME: {device.affinity = #device.affinity<@gpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@gpu>})
// CHECK: graph.add %0, %arg0 {device.affinity = #device.affinity<@gpu>}
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @rec(%x: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> tensor<4xf32> {
    %0 = func.call @rec(%x) : (tensor<4xf32>) -> tensor<4xf32>
    %1 = graph.add %0, %x : tensor<4xf32>
    return %1 : tensor<4xf32>
  }
}

// -----

// A memory scope is part of the placement (a crossing); queues are not, and
// when pins of one class differ only in queues the first pin in program order wins.
// CHECK-LABEL: func.func @scopes
// CHECK: graph.relu %arg0 {device.affinity = #device.affinity<@gpu, memory = "shared">}
// CHECK: graph.transfer %0 from #device.affinity<@gpu, memory = "shared"> to #device.affinity<@gpu>
// CHECK: graph.exp %1 {device.affinity = #device.affinity<@gpu>}
module attributes {device.targets = {gpu = #device.alias<"vulkan">}} {
  func.func @scopes(%a: tensor<4xf32> {device.affinity = #device.affinity<@gpu, memory = "shared">}) -> tensor<4xf32> {
    %0 = graph.relu %a : tensor<4xf32>
    %1 = graph.transfer %0 to #device.affinity<@gpu> : tensor<4xf32>
    %2 = graph.exp %1 : tensor<4xf32>
    %3 = graph.on_device %2 on #device.affinity<@gpu, queues = [1]> : tensor<4xf32>
    return %3 : tensor<4xf32>
  }
}

// -----

// device.globals (from device-materialize) declare the devices too.
// CHECK-LABEL: func.func @globals
// CHECK: graph.neg %arg0 {device.affinity = #device.affinity<@b>}
module {
  device.global @b = #device.alias<"vulkan">
  device.global @a = #device.alias<"local">
  func.func @globals(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.neg %a : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
