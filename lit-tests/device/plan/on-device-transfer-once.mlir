// RUN: xopt %s --target-device=gpu=vulkan --target-device=cpu=local --device-assignment-pipeline --device-plan=placement=min-transfer | xcheck %s
// RUN: xopt %s --target-device=gpu=vulkan --target-device=cpu=local --device-assignment-pipeline --device-plan=placement=min-transfer --mlir-pass-statistics 2>&1 >/dev/null | xcheck %s --check-prefix=STATS
// Re-planning the result changes nothing.
// RUN: xopt %s --target-device=gpu=vulkan --target-device=cpu=local --device-assignment-pipeline --device-plan=placement=min-transfer | xopt --device-plan=placement=min-transfer | xcheck %s
// RUN: xopt %s --target-device=gpu=vulkan --target-device=cpu=local --device-assignment-pipeline --device-plan=auto-transfer=true | xcheck %s --check-prefix=AUTO

// Issue 33: %t is used directly (by graph.max and graph.neg) and through
// graph.on_device (by graph.max): one value, so it moves from @gpu to @cpu once,
// by one transfer that every user on @cpu shares (it used to get two identical
// transfers, and min-transfer priced it twice).
// CHECK-LABEL: func.func @main
// CHECK-NEXT: %0 = graph.transfer %arg0 from #device.affinity<@cpu> to #device.affinity<@gpu> {device.affinity = #device.affinity<@gpu>} : tensor<4x2xf32>
// CHECK-NEXT: %1 = graph.transpose %0 permutation = [1, 0] {device.affinity = #device.affinity<@gpu>}
// CHECK-NEXT: %2 = graph.transfer %1 from #device.affinity<@gpu> to #device.affinity<@cpu> {device.affinity = #device.affinity<@cpu>} : tensor<2x4xf32>
// CHECK-NEXT: %3 = graph.max %2, %2 {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: %4 = graph.neg %2 {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: %5 = graph.add %4, %3 {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: return %5
// CHECK-NOT: graph.transfer
// STATS: DevicePlan
// STATS: (S) 2 num-transfers - Number of transfers inserted

// auto-transfer cuts the crossing use (graph.max): one transfer before it, for
// both its operands.
// AUTO-LABEL: func.func @main
// AUTO-NEXT: %0 = graph.transfer %arg0 from #device.affinity<@cpu> to #device.affinity<@gpu>
// AUTO-NEXT: %1 = graph.transpose %0
// AUTO-NEXT: %2 = graph.transfer %1 from #device.affinity<@gpu> to #device.affinity<@cpu>
// AUTO-NEXT: %3 = graph.max %2, %2 {device.affinity = #device.affinity<@cpu>}
// AUTO-NEXT: %4 = graph.neg %1 {device.affinity = #device.affinity<@gpu>}
// AUTO-NEXT: %5 = graph.transfer %3 from #device.affinity<@cpu> to #device.affinity<@gpu>
// AUTO-NEXT: %6 = graph.add %4, %5 {device.affinity = #device.affinity<@gpu>}
// AUTO-NEXT: return %6
func.func @main(%a: tensor<4x2xf32> {device.affinity = #device.promise<@cpu>}) -> tensor<2x4xf32> {
  %t = "graph.transpose"(%a) <{permutation = array<i64: 1, 0>}> : (tensor<4x2xf32>) -> tensor<2x4xf32>
  %g = "graph.on_device"(%t) <{affinity = #device.promise<@gpu>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %m = "graph.max"(%g, %t) : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %c = "graph.on_device"(%m) <{affinity = #device.promise<@cpu>}> : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %n = "graph.neg"(%t) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %r = "graph.add"(%n, %c) : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
