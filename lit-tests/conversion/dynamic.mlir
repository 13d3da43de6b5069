// RUN: xopt %s --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=hal | xcheck %s
// RUN: xopt %s --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=stream | xopt --stream-to-hal --verify-each | xcheck %s

// A dynamically shaped program from graph to hal. The argument arrives as a
// buffer view and its dim (the function ABI); its byte size, a
// stream.tensor.sizeof at the stream level, becomes index arithmetic (16
// bytes per row: 4 x f32, times the dim), which sizes the kernel's binding
// (the dim itself is the dispatch's constant, the kernel's index argument),
// the copy to the gpu and the buffer view of the dynamically sized result,
// returned with its dim.

module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}, device.default = #device.affinity<@cpu>} {
  func.func @dyn(%x: tensor<?x4xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, tensor<?x4xf32> {device.affinity = #device.affinity<@gpu>}, index) {
    %s = graph.reduce_sum %x axes = [0] : tensor<?x4xf32> -> tensor<4xf32>
    %g = graph.transfer %x to #device.affinity<@gpu> : tensor<?x4xf32>
    %n = graph.dim %x, 0 : tensor<?x4xf32>
    return %s, %g, %n : tensor<4xf32>, tensor<?x4xf32>, index
  }
}

// CHECK-LABEL: func.func @dyn(%arg0: !hal.buffer_view {device.affinity = #device.affinity<@cpu>}, %arg1: index) -> (!hal.buffer_view {device.affinity = #device.affinity<@cpu>}, !hal.buffer_view {device.affinity = #device.affinity<@gpu>}, index, index) {
// CHECK-NEXT: %[[IN:.+]] = hal.buffer_view.buffer %arg0 : !hal.buffer
// CHECK-NEXT: %[[ROW:.+]] = arith.constant 16 : index
// CHECK-NEXT: %[[BYTES:.+]] = arith.muli %[[ROW]], %arg1 : index
// CHECK: hal.command_buffer.dispatch %{{.+}}, @dyn_dispatch_0::@local::@dyn_dispatch_0 workgroups(%c1, %c1, %c1) constants(%arg1) bindings(%[[IN]][%c0, %[[BYTES]]], %{{.+}}[%c0, %c16{{.*}}])
// CHECK: %[[COPY:.+]] = hal.allocator.allocate device(%{{.+}}) size(%[[BYTES]]) : !hal.buffer
// CHECK: hal.command_buffer.copy_buffer %{{.+}}, source(%[[IN]][%c0]) target(%[[COPY]][%c0]) length(%[[BYTES]])
// CHECK: %[[SUM:.+]] = hal.buffer_view.create %{{.+}} shape(tensor<16xi8>) : !hal.buffer_view
// CHECK-NEXT: %[[OUT:.+]] = hal.buffer_view.create %[[COPY]] shape(tensor<?xi8>{%[[BYTES]]}) : !hal.buffer_view
// CHECK-NEXT: return %[[SUM]], %[[OUT]], %arg1, %arg1 : !hal.buffer_view, !hal.buffer_view, index, index
// CHECK-NOT: stream.
