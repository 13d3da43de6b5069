// A two-layer MLP as a frontend writes it: the input arrives on the CPU, the person
// pinned the first layer's activation to the GPU, and the result must be back on the CPU.
// Everything else is left to xir:
//   xopt examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local \
//        --device-assignment-pipeline --device-plan='auto-transfer=true'
// places every op, inserts the transfers, and resolves the devices.
module {
  func.func @mlp(%x: tensor<8x784xf32> {device.affinity = #device.promise<@cpu>},
                 %w1: tensor<784x128xf32>, %b1: tensor<128xf32>,
                 %w2: tensor<128x10xf32>, %b2: tensor<10xf32>)
      -> (tensor<8x10xf32> {device.affinity = #device.promise<@cpu>}) {
    %h = graph.matmul %x, %w1 : (tensor<8x784xf32>, tensor<784x128xf32>) -> tensor<8x128xf32>
    %bb = graph.broadcast %b1 dimensions = [1] : tensor<128xf32> -> tensor<8x128xf32>
    %h1 = graph.add %h, %bb : tensor<8x128xf32>
    %a = graph.relu %h1 : tensor<8x128xf32>
    %ag = graph.on_device %a on #device.promise<@gpu> : tensor<8x128xf32>
    %o = graph.matmul %ag, %w2 : (tensor<8x128xf32>, tensor<128x10xf32>) -> tensor<8x10xf32>
    %bo = graph.broadcast %b2 dimensions = [1] : tensor<10xf32> -> tensor<8x10xf32>
    %o1 = graph.add %o, %bo : tensor<8x10xf32>
    %e = graph.exp %o1 : tensor<8x10xf32>
    return %e : tensor<8x10xf32>
  }
}
