// Workload "small_mlp" (issue 31's ONNX MLP): x 8x784 -> 256 -> relu -> 10 ->
// softmax, with biases; 5 dispatches whose arithmetic takes a few microseconds,
// so its time per call is mostly the runtime's own overhead.
func.func @main(%x: tensor<8x784xf32>,
                %w1: tensor<784x256xf32>, %b1: tensor<256xf32>,
                %w2: tensor<256x10xf32>, %b2: tensor<10xf32>) -> tensor<8x10xf32> {
  %h1 = graph.matmul %x, %w1 : (tensor<8x784xf32>, tensor<784x256xf32>) -> tensor<8x256xf32>
  %bb1 = graph.broadcast %b1 dimensions = [1] : tensor<256xf32> -> tensor<8x256xf32>
  %s1 = graph.add %h1, %bb1 : tensor<8x256xf32>
  %a1 = graph.relu %s1 : tensor<8x256xf32>
  %h2 = graph.matmul %a1, %w2 : (tensor<8x256xf32>, tensor<256x10xf32>) -> tensor<8x10xf32>
  %bb2 = graph.broadcast %b2 dimensions = [1] : tensor<10xf32> -> tensor<8x10xf32>
  %s2 = graph.add %h2, %bb2 : tensor<8x10xf32>
  %o = graph.softmax %s2 axis = 1 : tensor<8x10xf32>
  return %o : tensor<8x10xf32>
}
