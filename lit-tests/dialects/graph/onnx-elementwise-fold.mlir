// RUN: xopt %s --canonicalize | xcheck %s

// Constant folds of the new elementwise ops, with the reference's semantics:
// min propagates NaN and orders -0 < +0; cast truncates toward zero,
// saturates (NaN -> 0), x -> i1 is x != 0, i1 -> x is 0/1; compare is
// ordered (NaN: false, except ne).

// CHECK-LABEL: func.func @floats
// CHECK-DAG: graph.constant dense<[1.000000e+00, 2.500000e+00, 0.000000e+00, 0x7FC00000]> : tensor<4xf32>
// CHECK-DAG: graph.constant dense<[1.000000e+00, 1.58113885, 0.000000e+00, 0x7FC00000]> : tensor<4xf32>
// CHECK-DAG: graph.constant dense<[-1.000000e+00, 2.000000e+00, -0.000000e+00, 0x7FC00000]> : tensor<4xf32>
// CHECK-DAG: graph.constant dense<[0.000000e+00, 0.91629076, 0xFF800000, 0x7FC00000]> : tensor<4xf32>
// CHECK-DAG: graph.constant dense<[-0.842700779, 9.995930e-01, -0.000000e+00, 0x7FC00000]> : tensor<4xf32>
// CHECK-DAG: graph.constant dense<[0.268941432, 0.924141824, 5.000000e-01, 0x7FC00000]> : tensor<4xf32>
// CHECK-DAG: graph.constant dense<[-1.000000e+00, 6.250000e+00, 1.000000e+00, 0x7FC00000]> : tensor<4xf32>
// CHECK: return
func.func @floats() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %a = graph.constant dense<[-1.0, 2.5, -0.0, 0x7FC00000]> : tensor<4xf32>
  %b = graph.constant dense<[3.0, 2.0, 0.0, 1.0]> : tensor<4xf32>
  %0 = graph.abs %a : tensor<4xf32>
  %1 = graph.sqrt %0 : tensor<4xf32>
  %2 = graph.min %a, %b : tensor<4xf32>
  %3 = graph.log %0 : tensor<4xf32>
  %4 = graph.erf %a : tensor<4xf32>
  %5 = graph.sigmoid %a : tensor<4xf32>
  %c = graph.constant dense<[-1.0, 2.5, 0.0, 0x7FC00000]> : tensor<4xf32>
  %e = graph.constant dense<[3.0, 2.0, 0.0, 1.0]> : tensor<4xf32>
  %6 = graph.pow %c, %e : tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @casts
// CHECK-DAG: graph.constant dense<[-2, 2, 0, 2147483647, -2147483648, 0]> : tensor<6xi32>
// CHECK-DAG: graph.constant dense<true> : tensor<6xi1>
// CHECK-DAG: graph.constant dense<[1, 0, 1]> : tensor<3xi32>
// CHECK-DAG: graph.constant dense<[-3, 44, 1]> : tensor<3xi8>
// CHECK-DAG: graph.constant dense<[-3.000000e+00, 3.000000e+02, 0x4B800000]> : tensor<3xf32>
func.func @casts() -> (tensor<6xi32>, tensor<6xi1>, tensor<3xi32>, tensor<3xi8>, tensor<3xf32>) {
  %f = graph.constant dense<[-2.7, 2.7, -0.5, 1.0e10, -1.0e10, 0x7FC00000]> : tensor<6xf32>
  %0 = graph.cast %f : tensor<6xf32> -> tensor<6xi32>
  %1 = graph.cast %f : tensor<6xf32> -> tensor<6xi1>
  %b = graph.constant dense<[true, false, true]> : tensor<3xi1>
  %2 = graph.cast %b : tensor<3xi1> -> tensor<3xi32>
  %i = graph.constant dense<[-3, 300, 16777217]> : tensor<3xi32>
  %3 = graph.cast %i : tensor<3xi32> -> tensor<3xi8>
  %4 = graph.cast %i : tensor<3xi32> -> tensor<3xf32>
  return %0, %1, %2, %3, %4 : tensor<6xi32>, tensor<6xi1>, tensor<3xi32>, tensor<3xi8>, tensor<3xf32>
}

// CHECK-LABEL: func.func @compares
// CHECK-DAG: graph.constant dense<[true, false, false, false]> : tensor<4xi1>
// CHECK-DAG: graph.constant dense<[true, true, false, true]> : tensor<4xi1>
// CHECK-DAG: graph.constant dense<[false, true, true, false]> : tensor<4xi1>
// CHECK-DAG: graph.constant dense<[3.000000e+00, 2.500000e+00, -0.000000e+00, 1.000000e+00]> : tensor<4xf32>
// CHECK-DAG: graph.constant dense<[false, false, false, true]> : tensor<4xi1>
func.func @compares() -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xf32>, tensor<4xi1>) {
  %a = graph.constant dense<[-1.0, 2.5, -0.0, 0x7FC00000]> : tensor<4xf32>
  %b = graph.constant dense<[3.0, 2.0, 0.0, 1.0]> : tensor<4xf32>
  %0 = graph.compare lt, %a, %b : tensor<4xf32> -> tensor<4xi1>
  %1 = graph.compare ne, %a, %b : tensor<4xf32> -> tensor<4xi1>
  %2 = graph.compare ge, %a, %b : tensor<4xf32> -> tensor<4xi1>
  %3 = graph.select %2, %a, %b : tensor<4xi1>, tensor<4xf32>
  %n = graph.not %0 : tensor<4xi1>
  %4 = graph.xor %n, %2 : tensor<4xi1>
  return %0, %1, %2, %3, %4 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xf32>, tensor<4xi1>
}
