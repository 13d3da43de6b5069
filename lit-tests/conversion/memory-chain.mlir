// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=hal | xcheck %s --implicit-check-not=hal.allocator.allocate
// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=stream | xcheck %s --check-prefix=STREAM

// Transient memory from the plan: a chain of five matmuls (one kernel each).
// The four intermediates reuse two 1 KiB regions of one slab, alternating
// (each dies when the next matmul has read it); the last result is returned
// and has an allocation of its own. At the hal level the slab is the only
// other allocation, and each intermediate a subspan of it.

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @chain(%a: tensor<16x16xf32>) -> tensor<16x16xf32> {
    %0 = graph.matmul %a, %a : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %1 = graph.matmul %0, %0 : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %2 = graph.matmul %1, %1 : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %3 = graph.matmul %2, %2 : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %4 = graph.matmul %3, %3 : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    return %4 : tensor<16x16xf32>
  }
}

// CHECK-LABEL: func.func @chain(
// CHECK-SAME: attributes {memory.pools = {cpu = 2048 : i64}} {
// CHECK: %[[DEV:.+]] = hal.device.resolve #device.affinity<@cpu>
// CHECK: %[[SLAB:.+]] = hal.allocator.allocate device(%[[DEV]]) size(%c2048) : !hal.buffer
// CHECK-NEXT: %[[A:.+]] = hal.buffer.subspan %[[SLAB]][%c0, %c1024] : !hal.buffer
// CHECK-NEXT: %[[B:.+]] = hal.buffer.subspan %[[SLAB]][%c1024, %c1024] : !hal.buffer
// CHECK-NEXT: %[[C:.+]] = hal.buffer.subspan %[[SLAB]][%c0, %c1024] : !hal.buffer
// CHECK-NEXT: %[[D:.+]] = hal.buffer.subspan %[[SLAB]][%c1024, %c1024] : !hal.buffer
// CHECK-NEXT: %[[OUT:.+]] = hal.allocator.allocate device(%[[DEV]]) size(%c1024) : !hal.buffer
// CHECK-NEXT: %[[CMD:.+]] = hal.command_buffer.create device(%[[DEV]])
// CHECK-NEXT: hal.command_buffer.dispatch %[[CMD]], {{.+}} bindings(%{{.+}}[%c0, %c1024], %[[A]][%c0, %c1024])
// CHECK-NEXT: hal.command_buffer.execution_barrier %[[CMD]]
// CHECK-NEXT: hal.command_buffer.dispatch %[[CMD]], {{.+}} bindings(%[[A]][%c0, %c1024], %[[B]][%c0, %c1024])
// CHECK-NEXT: hal.command_buffer.execution_barrier %[[CMD]]
// CHECK-NEXT: hal.command_buffer.dispatch %[[CMD]], {{.+}} bindings(%[[B]][%c0, %c1024], %[[C]][%c0, %c1024])
// CHECK-NEXT: hal.command_buffer.execution_barrier %[[CMD]]
// CHECK-NEXT: hal.command_buffer.dispatch %[[CMD]], {{.+}} bindings(%[[C]][%c0, %c1024], %[[D]][%c0, %c1024])
// CHECK-NEXT: hal.command_buffer.execution_barrier %[[CMD]]
// CHECK-NEXT: hal.command_buffer.dispatch %[[CMD]], {{.+}} bindings(%[[D]][%c0, %c1024], %[[OUT]][%c0, %c1024])
// CHECK-NEXT: hal.command_buffer.finalize %[[CMD]]
// CHECK: return

// One slab: allocated at entry and ready at once, deallocated after the
// function's work, which the return awaits.
// STREAM-LABEL: func.func @chain(
// STREAM: %[[S:.+]]:2 = stream.resource.alloca on(#device.affinity<@cpu>) : !stream.resource<transient>{%c2048} => !stream.timepoint {memory.pool = "cpu"}
// STREAM-NEXT: %[[SLAB:.+]] = stream.timepoint.await %[[S]]#1 => %[[S]]#0 : !stream.resource<transient>{%c2048}
// STREAM-NOT: stream.resource.alloca
// STREAM: %[[X:.+]]:2 = stream.async.execute on(#device.affinity<@cpu>)
// STREAM-NEXT: stream.async.dispatch {{.+}} {memory.offset = 0 : i64, memory.pool = "cpu"}
// STREAM-NEXT: stream.async.dispatch {{.+}} {memory.offset = 1024 : i64, memory.pool = "cpu"}
// STREAM-NEXT: stream.async.dispatch {{.+}} {memory.offset = 0 : i64, memory.pool = "cpu"}
// STREAM-NEXT: stream.async.dispatch {{.+}} {memory.offset = 1024 : i64, memory.pool = "cpu"}
// STREAM-NEXT: stream.async.dispatch
// STREAM-NOT: memory.offset
// STREAM: %[[FREE:.+]] = stream.resource.dealloca on(#device.affinity<@cpu>) await(%[[X]]#1) => %[[SLAB]] : !stream.resource<transient>{%c2048} => !stream.timepoint
// STREAM-NEXT: %[[R:.+]] = stream.timepoint.await %[[FREE]] => %[[X]]#0
// STREAM-NEXT: return %[[R]]
