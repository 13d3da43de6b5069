// A target's `ops` can come from a --device-target-registry line or inline from
// --target-device; planning after the assignment pipeline honours them.
// RUN: xopt %s --target-device=cpu=smallcpu --target-device=npu=npu --device-target-registry=%S/Inputs/registry-ops.txt --device-assignment-pipeline --device-plan=auto-transfer=true | xcheck %s
// RUN: xopt %s '--target-device=cpu=#device.target<"local", {ops = ["graph.exp"]}, ["cranelift"]>' '--target-device=npu=#device.target<"npu", {cpu = "host", ops = ["graph.matmul", "graph.add"]}, ["npu-bin"]>' --device-assignment-pipeline --device-plan=auto-transfer=true | xcheck %s

// CHECK: device.global @npu = #device.target<"npu", {cpu = "host", ops = ["graph.matmul", "graph.add"]}, ["npu-bin"]>
// CHECK: graph.matmul {{.*}}{device.affinity = #device.affinity<@npu>}
// CHECK: graph.exp {{.*}}{device.affinity = #device.affinity<@cpu>}
func.func @f(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = graph.matmul %a, %a : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %1 = graph.exp %0 : tensor<4x4xf32>
  return %1 : tensor<4x4xf32>
}
