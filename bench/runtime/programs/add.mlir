// Workload "add": elementwise add of two 1M-element f32 vectors (1M = 2^20).
func.func @main(%a: tensor<1048576xf32>, %b: tensor<1048576xf32>) -> tensor<1048576xf32> {
  %r = graph.add %a, %b : tensor<1048576xf32>
  return %r : tensor<1048576xf32>
}
