// IREE peer of ../add.mlir (StableHLO).
func.func @main(%a: tensor<1048576xf32>, %b: tensor<1048576xf32>) -> tensor<1048576xf32> {
  %r = stablehlo.add %a, %b : tensor<1048576xf32>
  return %r : tensor<1048576xf32>
}
