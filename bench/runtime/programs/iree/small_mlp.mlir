// IREE peer of ../small_mlp.mlir (StableHLO).
func.func @main(%x: tensor<8x784xf32>,
                %w1: tensor<784x256xf32>, %b1: tensor<256xf32>,
                %w2: tensor<256x10xf32>, %b2: tensor<10xf32>) -> tensor<8x10xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<8x256xf32>
  %h1 = stablehlo.dot %x, %w1 : (tensor<8x784xf32>, tensor<784x256xf32>) -> tensor<8x256xf32>
  %bb1 = stablehlo.broadcast_in_dim %b1, dims = [1] : (tensor<256xf32>) -> tensor<8x256xf32>
  %s1 = stablehlo.add %h1, %bb1 : tensor<8x256xf32>
  %a1 = stablehlo.maximum %s1, %zero : tensor<8x256xf32>
  %h2 = stablehlo.dot %a1, %w2 : (tensor<8x256xf32>, tensor<256x10xf32>) -> tensor<8x10xf32>
  %bb2 = stablehlo.broadcast_in_dim %b2, dims = [1] : (tensor<10xf32>) -> tensor<8x10xf32>
  %s2 = stablehlo.add %h2, %bb2 : tensor<8x10xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%s2 init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<8x10xf32>, tensor<f32>) -> tensor<8xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<8xf32>) -> tensor<8x10xf32>
  %d = stablehlo.subtract %s2, %mb : tensor<8x10xf32>
  %e = stablehlo.exponential %d : tensor<8x10xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %sum = stablehlo.reduce(%e init: %z) applies stablehlo.add across dimensions = [1] : (tensor<8x10xf32>, tensor<f32>) -> tensor<8xf32>
  %sb = stablehlo.broadcast_in_dim %sum, dims = [0] : (tensor<8xf32>) -> tensor<8x10xf32>
  %o = stablehlo.divide %e, %sb : tensor<8x10xf32>
  return %o : tensor<8x10xf32>
}
