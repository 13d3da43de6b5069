// A two-device program for program.mlir: @cpu local, @gpu vulkan.
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}, device.default = #device.affinity<@cpu>} {
  func.func @f(%x: tensor<2xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<2xf32> {device.affinity = #device.affinity<@cpu>}) {
    %g = graph.transfer %x to #device.affinity<@gpu> : tensor<2xf32>
    %n = graph.neg %g : tensor<2xf32>
    %c = graph.transfer %n to #device.affinity<@cpu> : tensor<2xf32>
    return %c : tensor<2xf32>
  }
}
