// RUN: xopt %s --stream-to-hal | xcheck %s
// RUN: xopt %s --stream-to-hal --mlir-print-op-generic | xopt --verify-each | xcheck %s

// Fences joined, not awaited by the host: a region awaiting regions on two
// devices submits with one wait fence, their `hal.fence.join`, so the host
// goes on issuing work while both devices run; `stream.timepoint.join`
// becomes `hal.fence.join` (a fence a join already covers is not joined
// again), and awaiting a join is one host wait. The host blocks only for
// the results it returns.

module {
  device.global @cpu = #device.target<"local">
  device.global @gpu = #device.target<"vulkan">
  flow.executable private @k {
    flow.executable.export @k
    builtin.module {
      func.func @k(%a: tensor<4xf32>) -> tensor<4xf32> {
        %0 = graph.relu %a : tensor<4xf32>
        return %0 : tensor<4xf32>
      }
    }
  }
  flow.executable private @add {
    flow.executable.export @add
    builtin.module {
      func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
        %0 = graph.add %a, %b : tensor<4xf32>
        return %0 : tensor<4xf32>
      }
    }
  }
  func.func @two_devices(%arg0: !stream.resource<external> {stream.tensor = tensor<4xf32>}) -> (!stream.resource<external> {stream.tensor = tensor<4xf32>}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %a:2 = stream.async.execute on(#device.affinity<@cpu>) with(%arg0 as %x: !stream.resource<external>{%c16}) -> !stream.resource<transient>{%c16} {
      %r = stream.async.dispatch on(#device.affinity<@cpu>) @k::@k(%x[%c0 to %c16 for %c16]) : (!stream.resource<external>{%c16}) -> !stream.resource<transient>{%c16}
      stream.yield %r : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %b:2 = stream.async.execute on(#device.affinity<@gpu>) with(%arg0 as %x: !stream.resource<external>{%c16}) -> !stream.resource<transient>{%c16} {
      %t = stream.async.transfer %x : !stream.resource<external>{%c16} from(#device.affinity<@cpu>) -> to(#device.affinity<@gpu>) !stream.resource<transient>{%c16}
      %r = stream.async.dispatch on(#device.affinity<@gpu>) @k::@k(%t[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
      stream.yield %r : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %c:2 = stream.async.execute on(#device.affinity<@cpu>) await(%a#1, %b#1) => with(%a#0 as %x: !stream.resource<transient>{%c16}, %b#0 as %y: !stream.resource<transient>{%c16}) -> !stream.resource<external>{%c16} {
      %t = stream.async.transfer %y : !stream.resource<transient>{%c16} from(#device.affinity<@gpu>) -> to(#device.affinity<@cpu>) !stream.resource<transient>{%c16}
      %r = stream.async.dispatch on(#device.affinity<@cpu>) @add::@add(%x[%c0 to %c16 for %c16], %t[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}) -> !stream.resource<external>{%c16}
      stream.yield %r : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %r = stream.timepoint.await %c#1 => %c#0 : !stream.resource<external>{%c16}
    return %r : !stream.resource<external>
  }
  func.func @joined(%arg0: !stream.resource<external> {stream.tensor = tensor<4xf32>}) -> (!stream.resource<external> {stream.tensor = tensor<4xf32>}, !stream.resource<external> {stream.tensor = tensor<4xf32>}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %a:2 = stream.async.execute on(#device.affinity<@cpu>) with(%arg0 as %x: !stream.resource<external>{%c16}) -> !stream.resource<transient>{%c16} {
      %r = stream.async.dispatch on(#device.affinity<@cpu>) @k::@k(%x[%c0 to %c16 for %c16]) : (!stream.resource<external>{%c16}) -> !stream.resource<transient>{%c16}
      stream.yield %r : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %b:2 = stream.async.execute on(#device.affinity<@gpu>) with(%arg0 as %x: !stream.resource<external>{%c16}) -> !stream.resource<transient>{%c16} {
      %t = stream.async.transfer %x : !stream.resource<external>{%c16} from(#device.affinity<@cpu>) -> to(#device.affinity<@gpu>) !stream.resource<transient>{%c16}
      %r = stream.async.dispatch on(#device.affinity<@gpu>) @k::@k(%t[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
      stream.yield %r : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %j = stream.timepoint.join max(%a#1, %b#1) => !stream.timepoint
    %c:2 = stream.async.execute on(#device.affinity<@cpu>) await(%j) => with(%a#0 as %x: !stream.resource<transient>{%c16}, %b#0 as %y: !stream.resource<transient>{%c16}) -> !stream.resource<external>{%c16} {
      %t = stream.async.transfer %y : !stream.resource<transient>{%c16} from(#device.affinity<@gpu>) -> to(#device.affinity<@cpu>) !stream.resource<transient>{%c16}
      %r = stream.async.dispatch on(#device.affinity<@cpu>) @add::@add(%x[%c0 to %c16 for %c16], %t[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}) -> !stream.resource<external>{%c16}
      stream.yield %r : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %d:2 = stream.async.execute on(#device.affinity<@gpu>) await(%j, %b#1) => with(%b#0 as %y: !stream.resource<transient>{%c16}) -> !stream.resource<external>{%c16} {
      %r = stream.async.dispatch on(#device.affinity<@gpu>) @k::@k(%y[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<external>{%c16}
      stream.yield %r : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %all = stream.timepoint.join max(%c#1, %d#1) => !stream.timepoint
    %r:2 = stream.timepoint.await %all => %c#0, %d#0 : !stream.resource<external>{%c16}, !stream.resource<external>{%c16}
    return %r#0, %r#1 : !stream.resource<external>, !stream.resource<external>
  }
}

// The cpu region @c awaits @a (cpu) and @b (gpu): one join, no host wait.
// CHECK-LABEL: func.func @two_devices(
// CHECK: %[[CPU:.+]] = hal.device.resolve #device.affinity<@cpu>
// CHECK: %[[GPU:.+]] = hal.device.resolve #device.affinity<@gpu>
// CHECK-NOT: hal.fence.await
// CHECK: %[[AF:.+]] = hal.fence.create device(%[[CPU]]) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[CPU]] signal(%[[AF]])
// CHECK-NOT: hal.fence.await
// CHECK: %[[BF:.+]] = hal.fence.create device(%[[GPU]]) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[GPU]] signal(%[[BF]])
// CHECK-NOT: hal.fence.await
// CHECK: %[[CF:.+]] = hal.fence.create device(%[[CPU]]) : !hal.fence
// CHECK-NEXT: %[[AB:.+]] = hal.fence.join at(%[[AF]], %[[BF]]) -> !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[CPU]] wait(%[[AB]]) signal(%[[CF]])
// CHECK-NEXT: hal.fence.await until(%[[CF]])
// CHECK-NOT: hal.fence
// CHECK: return

// stream.timepoint.join: one hal.fence.join where it stood; @c waits on it,
// @d (awaiting the join and @b, which the join covers) too; the final await
// of the join of @c and @d is the one host wait.
// CHECK-LABEL: func.func @joined(
// CHECK-NOT: hal.fence.await
// CHECK: %[[AF:.+]] = hal.fence.create device(%[[CPU:.+]]) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[CPU]] signal(%[[AF]])
// CHECK-NOT: hal.fence.await
// CHECK: %[[BF:.+]] = hal.fence.create device(%[[GPU:.+]]) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[GPU]] signal(%[[BF]])
// CHECK-NEXT: %[[J:.+]] = hal.fence.join at(%[[AF]], %[[BF]]) -> !hal.fence
// CHECK-NOT: hal.fence
// CHECK: %[[CF:.+]] = hal.fence.create device(%[[CPU]]) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[CPU]] wait(%[[J]]) signal(%[[CF]])
// CHECK-NOT: hal.fence
// CHECK: %[[DF:.+]] = hal.fence.create device(%[[GPU]]) : !hal.fence
// CHECK-NEXT: hal.device.queue.execute %[[GPU]] wait(%[[J]]) signal(%[[DF]])
// CHECK-NEXT: %[[ALL:.+]] = hal.fence.join at(%[[CF]], %[[DF]]) -> !hal.fence
// CHECK-NEXT: hal.fence.await until(%[[ALL]])
// CHECK-NOT: hal.fence
// CHECK: return
