// Workload "chain": exp(relu(a*b + c)) on 1M f32, one fused pass for xir
// (numpy makes three passes with temporaries).
func.func @main(%a: tensor<1048576xf32>, %b: tensor<1048576xf32>, %c: tensor<1048576xf32>) -> tensor<1048576xf32> {
  %m = graph.mul %a, %b : tensor<1048576xf32>
  %s = graph.add %m, %c : tensor<1048576xf32>
  %r = graph.relu %s : tensor<1048576xf32>
  %e = graph.exp %r : tensor<1048576xf32>
  return %e : tensor<1048576xf32>
}
