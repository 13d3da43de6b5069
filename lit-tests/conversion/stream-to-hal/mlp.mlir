// RUN: xopt %S/../../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=hal | xcheck %s
// RUN: xopt %S/../../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=stream | xopt --stream-to-hal | xcheck %s
// RUN: xopt %S/../../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' | xopt --graph-to-hal | xcheck %s

// The MLP split across cpu and gpu, from graph to hal. Layer 1's executable
// runs only on the cpu (one `local` variant); layer 2's on the gpu, a
// #device.select of vulkan then local: one variant per candidate target, the
// dispatch naming the export without a variant (the runtime picks the
// variant of the device it resolved); layer 1's dispatch names its variant.
// Memory: one slab per device, allocated at entry (the memory plan made at
// the flow level); each intermediate is a subspan of its slab. Each execute
// region becomes a command buffer and a queue submission that waits on the
// fence of the region it awaited; the result (an allocation of its own) is
// awaited and returned as a view of its type. The function ABI: each input
// is asserted to have its tensor type ("input N") before anything else runs.
// Grids from each kernel's result: layer 1's 8x128 is 2 x 8 x 1 workgroups
// (two tiles of 64 of each of 8 rows), layer 2's 8x10 is 1 x 8 x 1.

// CHECK: device.global @gpu = #device.select<
// CHECK-LABEL: hal.executable private @mlp_dispatch_0 {
// CHECK-NEXT: hal.executable.variant @local target(#device.target<"local", {cpu = "host"}, ["cranelift"]>) {
// CHECK-NEXT: hal.executable.export @mlp_dispatch_0
// CHECK-NEXT: builtin.module {
// CHECK: kernel.matmul
// CHECK-NOT: hal.executable.variant
// CHECK-LABEL: hal.executable private @mlp_dispatch_1 {
// CHECK-NEXT: hal.executable.variant @vulkan target(#device.target<"vulkan", {spirv_version = "1.3"}, ["spirv"]>) {
// CHECK-NEXT: hal.executable.export @mlp_dispatch_1
// CHECK: hal.executable.variant @local target(#device.target<"local", {cpu = "host"}, ["cranelift"]>) {
// CHECK-NEXT: hal.executable.export @mlp_dispatch_1
// CHECK-NOT: flow.executable
// CHECK-LABEL: func.func @mlp(%arg0: !hal.buffer_view {device.affinity = #device.affinity<@cpu>}, %arg1: !hal.buffer_view {device.affinity = #device.affinity<@cpu>}, %arg2: !hal.buffer_view {device.affinity = #device.affinity<@cpu>}, %arg3: !hal.buffer_view {device.affinity = #device.affinity<@gpu>}, %arg4: !hal.buffer_view {device.affinity = #device.affinity<@gpu>}) -> (!hal.buffer_view {device.affinity = #device.affinity<@cpu>})
// CHECK-SAME: attributes {memory.pools = {cpu = 4096 : i64, gpu = 4416 : i64}} {
// CHECK-NEXT: hal.buffer_view.assert %arg0 message("input 0") shape(tensor<8x784xf32>)
// CHECK-NEXT: hal.buffer_view.assert %arg1 message("input 1") shape(tensor<784x128xf32>)
// CHECK-NEXT: hal.buffer_view.assert %arg2 message("input 2") shape(tensor<128xf32>)
// CHECK-NEXT: hal.buffer_view.assert %arg3 message("input 3") shape(tensor<128x10xf32>)
// CHECK-NEXT: hal.buffer_view.assert %arg4 message("input 4") shape(tensor<10xf32>)
// CHECK-NEXT: %0 = hal.buffer_view.buffer %arg0 : !hal.buffer
// CHECK-NEXT: %1 = hal.buffer_view.buffer %arg1 : !hal.buffer
// CHECK-NEXT: %2 = hal.buffer_view.buffer %arg2 : !hal.buffer
// CHECK-NEXT: %3 = hal.buffer_view.buffer %arg3 : !hal.buffer
// CHECK-NEXT: %4 = hal.buffer_view.buffer %arg4 : !hal.buffer
// CHECK-NEXT: %5 = hal.device.resolve #device.affinity<@cpu> : !hal.device
// CHECK: %6 = hal.device.resolve #device.affinity<@gpu> : !hal.device
// One slab per device at entry: the intermediates are subspans of it.
// CHECK: %[[CPU:.+]] = hal.allocator.allocate device(%5) size(%c4096) : !hal.buffer
// CHECK-NEXT: %[[GPU:.+]] = hal.allocator.allocate device(%6) size(%c4416) : !hal.buffer
// CHECK: %[[L1:.+]] = hal.buffer.subspan %[[CPU]][%c0, %c4096] : !hal.buffer
// CHECK-NEXT: %[[C1:.+]] = hal.command_buffer.create device(%5) : !hal.command_buffer
// CHECK-NEXT: hal.command_buffer.dispatch %[[C1]], @mlp_dispatch_0::@local::@mlp_dispatch_0 workgroups(%c2, %c8, %c1) bindings(%0[%c0, %c25088], %1[%c0, %c401408], %2[%c0, %c512], %[[L1]][%c0, %c4096])
// CHECK-NEXT: hal.command_buffer.finalize %[[C1]]
// CHECK-NEXT: %[[F1:.+]] = hal.fence.create device(%5) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %5 signal(%[[F1]]) commands(%[[C1]])
// CHECK-NEXT: %[[IN:.+]] = hal.buffer.subspan %[[GPU]][%c0, %c4096] : !hal.buffer
// CHECK-NEXT: %[[L2:.+]] = hal.buffer.subspan %[[GPU]][%c4096, %c320] : !hal.buffer
// CHECK-NEXT: %[[C2:.+]] = hal.command_buffer.create device(%6) : !hal.command_buffer
// CHECK-NEXT: hal.command_buffer.copy_buffer %[[C2]], source(%[[L1]][%c0]) target(%[[IN]][%c0]) length(%c4096)
// CHECK-NEXT: hal.command_buffer.execution_barrier %[[C2]]
// CHECK-NEXT: hal.command_buffer.dispatch %[[C2]], @mlp_dispatch_1::@mlp_dispatch_1 workgroups(%c1, %c8, %c1) bindings(%[[IN]][%c0, %c4096], %3[%c0, %c5120], %4[%c0, %c40], %[[L2]][%c0, %c320])
// CHECK-NEXT: hal.command_buffer.finalize %[[C2]]
// CHECK-NEXT: %[[F2:.+]] = hal.fence.create device(%6) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %6 wait(%[[F1]]) signal(%[[F2]]) commands(%[[C2]])
// The result is returned: an allocation of its own.
// CHECK-NEXT: %[[OUT:.+]] = hal.allocator.allocate device(%5) size(%c320) : !hal.buffer
// CHECK-NEXT: %[[C3:.+]] = hal.command_buffer.create device(%5) : !hal.command_buffer
// CHECK-NEXT: hal.command_buffer.copy_buffer %[[C3]], source(%[[L2]][%c0]) target(%[[OUT]][%c0]) length(%c320)
// CHECK-NEXT: hal.command_buffer.finalize %[[C3]]
// CHECK-NEXT: %[[F3:.+]] = hal.fence.create device(%5) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %5 wait(%[[F2]]) signal(%[[F3]]) commands(%[[C3]])
// CHECK-NEXT: hal.fence.await until(%[[F3]])
// CHECK-NEXT: %[[V:.+]] = hal.buffer_view.create %[[OUT]] shape(tensor<8x10xf32>) : !hal.buffer_view
// CHECK-NEXT: return %[[V]] : !hal.buffer_view
// CHECK-NOT: stream.
