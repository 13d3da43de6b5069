// RUN: xopt %s --canonicalize | xcheck %s

// graph.gather of two constants folds: negative indices count from the end,
// out-of-range ones clamp to 0 or d-1; a splat input stays a splat.

// CHECK-LABEL: func.func @rows
// CHECK-NEXT:  %[[C:.*]] = graph.constant dense<{{\[\[}}5, 6], [1, 2], [5, 6], [1, 2], [3, 4]]> : tensor<5x2xi32>
// CHECK-NEXT:  return %[[C]]
func.func @rows() -> tensor<5x2xi32> {
  %t = graph.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %i = graph.constant dense<[-1, -3, 7, -9, 1]> : tensor<5xi64>
  %0 = graph.gather %t[%i] axis = 0 : (tensor<3x2xi32>, tensor<5xi64>) -> tensor<5x2xi32>
  return %0 : tensor<5x2xi32>
}

// CHECK-LABEL: func.func @column
// CHECK-NEXT:  %[[C:.*]] = graph.constant dense<[2.000000e+00, 4.000000e+00, 6.000000e+00]> : tensor<3xf32>
func.func @column() -> tensor<3xf32> {
  %t = graph.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %i = graph.constant dense<1> : tensor<i32>
  %0 = graph.gather %t[%i] axis = 1 : (tensor<3x2xf32>, tensor<i32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// CHECK-LABEL: func.func @splat
// CHECK-NEXT:  %[[C:.*]] = graph.constant dense<7> : tensor<2x2x2x3xi64>
// CHECK-NEXT:  return %[[C]]
func.func @splat() -> tensor<2x2x2x3xi64> {
  %t = graph.constant dense<7> : tensor<2x4x3xi64>
  %i = graph.constant dense<[[0, 9], [-2, 1]]> : tensor<2x2xi32>
  %0 = graph.gather %t[%i] axis = 1 : (tensor<2x4x3xi64>, tensor<2x2xi32>) -> tensor<2x2x2x3xi64>
  return %0 : tensor<2x2x2x3xi64>
}

// Indices known only at run time: no fold.
// CHECK-LABEL: func.func @runtime
// CHECK:       graph.gather %{{.*}}[%arg0] axis = 1
func.func @runtime(%x: tensor<2xi32>) -> tensor<2x2x3xi64> {
  %t = graph.constant dense<7> : tensor<2x4x3xi64>
  %0 = graph.gather %t[%x] axis = 1 : (tensor<2x4x3xi64>, tensor<2xi32>) -> tensor<2x2x3xi64>
  return %0 : tensor<2x2x3xi64>
}
