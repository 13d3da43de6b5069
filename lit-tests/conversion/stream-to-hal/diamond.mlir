// RUN: xopt %s --flow-to-stream --stream-to-hal | xcheck %s
// RUN: xopt %s --pass-pipeline='builtin.module(flow-to-stream,stream-to-hal)' --mlir-print-op-generic | xopt | xcheck %s

// The diamond on two devices: the cpu branch and the gpu branch each wait
// only on the head's fence and signal their own, so they can overlap; the
// join waits on both through one `hal.fence.join` (the host blocks only for
// the returned result). The head is on @cpu; @host falls back to @cpu and
// reuses its device value. Memory: one slab per device at entry, planned
// results are subspans of it (the head, read on the gpu queue, keeps its
// bytes: no wait across devices for memory). Each kernel's 4x4 result gives
// its grid: 1 x 4 x 1 workgroups (a tile of 64 of a row, a row each).

module {
  device.global @cpu = #device.target<"local">
  device.global @gpu = #device.target<"vulkan">
  device.global @host = #device.fallback<@cpu>
  flow.executable private @ew {
    flow.executable.export @ew
    builtin.module {
      func.func @ew(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
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
  func.func @diamond(%arg0: tensor<4x4xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<4x4xf32> {device.affinity = #device.affinity<@cpu>}) {
    %0 = flow.dispatch @ew::@ew(%arg0) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %1 = flow.tensor.transfer %0 from #device.affinity<@cpu> to #device.affinity<@gpu> : tensor<4x4xf32>
    %2 = flow.dispatch @mm::@mm(%1, %1) on(#device.affinity<@gpu>) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %3 = flow.dispatch @ew::@ew(%0) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %4 = flow.tensor.transfer %2 from #device.affinity<@gpu> to #device.affinity<@cpu> : tensor<4x4xf32>
    %5 = flow.dispatch @mm::@mm(%4, %3) on(#device.affinity<@host>) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    return %5 : tensor<4x4xf32>
  }
}

// CHECK: hal.executable private @ew {
// CHECK-NEXT: hal.executable.variant @local target(#device.target<"local", {}, []>) {
// CHECK: hal.executable private @mm {
// CHECK-NEXT: hal.executable.variant @vulkan target(#device.target<"vulkan", {}, []>) {
// CHECK: hal.executable.variant @local target(#device.target<"local", {}, []>) {
// CHECK-LABEL: func.func @diamond(%arg0: !hal.buffer_view {device.affinity = #device.affinity<@cpu>}) -> (!hal.buffer_view {device.affinity = #device.affinity<@cpu>}) attributes {memory.pools = {cpu = 192 : i64, gpu = 128 : i64}} {
// CHECK-NEXT: hal.buffer_view.assert %arg0 message("input 0") shape(tensor<4x4xf32>)
// CHECK-NEXT: %[[IN:.+]] = hal.buffer_view.buffer %arg0 : !hal.buffer
// CHECK-NEXT: %[[CPU:.+]] = hal.device.resolve #device.affinity<@cpu> : !hal.device
// CHECK: %[[GPU:.+]] = hal.device.resolve #device.affinity<@gpu> : !hal.device
// CHECK-NOT: hal.device.resolve
// CHECK: %[[CSLAB:.+]] = hal.allocator.allocate device(%[[CPU]]) size(%c192) : !hal.buffer
// CHECK-NEXT: %[[GSLAB:.+]] = hal.allocator.allocate device(%[[GPU]]) size(%c128) : !hal.buffer
// Head on the cpu.
// CHECK-NEXT: %[[HOUT:.+]] = hal.buffer.subspan %[[CSLAB]][%c0, %c64] : !hal.buffer
// CHECK-NEXT: %[[HCMD:.+]] = hal.command_buffer.create device(%[[CPU]])
// CHECK-NEXT: hal.command_buffer.dispatch %[[HCMD]], @ew::@local::@ew workgroups(%c1, %c4, %c1) bindings(%[[IN]][%c0, %c64], %[[HOUT]][%c0, %c64])
// CHECK-NEXT: hal.command_buffer.finalize %[[HCMD]]
// CHECK-NEXT: %[[HF:.+]] = hal.fence.create device(%[[CPU]]) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[CPU]] signal(%[[HF]]) commands(%[[HCMD]])
// The gpu branch waits only on the head.
// CHECK-NEXT: %[[G0:.+]] = hal.buffer.subspan %[[GSLAB]][%c0, %c64] : !hal.buffer
// CHECK-NEXT: %[[G1:.+]] = hal.buffer.subspan %[[GSLAB]][%c64, %c64] : !hal.buffer
// CHECK-NEXT: %[[GCMD:.+]] = hal.command_buffer.create device(%[[GPU]])
// CHECK-NEXT: hal.command_buffer.copy_buffer %[[GCMD]], source(%[[HOUT]][%c0]) target(%[[G0]][%c0]) length(%c64)
// CHECK-NEXT: hal.command_buffer.execution_barrier %[[GCMD]]
// CHECK-NEXT: hal.command_buffer.dispatch %[[GCMD]], @mm::@vulkan::@mm workgroups(%c1, %c4, %c1) bindings(%[[G0]][%c0, %c64], %[[G0]][%c0, %c64], %[[G1]][%c0, %c64])
// CHECK-NEXT: hal.command_buffer.finalize %[[GCMD]]
// CHECK-NEXT: %[[GF:.+]] = hal.fence.create device(%[[GPU]]) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[GPU]] wait(%[[HF]]) signal(%[[GF]]) commands(%[[GCMD]])
// The cpu branch waits only on the head too, with its own fence.
// CHECK-NEXT: %[[C1:.+]] = hal.buffer.subspan %[[CSLAB]][%c64, %c64] : !hal.buffer
// CHECK-NEXT: %[[CCMD:.+]] = hal.command_buffer.create device(%[[CPU]])
// CHECK-NEXT: hal.command_buffer.dispatch %[[CCMD]], @ew::@local::@ew workgroups(%c1, %c4, %c1) bindings(%[[HOUT]][%c0, %c64], %[[C1]][%c0, %c64])
// CHECK-NEXT: hal.command_buffer.finalize %[[CCMD]]
// CHECK-NEXT: %[[CF:.+]] = hal.fence.create device(%[[CPU]]) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[CPU]] wait(%[[HF]]) signal(%[[CF]]) commands(%[[CCMD]])
// The transfer back waits on the gpu branch only.
// CHECK-NEXT: %[[BACK:.+]] = hal.buffer.subspan %[[CSLAB]][%c128, %c64] : !hal.buffer
// CHECK-NEXT: %[[TCMD:.+]] = hal.command_buffer.create device(%[[CPU]])
// CHECK-NEXT: hal.command_buffer.copy_buffer %[[TCMD]], source(%[[G1]][%c0]) target(%[[BACK]][%c0]) length(%c64)
// CHECK-NEXT: hal.command_buffer.finalize %[[TCMD]]
// CHECK-NEXT: %[[TF:.+]] = hal.fence.create device(%[[CPU]]) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[CPU]] wait(%[[GF]]) signal(%[[TF]])
// The join runs on @host, a fallback to @cpu: same device value. Its
// result is returned: an allocation of its own.
// CHECK-NEXT: %[[R:.+]] = hal.allocator.allocate device(%[[CPU]]) size(%c64) : !hal.buffer
// CHECK-NEXT: %[[JCMD:.+]] = hal.command_buffer.create device(%[[CPU]])
// CHECK-NEXT: hal.command_buffer.dispatch %[[JCMD]], @mm::@local::@mm workgroups(%c1, %c4, %c1) bindings(%[[BACK]][%c0, %c64], %[[C1]][%c0, %c64], %[[R]][%c0, %c64])
// CHECK-NEXT: hal.command_buffer.finalize %[[JCMD]]
// CHECK-NEXT: %[[JF:.+]] = hal.fence.create device(%[[CPU]]) : !hal.fence
// CHECK-NEXT: %[[BOTH:.+]] = hal.fence.join at(%[[CF]], %[[TF]]) -> !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[CPU]] wait(%[[BOTH]]) signal(%[[JF]]) commands(%[[JCMD]])
// CHECK-NEXT: hal.fence.await until(%[[JF]])
// CHECK-NEXT: %[[OUT:.+]] = hal.buffer_view.create %[[R]] shape(tensor<4x4xf32>) : !hal.buffer_view
// CHECK-NEXT: return %[[OUT]] : !hal.buffer_view
