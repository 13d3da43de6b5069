// RUN: xopt %S/../../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=stream | xcheck %s
// RUN: xopt %S/../../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=flow | xopt --flow-to-stream | xcheck %s
// RUN: xopt %S/../../../examples/mlp.mlir --target-device=cpu=local --target-device=gpu=vulkan,local --device-assignment-pipeline --device-plan='auto-transfer=true' --memory-plan --compile-to=stream | xcheck %s --check-prefix=PLAN

// The MLP split across cpu and gpu, from graph to stream: the arguments are
// external resources with constant sizes; layer 1 runs in a cpu region, the
// transfer and layer 2 in a gpu region that awaits it, the transfer back in a
// cpu region that awaits the gpu; the result is awaited before the return.
// After memory planning the same schedule comes out; the pool sizes stay on
// the function (transient slabs from the plan are not allocated yet).

// CHECK: flow.executable private @mlp_dispatch_0 {
// CHECK: flow.executable private @mlp_dispatch_1 {
// CHECK-LABEL: func.func @mlp(%arg0: !stream.resource<external> {device.affinity = #device.affinity<@cpu>}, %arg1: !stream.resource<external> {device.affinity = #device.affinity<@cpu>}, %arg2: !stream.resource<external> {device.affinity = #device.affinity<@cpu>}, %arg3: !stream.resource<external> {device.affinity = #device.affinity<@gpu>}, %arg4: !stream.resource<external> {device.affinity = #device.affinity<@gpu>}) -> (!stream.resource<external> {device.affinity = #device.affinity<@cpu>}) {
// CHECK-DAG: %c25088 = arith.constant 25088 : index
// CHECK-DAG: %c401408 = arith.constant 401408 : index
// CHECK-DAG: %c4096 = arith.constant 4096 : index
// CHECK-DAG: %c320 = arith.constant 320 : index
// CHECK: %0:2 = stream.async.execute on(#device.affinity<@cpu>) with(%arg0 as %arg5: !stream.resource<external>{%c25088}, %arg1 as %arg6: !stream.resource<external>{%c401408}, %arg2 as %arg7: !stream.resource<external>{%c512}) -> !stream.resource<transient>{%c4096} {
// CHECK-NEXT: %4 = stream.async.dispatch on(#device.affinity<@cpu>) @mlp_dispatch_0::@mlp_dispatch_0(%arg5[%c0 to %c25088 for %c25088], %arg6[%c0 to %c401408 for %c401408], %arg7[%c0 to %c512 for %c512]) : (!stream.resource<external>{%c25088}, !stream.resource<external>{%c401408}, !stream.resource<external>{%c512}) -> !stream.resource<transient>{%c4096}
// CHECK-NEXT: stream.yield %4 : !stream.resource<transient>{%c4096}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %1:2 = stream.async.execute on(#device.affinity<@gpu>) await(%0#1) => with(%0#0 as %arg5: !stream.resource<transient>{%c4096}, %arg3 as %arg6: !stream.resource<external>{%c5120}, %arg4 as %arg7: !stream.resource<external>{%c40}) -> !stream.resource<transient>{%c320} {
// CHECK-NEXT: %4 = stream.async.transfer %arg5 : !stream.resource<transient>{%c4096} from(#device.affinity<@cpu>) -> to(#device.affinity<@gpu>) !stream.resource<transient>{%c4096}
// CHECK-NEXT: %5 = stream.async.dispatch on(#device.affinity<@gpu>) @mlp_dispatch_1::@mlp_dispatch_1(%4[%c0 to %c4096 for %c4096], %arg6[%c0 to %c5120 for %c5120], %arg7[%c0 to %c40 for %c40])
// CHECK-NEXT: stream.yield %5 : !stream.resource<transient>{%c320}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %2:2 = stream.async.execute on(#device.affinity<@cpu>) await(%1#1) => with(%1#0 as %arg5: !stream.resource<transient>{%c320}) -> !stream.resource<external>{%c320} {
// CHECK-NEXT: %4 = stream.async.transfer %arg5 : !stream.resource<transient>{%c320} from(#device.affinity<@gpu>) -> to(#device.affinity<@cpu>) !stream.resource<external>{%c320}
// CHECK-NEXT: stream.yield %4 : !stream.resource<external>{%c320}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %3 = stream.timepoint.await %2#1 => %2#0 : !stream.resource<external>{%c320}
// CHECK-NEXT: return %3 : !stream.resource<external>
// CHECK-NOT: flow.dispatch
// CHECK-NOT: flow.tensor.transfer

// PLAN-LABEL: func.func @mlp(
// PLAN-SAME: attributes {memory.pools = {cpu = 12288 : i64, gpu = 8192 : i64}} {
// PLAN-COUNT-3: = stream.async.execute on(
// PLAN: stream.timepoint.await
