// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=hal | xcheck %s --implicit-check-not=hal.allocator.allocate
// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=stream | xcheck %s --check-prefix=STREAM

// A diamond on two devices with planned memory: one slab per device, each
// branch reusing bytes of its own slab (the gpu chain alternates two regions;
// the transfer back lands in bytes the cpu branch no longer needs), and still
// the two branches wait only for the head, so they overlap. The head, read by
// the transfer on the gpu queue, keeps its bytes (the cpu never waits for the
// gpu to reuse them).

module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}, device.default = #device.affinity<@cpu>} {
  func.func @diamond(%x: tensor<16x16xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<16x16xf32> {device.affinity = #device.affinity<@cpu>}) {
    %h = graph.matmul %x, %x : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %g = graph.transfer %h to #device.affinity<@gpu> : tensor<16x16xf32>
    %g1 = graph.matmul %g, %g : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %g2 = graph.matmul %g1, %g1 : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %g3 = graph.matmul %g2, %g2 : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %c1 = graph.matmul %h, %h : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %c2 = graph.matmul %c1, %c1 : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %c3 = graph.matmul %c2, %c2 : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %b = graph.transfer %g3 to #device.affinity<@cpu> : tensor<16x16xf32>
    %j = graph.add %b, %c3 : tensor<16x16xf32>
    return %j : tensor<16x16xf32>
  }
}

// CHECK-LABEL: func.func @diamond(
// CHECK-SAME: attributes {memory.pools = {cpu = 3072 : i64, gpu = 2048 : i64}} {
// CHECK: %[[CPU:.+]] = hal.device.resolve #device.affinity<@cpu>
// CHECK-NEXT: %[[GPU:.+]] = hal.device.resolve #device.affinity<@gpu>
// CHECK: %[[CSLAB:.+]] = hal.allocator.allocate device(%[[CPU]]) size(%c3072) : !hal.buffer
// CHECK-NEXT: %[[GSLAB:.+]] = hal.allocator.allocate device(%[[GPU]]) size(%c2048) : !hal.buffer
// The head.
// CHECK-NEXT: %[[H:.+]] = hal.buffer.subspan %[[CSLAB]][%c0, %c1024] : !hal.buffer
// CHECK: %[[HF:.+]] = hal.fence.create device(%[[CPU]]) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[CPU]] signal(%[[HF]])
// The gpu branch: two regions of the gpu slab, alternating.
// CHECK-NEXT: %[[G0:.+]] = hal.buffer.subspan %[[GSLAB]][%c0, %c1024] : !hal.buffer
// CHECK-NEXT: %[[G1:.+]] = hal.buffer.subspan %[[GSLAB]][%c1024, %c1024] : !hal.buffer
// CHECK-NEXT: %[[G2:.+]] = hal.buffer.subspan %[[GSLAB]][%c0, %c1024] : !hal.buffer
// CHECK-NEXT: %[[G3:.+]] = hal.buffer.subspan %[[GSLAB]][%c1024, %c1024] : !hal.buffer
// CHECK-NEXT: %[[GCMD:.+]] = hal.command_buffer.create device(%[[GPU]])
// CHECK-NEXT: hal.command_buffer.copy_buffer %[[GCMD]], source(%[[H]][%c0]) target(%[[G0]][%c0]) length(%c1024)
// CHECK-NEXT: hal.command_buffer.execution_barrier
// CHECK-NEXT: hal.command_buffer.dispatch %[[GCMD]], {{.+}} bindings(%[[G0]][%c0, %c1024], %[[G1]][%c0, %c1024])
// CHECK-NEXT: hal.command_buffer.execution_barrier
// CHECK-NEXT: hal.command_buffer.dispatch %[[GCMD]], {{.+}} bindings(%[[G1]][%c0, %c1024], %[[G2]][%c0, %c1024])
// CHECK-NEXT: hal.command_buffer.execution_barrier
// CHECK-NEXT: hal.command_buffer.dispatch %[[GCMD]], {{.+}} bindings(%[[G2]][%c0, %c1024], %[[G3]][%c0, %c1024])
// CHECK-NEXT: hal.command_buffer.finalize
// CHECK-NEXT: %[[GF:.+]] = hal.fence.create device(%[[GPU]]) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[GPU]] wait(%[[HF]]) signal(%[[GF]])
// The cpu branch waits for the head only: it overlaps the gpu branch.
// CHECK-NEXT: %[[C1:.+]] = hal.buffer.subspan %[[CSLAB]][%c1024, %c1024] : !hal.buffer
// CHECK-NEXT: %[[C2:.+]] = hal.buffer.subspan %[[CSLAB]][%c2048, %c1024] : !hal.buffer
// CHECK-NEXT: %[[CCMD:.+]] = hal.command_buffer.create device(%[[CPU]])
// CHECK-NEXT: hal.command_buffer.dispatch %[[CCMD]], {{.+}} bindings(%[[H]][%c0, %c1024], %[[C1]][%c0, %c1024])
// CHECK-NEXT: hal.command_buffer.execution_barrier
// CHECK-NEXT: hal.command_buffer.dispatch %[[CCMD]], {{.+}} bindings(%[[C1]][%c0, %c1024], %[[C2]][%c0, %c1024])
// CHECK-NEXT: hal.command_buffer.finalize
// CHECK-NEXT: %[[CF:.+]] = hal.fence.create device(%[[CPU]]) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[CPU]] wait(%[[HF]]) signal(%[[CF]])
// The join: the transfer back reuses the bytes of the cpu branch's first
// result; the returned result is an allocation of its own.
// CHECK-NEXT: %[[BACK:.+]] = hal.buffer.subspan %[[CSLAB]][%c1024, %c1024] : !hal.buffer
// CHECK-NEXT: %[[OUT:.+]] = hal.allocator.allocate device(%[[CPU]]) size(%c1024) : !hal.buffer
// CHECK: hal.command_buffer.copy_buffer %{{.+}}, source(%[[G3]][%c0]) target(%[[BACK]][%c0]) length(%c1024)
// It waits for both branches on the device, through one joined fence: the
// host blocks only for the result it returns.
// CHECK-NOT: hal.fence.await
// CHECK: %[[JF:.+]] = hal.fence.create device(%[[CPU]]) : !hal.fence
// CHECK-NEXT: %[[BOTH:.+]] = hal.fence.join at(%[[GF]], %[[CF]]) -> !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[CPU]] wait(%[[BOTH]]) signal(%[[JF]])
// CHECK-NEXT: hal.fence.await until(%[[JF]])
// CHECK-NOT: hal.fence.await
// CHECK: return

// STREAM-LABEL: func.func @diamond(
// STREAM: %[[HEAD:.+]]:2 = stream.async.execute on(#device.affinity<@cpu>) with(
// STREAM: %[[G:.+]]:2 = stream.async.execute on(#device.affinity<@gpu>) await(%[[HEAD]]#1) =>
// STREAM: %[[C:.+]]:2 = stream.async.execute on(#device.affinity<@cpu>) await(%[[HEAD]]#1) =>
// STREAM: stream.async.execute on(#device.affinity<@cpu>) await(%[[G]]#1, %[[C]]#1) =>
