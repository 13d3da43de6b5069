// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=kernel 2>/dev/null | xcheck %s

// convert-graph-to-kernel of graph.sin and graph.cos: each is one scalar
// op, kernel.sin / kernel.cos, fused with its elementwise neighbours into one
// kernel.generic; f16 keeps its element type in the body (backends compute
// it in f32).

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @f(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
    %0 = graph.sin %a : tensor<8xf32>
    %1 = graph.cos %b : tensor<8xf32>
    %2 = graph.mul %0, %1 : tensor<8xf32>
    %3 = graph.cos %2 : tensor<8xf32>
    return %3 : tensor<8xf32>
  }
  func.func @g(%a: tensor<3xf16>) -> tensor<3xf16> {
    %0 = graph.sin %a : tensor<3xf16>
    return %0 : tensor<3xf16>
  }
}
// CHECK-LABEL: func.func @f_dispatch_0() {
// CHECK: kernel.generic ins(%{{.+}}, %{{.+}} : memref<8xf32>, memref<8xf32>) outs(%{{.+}} : memref<8xf32>)
// CHECK-NEXT: ^bb0(%[[A:.+]]: f32, %[[B:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT: %[[S:.+]] = kernel.sin %[[A]] : f32
// CHECK-NEXT: %[[C:.+]] = kernel.cos %[[B]] : f32
// CHECK-NEXT: %[[M:.+]] = arith.mulf %[[S]], %[[C]] : f32
// CHECK-NEXT: %[[R:.+]] = kernel.cos %[[M]] : f32
// CHECK-NEXT: kernel.yield %[[R]] : f32

// CHECK-LABEL: func.func @g_dispatch_0() {
// CHECK: kernel.generic ins(%{{.+}} : memref<3xf16>) outs(%{{.+}} : memref<3xf16>)
// CHECK-NEXT: ^bb0(%[[X:.+]]: f16, %{{.+}}: f16):
// CHECK-NEXT: %[[Y:.+]] = kernel.sin %[[X]] : f16
// CHECK-NEXT: kernel.yield %[[Y]] : f16
