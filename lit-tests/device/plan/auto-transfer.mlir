// RUN: xopt %s --split-input-file --pass-pipeline='builtin.module(device-plan{auto-transfer=true})' | xcheck %s
// RUN: xopt %s --split-input-file --pass-pipeline='builtin.module(device-plan{auto-transfer=true})' | xopt --split-input-file --device-plan | xcheck %s
// RUN: xopt %s --split-input-file --pass-pipeline='builtin.module(device-plan{auto-transfer=true})' --mlir-pass-statistics 2>&1 >/dev/null | xcheck %s --check-prefix=STATS

// A use whose two sides are already pinned differently becomes a transfer right
// before the user; uses are processed in program order.
// CHECK-LABEL: func.func @cut
// CHECK-NEXT: %0 = graph.relu %arg0 {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: %1 = graph.transfer %arg1 from #device.affinity<@gpu> to #device.affinity<@cpu> {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: %2 = graph.add %0, %1 {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: return %2
// STATS: DevicePlan
// (statistics add up over the splits: 1 + 2 + 1)
// STATS: (S) 4 num-transfers - Number of transfers inserted
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @cut(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %b: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> tensor<4xf32> {
    %0 = graph.relu %a : tensor<4xf32>
    %1 = graph.add %0, %b : tensor<4xf32>
    return %1 : tensor<4xf32>
  }
}

// -----

// A shared input needed on two devices gets one transfer per crossing use
// ((a+b)*(b+c) with the adds pinned apart), not an error.
// CHECK-LABEL: func.func @shared
// CHECK-NEXT: %0 = graph.add %arg0, %arg1 {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: %1 = graph.transfer %arg1 from #device.affinity<@cpu> to #device.affinity<@gpu>
// CHECK-NEXT: %2 = graph.add %1, %arg2 {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: %3 = graph.transfer %2 from #device.affinity<@gpu> to #device.affinity<@cpu>
// CHECK-NEXT: %4 = graph.mul %0, %3 {device.affinity = #device.affinity<@cpu>}
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @shared(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.add %a, %b {device.affinity = #device.affinity<@cpu>} : tensor<4xf32>
    %1 = graph.add %b, %c {device.affinity = #device.affinity<@gpu>} : tensor<4xf32>
    %2 = graph.mul %0, %1 : tensor<4xf32>
    return %2 : tensor<4xf32>
  }
}

// -----

// A result pin that disagrees with the body cuts at the return.
// CHECK-LABEL: func.func @ret
// CHECK: %1 = graph.transfer %0 from #device.affinity<@gpu> to #device.affinity<@cpu>
// CHECK-NEXT: return %1
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @ret(%a: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) {
    %0 = graph.exp %a : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
