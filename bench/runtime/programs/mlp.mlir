// Workload "mlp": x 64x512 -> 1024 -> relu -> 1024 -> relu -> 10, with biases;
// the weights are arguments (as for the numpy, onnxruntime and IREE peers).
func.func @main(%x: tensor<64x512xf32>,
                %w1: tensor<512x1024xf32>, %b1: tensor<1024xf32>,
                %w2: tensor<1024x1024xf32>, %b2: tensor<1024xf32>,
                %w3: tensor<1024x10xf32>, %b3: tensor<10xf32>) -> tensor<64x10xf32> {
  %h1 = graph.matmul %x, %w1 : (tensor<64x512xf32>, tensor<512x1024xf32>) -> tensor<64x1024xf32>
  %bb1 = graph.broadcast %b1 dimensions = [1] : tensor<1024xf32> -> tensor<64x1024xf32>
  %s1 = graph.add %h1, %bb1 : tensor<64x1024xf32>
  %a1 = graph.relu %s1 : tensor<64x1024xf32>
  %h2 = graph.matmul %a1, %w2 : (tensor<64x1024xf32>, tensor<1024x1024xf32>) -> tensor<64x1024xf32>
  %bb2 = graph.broadcast %b2 dimensions = [1] : tensor<1024xf32> -> tensor<64x1024xf32>
  %s2 = graph.add %h2, %bb2 : tensor<64x1024xf32>
  %a2 = graph.relu %s2 : tensor<64x1024xf32>
  %h3 = graph.matmul %a2, %w3 : (tensor<64x1024xf32>, tensor<1024x10xf32>) -> tensor<64x10xf32>
  %bb3 = graph.broadcast %b3 dimensions = [1] : tensor<10xf32> -> tensor<64x10xf32>
  %o = graph.add %h3, %bb3 : tensor<64x10xf32>
  return %o : tensor<64x10xf32>
}
