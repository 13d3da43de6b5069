// The README's example round-trips through xopt in the custom and the generic form.
// RUN: xopt %S/../../examples/multi_device.mlir --allow-unregistered-dialect | xcheck %s
// RUN: xopt %S/../../examples/multi_device.mlir --allow-unregistered-dialect --mlir-print-op-generic | xopt --allow-unregistered-dialect | xcheck %s

// CHECK-LABEL: module attributes {demo.devices = ["cpu", "gpu"]} {
// CHECK-NEXT:   func.func @mlp(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<16x2xf32>) -> tensor<4x2xf32> {
// CHECK-NEXT:     %0 = "demo.matmul"(%arg0, %arg1) {placement = "gpu"} : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT:     %1 = "demo.relu"(%0) {placement = "gpu"} : (tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT:     %2 = "demo.matmul"(%1, %arg2) {placement = "cpu"} : (tensor<4x16xf32>, tensor<16x2xf32>) -> tensor<4x2xf32>
// CHECK-NEXT:     return %2 : tensor<4x2xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @helper(tensor<4x2xf32>) -> tensor<4x2xf32>
// CHECK-NEXT: }
