// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=kernel 2>/dev/null | xcheck %s
// RUN: xrun %s --input="1x3xf32=1 2 3" | xcheck %s --check-prefix=OUT

// A transpose of a constant (an ONNX Gemm with transB) is computed by the
// compiler: the kernel holds the transposed weights, not a copy stage that
// would transpose them on every call.

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @main(%x: tensor<1x3xf32>) -> tensor<1x2xf32> {
    %w = graph.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
    %t = graph.transpose %w permutation = [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
    %y = graph.matmul %x, %t : (tensor<1x3xf32>, tensor<3x2xf32>) -> tensor<1x2xf32>
    return %y : tensor<1x2xf32>
  }
}
// CHECK-LABEL: func.func @main_dispatch_0() {
// CHECK:      %[[X:.+]] = kernel.binding 0 : memref<1x3xf32>
// CHECK-NEXT: %[[O:.+]] = kernel.binding 1 : memref<1x2xf32>
// CHECK-NEXT: %[[W:.+]] = kernel.constant dense<{{\[}}[1.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00], [3.000000e+00, 6.000000e+00]]> : tensor<3x2xf32> : memref<3x2xf32>
// CHECK-NOT:  kernel.generic
// CHECK-NEXT: kernel.matmul ins(%[[X]], %[[W]] : memref<1x3xf32>, memref<3x2xf32>) outs(%[[O]] : memref<1x2xf32>)

// OUT: 1x2xf32=[14 32]
