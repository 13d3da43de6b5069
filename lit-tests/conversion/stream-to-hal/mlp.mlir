// RUN: xopt %S/../../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=hal | xcheck %s
// RUN: xopt %S/../../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=stream | xopt --stream-to-hal | xcheck %s
// RUN: xopt %S/../../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' | xopt --graph-to-hal | xcheck %s

// The MLP split across cpu and gpu, from graph to hal. Layer 1's executable
// runs only on the cpu (one `local` variant); layer 2's on the gpu, a
// #device.select of vulkan then local: one variant per candidate target, the
// dispatch naming the export without a variant (the runtime picks the
// variant of the device it resolved); layer 1's dispatch names its variant. Each execute region becomes allocations,
// a command buffer and a queue submission that waits on the fence of the
// region it awaited; the result is awaited and returned as a byte view.

// CHECK: device.global @gpu = #device.select<
// CHECK-LABEL: hal.executable private @mlp_dispatch_0 {
// CHECK-NEXT: hal.executable.variant @local target(#device.target<"local", {cpu = "host"}, ["cranelift"]>) {
// CHECK-NEXT: hal.executable.export @mlp_dispatch_0
// CHECK-NEXT: builtin.module {
// CHECK: graph.matmul
// CHECK-NOT: hal.executable.variant
// CHECK-LABEL: hal.executable private @mlp_dispatch_1 {
// CHECK-NEXT: hal.executable.variant @vulkan target(#device.target<"vulkan", {spirv_version = "1.3"}, ["spirv"]>) {
// CHECK-NEXT: hal.executable.export @mlp_dispatch_1
// CHECK: hal.executable.variant @local target(#device.target<"local", {cpu = "host"}, ["cranelift"]>) {
// CHECK-NEXT: hal.executable.export @mlp_dispatch_1
// CHECK-NOT: flow.executable
// CHECK-LABEL: func.func @mlp(%arg0: !hal.buffer_view {device.affinity = #device.affinity<@cpu>}, %arg1: !hal.buffer_view {device.affinity = #device.affinity<@cpu>}, %arg2: !hal.buffer_view {device.affinity = #device.affinity<@cpu>}, %arg3: !hal.buffer_view {device.affinity = #device.affinity<@gpu>}, %arg4: !hal.buffer_view {device.affinity = #device.affinity<@gpu>}) -> (!hal.buffer_view {device.affinity = #device.affinity<@cpu>}) {
// CHECK-NEXT: %0 = hal.buffer_view.buffer %arg0 : !hal.buffer
// CHECK-NEXT: %1 = hal.buffer_view.buffer %arg1 : !hal.buffer
// CHECK-NEXT: %2 = hal.buffer_view.buffer %arg2 : !hal.buffer
// CHECK-NEXT: %3 = hal.buffer_view.buffer %arg3 : !hal.buffer
// CHECK-NEXT: %4 = hal.buffer_view.buffer %arg4 : !hal.buffer
// CHECK-NEXT: %5 = hal.device.resolve #device.target<"local", {cpu = "host"}, ["cranelift"]> : !hal.device
// CHECK: %6 = hal.device.resolve #device.select<[#device.target<"vulkan", {spirv_version = "1.3"}, ["spirv"]>, #device.target<"local", {cpu = "host"}, ["cranelift"]>]> : !hal.device
// CHECK: %7 = hal.allocator.allocate device(%5) size(%c4096) : !hal.buffer
// CHECK-NEXT: %8 = hal.command_buffer.create device(%5) : !hal.command_buffer
// CHECK-NEXT: hal.command_buffer.dispatch %8, @mlp_dispatch_0::@local::@mlp_dispatch_0 workgroups(%c1, %c1, %c1) bindings(%0[%c0, %c25088], %1[%c0, %c401408], %2[%c0, %c512], %7[%c0, %c4096])
// CHECK-NEXT: hal.command_buffer.finalize %8
// CHECK-NEXT: %9 = hal.fence.create device(%5) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %5 signal(%9) commands(%8)
// CHECK-NEXT: %10 = hal.allocator.allocate device(%6) size(%c4096) : !hal.buffer
// CHECK-NEXT: %11 = hal.allocator.allocate device(%6) size(%c320) : !hal.buffer
// CHECK-NEXT: %12 = hal.command_buffer.create device(%6) : !hal.command_buffer
// CHECK-NEXT: hal.command_buffer.copy_buffer %12, source(%7[%c0]) target(%10[%c0]) length(%c4096)
// CHECK-NEXT: hal.command_buffer.execution_barrier %12
// CHECK-NEXT: hal.command_buffer.dispatch %12, @mlp_dispatch_1::@mlp_dispatch_1 workgroups(%c1, %c1, %c1) bindings(%10[%c0, %c4096], %3[%c0, %c5120], %4[%c0, %c40], %11[%c0, %c320])
// CHECK-NEXT: hal.command_buffer.finalize %12
// CHECK-NEXT: %13 = hal.fence.create device(%6) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %6 wait(%9) signal(%13) commands(%12)
// CHECK-NEXT: %14 = hal.allocator.allocate device(%5) size(%c320) : !hal.buffer
// CHECK-NEXT: %15 = hal.command_buffer.create device(%5) : !hal.command_buffer
// CHECK-NEXT: hal.command_buffer.copy_buffer %15, source(%11[%c0]) target(%14[%c0]) length(%c320)
// CHECK-NEXT: hal.command_buffer.finalize %15
// CHECK-NEXT: %16 = hal.fence.create device(%5) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %5 wait(%13) signal(%16) commands(%15)
// CHECK-NEXT: hal.fence.await until(%16)
// CHECK-NEXT: %17 = hal.buffer_view.create %14 shape(tensor<320xi8>) : !hal.buffer_view
// CHECK-NEXT: return %17 : !hal.buffer_view
// CHECK-NOT: stream.
