// RUN: xopt %S/../../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=stream | xcheck %s
// RUN: xopt %S/../../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=flow | xopt --flow-to-stream | xcheck %s
// RUN: xopt %S/../../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' --memory-plan --compile-to=stream | xcheck %s

// The MLP split across cpu and gpu, from graph to stream: the arguments are
// external resources with constant sizes, each keeping its tensor type
// (stream.tensor, as the result does); layer 1 runs in a cpu region, the
// transfer and layer 2 in a gpu region that awaits it, the transfer back in a
// cpu region that awaits the gpu. The memory plan is made at the flow level
// (values fused into a kernel need no memory): one transient slab per device
// (cpu: layer 1's result; gpu: the transfer's result and layer 2's, live
// together), allocated at entry; planned ops carry their offsets. Before the
// return both slabs are deallocated after the last region, and the result is
// awaited through the deallocations. A graph-level plan given before is
// replaced by the flow-level one: the same output.

// CHECK: flow.executable private @mlp_dispatch_0 {
// CHECK: flow.executable private @mlp_dispatch_1 {
// CHECK-LABEL: func.func @mlp(%arg0: !stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<8x784xf32>}, %arg1: !stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<784x128xf32>}, %arg2: !stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<128xf32>}, %arg3: !stream.resource<external> {device.affinity = #device.affinity<@gpu>, stream.tensor = tensor<128x10xf32>}, %arg4: !stream.resource<external> {device.affinity = #device.affinity<@gpu>, stream.tensor = tensor<10xf32>}) -> (!stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<8x10xf32>})
// CHECK-SAME: attributes {memory.pools = {cpu = 4096 : i64, gpu = 4416 : i64}} {
// CHECK-DAG: %c25088 = arith.constant 25088 : index
// CHECK-DAG: %c401408 = arith.constant 401408 : index
// CHECK-DAG: %c4096 = arith.constant 4096 : index
// CHECK-DAG: %c4416 = arith.constant 4416 : index
// CHECK: %[[CS:.+]]:2 = stream.resource.alloca on(#device.affinity<@cpu>) : !stream.resource<transient>{%c4096} => !stream.timepoint {memory.pool = "cpu"}
// CHECK-NEXT: %[[CPU:.+]] = stream.timepoint.await %[[CS]]#1 => %[[CS]]#0 : !stream.resource<transient>{%c4096}
// CHECK-NEXT: %[[GS:.+]]:2 = stream.resource.alloca on(#device.affinity<@gpu>) : !stream.resource<transient>{%c4416} => !stream.timepoint {memory.pool = "gpu"}
// CHECK-NEXT: %[[GPU:.+]] = stream.timepoint.await %[[GS]]#1 => %[[GS]]#0 : !stream.resource<transient>{%c4416}
// CHECK-NOT: stream.resource.alloca
// CHECK: %[[L1:.+]]:2 = stream.async.execute on(#device.affinity<@cpu>) with(%arg0 as %arg5: !stream.resource<external>{%c25088}, %arg1 as %arg6: !stream.resource<external>{%c401408}, %arg2 as %arg7: !stream.resource<external>{%c512}) -> !stream.resource<transient>{%c4096} {
// CHECK-NEXT: %[[D0:.+]] = stream.async.dispatch on(#device.affinity<@cpu>) @mlp_dispatch_0::@mlp_dispatch_0(%arg5[%c0 to %c25088 for %c25088], %arg6[%c0 to %c401408 for %c401408], %arg7[%c0 to %c512 for %c512]) {memory.offset = 0 : i64, memory.pool = "cpu"} : (!stream.resource<external>{%c25088}, !stream.resource<external>{%c401408}, !stream.resource<external>{%c512}) -> !stream.resource<transient>{%c4096}
// CHECK-NEXT: stream.yield %[[D0]] : !stream.resource<transient>{%c4096}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[L2:.+]]:2 = stream.async.execute on(#device.affinity<@gpu>) await(%[[L1]]#1) => with(%[[L1]]#0 as %arg5: !stream.resource<transient>{%c4096}, %arg3 as %arg6: !stream.resource<external>{%c5120}, %arg4 as %arg7: !stream.resource<external>{%c40}) -> !stream.resource<transient>{%c320} {
// CHECK-NEXT: %[[T:.+]] = stream.async.transfer %arg5 : !stream.resource<transient>{%c4096} from(#device.affinity<@cpu>) -> to(#device.affinity<@gpu>) !stream.resource<transient>{%c4096} {memory.offset = 0 : i64, memory.pool = "gpu"}
// CHECK-NEXT: %[[D1:.+]] = stream.async.dispatch on(#device.affinity<@gpu>) @mlp_dispatch_1::@mlp_dispatch_1(%[[T]][%c0 to %c4096 for %c4096], %arg6[%c0 to %c5120 for %c5120], %arg7[%c0 to %c40 for %c40]) {memory.offset = 4096 : i64, memory.pool = "gpu"}
// CHECK-NEXT: stream.yield %[[D1]] : !stream.resource<transient>{%c320}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[BACK:.+]]:2 = stream.async.execute on(#device.affinity<@cpu>) await(%[[L2]]#1) => with(%[[L2]]#0 as %arg5: !stream.resource<transient>{%c320}) -> !stream.resource<external>{%c320} {
// CHECK-NEXT: %[[R:.+]] = stream.async.transfer %arg5 : !stream.resource<transient>{%c320} from(#device.affinity<@gpu>) -> to(#device.affinity<@cpu>) !stream.resource<external>{%c320}
// CHECK-NEXT: stream.yield %[[R]] : !stream.resource<external>{%c320}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %[[DC:.+]] = stream.resource.dealloca on(#device.affinity<@cpu>) await(%[[BACK]]#1) => %[[CPU]] : !stream.resource<transient>{%c4096} => !stream.timepoint
// CHECK-NEXT: %[[DG:.+]] = stream.resource.dealloca on(#device.affinity<@gpu>) await(%[[BACK]]#1) => %[[GPU]] : !stream.resource<transient>{%c4416} => !stream.timepoint
// CHECK-NEXT: %[[DONE:.+]] = stream.timepoint.join max(%[[DC]], %[[DG]]) => !stream.timepoint
// CHECK-NEXT: %[[OUT:.+]] = stream.timepoint.await %[[DONE]] => %[[BACK]]#0 : !stream.resource<external>{%c320}
// CHECK-NEXT: return %[[OUT]] : !stream.resource<external>
// CHECK-NOT: flow.dispatch
// CHECK-NOT: flow.tensor.transfer
