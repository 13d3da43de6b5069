// A two-layer MLP whose layers are meant for different devices. Until the graph and
// device dialects land, the compute ops are unregistered (`demo.*`) and placements are
// plain attributes; run with --allow-unregistered-dialect.
module attributes {demo.devices = ["cpu", "gpu"]} {
  func.func @mlp(%x: tensor<4x8xf32>, %w1: tensor<8x16xf32>, %w2: tensor<16x2xf32>) -> tensor<4x2xf32> {
    %h = "demo.matmul"(%x, %w1) {placement = "gpu"} : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
    %a = "demo.relu"(%h) {placement = "gpu"} : (tensor<4x16xf32>) -> tensor<4x16xf32>
    %y = "demo.matmul"(%a, %w2) {placement = "cpu"} : (tensor<4x16xf32>, tensor<16x2xf32>) -> tensor<4x2xf32>
    return %y : tensor<4x2xf32>
  }
  func.func private @helper(tensor<4x2xf32>) -> tensor<4x2xf32>
}
