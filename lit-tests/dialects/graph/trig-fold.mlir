// RUN: xopt %s --canonicalize | xcheck %s

// Constant folds of graph.sin and graph.cos: computed in f64 and rounded
// once (the reference's semantics); sin keeps -0, sin/cos of +-inf are NaN,
// NaN stays NaN (the
// sign of the NaN of an infinity is the host's).

// CHECK-LABEL: func.func @f32
// CHECK-DAG: graph.constant dense<[0.000000e+00, -0.000000e+00, 0.841470957, -1.000000e+00, 3.574880e-02, 0x{{[7F]}}FC00000, 0x7FC00000]> : tensor<7xf32>
// CHECK-DAG: graph.constant dense<[1.000000e+00, 1.000000e+00, 0.540302277, -4.37113883E-8, -0.999360799, 0x{{[7F]}}FC00000, 0x7FC00000]> : tensor<7xf32>
// CHECK: return
func.func @f32() -> (tensor<7xf32>, tensor<7xf32>) {
  %a = graph.constant dense<[0.0, -0.0, 1.0, -1.5707963705062866, 1.0e+05, 0x7F800000, 0x7FC00000]> : tensor<7xf32>
  %0 = graph.sin %a : tensor<7xf32>
  %1 = graph.cos %a : tensor<7xf32>
  return %0, %1 : tensor<7xf32>, tensor<7xf32>
}

// CHECK-LABEL: func.func @f64
// CHECK-DAG: graph.constant dense<0.8414709848078965> : tensor<1xf64>
// CHECK-DAG: graph.constant dense<0.54030230586813977> : tensor<1xf64>
// CHECK: return
func.func @f64() -> (tensor<1xf64>, tensor<1xf64>) {
  %a = graph.constant dense<[1.0]> : tensor<1xf64>
  %0 = graph.sin %a : tensor<1xf64>
  %1 = graph.cos %a : tensor<1xf64>
  return %0, %1 : tensor<1xf64>, tensor<1xf64>
}
