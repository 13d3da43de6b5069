// RUN: xopt %s --split-input-file --graph-decompose | xcheck %s

// Composites with dynamic dims: a constant of a dynamic shape is a 0-d
// constant broadcast to the dims of the value it combines with; a broadcast
// back over a dim the reduction removed is given that dim (graph.dim of the
// input), since no input dim holds it. What they compute is checked against
// the static forms in runtime/ops/composites-dynamic.mlir.

// CHECK-LABEL: func.func @mean
// CHECK: %[[S:.+]] = graph.reduce_sum %arg0 axes = [1] : tensor<?x4xf32> -> tensor<?xf32>
// CHECK: %[[C:.+]] = graph.constant dense<4.000000e+00> : tensor<f32>
// CHECK: %[[D:.+]] = graph.dim %[[S]], 0 : tensor<?xf32>
// CHECK: %[[B:.+]] = graph.broadcast %[[C]][%[[D]]] dimensions = [] : tensor<f32> -> tensor<?xf32>
// CHECK: graph.div %[[S]], %[[B]] : tensor<?xf32>
func.func @mean(%x: tensor<?x4xf32>) -> tensor<?xf32> {
  %0 = graph.reduce_mean %x axes = [1] : tensor<?x4xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @softmax
// CHECK: %[[M:.+]] = graph.reduce_max %arg0 axes = [1] : tensor<2x?xf32> -> tensor<2xf32>
// CHECK: %[[D:.+]] = graph.dim %arg0, 1 : tensor<2x?xf32>
// CHECK: graph.broadcast %[[M]][%[[D]]] dimensions = [0] : tensor<2xf32> -> tensor<2x?xf32>
func.func @softmax(%x: tensor<2x?xf32>) -> tensor<2x?xf32> {
  %0 = graph.softmax %x axis = 1 : tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// -----

// The mean broadcast back over a dynamic leading dim keeps it: no dims given.
// CHECK-LABEL: func.func @layer_norm
// CHECK: graph.broadcast %{{.+}} dimensions = [0] : tensor<?xf32> -> tensor<?x4xf32>
func.func @layer_norm(%x: tensor<?x4xf32>, %s: tensor<4xf32>) -> tensor<?x4xf32> {
  %0:3 = graph.layer_norm %x, %s, %s axis = 1 epsilon = 1.0e-05 : (tensor<?x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<?x4xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %0#0 : tensor<?x4xf32>
}
