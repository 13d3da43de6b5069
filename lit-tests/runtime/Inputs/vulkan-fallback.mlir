// @aux is a fallback to @gpu, a select of vulkan and local: its op runs
// wherever @gpu resolved.
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.select<[#device.alias<"vulkan">, #device.alias<"local">]>, aux = #device.fallback<@gpu>}} {
  func.func @k(%a: tensor<4xf32> {device.affinity = #device.promise<@cpu>}) -> (tensor<4xf32> {device.affinity = #device.promise<@cpu>}) {
    %0 = graph.neg %a : tensor<4xf32>
    %1 = graph.on_device %0 on #device.promise<@aux> : tensor<4xf32>
    %2 = graph.exp %1 : tensor<4xf32>
    return %2 : tensor<4xf32>
  }
}
