// RUN: xopt %s | xcheck %s
// RUN: xopt %s --mlir-print-op-generic | xcheck %s --check-prefix=GEN
// RUN: xopt %s --mlir-print-op-generic | xopt | xcheck %s
// RUN: xopt %s | xopt --mlir-print-op-generic | xcheck %s --check-prefix=GEN

// graph.gather's custom and generic forms: input, then indices (i32 or i64,
// any rank, 0-d included), property `axis`; the result is
// input[:axis] + indices + input[axis+1:].

func.func @ops(%t: tensor<10x4xf32>, %i: tensor<3xi64>, %j: tensor<i32>, %k: tensor<2x?xi64>, %x: tensor<?x5x2xi1>) {
  %0 = graph.gather %t[%i] axis = 0 : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  %1 = graph.gather %t[%j] axis = 1 : (tensor<10x4xf32>, tensor<i32>) -> tensor<10xf32>
  %2 = graph.gather %x[%k] axis = 1 {tag} : (tensor<?x5x2xi1>, tensor<2x?xi64>) -> tensor<?x2x?x2xi1>
  %3 = graph.gather %t[%j] axis = 0 : (tensor<10x4xf32>, tensor<i32>) -> tensor<4xf32>
  return
}
// CHECK-LABEL: func.func @ops
// CHECK:      %0 = graph.gather %arg0[%arg1] axis = 0 : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
// CHECK-NEXT: %1 = graph.gather %arg0[%arg2] axis = 1 : (tensor<10x4xf32>, tensor<i32>) -> tensor<10xf32>
// CHECK-NEXT: %2 = graph.gather %arg4[%arg3] axis = 1 {tag} : (tensor<?x5x2xi1>, tensor<2x?xi64>) -> tensor<?x2x?x2xi1>
// CHECK-NEXT: %3 = graph.gather %arg0[%arg2] axis = 0 : (tensor<10x4xf32>, tensor<i32>) -> tensor<4xf32>

// GEN: %0 = "graph.gather"(%arg0, %arg1) <{axis = 0 : i64}> : (tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>
// GEN: %1 = "graph.gather"(%arg0, %arg2) <{axis = 1 : i64}> : (tensor<10x4xf32>, tensor<i32>) -> tensor<10xf32>
// GEN: %2 = "graph.gather"(%arg4, %arg3) <{axis = 1 : i64}> {tag} : (tensor<?x5x2xi1>, tensor<2x?xi64>) -> tensor<?x2x?x2xi1>
