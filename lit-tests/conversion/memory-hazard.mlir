// RUN: xopt %s --flow-to-stream | xcheck %s --check-prefix=STREAM
// RUN: xopt %s --flow-to-stream --stream-to-hal | xcheck %s --check-prefix=HAL
// RUN: xopt %s --convert-flow-to-stream --stream-schedule-execution --stream-to-hal | xcheck %s --check-prefix=NOPLAN

// Reused memory is a hazard under asynchronous execution: a result written
// over bytes of a dead buffer must wait until that buffer's writer and
// readers are done. NOPLAN lowers the same programs without the memory plan
// (every result its own allocation): the waits and barriers below are there
// only because of reuse.

// @regions: %a and %b run in a cpu region; the gpu region reads %b (through
// the transfer), which seals it, so %c starts a new cpu region. %c is written
// over %a's bytes (dead after %b): its region waits for the first one,
// though it reads nothing from it.
// STREAM-LABEL: func.func @regions(
// STREAM: %[[AB:.+]]:2 = stream.async.execute on(#device.affinity<@cpu>) with(
// STREAM-NEXT: stream.async.dispatch {{.+}} {memory.offset = 0 : i64, memory.pool = "cpu"}
// STREAM-NEXT: stream.async.dispatch {{.+}} {memory.offset = 64 : i64, memory.pool = "cpu"}
// STREAM: stream.async.execute on(#device.affinity<@gpu>) await(%[[AB]]#1) =>
// STREAM: stream.async.execute on(#device.affinity<@cpu>) await(%[[AB]]#1) => with(%arg0 as
// STREAM-NEXT: stream.async.dispatch {{.+}} {memory.offset = 0 : i64, memory.pool = "cpu"}

// NOPLAN-LABEL: func.func @regions(
// NOPLAN: hal.device.queue.execute %{{[0-9]+}} wait(
// NOPLAN: hal.device.queue.execute %{{[0-9]+}} signal(

// HAL-LABEL: func.func @regions(
// HAL: %[[F:.+]] = hal.fence.create
// HAL-NEXT: hal.device.queue.execute %{{.+}} signal(%[[F]])
// HAL: hal.device.queue.execute %{{[0-9]+}} wait(%[[F]])
// HAL: hal.device.queue.execute %{{[0-9]+}} wait(%[[F]])

// @barrier: one region; %c is written over %a's bytes while %b may still
// read them: a barrier between %b and %c, which NOPLAN does not need.
// HAL-LABEL: func.func @barrier(
// HAL: %[[SLAB:.+]] = hal.allocator.allocate device(%{{.+}}) size(%c128) : !hal.buffer
// HAL-NEXT: %[[A:.+]] = hal.buffer.subspan %[[SLAB]][%c0, %c64] : !hal.buffer
// HAL-NEXT: %[[B:.+]] = hal.buffer.subspan %[[SLAB]][%c64, %c64] : !hal.buffer
// HAL-NEXT: %[[C:.+]] = hal.buffer.subspan %[[SLAB]][%c0, %c64] : !hal.buffer
// HAL: hal.command_buffer.dispatch %[[CMD:.+]], @k::@local::@k workgroups(%c1, %c4, %c1) bindings(%{{.+}}[%c0, %c64], %[[A]][%c0, %c64])
// HAL-NEXT: hal.command_buffer.execution_barrier %[[CMD]]
// HAL-NEXT: hal.command_buffer.dispatch %[[CMD]], @k::@local::@k workgroups(%c1, %c4, %c1) bindings(%[[A]][%c0, %c64], %[[B]][%c0, %c64])
// HAL-NEXT: hal.command_buffer.execution_barrier %[[CMD]]
// HAL-NEXT: hal.command_buffer.dispatch %[[CMD]], @k::@local::@k workgroups(%c1, %c4, %c1) bindings(%{{.+}}[%c0, %c64], %[[C]][%c0, %c64])
// HAL-NEXT: hal.command_buffer.execution_barrier %[[CMD]]
// HAL-NEXT: hal.command_buffer.dispatch %[[CMD]], @mm::@local::@mm workgroups(%c1, %c4, %c1) bindings(%[[B]][%c0, %c64], %[[C]][%c0, %c64],

// NOPLAN-LABEL: func.func @barrier(
// NOPLAN: hal.command_buffer.execution_barrier
// NOPLAN-NEXT: hal.command_buffer.dispatch
// NOPLAN-NEXT: hal.command_buffer.dispatch
// NOPLAN-NEXT: hal.command_buffer.execution_barrier
// NOPLAN-NEXT: hal.command_buffer.dispatch %{{.+}}, @mm::

module {
  device.global @cpu = #device.target<"local">
  device.global @gpu = #device.target<"vulkan">
  flow.executable private @k {
    flow.executable.export @k
    builtin.module {
      func.func @k(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
        %0 = graph.relu %a : tensor<4x4xf32>
        return %0 : tensor<4x4xf32>
      }
    }
  }
  flow.executable private @mm {
    flow.executable.export @mm
    builtin.module {
      func.func @mm(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
        %0 = graph.matmul %a, %b : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
        return %0 : tensor<4x4xf32>
      }
    }
  }
  func.func @regions(%x: tensor<4x4xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<4x4xf32> {device.affinity = #device.affinity<@cpu>}, tensor<4x4xf32> {device.affinity = #device.affinity<@gpu>}) {
    %a = flow.dispatch @k::@k(%x) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %b = flow.dispatch @k::@k(%a) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %t = flow.tensor.transfer %b from #device.affinity<@cpu> to #device.affinity<@gpu> : tensor<4x4xf32>
    %c = flow.dispatch @k::@k(%x) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %d = flow.dispatch @k::@k(%t) on(#device.affinity<@gpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %e = flow.dispatch @k::@k(%c) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %e, %d : tensor<4x4xf32>, tensor<4x4xf32>
  }
  func.func @barrier(%x: tensor<4x4xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<4x4xf32> {device.affinity = #device.affinity<@cpu>}) {
    %a = flow.dispatch @k::@k(%x) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %b = flow.dispatch @k::@k(%a) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %c = flow.dispatch @k::@k(%x) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %d = flow.dispatch @mm::@mm(%b, %c) on(#device.affinity<@cpu>) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    return %d : tensor<4x4xf32>
  }
}
