// RUN: xopt %s --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=hal | xcheck %s
// RUN: xopt %s --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=flow | xopt --flow-to-stream | xopt --stream-to-hal | xcheck %s
// RUN: xopt %s --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=hal --verify-each --mlir-print-ir-after-all 2>&1 >/dev/null | xcheck %s --check-prefix=EACH
// RUN: xopt %s --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=stream | xcheck %s --check-prefix=STREAM

// A function with a graph.if, planned on two devices and lowered from graph
// to hal. The then branch moves the head's result to the gpu, runs a matmul
// + tanh kernel there and moves the result back; the else branch runs exp on
// the cpu. graph.if becomes scf.if; the head's region runs before it, the
// regions in both branches wait on its fence, each branch awaits what it
// yields, and the region after the if reads the ready result without waiting
// on the branches. Memory: one slab per device; each branch's results are
// subspans of it, and the values yielded for the result keep their bytes
// until the result's last use (the two branches' results get bytes of their
// own: lifetimes follow program order). The IR verifies after every pass
// (and between levels, when each level's text is read back).

module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}, device.default = #device.affinity<@cpu>} {
  func.func @branchy(%x: tensor<4x4xf32> {device.affinity = #device.affinity<@cpu>}, %w: tensor<4x4xf32> {device.affinity = #device.affinity<@cpu>}, %c: i1) -> (tensor<4x4xf32> {device.affinity = #device.affinity<@cpu>}) {
    %h = graph.relu %x : tensor<4x4xf32>
    %y = graph.if %c -> (tensor<4x4xf32>) {
      %g = graph.transfer %h to #device.affinity<@gpu> : tensor<4x4xf32>
      %m = graph.matmul %g, %g : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
      %t = graph.tanh %m : tensor<4x4xf32>
      %b = graph.transfer %t to #device.affinity<@cpu> : tensor<4x4xf32>
      graph.yield %b : tensor<4x4xf32>
    } else {
      %e = graph.exp %h : tensor<4x4xf32>
      graph.yield %e : tensor<4x4xf32>
    }
    %o = graph.add %y, %w : tensor<4x4xf32>
    return %o : tensor<4x4xf32>
  }
}

// CHECK-LABEL: hal.executable private @branchy_dispatch_1 {
// CHECK-NEXT: hal.executable.variant @vulkan target(#device.target<"vulkan"
// CHECK: kernel.matmul
// CHECK-NEXT: ^bb0(%arg0: f32):
// CHECK-NEXT: kernel.tanh
// CHECK-LABEL: func.func @branchy(%arg0: !hal.buffer_view {device.affinity = #device.affinity<@cpu>}, %arg1: !hal.buffer_view {device.affinity = #device.affinity<@cpu>}, %arg2: i1) -> (!hal.buffer_view {device.affinity = #device.affinity<@cpu>})
// CHECK-SAME: attributes {memory.pools = {cpu = 192 : i64, gpu = 128 : i64}} {
// CHECK-DAG: %[[CPU:.+]] = hal.device.resolve #device.affinity<@cpu>
// CHECK-DAG: %[[GPU:.+]] = hal.device.resolve #device.affinity<@gpu>
// CHECK: %[[CSLAB:.+]] = hal.allocator.allocate device(%[[CPU]]) size(%c192) : !hal.buffer
// CHECK-NEXT: %[[GSLAB:.+]] = hal.allocator.allocate device(%[[GPU]]) size(%c128) : !hal.buffer
// CHECK-NEXT: %[[H:.+]] = hal.buffer.subspan %[[CSLAB]][%c0, %c64] : !hal.buffer
// CHECK: hal.command_buffer.dispatch %{{.+}}, @branchy_dispatch_0::@local::@branchy_dispatch_0
// CHECK: %[[HF:.+]] = hal.fence.create device(%[[CPU]]) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[CPU]] signal(%[[HF]])
// CHECK-NEXT: %[[IF:.+]]:2 = scf.if %arg2 -> (!hal.buffer, index) {
// CHECK: hal.command_buffer.copy_buffer %{{.+}}, source(%[[H]][%c0])
// CHECK: hal.command_buffer.dispatch %{{.+}}, @branchy_dispatch_1::@vulkan::@branchy_dispatch_1
// CHECK: %[[GF:.+]] = hal.fence.create device(%[[GPU]]) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[GPU]] wait(%[[HF]]) signal(%[[GF]])
// CHECK: %[[BACK:.+]] = hal.buffer.subspan %[[CSLAB]][%c64, %c64] : !hal.buffer
// CHECK: %[[BF:.+]] = hal.fence.create device(%[[CPU]]) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[CPU]] wait(%[[GF]]) signal(%[[BF]])
// CHECK-NEXT: hal.fence.await until(%[[BF]])
// CHECK-NEXT: scf.yield %[[BACK]], %c64 : !hal.buffer, index
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[E:.+]] = hal.buffer.subspan %[[CSLAB]][%c128, %c64] : !hal.buffer
// CHECK: hal.command_buffer.dispatch %{{.+}}, @branchy_dispatch_2::@local::@branchy_dispatch_2 workgroups(%c1, %c4, %c1) bindings(%[[H]][%c0, %c64], %[[E]][%c0, %c64])
// CHECK: %[[EF:.+]] = hal.fence.create device(%[[CPU]]) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[CPU]] wait(%[[HF]]) signal(%[[EF]])
// CHECK-NEXT: hal.fence.await until(%[[EF]])
// CHECK-NEXT: scf.yield %[[E]], %c64 : !hal.buffer, index
// CHECK-NEXT: } {device.affinity = #device.affinity<@cpu>}
// CHECK: hal.command_buffer.dispatch %{{.+}}, @branchy_dispatch_3::@local::@branchy_dispatch_3 workgroups(%c1, %c4, %c1) bindings(%[[IF]]#0[%c0, %c64],
// CHECK: %[[OF:.+]] = hal.fence.create device(%[[CPU]]) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[CPU]] signal(%[[OF]])
// CHECK-NEXT: hal.fence.await until(%[[OF]])
// CHECK-NEXT: %[[V:.+]] = hal.buffer_view.create %{{.+}} shape(tensor<4x4xf32>) : !hal.buffer_view
// CHECK-NEXT: return %[[V]] : !hal.buffer_view
// CHECK-NOT: graph.if
// CHECK-NOT: stream.

// EACH: // -----// IR Dump After AssignTargets (device-assign-targets) //----- //
// EACH: // -----// IR Dump After Materialize (device-materialize) //----- //
// EACH: // -----// IR Dump After ResolvePromises (device-resolve-promises) //----- //
// EACH: // -----// IR Dump After ResolveAliases (device-resolve-aliases) //----- //
// EACH: // -----// IR Dump After DevicePlan (device-plan) //----- //
// EACH: // -----// IR Dump After FormDispatchRegions (flow-form-dispatch-regions) //----- //
// EACH: // -----// IR Dump After OutlineDispatchRegions (flow-outline-dispatch-regions) //----- //
// EACH: // -----// IR Dump After ConvertTransfers (flow-convert-transfers) //----- //
// EACH: // -----// IR Dump After ConvertControlFlow (flow-convert-control-flow) //----- //
// EACH: // -----// IR Dump After VerifyGraphToFlow (verify-graph-to-flow) //----- //
// EACH: // -----// IR Dump After MemoryPlan (memory-plan) //----- //
// EACH: // -----// IR Dump After ConvertFlowToStream (convert-flow-to-stream) //----- //
// EACH: // -----// IR Dump After ScheduleExecution (stream-schedule-execution) //----- //
// EACH: // -----// IR Dump After VerifyFlowToStream (verify-flow-to-stream) //----- //
// EACH: // -----// IR Dump After ConvertStreamToHal (convert-stream-to-hal) //----- //
// EACH: // -----// IR Dump After VerifyStreamToHal (verify-stream-to-hal) //----- //
// EACH: // -----// IR Dump After ConvertGraphToKernel (convert-graph-to-kernel) //----- //

// STREAM-LABEL: func.func @branchy(
// STREAM: %[[HEAD:.+]]:2 = stream.async.execute on(#device.affinity<@cpu>)
// STREAM: %[[IF:.+]]:2 = scf.if %arg2 -> (!stream.resource<transient>, index) {
// STREAM-NEXT: stream.async.execute on(#device.affinity<@gpu>) await(%[[HEAD]]#1) =>
// STREAM: } else {
// STREAM-NEXT: stream.async.execute on(#device.affinity<@cpu>) await(%[[HEAD]]#1) =>
// STREAM: } {device.affinity = #device.affinity<@cpu>}
// STREAM-NEXT: stream.async.execute on(#device.affinity<@cpu>) with(%[[IF]]#0 as
