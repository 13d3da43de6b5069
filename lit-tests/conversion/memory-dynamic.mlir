// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=hal | xcheck %s
// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=hal 2>&1 >/dev/null | xcheck %s --check-prefix=REMARK

// A function with a dynamic shape: the argument moved to the gpu has no
// static size (and no max-dim bounds it), so it is not planned: it keeps an
// allocation of its own, sized at run time; the statically shaped
// intermediates are still subspans of their device's slab.

module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}, device.default = #device.affinity<@cpu>} {
  func.func @dyn(%x: tensor<?x4xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) {
    %g = graph.transfer %x to #device.affinity<@gpu> : tensor<?x4xf32>
    %s = graph.reduce_sum %g axes = [0] : tensor<?x4xf32> -> tensor<4xf32>
    %b = graph.transfer %s to #device.affinity<@cpu> : tensor<4xf32>
    %r = graph.relu %b : tensor<4xf32>
    return %r : tensor<4xf32>
  }
}

// REMARK: remark: memory-plan: tensor<?x4xf32> has a dynamic dimension: left to run-time allocation (bound dimensions with max-dim=N)

// CHECK-LABEL: func.func @dyn(%arg0: !hal.buffer_view {device.affinity = #device.affinity<@cpu>})
// CHECK-SAME: attributes {memory.pools = {cpu = 64 : i64, gpu = 64 : i64}} {
// CHECK: %[[D:.+]] = hal.buffer_view.dim %arg0[0] : index
// CHECK: %[[CPU:.+]] = hal.device.resolve #device.affinity<@cpu>
// CHECK-NEXT: %[[GPU:.+]] = hal.device.resolve #device.affinity<@gpu>
// The argument's size comes first (the slabs go after the sizes at the top).
// CHECK: %[[BYTES:.+]] = arith.muli %{{.+}}, %[[D]] : index
// CHECK-NEXT: %[[CSLAB:.+]] = hal.allocator.allocate device(%[[CPU]]) size(%c64) : !hal.buffer
// CHECK-NEXT: %[[GSLAB:.+]] = hal.allocator.allocate device(%[[GPU]]) size(%c64) : !hal.buffer
// The dynamic intermediate: an allocation of its own.
// CHECK: %[[MOVED:.+]] = hal.allocator.allocate device(%[[GPU]]) size(%[[BYTES]]) : !hal.buffer
// CHECK-NEXT: %[[SUM:.+]] = hal.buffer.subspan %[[GSLAB]][%c0, %[[C16:.+]]] : !hal.buffer
// CHECK: hal.command_buffer.copy_buffer %{{.+}}, source(%{{.+}}[%c0]) target(%[[MOVED]][%c0]) length(%[[BYTES]])
// CHECK: hal.command_buffer.dispatch %{{.+}}, @dyn_dispatch_0::@vulkan::@dyn_dispatch_0 workgroups(%c1, %c1, %c1) constants(%[[D]]) bindings(%[[MOVED]][%c0, %[[BYTES]]], %[[SUM]][%c0, %[[C16]]])
// CHECK: %[[BACK:.+]] = hal.buffer.subspan %[[CSLAB]][%c0, %[[C16]]] : !hal.buffer
// CHECK: hal.command_buffer.copy_buffer %{{.+}}, source(%[[SUM]][%c0]) target(%[[BACK]][%c0])
// CHECK: return
