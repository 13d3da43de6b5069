// The conversion to hal, before the kernels are compiled (graph bodies):
// RUN: xopt %s --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=stream | xopt --convert-stream-to-hal | xcheck %s
// RUN: xopt %s --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=flow | xopt --flow-to-stream | xopt --convert-stream-to-hal --verify-stream-to-hal | xcheck %s
// The whole of --compile-to=hal: the same, with each kernel compiled.
// RUN: xopt %s --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=hal | xcheck %s --check-prefix=KERNEL

// Constants from graph to hal. Planning puts %k on the gpu (the add reads it
// there) and moves it to the cpu for the first result; %r is pinned to the
// cpu and moved to the gpu. %k is cloned into the add's kernel and, since it
// is also returned (through the transfer), made a kernel of its own on the
// gpu: a dispatch without inputs whose only binding is its result. The gpu
// is a #device.select, so its dispatches name the export without a variant;
// %r's kernel runs on the cpu and names its variant.

module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.select<[#device.alias<"vulkan">, #device.alias<"local">]>}, device.default = #device.affinity<@cpu>} {
  func.func @consts(%a: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, tensor<4xf32> {device.affinity = #device.affinity<@gpu>}, tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) {
    %k = graph.constant dense<1.0> : tensor<4xf32>
    %r = graph.constant dense<2.0> : tensor<4xf32>
    %t = graph.on_device %r on #device.affinity<@cpu> : tensor<4xf32>
    %g = graph.transfer %t to #device.affinity<@gpu> : tensor<4xf32>
    %s = graph.add %a, %k : tensor<4xf32>
    return %k, %g, %s : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
}

// CHECK-LABEL: hal.executable private @consts_dispatch_0 {
// CHECK-NEXT: hal.executable.variant @vulkan
// CHECK-NEXT: hal.executable.export @consts_dispatch_0
// CHECK-NEXT: builtin.module {
// CHECK-NEXT: func.func @consts_dispatch_0() -> tensor<4xf32> {
// CHECK-NEXT: %0 = graph.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-NEXT: return %0 : tensor<4xf32>
// CHECK-LABEL: hal.executable private @consts_dispatch_1 {
// CHECK: func.func @consts_dispatch_1() -> tensor<4xf32> {
// CHECK-NEXT: %0 = graph.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK-LABEL: hal.executable private @consts_dispatch_2 {
// CHECK: func.func @consts_dispatch_2(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: %0 = graph.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %1 = graph.add %arg0, %0 : tensor<4xf32>
// CHECK-LABEL: func.func @consts(
// CHECK-DAG: %[[GPU:.+]] = hal.device.resolve #device.affinity<@gpu>
// CHECK-DAG: %[[CPU:.+]] = hal.device.resolve #device.affinity<@cpu>
// The constants' own kernels write into the slabs (not returned directly).
// CHECK: %[[CSLAB:.+]] = hal.allocator.allocate device(%[[CPU]]) size(%c64) : !hal.buffer
// CHECK-NEXT: %[[GSLAB:.+]] = hal.allocator.allocate device(%[[GPU]]) size(%c64) : !hal.buffer
// CHECK-NEXT: %[[K:.+]] = hal.buffer.subspan %[[GSLAB]][%c0, %c16] : !hal.buffer
// CHECK: hal.command_buffer.dispatch %{{.+}}, @consts_dispatch_0::@consts_dispatch_0 workgroups(%c1, %c1, %c1) bindings(%[[K]][%c0, %c16])
// CHECK: %[[R:.+]] = hal.buffer.subspan %[[CSLAB]][%c0, %c16] : !hal.buffer
// CHECK: hal.command_buffer.dispatch %{{.+}}, @consts_dispatch_1::@local::@consts_dispatch_1 workgroups(%c1, %c1, %c1) bindings(%[[R]][%c0, %c16])
// CHECK: %[[RG:.+]] = hal.allocator.allocate device(%[[GPU]]) size(%c16) : !hal.buffer
// CHECK: hal.command_buffer.copy_buffer %{{.+}}, source(%[[R]][%c0]) target(%[[RG]][%c0]) length(%c16)
// CHECK: hal.command_buffer.dispatch %{{.+}}, @consts_dispatch_2::@consts_dispatch_2 workgroups(%c1, %c1, %c1) bindings(%{{.+}}[%c0, %c16], %{{.+}}[%c0, %c16])
// CHECK: %[[KC:.+]] = hal.allocator.allocate device(%[[CPU]]) size(%c16) : !hal.buffer
// CHECK: hal.command_buffer.copy_buffer %{{.+}}, source(%[[K]][%c0]) target(%[[KC]][%c0]) length(%c16)
// CHECK: %[[V0:.+]] = hal.buffer_view.create %[[KC]] shape(tensor<4xf32>)
// CHECK-NEXT: %[[V1:.+]] = hal.buffer_view.create %[[RG]] shape(tensor<4xf32>)
// CHECK-NEXT: %[[V2:.+]] = hal.buffer_view.create
// CHECK-NEXT: return %[[V0]], %[[V1]], %[[V2]] :
// CHECK-NOT: graph.constant
// KERNEL-LABEL: hal.executable private @consts_dispatch_0 {
// KERNEL: func.func @consts_dispatch_0() {
// KERNEL-NEXT: %0 = kernel.binding 0 : memref<4xf32>
// KERNEL: kernel.generic
// KERNEL: arith.constant 1.000000e+00 : f32
// KERNEL-NOT: graph.
