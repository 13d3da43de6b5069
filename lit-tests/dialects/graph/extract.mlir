// RUN: xopt %s | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s

// graph.extract: the value of a one-element integer tensor as an index, read
// by the host; a size known only from data gives an op its dynamic dim.

// CHECK-LABEL: func.func @extract
// CHECK: %[[N:.+]] = graph.extract %arg0 : tensor<i64>
// CHECK: %[[M:.+]] = graph.extract %arg1 : tensor<1x1xi32>
// CHECK: graph.slice %arg2[%[[N]]] start = [0] strides = [1] : tensor<8xf32> -> tensor<?xf32>
// CHECK: arith.addi %[[N]], %[[M]] : index
func.func @extract(%k: tensor<i64>, %j: tensor<1x1xi32>, %v: tensor<8xf32>) -> (tensor<?xf32>, index) {
  %n = graph.extract %k : tensor<i64>
  %m = graph.extract %j : tensor<1x1xi32>
  %s = graph.slice %v [%n] start = [0] strides = [1] : tensor<8xf32> -> tensor<?xf32>
  %t = arith.addi %n, %m : index
  return %s, %t : tensor<?xf32>, index
}
