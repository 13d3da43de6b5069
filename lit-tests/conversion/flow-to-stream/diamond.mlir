// RUN: xopt %s --flow-to-stream | xcheck %s
// RUN: xopt %s --pass-pipeline='builtin.module(flow-to-stream)' | xcheck %s

// A diamond whose branches run on different devices: the cpu head feeds a cpu
// branch and, through a transfer, a gpu branch; the join runs on the cpu.
// Scheduling gives the head its own region, then one region per branch, each
// awaiting only the head, so the two branches overlap; the join region
// awaits both branches (the transfer back runs on the cpu queue, in a region
// awaiting the gpu). Memory: one slab per device. The head, read by the
// transfer on the gpu queue, keeps its bytes to the end (reusing them would
// make the cpu wait for the gpu), so nothing here waits for memory.

module {
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
    %5 = flow.dispatch @mm::@mm(%4, %3) on(#device.affinity<@cpu>) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    return %5 : tensor<4x4xf32>
  }
}

// CHECK-LABEL: func.func @diamond(%arg0: !stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<4x4xf32>}) -> (!stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<4x4xf32>}) attributes {memory.pools = {cpu = 192 : i64, gpu = 128 : i64}} {
// CHECK: %[[CS:.+]]:2 = stream.resource.alloca on(#device.affinity<@cpu>) : !stream.resource<transient>{%c192} => !stream.timepoint {memory.pool = "cpu"}
// CHECK-NEXT: %[[CPUSLAB:.+]] = stream.timepoint.await %[[CS]]#1 => %[[CS]]#0
// CHECK-NEXT: %[[GS:.+]]:2 = stream.resource.alloca on(#device.affinity<@gpu>) : !stream.resource<transient>{%c128} => !stream.timepoint {memory.pool = "gpu"}
// CHECK-NEXT: %[[GPUSLAB:.+]] = stream.timepoint.await %[[GS]]#1 => %[[GS]]#0
// CHECK-NEXT: %[[HEAD:.+]]:2 = stream.async.execute on(#device.affinity<@cpu>) with(%arg0 as %{{.+}}: !stream.resource<external>{%c64}) -> !stream.resource<transient>{%c64} {
// CHECK-NEXT: stream.async.dispatch on(#device.affinity<@cpu>) @ew::@ew({{.+}}) {memory.offset = 0 : i64, memory.pool = "cpu"}
// CHECK-NEXT: stream.yield
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[GPU:.+]]:2 = stream.async.execute on(#device.affinity<@gpu>) await(%[[HEAD]]#1) => with(%[[HEAD]]#0 as %{{.+}}: !stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64} {
// CHECK-NEXT: stream.async.transfer %{{.+}} from(#device.affinity<@cpu>) -> to(#device.affinity<@gpu>) !stream.resource<transient>{%c64} {memory.offset = 0 : i64, memory.pool = "gpu"}
// CHECK-NEXT: stream.async.dispatch on(#device.affinity<@gpu>) @mm::@mm({{.+}}) {memory.offset = 64 : i64, memory.pool = "gpu"}
// CHECK-NEXT: stream.yield
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[CPU:.+]]:2 = stream.async.execute on(#device.affinity<@cpu>) await(%[[HEAD]]#1) => with(%[[HEAD]]#0 as %{{.+}}: !stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64} {
// CHECK-NEXT: stream.async.dispatch on(#device.affinity<@cpu>) @ew::@ew({{.+}}) {memory.offset = 64 : i64, memory.pool = "cpu"}
// CHECK-NEXT: stream.yield
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[JOIN:.+]]:2 = stream.async.execute on(#device.affinity<@cpu>) await(%[[GPU]]#1) => with(%[[GPU]]#0 as %{{.+}}: !stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64} {
// CHECK-NEXT: stream.async.transfer %{{.+}} from(#device.affinity<@gpu>) -> to(#device.affinity<@cpu>) !stream.resource<transient>{%c64} {memory.offset = 128 : i64, memory.pool = "cpu"}
// CHECK-NEXT: stream.yield
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[LAST:.+]]:2 = stream.async.execute on(#device.affinity<@cpu>) await(%[[CPU]]#1, %[[JOIN]]#1) => with(%[[JOIN]]#0 as %{{.+}}, %[[CPU]]#0 as %{{.+}}) -> !stream.resource<external>{%c64} {
// CHECK-NEXT: stream.async.dispatch on(#device.affinity<@cpu>) @mm::@mm(
// CHECK-NEXT: stream.yield
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[DC:.+]] = stream.resource.dealloca on(#device.affinity<@cpu>) await(%[[LAST]]#1) => %[[CPUSLAB]]
// CHECK-NEXT: %[[DG:.+]] = stream.resource.dealloca on(#device.affinity<@gpu>) await(%[[LAST]]#1) => %[[GPUSLAB]]
// CHECK-NEXT: %[[DONE:.+]] = stream.timepoint.join max(%[[DC]], %[[DG]]) => !stream.timepoint
// CHECK-NEXT: %[[OUT:.+]] = stream.timepoint.await %[[DONE]] => %[[LAST]]#0 : !stream.resource<external>{%c64}
// CHECK-NEXT: return %[[OUT]] : !stream.resource<external>
