// RUN: xopt %s --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=hal | xcheck %s
// RUN: xopt %s --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=stream | xopt --stream-to-hal --verify-each | xcheck %s

// A dynamically shaped program from graph to hal. The argument arrives as a
// buffer view (the function ABI, IREE's: one view per tensor, no dim
// arguments): it is asserted to be a tensor<?x4xf32> ("input 0"), and its
// dim is read from it (hal.buffer_view.dim), standing for the stream level's
// dim argument. Its byte size, a stream.tensor.sizeof at the stream level,
// becomes index arithmetic (16 bytes per row: 4 x f32, times the dim), which
// sizes the kernel's binding (the dim itself is the dispatch's constant, the
// kernel's index argument), the copy to the gpu and nothing else: the
// results are views of their tensor types, the dynamic one with its dim
// (hal.buffer_view.create ... shape(tensor<?x4xf32>{%dim})), and the
// graph.dim result stays a result of its own (index).

module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}, device.default = #device.affinity<@cpu>} {
  func.func @dyn(%x: tensor<?x4xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, tensor<?x4xf32> {device.affinity = #device.affinity<@gpu>}, index) {
    %s = graph.reduce_sum %x axes = [0] : tensor<?x4xf32> -> tensor<4xf32>
    %g = graph.transfer %x to #device.affinity<@gpu> : tensor<?x4xf32>
    %n = graph.dim %x, 0 : tensor<?x4xf32>
    return %s, %g, %n : tensor<4xf32>, tensor<?x4xf32>, index
  }
}

// CHECK-LABEL: func.func @dyn(%arg0: !hal.buffer_view {device.affinity = #device.affinity<@cpu>}) -> (!hal.buffer_view {device.affinity = #device.affinity<@cpu>}, !hal.buffer_view {device.affinity = #device.affinity<@gpu>}, index) {
// CHECK-NEXT: hal.buffer_view.assert %arg0 message("input 0") shape(tensor<?x4xf32>)
// CHECK-NEXT: %[[N:.+]] = hal.buffer_view.dim %arg0[0] : index
// CHECK-NEXT: %[[IN:.+]] = hal.buffer_view.buffer %arg0 : !hal.buffer
// CHECK-NEXT: %[[ROW:.+]] = arith.constant 16 : index
// CHECK-NEXT: %[[BYTES:.+]] = arith.muli %[[ROW]], %[[N]] : index
// CHECK: hal.command_buffer.dispatch %{{.+}}, @dyn_dispatch_0::@local::@dyn_dispatch_0 workgroups(%c1, %c1, %c1) constants(%[[N]]) bindings(%[[IN]][%c0, %[[BYTES]]], %{{.+}}[%c0, %c16{{.*}}])
// CHECK: %[[COPY:.+]] = hal.allocator.allocate device(%{{.+}}) size(%[[BYTES]]) : !hal.buffer
// CHECK: hal.command_buffer.copy_buffer %{{.+}}, source(%[[IN]][%c0]) target(%[[COPY]][%c0]) length(%[[BYTES]])
// CHECK: %[[SUM:.+]] = hal.buffer_view.create %{{.+}} shape(tensor<4xf32>) : !hal.buffer_view
// CHECK-NEXT: %[[OUT:.+]] = hal.buffer_view.create %[[COPY]] shape(tensor<?x4xf32>{%[[N]]}) : !hal.buffer_view
// CHECK-NEXT: return %[[SUM]], %[[OUT]], %[[N]] : !hal.buffer_view, !hal.buffer_view, index
// CHECK-NOT: stream.
