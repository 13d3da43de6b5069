// Shared memory (device.topology): the cpu → gpu → cpu transfers are elided, so
// no device copies anything, and the numbers are those of the program without the
// link (which copies twice). x·w = 4 · 0.05 = 0.2; exp(0.2) + 0.2 = 1.4214.
// RUN: xrun %s --input=4x4xf32=0.1 --input=4x4xf32=0.5 --trace 2>&1 | xcheck %s
// RUN: sed 's/, device.topology = \[#device.link<@cpu, @gpu, shared_memory>\]//' %s | xrun - --input=4x4xf32=0.1 --input=4x4xf32=0.5 --trace 2>&1 | xcheck %s --check-prefix=COPIES
// CHECK: 4x4xf32=[1.4214 1.4214 1.4214 1.4214][1.4214 1.4214 1.4214 1.4214][1.4214 1.4214 1.4214 1.4214][1.4214 1.4214 1.4214 1.4214]
// CHECK-NOT: copy
// COPIES: 4x4xf32=[1.4214 1.4214 1.4214 1.4214][1.4214 1.4214 1.4214 1.4214][1.4214 1.4214 1.4214 1.4214][1.4214 1.4214 1.4214 1.4214]
// COPIES: copy 64 bytes
// COPIES: copy 64 bytes
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}, device.topology = [#device.link<@cpu, @gpu, shared_memory>]} {
  func.func @main(%x: tensor<4x4xf32> {device.affinity = #device.affinity<@cpu>}, %w: tensor<4x4xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<4x4xf32> {device.affinity = #device.affinity<@cpu>}) {
    %m1 = graph.matmul %x, %w : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %g1 = graph.transfer %m1 to #device.affinity<@gpu> : tensor<4x4xf32>
    %e = graph.exp %g1 : tensor<4x4xf32>
    %c = graph.transfer %e to #device.affinity<@cpu> : tensor<4x4xf32>
    %s = graph.add %c, %m1 : tensor<4x4xf32>
    return %s : tensor<4x4xf32>
  }
}
