// RUN: xopt %s --split-input-file | xcheck %s
// RUN: xopt %s --split-input-file --mlir-print-op-generic | xopt --split-input-file | xcheck %s
// RUN: xopt %s --split-input-file --mlir-print-op-generic | xcheck %s --check-prefix=GENERIC

// graph.iota: each element is its index along `dimension`; the dynamic
// result dims are given as index operands, one per '?', in order.

// CHECK-LABEL: func.func @iota
// CHECK: graph.iota[%arg0] dimension = 0 : tensor<?xi64>
// CHECK: graph.iota[%arg0, %arg1] dimension = 1 : tensor<?x?xf32>
// CHECK: graph.iota[%arg1] dimension = 0 : tensor<3x?xi32>
// CHECK: graph.iota dimension = 1 : tensor<2x4096xbf16>
// GENERIC-LABEL: "func.func"
// GENERIC: "graph.iota"(%arg0) <{dimension = 0 : i64}> : (index) -> tensor<?xi64>
// GENERIC: "graph.iota"(%arg0, %arg1) <{dimension = 1 : i64}> : (index, index) -> tensor<?x?xf32>
// GENERIC: "graph.iota"(%arg1) <{dimension = 0 : i64}> : (index) -> tensor<3x?xi32>
// GENERIC: "graph.iota"() <{dimension = 1 : i64}> : () -> tensor<2x4096xbf16>
func.func @iota(%n: index, %m: index) -> (tensor<?xi64>, tensor<?x?xf32>, tensor<3x?xi32>, tensor<2x4096xbf16>) {
  %a = graph.iota [%n] dimension = 0 : tensor<?xi64>
  %b = "graph.iota"(%n, %m) <{dimension = 1 : i64}> : (index, index) -> tensor<?x?xf32>
  %c = graph.iota [%m] dimension = 0 : tensor<3x?xi32>
  %d = graph.iota dimension = 1 : tensor<2x4096xbf16>
  return %a, %b, %c, %d : tensor<?xi64>, tensor<?x?xf32>, tensor<3x?xi32>, tensor<2x4096xbf16>
}
