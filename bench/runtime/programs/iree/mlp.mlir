// IREE peer of ../mlp.mlir (StableHLO).
func.func @main(%x: tensor<64x512xf32>,
                %w1: tensor<512x1024xf32>, %b1: tensor<1024xf32>,
                %w2: tensor<1024x1024xf32>, %b2: tensor<1024xf32>,
                %w3: tensor<1024x10xf32>, %b3: tensor<10xf32>) -> tensor<64x10xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<64x1024xf32>
  %h1 = stablehlo.dot %x, %w1 : (tensor<64x512xf32>, tensor<512x1024xf32>) -> tensor<64x1024xf32>
  %bb1 = stablehlo.broadcast_in_dim %b1, dims = [1] : (tensor<1024xf32>) -> tensor<64x1024xf32>
  %s1 = stablehlo.add %h1, %bb1 : tensor<64x1024xf32>
  %a1 = stablehlo.maximum %s1, %zero : tensor<64x1024xf32>
  %h2 = stablehlo.dot %a1, %w2 : (tensor<64x1024xf32>, tensor<1024x1024xf32>) -> tensor<64x1024xf32>
  %bb2 = stablehlo.broadcast_in_dim %b2, dims = [1] : (tensor<1024xf32>) -> tensor<64x1024xf32>
  %s2 = stablehlo.add %h2, %bb2 : tensor<64x1024xf32>
  %a2 = stablehlo.maximum %s2, %zero : tensor<64x1024xf32>
  %h3 = stablehlo.dot %a2, %w3 : (tensor<64x1024xf32>, tensor<1024x10xf32>) -> tensor<64x10xf32>
  %bb3 = stablehlo.broadcast_in_dim %b3, dims = [1] : (tensor<10xf32>) -> tensor<64x10xf32>
  %o = stablehlo.add %h3, %bb3 : tensor<64x10xf32>
  return %o : tensor<64x10xf32>
}
