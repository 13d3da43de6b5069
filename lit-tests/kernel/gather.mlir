// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=kernel 2>/dev/null | xcheck %s
// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=flow 2>/dev/null | xcheck %s --check-prefix=FLOW

// graph.gather is a dispatch of its own (fused with neither the producer of
// its indices nor its consumer) and becomes the named stage kernel.gather
// from buffer to buffer; a constant table is cloned into its kernel.

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @embed(%i: tensor<2x?xi64>) -> tensor<2x?x2xf32> {
    %t = graph.constant dense<[[1.0, -1.0], [2.0, -2.0], [3.0, -3.0]]> : tensor<3x2xf32>
    %j = graph.add %i, %i : tensor<2x?xi64>
    %0 = graph.gather %t[%j] axis = 0 : (tensor<3x2xf32>, tensor<2x?xi64>) -> tensor<2x?x2xf32>
    %1 = graph.relu %0 : tensor<2x?x2xf32>
    return %1 : tensor<2x?x2xf32>
  }
}
// FLOW-LABEL: func.func @embed_dispatch_0(
// FLOW-NEXT:  graph.add
// FLOW-NEXT:  return
// FLOW-LABEL: func.func @embed_dispatch_1(
// FLOW-NEXT:  graph.constant
// FLOW-NEXT:  graph.gather
// FLOW-NEXT:  return
// FLOW-LABEL: func.func @embed_dispatch_2(
// FLOW-NEXT:  graph.relu
// FLOW-NEXT:  return

// CHECK-LABEL: func.func @embed_dispatch_1(%arg0: index, %arg1: index) {
// CHECK:      %[[I:.+]] = kernel.binding 0(%arg0) : memref<2x?xi64>
// CHECK-NEXT: %[[O:.+]] = kernel.binding 1(%arg1) : memref<2x?x2xf32>
// CHECK-NEXT: %[[T:.+]] = kernel.constant dense<{{.*}}> : tensor<3x2xf32> : memref<3x2xf32>
// CHECK-NEXT: kernel.gather ins(%[[T]], %[[I]] : memref<3x2xf32>, memref<2x?xi64>) outs(%[[O]] : memref<2x?x2xf32>) axis = 0
// CHECK-NEXT: return
