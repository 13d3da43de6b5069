// RUN: xopt %s --split-input-file | xcheck %s
// RUN: xopt %s --split-input-file --mlir-print-op-generic | xopt --split-input-file | xcheck %s

// reshape, broadcast and slice may be given their dynamic result dims as
// trailing index operands, one per '?' of the result (tensor.empty's
// convention), in the custom form between brackets after the input.

// CHECK-LABEL: func.func @given
// CHECK: graph.reshape %arg0[%{{.+}}, %{{.+}}] : tensor<?x8xf32> -> tensor<?x?x2xf32>
// CHECK: graph.broadcast %arg1[%{{.+}}] dimensions = [1] : tensor<8xf32> -> tensor<?x8xf32>
// CHECK: graph.slice %arg1[%{{.+}}] start = [2] strides = [1] : tensor<8xf32> -> tensor<?xf32>
// CHECK: graph.reshape %arg0 : tensor<?x8xf32> -> tensor<?x4xf32>
func.func @given(%x: tensor<?x8xf32>, %v: tensor<8xf32>, %a: index, %b: index) -> (tensor<?x?x2xf32>, tensor<?x8xf32>, tensor<?xf32>, tensor<?x4xf32>) {
  %r = graph.reshape %x [%a, %b] : tensor<?x8xf32> -> tensor<?x?x2xf32>
  %e = graph.broadcast %v [%a] dimensions = [1] : tensor<8xf32> -> tensor<?x8xf32>
  %s = graph.slice %v [%b] start = [2] strides = [1] : tensor<8xf32> -> tensor<?xf32>
  %d = graph.reshape %x : tensor<?x8xf32> -> tensor<?x4xf32>
  return %r, %e, %s, %d : tensor<?x?x2xf32>, tensor<?x8xf32>, tensor<?xf32>, tensor<?x4xf32>
}
