// Issue 13's reproducer of "operand #0 does not dominate this use" from
// convert-flow-to-stream (a cpu slab's size constant defined after its alloca,
// fixed in 3ca3cd0): a two-device program whose first ops run on the device that
// is not the function's. Planned, then lowered to hal; every pass verifies, and
// both slabs are allocated after their size constants. (The reproducer
// returned only %v37; graph -> flow now erases unused ops, so the values that
// made the two slabs are returned too.)
// RUN: xopt %s --pass-pipeline='builtin.module(device-assignment-pipeline,device-plan{auto-transfer=true})' | xopt --compile-to=hal | xcheck %s

// CHECK-LABEL: func.func @main(
// CHECK-DAG: %[[C1024:.*]] = arith.constant 1024 : index
// CHECK-DAG: %[[C3072:.*]] = arith.constant 3072 : index
// CHECK: hal.allocator.allocate device(%{{.*}}) size(%[[C1024]]) : !hal.buffer
// CHECK-NEXT: hal.allocator.allocate device(%{{.*}}) size(%[[C3072]]) : !hal.buffer
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @main(%a0: tensor<16x8xf32>) -> (tensor<16x8xf32>, tensor<16x8xf32>, tensor<8x16xf32>) {
    %v0 = "graph.relu"(%a0) : (tensor<16x8xf32>) -> tensor<16x8xf32>
    %p0 = "graph.on_device"(%v0) <{affinity = #device.affinity<@gpu>}> : (tensor<16x8xf32>) -> tensor<16x8xf32>
    %v1 = "graph.relu"(%p0) : (tensor<16x8xf32>) -> tensor<16x8xf32>
    %v2 = "graph.neg"(%a0) : (tensor<16x8xf32>) -> tensor<16x8xf32>
    %v3 = "graph.transpose"(%v1) <{permutation = array<i64: 1, 0>}> : (tensor<16x8xf32>) -> tensor<8x16xf32>
    %v5 = "graph.relu"(%v3) : (tensor<8x16xf32>) -> tensor<8x16xf32>
    %v6 = "graph.sub"(%v5, %v3) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %v7 = "graph.mul"(%v6, %v3) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %v9 = "graph.max"(%v5, %v3) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %v10 = "graph.relu"(%a0) : (tensor<16x8xf32>) -> tensor<16x8xf32>
    %p10 = "graph.on_device"(%v10) <{affinity = #device.affinity<@gpu>}> : (tensor<16x8xf32>) -> tensor<16x8xf32>
    %v11 = "graph.sub"(%v5, %v9) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %v12 = "graph.max"(%v11, %v3) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %v13 = "graph.matmul"(%v2, %v12) : (tensor<16x8xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
    %v14 = "graph.max"(%v11, %v11) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %v15 = "graph.max"(%v14, %v7) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %p15 = "graph.on_device"(%v15) <{affinity = #device.affinity<@cpu>}> : (tensor<8x16xf32>) -> tensor<8x16xf32>
    %v21 = "graph.max"(%v13, %v13) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %v22 = "graph.matmul"(%v21, %p10) : (tensor<16x16xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
    %v37 = "graph.sub"(%v2, %a0) : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
    return %v37, %v22, %p15 : tensor<16x8xf32>, tensor<16x8xf32>, tensor<8x16xf32>
  }
}
