// RUN: xopt %s --flow-to-stream --stream-to-hal | xcheck %s
// RUN: xopt %s --flow-to-stream --stream-to-hal --mlir-print-op-generic | xopt --verify-each | xcheck %s

// Which variant a dispatch names. On @cpu (one #device.target) the target is
// known statically: the dispatch names the variant, @ew::@local::@ew. On @gpu
// (a #device.select of vulkan and local) the runtime picks the device, so the
// dispatch names @ew::@ew: the export of the variant that matches the
// command buffer's device. @gpu_or_cpu falls back to @gpu, so the same holds;
// @only_vulkan selects from one target, which is again known statically.

module {
  device.global @cpu = #device.target<"local">
  device.global @gpu = #device.select<[#device.target<"vulkan">, #device.target<"local">]>
  device.global @gpu_or_cpu = #device.fallback<@gpu>
  device.global @only_vulkan = #device.select<[#device.target<"vulkan">]>
  flow.executable private @ew {
    flow.executable.export @ew
    builtin.module {
      func.func @ew(%a: tensor<4xf32>) -> tensor<4xf32> {
        %0 = graph.relu %a : tensor<4xf32>
        return %0 : tensor<4xf32>
      }
    }
  }
  func.func @pick(%arg0: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) {
    %0 = flow.dispatch @ew::@ew(%arg0) on(#device.affinity<@cpu>) : (tensor<4xf32>) -> tensor<4xf32>
    %1 = flow.tensor.transfer %0 from #device.affinity<@cpu> to #device.affinity<@gpu> : tensor<4xf32>
    %2 = flow.dispatch @ew::@ew(%1) on(#device.affinity<@gpu>) : (tensor<4xf32>) -> tensor<4xf32>
    %3 = flow.dispatch @ew::@ew(%2) on(#device.affinity<@gpu_or_cpu>) : (tensor<4xf32>) -> tensor<4xf32>
    %4 = flow.tensor.transfer %3 from #device.affinity<@gpu_or_cpu> to #device.affinity<@only_vulkan> : tensor<4xf32>
    %5 = flow.dispatch @ew::@ew(%4) on(#device.affinity<@only_vulkan>) : (tensor<4xf32>) -> tensor<4xf32>
    %6 = flow.tensor.transfer %5 from #device.affinity<@only_vulkan> to #device.affinity<@cpu> : tensor<4xf32>
    return %6 : tensor<4xf32>
  }
}

// CHECK-LABEL: hal.executable private @ew {
// CHECK-NEXT: hal.executable.variant @local target(#device.target<"local", {}, []>) {
// CHECK: hal.executable.variant @vulkan target(#device.target<"vulkan", {}, []>) {
// CHECK-LABEL: func.func @pick(
// CHECK-DAG: %[[CPU:.+]] = hal.device.resolve #device.affinity<@cpu> : !hal.device
// CHECK-DAG: %[[GPU:.+]] = hal.device.resolve #device.affinity<@gpu> : !hal.device
// CHECK-DAG: %[[VK:.+]] = hal.device.resolve #device.affinity<@only_vulkan> : !hal.device
// CHECK: %[[C0:.+]] = hal.command_buffer.create device(%[[CPU]])
// CHECK-NEXT: hal.command_buffer.dispatch %[[C0]], @ew::@local::@ew workgroups
// CHECK: %[[C1:.+]] = hal.command_buffer.create device(%[[GPU]])
// CHECK: hal.command_buffer.dispatch %[[C1]], @ew::@ew workgroups
// CHECK: %[[C2:.+]] = hal.command_buffer.create device(%[[GPU]])
// CHECK: hal.command_buffer.dispatch %[[C2]], @ew::@ew workgroups
// CHECK: %[[C3:.+]] = hal.command_buffer.create device(%[[VK]])
// CHECK: hal.command_buffer.dispatch %[[C3]], @ew::@vulkan::@ew workgroups
