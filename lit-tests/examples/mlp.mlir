// The README's main example: device assignment and planning of examples/mlp.mlir.
// RUN: xopt %S/../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' | xcheck %s
// Planning again changes nothing.
// RUN: xopt %S/../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' | xopt --device-plan | xcheck %s

// CHECK-LABEL: module attributes {device.default = #device.affinity<@cpu>, device.host = #device.affinity<@cpu>} {
// CHECK-NEXT: device.global @cpu = #device.target<"local", {cpu = "host"}, ["cranelift"]>
// CHECK-NEXT: device.global @gpu = #device.select<[#device.target<"vulkan", {spirv_version = "1.3"}, ["spirv"]>, #device.target<"local", {cpu = "host"}, ["cranelift"]>]>
// CHECK-NEXT: func.func @mlp(%arg0: tensor<8x784xf32> {device.affinity = #device.affinity<@cpu>}, %arg1: tensor<784x128xf32> {device.affinity = #device.affinity<@cpu>}, %arg2: tensor<128xf32> {device.affinity = #device.affinity<@cpu>}, %arg3: tensor<128x10xf32> {device.affinity = #device.affinity<@gpu>}, %arg4: tensor<10xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<8x10xf32> {device.affinity = #device.affinity<@cpu>}) {
// CHECK-NEXT: %0 = graph.matmul %arg0, %arg1 {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: %1 = graph.broadcast %arg2 dimensions = [1] {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: %2 = graph.add %0, %1 {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: %3 = graph.transfer %2 from #device.affinity<@cpu> to #device.affinity<@gpu> {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: %4 = graph.relu %3 {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: %5 = graph.matmul %4, %arg3 {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: %6 = graph.broadcast %arg4 dimensions = [1] {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: %7 = graph.add %5, %6 {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: %8 = graph.exp %7 {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: %9 = graph.transfer %8 from #device.affinity<@gpu> to #device.affinity<@cpu> {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: return %9 : tensor<8x10xf32>
