// RUN: xopt %s --split-input-file --device-plan --device-partition | xcheck %s
// Partitioning again changes nothing.
// RUN: xopt %s --split-input-file --device-plan --device-partition | xopt --split-input-file --device-partition | xcheck %s

// A diamond whose branches run on different devices: the two cpu ops that feed the
// branches form one part, the gpu branch another, the join a third; the caller keeps
// the transfers and calls the parts in order.
// CHECK-LABEL: func.func @diamond
// CHECK-NEXT: %0:2 = call @diamond_cpu_0(%arg0) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
// CHECK-NEXT: %1 = graph.transfer %0#0 from #device.affinity<@cpu> to #device.affinity<@gpu>
// CHECK-NEXT: %2 = call @diamond_gpu_0(%1) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %3 = graph.transfer %2 from #device.affinity<@gpu> to #device.affinity<@cpu>
// CHECK-NEXT: %4 = call @diamond_cpu_1(%3, %0#1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %4 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @diamond_cpu_0(%arg0: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) attributes {device.affinity = #device.affinity<@cpu>} {
// CHECK-NEXT: %0 = graph.exp %arg0 {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: %1 = graph.neg %0 {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: return %0, %1 : tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @diamond_gpu_0(%arg0: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) attributes {device.affinity = #device.affinity<@gpu>} {
// CHECK-NEXT: %0 = graph.tanh %arg0 {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: return %0 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @diamond_cpu_1(%arg0: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %arg1: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) attributes {device.affinity = #device.affinity<@cpu>} {
// CHECK-NEXT: %0 = graph.add %arg0, %arg1 {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: return %0 : tensor<4xf32>
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @diamond(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) {
    %0 = graph.exp %a : tensor<4xf32>
    %1 = graph.transfer %0 to #device.affinity<@gpu> : tensor<4xf32>
    %2 = graph.tanh %1 : tensor<4xf32>
    %3 = graph.transfer %2 to #device.affinity<@cpu> : tensor<4xf32>
    %4 = graph.neg %0 : tensor<4xf32>
    %5 = graph.add %3, %4 : tensor<4xf32>
    return %5 : tensor<4xf32>
  }
}

// -----

// Non-convex: %0 and the add are both on cpu and connected, but a path leaves
// through the gpu and comes back; one part would need its own result. They split.
// CHECK-LABEL: func.func @nonconvex
// CHECK-NEXT: %0 = call @nonconvex_cpu_0(%arg0)
// CHECK-NEXT: %1 = graph.transfer %0
// CHECK-NEXT: %2 = call @nonconvex_gpu_0(%1)
// CHECK-NEXT: %3 = graph.transfer %2
// CHECK-NEXT: %4 = call @nonconvex_cpu_1(%0, %3)
// CHECK-NEXT: return %4
// CHECK: func.func private @nonconvex_cpu_0
// CHECK-NEXT: graph.exp
// CHECK-NEXT: return
// CHECK: func.func private @nonconvex_gpu_0
// CHECK-NEXT: graph.relu
// CHECK-NEXT: return
// CHECK: func.func private @nonconvex_cpu_1
// CHECK-NEXT: graph.add %arg0, %arg1
// CHECK-NEXT: graph.neg
// CHECK-NEXT: return
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @nonconvex(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) {
    %0 = graph.exp %a : tensor<4xf32>
    %1 = graph.transfer %0 to #device.affinity<@gpu> : tensor<4xf32>
    %2 = graph.relu %1 : tensor<4xf32>
    %3 = graph.transfer %2 to #device.affinity<@cpu> : tensor<4xf32>
    %4 = graph.add %0, %3 : tensor<4xf32>
    %5 = graph.neg %4 : tensor<4xf32>
    return %5 : tensor<4xf32>
  }
}

// -----

// A group nobody has used yet moves past a transfer to join its user.
// CHECK-LABEL: func.func @late
// CHECK-NEXT: %0 = call @late_cpu_0(%arg0)
// CHECK-NEXT: %1 = graph.transfer %0
// CHECK-NEXT: %2 = call @late_gpu_0(%1)
// CHECK-NEXT: return %2
// CHECK: func.func private @late_gpu_0
// CHECK-NEXT: graph.constant
// CHECK-NEXT: graph.mul
// CHECK-NEXT: return
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @late(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) {
    %0 = graph.constant dense<1.0> : tensor<4xf32>
    %1 = graph.exp %a : tensor<4xf32>
    %2 = graph.transfer %1 to #device.affinity<@gpu> : tensor<4xf32>
    %3 = graph.mul %0, %2 : tensor<4xf32>
    return %3 : tensor<4xf32>
  }
}

// -----

// A graph.if is one unit, placed by its own affinity; its regions move with it and
// values it captures become operands of the part (the i1 condition included).
// CHECK-LABEL: func.func @branch
// CHECK-NEXT: %0 = call @branch_gpu_0(%arg1, %arg0) : (tensor<4xf32>, i1) -> tensor<4xf32>
// CHECK-NEXT: return %0
// CHECK: func.func private @branch_gpu_0(%arg0: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}, %arg1: i1)
// CHECK-NEXT: %0 = graph.exp %arg0
// CHECK-NEXT: %1 = graph.if %arg1
// CHECK-NEXT: graph.neg %0
// CHECK: graph.relu %1
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @branch(%c: i1, %a: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> tensor<4xf32> {
    %0 = graph.exp %a : tensor<4xf32>
    %1 = graph.if %c -> (tensor<4xf32>) {
      %2 = graph.neg %0 : tensor<4xf32>
      graph.yield %2 : tensor<4xf32>
    } else {
      graph.yield %0 : tensor<4xf32>
    }
    %3 = graph.relu %1 : tensor<4xf32>
    return %3 : tensor<4xf32>
  }
}

// -----

// Non-graph ops stay in the caller; their results become part operands (with no
// device.affinity when the defining op has none); part names skip existing symbols.
// CHECK-LABEL: func.func @mixed
// CHECK-NEXT: %0 = "test.make"() : () -> tensor<4xf32>
// CHECK-NEXT: %1 = call @mixed_cpu_1(%0)
// CHECK-NEXT: return %1
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @mixed_cpu_1(%arg0: tensor<4xf32>) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>})
// CHECK: func.func private @mixed_cpu_0()
module attributes {device.targets = {cpu = #device.alias<"local">}} {
  func.func @mixed() -> tensor<4xf32> {
    %0 = "test.make"() : () -> tensor<4xf32>
    %1 = graph.exp %0 : tensor<4xf32>
    return %1 : tensor<4xf32>
  }
  func.func private @mixed_cpu_0() {
    return
  }
}
