// IREE peer of ../matmul.mlir (StableHLO).
func.func @main(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %m = stablehlo.dot %a, %b : (tensor<512x512xf32>, tensor<512x512xf32>) -> tensor<512x512xf32>
  return %m : tensor<512x512xf32>
}
