// Devices linked with shared memory: min-transfer prices transfers between them
// at nothing, and graph → flow elides them (users read the producer's buffer).
// RUN: xopt %s --split-input-file --device-plan=placement=min-transfer | xcheck %s --check-prefix=PLAN
// RUN: xopt %s --split-input-file --device-plan=placement=min-transfer --compile-to=flow --mlir-pass-statistics 2>&1 | xcheck %s --check-prefix=FLOW

// Without a link the scalar sum is what crosses to gpu (4 bytes) and the
// broadcast runs on gpu; with cpu and gpu linked every crossing is free, so
// everything stays on the default device (cpu) and the one transfer is elided.
// PLAN-LABEL: func.func @linked
// PLAN: graph.broadcast {{.*}}{device.affinity = #device.affinity<@cpu>}
// PLAN-NEXT: graph.transfer {{.*}} from #device.affinity<@cpu> to #device.affinity<@gpu>
// FLOW-LABEL: func.func @linked
// FLOW-NOT: flow.tensor.transfer
// FLOW: return
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}, device.topology = [#device.link<@gpu, @cpu, shared_memory>]} {
  func.func @linked(%a: tensor<1024xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<1024xf32> {device.affinity = #device.affinity<@gpu>}) {
    %0 = graph.exp %a : tensor<1024xf32>
    %1 = graph.reduce_sum %0 axes = [0] : tensor<1024xf32> -> tensor<f32>
    %2 = graph.broadcast %1 dimensions = [] : tensor<f32> -> tensor<1024xf32>
    return %2 : tensor<1024xf32>
  }
}

// -----

// PLAN-LABEL: func.func @unlinked
// PLAN: graph.transfer {{.*}} from #device.affinity<@cpu> to #device.affinity<@gpu> {{.*}}: tensor<f32>
// PLAN-NEXT: graph.broadcast {{.*}}{device.affinity = #device.affinity<@gpu>}
// FLOW-LABEL: func.func @unlinked
// FLOW: flow.tensor.transfer
// FLOW: ConvertTransfers
// FLOW: (S) 1 num-elided
// FLOW: (S) 1 num-transfers
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @unlinked(%a: tensor<1024xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<1024xf32> {device.affinity = #device.affinity<@gpu>}) {
    %0 = graph.exp %a : tensor<1024xf32>
    %1 = graph.reduce_sum %0 axes = [0] : tensor<1024xf32> -> tensor<f32>
    %2 = graph.broadcast %1 dimensions = [] : tensor<f32> -> tensor<1024xf32>
    return %2 : tensor<1024xf32>
  }
}
