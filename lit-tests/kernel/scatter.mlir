// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=kernel 2>/dev/null | xcheck %s
// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=flow 2>/dev/null | xcheck %s --check-prefix=FLOW

// graph.scatter is a dispatch of its own (fused with neither the producers
// of its operands nor its consumer) and becomes the named stage
// kernel.scatter from buffer to buffer.

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @put(%d: tensor<?x2xf32>, %i: tensor<3xi64>, %u: tensor<3x2xf32>) -> tensor<?x2xf32> {
    %a = graph.add %d, %d : tensor<?x2xf32>
    %0 = graph.scatter %a, %i, %u reduction = add : (tensor<?x2xf32>, tensor<3xi64>, tensor<3x2xf32>) -> tensor<?x2xf32>
    %1 = graph.relu %0 : tensor<?x2xf32>
    return %1 : tensor<?x2xf32>
  }
}
// FLOW-LABEL: func.func @put_dispatch_0(
// FLOW-NEXT:  graph.add
// FLOW-NEXT:  return
// FLOW-LABEL: func.func @put_dispatch_1(
// FLOW-NEXT:  graph.scatter
// FLOW-NEXT:  return
// FLOW-LABEL: func.func @put_dispatch_2(
// FLOW-NEXT:  graph.relu
// FLOW-NEXT:  return

// CHECK-LABEL: func.func @put_dispatch_1(
// CHECK:      %[[D:.+]] = kernel.binding 0(%{{.*}}) : memref<?x2xf32>
// CHECK-NEXT: %[[I:.+]] = kernel.binding 1 : memref<3xi64>
// CHECK-NEXT: %[[U:.+]] = kernel.binding 2 : memref<3x2xf32>
// CHECK-NEXT: %[[O:.+]] = kernel.binding 3(%{{.*}}) : memref<?x2xf32>
// CHECK-NEXT: kernel.scatter ins(%[[D]], %[[I]], %[[U]] : memref<?x2xf32>, memref<3xi64>, memref<3x2xf32>) outs(%[[O]] : memref<?x2xf32>) reduction = add
// CHECK-NEXT: return
