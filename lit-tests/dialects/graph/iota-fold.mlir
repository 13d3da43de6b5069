// RUN: xopt %s --canonicalize | xcheck %s

// A small static iota folds to a constant; a large one stays.
// CHECK-LABEL: func.func @fold
// CHECK: graph.constant dense<{{\[\[}}0, 1, 2], [0, 1, 2]]> : tensor<2x3xi32>
// CHECK: graph.constant dense<[0.000000e+00, 1.000000e+00, 2.000000e+00]> : tensor<3xf32>
// CHECK: graph.iota dimension = 0 : tensor<2000xf32>
func.func @fold() -> (tensor<2x3xi32>, tensor<3xf32>, tensor<2000xf32>) {
  %a = graph.iota dimension = 1 : tensor<2x3xi32>
  %b = graph.iota dimension = 0 : tensor<3xf32>
  %c = graph.iota dimension = 0 : tensor<2000xf32>
  return %a, %b, %c : tensor<2x3xi32>, tensor<3xf32>, tensor<2000xf32>
}
