// RUN: xopt %s --device-plan --device-partition | xcheck %s

// The frontend MLP (as in dialects/graph/mlp.mlir, with a cpu epilogue): the gpu
// body is one part between the two transfers; the host-only graph.dim (whose result
// is unused) and the cpu tanh are parts of their own.
// CHECK-LABEL: func.func @mlp
// CHECK-NEXT: %0 = graph.transfer %arg0 from #device.affinity<@cpu> to #device.affinity<@gpu>
// CHECK-NEXT: call @mlp_cpu_0(%0) : (tensor<?x784xf32>) -> ()
// CHECK-NEXT: %1 = call @mlp_gpu_0(%0, %arg1, %arg2, %arg3, %arg4) : (tensor<?x784xf32>, tensor<784x128xf32>, tensor<128xf32>, tensor<128x10xf32>, tensor<10xf32>) -> tensor<?x10xf32>
// CHECK-NEXT: %2 = graph.transfer %1 from #device.affinity<@gpu> to #device.affinity<@cpu>
// CHECK-NEXT: %3 = call @mlp_cpu_1(%2) : (tensor<?x10xf32>) -> tensor<?x10xf32>
// CHECK-NEXT: return %3
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @mlp_cpu_0(%arg0: tensor<?x784xf32> {device.affinity = #device.affinity<@gpu>}) attributes {device.affinity = #device.affinity<@cpu>} {
// CHECK-NEXT: graph.dim %arg0, 0 {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @mlp_gpu_0({{.*}}) -> (tensor<?x10xf32> {device.affinity = #device.affinity<@gpu>}) attributes {device.affinity = #device.affinity<@gpu>} {
// CHECK-NEXT: graph.matmul
// CHECK-NEXT: graph.broadcast
// CHECK-NEXT: graph.add
// CHECK-NEXT: graph.relu
// CHECK-NEXT: graph.matmul
// CHECK-NEXT: graph.broadcast
// CHECK-NEXT: graph.add
// CHECK-NEXT: graph.reduce_max
// CHECK-NEXT: graph.broadcast
// CHECK-NEXT: graph.sub
// CHECK-NEXT: %10 = graph.exp
// CHECK-NEXT: return %10 : tensor<?x10xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func private @mlp_cpu_1(%arg0: tensor<?x10xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<?x10xf32> {device.affinity = #device.affinity<@cpu>}) attributes {device.affinity = #device.affinity<@cpu>} {
// CHECK-NEXT: graph.tanh %arg0
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}, device.default = #device.affinity<@gpu>, device.host = #device.affinity<@cpu>} {
  func.func @mlp(%x: tensor<?x784xf32> {device.affinity = #device.affinity<@cpu>}, %w1: tensor<784x128xf32>, %b1: tensor<128xf32>, %w2: tensor<128x10xf32>, %b2: tensor<10xf32>) -> (tensor<?x10xf32> {device.affinity = #device.affinity<@cpu>}) {
    %xg = graph.transfer %x to #device.affinity<@gpu> : tensor<?x784xf32>
    %h = graph.matmul %xg, %w1 : (tensor<?x784xf32>, tensor<784x128xf32>) -> tensor<?x128xf32>
    %n = graph.dim %xg, 0 : tensor<?x784xf32>
    %bb = graph.broadcast %b1 dimensions = [1] : tensor<128xf32> -> tensor<?x128xf32>
    %h1 = graph.add %h, %bb : tensor<?x128xf32>
    %a = graph.relu %h1 : tensor<?x128xf32>
    %o = graph.matmul %a, %w2 : (tensor<?x128xf32>, tensor<128x10xf32>) -> tensor<?x10xf32>
    %bo = graph.broadcast %b2 dimensions = [1] : tensor<10xf32> -> tensor<?x10xf32>
    %o1 = graph.add %o, %bo : tensor<?x10xf32>
    %m = graph.reduce_max %o1 axes = [1] : tensor<?x10xf32> -> tensor<?xf32>
    %mb = graph.broadcast %m dimensions = [0] : tensor<?xf32> -> tensor<?x10xf32>
    %s = graph.sub %o1, %mb : tensor<?x10xf32>
    %e = graph.exp %s : tensor<?x10xf32>
    %r = graph.transfer %e to #device.affinity<@cpu> : tensor<?x10xf32>
    %t = graph.tanh %r : tensor<?x10xf32>
    return %t : tensor<?x10xf32>
  }
}
