// RUN: xopt %s --split-input-file --flow-to-stream --stream-to-hal | xcheck %s

// scf.if at the hal level: resource results become !hal.buffer (sizes pass
// through); the branches are converted with the device values and constants
// made at function entry; a submission in a branch waits on the fence of a
// region before the if; a branch awaits the fences of what it yields, so
// the results are ready buffers.

module {
  device.global @cpu = #device.target<"local">
  device.global @gpu = #device.target<"vulkan">
  flow.executable private @ew {
    flow.executable.export @ew
    builtin.module {
      func.func @ew(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
        %0 = graph.relu %a : tensor<4x4xf32>
        return %0 : tensor<4x4xf32>
      }
    }
  }
  flow.executable private @add {
    flow.executable.export @add
    builtin.module {
      func.func @add(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
        %0 = graph.add %a, %b : tensor<4x4xf32>
        return %0 : tensor<4x4xf32>
      }
    }
  }
  func.func @branch(%arg0: tensor<4x4xf32> {device.affinity = #device.affinity<@cpu>}, %arg1: i1) -> (tensor<4x4xf32> {device.affinity = #device.affinity<@cpu>}) {
    %0 = flow.dispatch @ew::@ew(%arg0) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %1 = scf.if %arg1 -> (tensor<4x4xf32>) {
      %2 = flow.tensor.transfer %0 from #device.affinity<@cpu> to #device.affinity<@gpu> : tensor<4x4xf32>
      %3 = flow.dispatch @ew::@ew(%2) on(#device.affinity<@gpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
      %4 = flow.tensor.transfer %3 from #device.affinity<@gpu> to #device.affinity<@cpu> : tensor<4x4xf32>
      scf.yield %4 : tensor<4x4xf32>
    } else {
      scf.yield %0 : tensor<4x4xf32>
    } {device.affinity = #device.affinity<@cpu>}
    %5 = flow.dispatch @add::@add(%1, %0) on(#device.affinity<@cpu>) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    return %5 : tensor<4x4xf32>
  }
}

// Planned results in both branches are subspans of the slabs made at entry.
// CHECK-LABEL: func.func @branch(%arg0: !hal.buffer_view {device.affinity = #device.affinity<@cpu>}, %arg1: i1) -> (!hal.buffer_view {device.affinity = #device.affinity<@cpu>}) attributes {memory.pools = {cpu = 128 : i64, gpu = 128 : i64}} {
// CHECK-DAG: %[[CPU:.+]] = hal.device.resolve #device.affinity<@cpu> : !hal.device
// CHECK-DAG: %[[GPU:.+]] = hal.device.resolve #device.affinity<@gpu> : !hal.device
// CHECK: %[[CSLAB:.+]] = hal.allocator.allocate device(%[[CPU]]) size(%c128) : !hal.buffer
// CHECK-NEXT: %[[GSLAB:.+]] = hal.allocator.allocate device(%[[GPU]]) size(%c128) : !hal.buffer
// CHECK-NEXT: %[[HEADBUF:.+]] = hal.buffer.subspan %[[CSLAB]][%c0, %c64] : !hal.buffer
// CHECK: %[[HEAD:.+]] = hal.fence.create device(%[[CPU]]) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[CPU]] signal(%[[HEAD]])
// CHECK-NEXT: %[[IF:.+]]:2 = scf.if %arg1 -> (!hal.buffer, index) {
// CHECK-NEXT: hal.buffer.subspan %[[GSLAB]][%c0, %c64] : !hal.buffer
// CHECK: hal.command_buffer.copy_buffer %{{.+}}, source(%[[HEADBUF]][%c0])
// CHECK: hal.command_buffer.dispatch %{{.+}}, @ew::@vulkan::@ew
// CHECK: %[[G:.+]] = hal.fence.create device(%[[GPU]]) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[GPU]] wait(%[[HEAD]]) signal(%[[G]])
// CHECK: %[[BACKBUF:.+]] = hal.buffer.subspan %[[CSLAB]][%c64, %c64] : !hal.buffer
// CHECK: %[[B:.+]] = hal.fence.create device(%[[CPU]]) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[CPU]] wait(%[[G]]) signal(%[[B]])
// CHECK-NEXT: hal.fence.await until(%[[B]])
// CHECK-NEXT: scf.yield %[[BACKBUF]], %c64 : !hal.buffer, index
// CHECK-NEXT: } else {
// CHECK-NEXT: hal.fence.await until(%[[HEAD]])
// CHECK-NEXT: scf.yield %[[HEADBUF]], %c64 : !hal.buffer, index
// CHECK-NEXT: } {device.affinity = #device.affinity<@cpu>}
// The result is ready: the last submission waits only for the head.
// CHECK: hal.command_buffer.dispatch %{{.+}}, @add::@local::@add workgroups(%c1, %c4, %c1) bindings(%[[IF]]#0[%c0, %c64], %[[HEADBUF]][%c0, %c64], %{{.+}}[%c0, %c64])
// CHECK: hal.device.queue.execute %[[CPU]] wait(%[[HEAD]]) signal(
// CHECK-NOT: stream.
// CHECK: return

// -----

// A returned result: a branch yields the argument's buffer; the result is a
// new view of the buffer the if yields, with the result's tensor type.
module {
  device.global @cpu = #device.target<"local">
  flow.executable private @ew {
    flow.executable.export @ew
    builtin.module {
      func.func @ew(%a: tensor<4xf32>) -> tensor<4xf32> {
        %0 = graph.relu %a : tensor<4xf32>
        return %0 : tensor<4xf32>
      }
    }
  }
  func.func @returned(%arg0: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %arg1: i1) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) {
    %0 = scf.if %arg1 -> (tensor<4xf32>) {
      %1 = flow.dispatch @ew::@ew(%arg0) on(#device.affinity<@cpu>) : (tensor<4xf32>) -> tensor<4xf32>
      scf.yield %1 : tensor<4xf32>
    } else {
      scf.yield %arg0 : tensor<4xf32>
    }
    return %0 : tensor<4xf32>
  }
}

// CHECK-LABEL: func.func @returned(%arg0: !hal.buffer_view {device.affinity = #device.affinity<@cpu>}, %arg1: i1) -> (!hal.buffer_view {device.affinity = #device.affinity<@cpu>}) {
// CHECK-NEXT: hal.buffer_view.assert %arg0 message("input 0") shape(tensor<4xf32>)
// CHECK-NEXT: %[[ARG:.+]] = hal.buffer_view.buffer %arg0 : !hal.buffer
// CHECK: %[[IF:.+]]:2 = scf.if %arg1 -> (!hal.buffer, index) {
// CHECK: %[[OUT:.+]] = hal.allocator.allocate device(%{{.+}}) size(%c16) : !hal.buffer
// CHECK: hal.fence.await until(
// CHECK-NEXT: scf.yield %[[OUT]], %c16 : !hal.buffer, index
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ARG]], %c16 : !hal.buffer, index
// CHECK-NEXT: }
// CHECK-NEXT: %[[V:.+]] = hal.buffer_view.create %[[IF]]#0 shape(tensor<4xf32>) : !hal.buffer_view
// CHECK-NEXT: return %[[V]] : !hal.buffer_view
