// RUN: xopt %s --split-input-file --device-plan --memory-plan | xcheck %s
// RUN: xopt %s --split-input-file --device-plan --memory-plan --memory-plan | xcheck %s

// A chain: each tensor lives from its op through its consumer, so two slots
// alternate; the returned value and the argument get none.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: memory.pools = {cpu = 128 : i64}
// CHECK-NEXT: graph.relu %arg0 {device.affinity = #device.affinity<@cpu>, memory.offset = [[A:[0-9]+]] : i64, memory.pool = "cpu"}
// CHECK-NEXT: graph.exp %0 {device.affinity = #device.affinity<@cpu>, memory.offset = [[B:[0-9]+]] : i64, memory.pool = "cpu"}
// CHECK-NEXT: graph.tanh %1 {device.affinity = #device.affinity<@cpu>, memory.offset = [[A]] : i64, memory.pool = "cpu"}
// CHECK-NEXT: graph.neg %2 {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: return %3
module attributes {device.targets = {cpu = #device.alias<"local">}} {
  func.func @chain(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.relu %a : tensor<4xf32>
    %1 = graph.exp %0 : tensor<4xf32>
    %2 = graph.tanh %1 : tensor<4xf32>
    %3 = graph.neg %2 : tensor<4xf32>
    return %3 : tensor<4xf32>
  }
}

// -----

// A diamond: both branches are live until the join, and the fork's input too.
// CHECK: memory.device_requirements = {cpu = 192 : i64}
// CHECK-LABEL: func.func @diamond
// CHECK-SAME: memory.pools = {cpu = 192 : i64}
module attributes {device.targets = {cpu = #device.alias<"local">}} {
  func.func @diamond(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.relu %a : tensor<4xf32>
    %1 = graph.exp %0 : tensor<4xf32>
    %2 = graph.tanh %0 : tensor<4xf32>
    %3 = graph.add %1, %2 : tensor<4xf32>
    %4 = graph.neg %3 : tensor<4xf32>
    return %4 : tensor<4xf32>
  }
}

// -----

// Two devices and a memory scope: three pools that never share storage; the
// transfer's result belongs to its target's pool.
// CHECK-LABEL: func.func @pools
// CHECK-SAME: memory.pools = {cpu = 64 : i64, gpu = 128 : i64, "gpu:shared" = 4160 : i64}
// CHECK: graph.relu %arg0 {device.affinity = #device.affinity<@cpu>, memory.offset = 0 : i64, memory.pool = "cpu"}
// CHECK: graph.transfer %0 {{.*}}memory.offset = 0 : i64, memory.pool = "gpu"}
// CHECK: graph.exp {{.*}}memory.offset = 64 : i64, memory.pool = "gpu"}
// CHECK: graph.transfer %2 {{.*}}memory.offset = 0 : i64, memory.pool = "gpu:shared"}
// CHECK: graph.broadcast {{.*}}memory.offset = 64 : i64, memory.pool = "gpu:shared"}
// CHECK: graph.reduce_sum {{.*}}device.affinity = #device.affinity<@gpu, memory = "shared">} :
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @pools(%a: tensor<16xf32>) -> tensor<16xf32> {
    %0 = graph.relu %a {device.affinity = #device.affinity<@cpu>} : tensor<16xf32>
    %g = graph.transfer %0 to #device.affinity<@gpu> : tensor<16xf32>
    %e = graph.exp %g : tensor<16xf32>
    %1 = graph.transfer %e to #device.affinity<@gpu, memory = "shared"> : tensor<16xf32>
    %2 = graph.broadcast %1 dimensions = [1] {device.affinity = #device.affinity<@gpu, memory = "shared">} : tensor<16xf32> -> tensor<64x16xf32>
    %3 = graph.reduce_sum %2 axes = [0] {device.affinity = #device.affinity<@gpu, memory = "shared">} : tensor<64x16xf32> -> tensor<16xf32>
    return %3 : tensor<16xf32>
  }
}
