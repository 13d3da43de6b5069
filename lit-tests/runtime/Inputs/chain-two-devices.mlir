// memory-reuse.mlir's chain with every other matmul pinned to @gpu.
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}, device.default = #device.affinity<@cpu>} {
  func.func @chain(%x: tensor<2x2xf32>, %w: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
    %m1 = graph.matmul %x, %w : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %g1 = graph.transfer %m1 to #device.affinity<@gpu> : tensor<2x2xf32>
    %wg = graph.transfer %w to #device.affinity<@gpu> : tensor<2x2xf32>
    %m2 = graph.matmul %g1, %wg : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %c2 = graph.transfer %m2 to #device.affinity<@cpu> : tensor<2x2xf32>
    %m3 = graph.matmul %c2, %w : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %g3 = graph.transfer %m3 to #device.affinity<@gpu> : tensor<2x2xf32>
    %m4 = graph.matmul %g3, %wg : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %c4 = graph.transfer %m4 to #device.affinity<@cpu> : tensor<2x2xf32>
    %s = graph.add %m1, %m3 : tensor<2x2xf32>
    %t = graph.add %s, %m1 : tensor<2x2xf32>
    return %t, %c2, %c4 : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
  }
}
