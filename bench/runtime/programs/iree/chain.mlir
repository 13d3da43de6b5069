// IREE peer of ../chain.mlir (StableHLO).
func.func @main(%a: tensor<1048576xf32>, %b: tensor<1048576xf32>, %c: tensor<1048576xf32>) -> tensor<1048576xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<1048576xf32>
  %m = stablehlo.multiply %a, %b : tensor<1048576xf32>
  %s = stablehlo.add %m, %c : tensor<1048576xf32>
  %r = stablehlo.maximum %s, %zero : tensor<1048576xf32>
  %e = stablehlo.exponential %r : tensor<1048576xf32>
  return %e : tensor<1048576xf32>
}
