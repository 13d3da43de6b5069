// device-partition{by=target} (RFC 0038's PartitionBySEScope): each connected group
// of ops on devices with one target becomes a function named for the target's kind
// and carrying it, so a per-target code generator takes it whole.
// RUN: xopt %s --split-input-file --device-plan=auto-transfer=true --device-partition=by=target | xcheck %s
// RUN: xopt %s --split-input-file --device-plan=auto-transfer=true --device-partition=by=target | xopt --split-input-file --device-partition=by=target | xcheck %s
// RUN: not xopt %s --split-input-file --device-partition=by=device 2>&1 | xcheck %s --check-prefix=BAD
// BAD: invalid value 'device' for 'by': expected 'affinity' or 'target'

// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %0 = call @f_npu_0(%arg0, %arg1)
// CHECK-NEXT: %1 = graph.transfer %0 from #device.affinity<@npu> to #device.affinity<@cpu>
// CHECK-NEXT: %2 = call @f_local_0(%1)
// CHECK-NEXT: return %2
// CHECK: func.func private @f_npu_0({{.*}}) attributes {device.affinity = #device.affinity<@npu>, device.target = #device.target<"npu", {ops = ["graph.matmul", "graph.add"]}, ["npu-bin"]>}
// CHECK-NEXT: graph.matmul
// CHECK-NEXT: graph.add
// CHECK-NEXT: return
// CHECK: func.func private @f_local_0({{.*}}) attributes {device.affinity = #device.affinity<@cpu>, device.target = #device.target<"local", {cpu = "host", ops = ["graph.add", "graph.relu"]}, ["cranelift"]>}
// CHECK-NEXT: graph.relu
// CHECK-NEXT: return
module attributes {device.targets = {cpu = #device.target<"local", {cpu = "host", ops = ["graph.add", "graph.relu"]}, ["cranelift"]>, npu = #device.target<"npu", {ops = ["graph.matmul", "graph.add"]}, ["npu-bin"]>}} {
  func.func @f(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = graph.matmul %a, %b : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %1 = graph.add %0, %a : tensor<4x4xf32>
    %2 = graph.relu %1 : tensor<4x4xf32>
    return %2 : tensor<4x4xf32>
  }
}

// -----

// Two devices with one target: their parts are named for the target, numbered.
// CHECK-LABEL: func.func @twins(
// CHECK-NEXT: %0 = call @twins_vulkan_0(%arg0)
// CHECK-NEXT: %1 = graph.transfer %0 from #device.affinity<@g0> to #device.affinity<@g1>
// CHECK-NEXT: %2 = call @twins_vulkan_1(%1)
// CHECK: func.func private @twins_vulkan_0({{.*}}) attributes {device.affinity = #device.affinity<@g0>, device.target = #device.target<"vulkan", {}, ["spirv"]>}
// CHECK: func.func private @twins_vulkan_1({{.*}}) attributes {device.affinity = #device.affinity<@g1>, device.target = #device.target<"vulkan", {}, ["spirv"]>}
module attributes {device.targets = {g0 = #device.target<"vulkan", {}, ["spirv"]>, g1 = #device.target<"vulkan", {}, ["spirv"]>}} {
  func.func @twins(%a: tensor<4xf32> {device.affinity = #device.affinity<@g0>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@g1>}) {
    %0 = graph.relu %a : tensor<4xf32>
    %1 = graph.transfer %0 to #device.affinity<@g1> : tensor<4xf32>
    %2 = graph.exp %1 : tensor<4xf32>
    return %2 : tensor<4xf32>
  }
}
