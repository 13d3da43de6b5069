// RUN: xopt %s --split-input-file --device-plan | xcheck %s
// RUN: xopt %s --split-input-file --device-plan | xopt --split-input-file --device-plan | xcheck %s

// Two call sites with the same placement share the callee: no clone.
// CHECK-LABEL: func.func private @same(
// CHECK-SAME: {device.affinity = #device.affinity<@gpu>}
// CHECK-NOT: @same_
// CHECK: call @same(%arg0)
// CHECK-NEXT: call @same(%arg1)
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func private @same(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.relu %x : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func @main(%a: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}, %b: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<4xf32>, tensor<4xf32>) {
    %0 = func.call @same(%a) : (tensor<4xf32>) -> tensor<4xf32>
    %1 = func.call @same(%b) : (tensor<4xf32>) -> tensor<4xf32>
    return %0, %1 : tensor<4xf32>, tensor<4xf32>
  }
}

// -----

// Different placements: one clone per placement, named after the device, in the
// order of the first call of each; the original is gone.
// CHECK-NOT: func.func private @f(
// CHECK-LABEL: func.func private @f_cpu(%arg0: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>})
// CHECK-NEXT: graph.relu %arg0 {device.affinity = #device.affinity<@cpu>}
// CHECK-LABEL: func.func private @f_gpu(%arg0: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@gpu>})
// CHECK-NEXT: graph.relu %arg0 {device.affinity = #device.affinity<@gpu>}
// CHECK-LABEL: func.func @main
// CHECK-NEXT: call @f_cpu(%arg0)
// CHECK-NEXT: call @f_gpu(%arg1)
// CHECK-NEXT: call @f_cpu(%arg0)
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func private @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.relu %x : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func @main(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %b: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
    %0 = func.call @f(%a) : (tensor<4xf32>) -> tensor<4xf32>
    %1 = func.call @f(%b) : (tensor<4xf32>) -> tensor<4xf32>
    %2 = func.call @f(%a) : (tensor<4xf32>) -> tensor<4xf32>
    return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
}

// -----

// A result placement forced by the caller counts too; memory scopes and several
// placements make the suffix: args then results (the transfer pins the result
// to @gpu), repeats collapsed. An
// unconstrained call joins the first group.
// CHECK-LABEL: func.func private @h_gpu_shared_gpu(
// CHECK-LABEL: func.func private @h_cpu_gpu(
// CHECK-SAME: {device.affinity = #device.affinity<@cpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@gpu>})
// CHECK: graph.transfer
// CHECK-LABEL: func.func @main
// CHECK-NEXT: call @h_gpu_shared_gpu(%arg0)
// CHECK-NEXT: call @h_cpu_gpu(%arg1)
// CHECK-NEXT: call @h_gpu_shared_gpu(%arg2)
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func private @h(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.transfer %x to #device.affinity<@gpu> : tensor<4xf32>
    %1 = graph.neg %0 : tensor<4xf32>
    return %1 : tensor<4xf32>
  }
  func.func @main(%a: tensor<4xf32> {device.affinity = #device.affinity<@gpu, memory = "shared">}, %b: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %c: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
    %0 = func.call @h(%a) : (tensor<4xf32>) -> tensor<4xf32>
    %1 = func.call @h(%b) : (tensor<4xf32>) -> tensor<4xf32>
    %2 = func.call @h(%c) : (tensor<4xf32>) -> tensor<4xf32>
    return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
}

// -----

// Nested calls: the clones' calls differ in turn, so the inner callee is cloned
// in the next round.
// CHECK-LABEL: func.func private @outer_cpu(
// CHECK: call @inner_cpu(
// CHECK-LABEL: func.func private @outer_gpu(
// CHECK: call @inner_gpu(
// CHECK-LABEL: func.func private @inner_cpu(
// CHECK-NEXT: graph.exp %arg0 {device.affinity = #device.affinity<@cpu>}
// CHECK-LABEL: func.func private @inner_gpu(
// CHECK-NEXT: graph.exp %arg0 {device.affinity = #device.affinity<@gpu>}
// CHECK-LABEL: func.func @main
// CHECK-NEXT: call @outer_cpu(%arg0)
// CHECK-NEXT: call @outer_gpu(%arg1)
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func private @outer(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.relu %x : tensor<4xf32>
    %1 = func.call @inner(%0) : (tensor<4xf32>) -> tensor<4xf32>
    return %1 : tensor<4xf32>
  }
  func.func private @inner(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.exp %x : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func @main(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %b: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<4xf32>, tensor<4xf32>) {
    %0 = func.call @outer(%a) : (tensor<4xf32>) -> tensor<4xf32>
    %1 = func.call @outer(%b) : (tensor<4xf32>) -> tensor<4xf32>
    return %0, %1 : tensor<4xf32>, tensor<4xf32>
  }
}

// -----

// Recursion: the recursive call takes no part in grouping; each clone calls
// itself, so the function becomes one recursive function per placement.
// CHECK-LABEL: func.func private @rec_cpu(
// CHECK-SAME: {device.affinity = #device.affinity<@cpu>}
// CHECK: call @rec_cpu(
// CHECK: graph.add {{.*}}{device.affinity = #device.affinity<@cpu>}
// CHECK-LABEL: func.func private @rec_gpu(
// CHECK-SAME: {device.affinity = #device.affinity<@gpu>}
// CHECK: call @rec_gpu(
// CHECK: graph.add {{.*}}{device.affinity = #device.affinity<@gpu>}
// CHECK-LABEL: func.func @main
// CHECK-NEXT: call @rec_cpu(%arg0)
// CHECK-NEXT: call @rec_gpu(%arg1)
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func private @rec(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = func.call @rec(%x) : (tensor<4xf32>) -> tensor<4xf32>
    %1 = graph.add %0, %x : tensor<4xf32>
    return %1 : tensor<4xf32>
  }
  func.func @main(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %b: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<4xf32>, tensor<4xf32>) {
    %0 = func.call @rec(%a) : (tensor<4xf32>) -> tensor<4xf32>
    %1 = func.call @rec(%b) : (tensor<4xf32>) -> tensor<4xf32>
    return %0, %1 : tensor<4xf32>, tensor<4xf32>
  }
}

// -----

// A callee that pins its own argument cannot be helped by a clone: no clone, and
// the disagreeing call is cut under auto-transfer (see auto-transfer.mlir) or
// reported (see conflicts.mlir).
// CHECK-LABEL: func.func private @pinned(
// CHECK-NOT: @pinned_
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func private @pinned(%x: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> tensor<4xf32> {
    %0 = graph.relu %x : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func @main(%a: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %0 = func.call @pinned(%a) : (tensor<4xf32>) -> tensor<4xf32>
    %1 = func.call @pinned(%b) : (tensor<4xf32>) -> tensor<4xf32>
    return %0, %1 : tensor<4xf32>, tensor<4xf32>
  }
}
