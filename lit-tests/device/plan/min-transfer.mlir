// RUN: xopt %s --split-input-file --device-plan=placement=min-transfer | xcheck %s
// Re-planning the result changes nothing, in either mode.
// RUN: xopt %s --split-input-file --device-plan=placement=min-transfer | xopt --split-input-file --device-plan=placement=min-transfer | xcheck %s
// RUN: xopt %s --split-input-file --device-plan=placement=min-transfer | xopt --split-input-file --device-plan | xcheck %s
// RUN: xopt %s --split-input-file --device-plan=placement=min-transfer --mlir-pass-statistics 2>&1 >/dev/null | xcheck %s --check-prefix=STATS
// RUN: not xopt %s --split-input-file --device-plan=placement=fewest 2>&1 | xcheck %s --check-prefix=BAD

// A 4 KiB input on cpu and a 16-byte one on gpu, result on gpu: the reduction
// runs where its big input is, and only its 4-byte scalar crosses; the rest runs
// on gpu. (auto-transfer follows the first pin: everything on cpu, two 16-byte
// transfers.)
// CHECK-LABEL: func.func @reduce_then_broadcast
// CHECK-NEXT: %0 = graph.reduce_sum %arg0 axes = [0] {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: %1 = graph.transfer %0 from #device.affinity<@cpu> to #device.affinity<@gpu> {device.affinity = #device.affinity<@gpu>} : tensor<f32>
// CHECK-NEXT: %2 = graph.broadcast %1 dimensions = [] {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: %3 = graph.add %2, %arg1 {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: %4 = graph.mul %3, %2 {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: return %4
// STATS: DevicePlan
// (statistics add up over the splits: 1 + 1 + 2)
// STATS: (S) 4 num-transfers - Number of transfers inserted
// BAD: invalid value 'fewest' for 'placement': expected 'pins' or 'min-transfer'
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @reduce_then_broadcast(%a: tensor<1024xf32> {device.affinity = #device.affinity<@cpu>}, %b: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) {
    %0 = graph.reduce_sum %a axes = [0] : tensor<1024xf32> -> tensor<f32>
    %1 = graph.broadcast %0 dimensions = [] : tensor<f32> -> tensor<4xf32>
    %2 = graph.add %1, %b : tensor<4xf32>
    %3 = graph.mul %2, %1 : tensor<4xf32>
    return %3 : tensor<4xf32>
  }
}

// -----

// A value read by three ops on the other device crosses once: one transfer right
// after its definition, shared by all three readers.
// CHECK-LABEL: func.func @shared
// CHECK-NEXT: %0 = graph.exp %arg0 {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: %1 = graph.transfer %0 from #device.affinity<@cpu> to #device.affinity<@gpu> {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: %2 = graph.relu %0 {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: %3 = graph.add %1, %arg1 {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: %4 = graph.mul %1, %arg1 {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: %5 = graph.sub %1, %arg1 {device.affinity = #device.affinity<@gpu>}
// CHECK-NOT: graph.transfer
// CHECK: return %2, %7
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @shared(%a: tensor<8xf32> {device.affinity = #device.affinity<@cpu>}, %g: tensor<8xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<8xf32> {device.affinity = #device.affinity<@cpu>}, tensor<8xf32> {device.affinity = #device.affinity<@gpu>}) {
    %0 = graph.exp %a : tensor<8xf32>
    %1 = graph.relu %0 : tensor<8xf32>
    %2 = graph.add %0, %g : tensor<8xf32>
    %3 = graph.mul %0, %g : tensor<8xf32>
    %4 = graph.sub %0, %g : tensor<8xf32>
    %5 = graph.add %2, %3 : tensor<8xf32>
    %6 = graph.add %5, %4 : tensor<8xf32>
    return %1, %6 : tensor<8xf32>, tensor<8xf32>
  }
}

// -----

// Three devices (α-expansion): the 1 KiB inputs meet where one of them is (the
// default, cpu, on a tie), and only the 4-byte sum goes on to npu.
// CHECK-LABEL: func.func @three
// CHECK-NEXT: %0 = graph.transfer %arg1 from #device.affinity<@gpu> to #device.affinity<@cpu>
// CHECK-NEXT: %1 = graph.add %arg0, %0 {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: %2 = graph.reduce_sum %1 axes = [0] {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: %3 = graph.transfer %2 from #device.affinity<@cpu> to #device.affinity<@npu> {device.affinity = #device.affinity<@npu>} : tensor<f32>
// CHECK-NEXT: %4 = graph.broadcast %3 dimensions = [] {device.affinity = #device.affinity<@npu>}
// CHECK-NEXT: %5 = graph.add %4, %arg2 {device.affinity = #device.affinity<@npu>}
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">, npu = #device.alias<"local">}} {
  func.func @three(%a: tensor<256xf32> {device.affinity = #device.affinity<@cpu>}, %b: tensor<256xf32> {device.affinity = #device.affinity<@gpu>}, %c: tensor<4xf32> {device.affinity = #device.affinity<@npu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@npu>}) {
    %0 = graph.add %a, %b : tensor<256xf32>
    %1 = graph.reduce_sum %0 axes = [0] : tensor<256xf32> -> tensor<f32>
    %2 = graph.broadcast %1 dimensions = [] : tensor<f32> -> tensor<4xf32>
    %3 = graph.add %2, %c : tensor<4xf32>
    return %3 : tensor<4xf32>
  }
}
