// RUN: xopt %s --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=hal | xcheck %s
// RUN: xopt %s --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=flow | xopt --flow-to-stream | xopt --stream-to-hal | xcheck %s
// RUN: xopt %s --device-assignment-pipeline --device-plan='auto-transfer=true' --compile-to=stream | xcheck %s --check-prefix=STREAM
// RUN: xopt %s --device-assignment-pipeline --device-plan='auto-transfer=true' --workspace-analysis --memory-plan --compile-to=hal | xcheck %s --check-prefix=PLANNED

// Calls between functions with tensors, from graph to hal. Planning clones
// the private @helper per device (@helper_cpu, @helper_gpu); @rows takes and
// returns a dynamically shaped tensor. At the stream level calls follow the
// function ABI (a resource and one index per dynamic dim each way, the call
// recording each resource's tensor type in its arg_attrs/res_attrs,
// stream.tensor): what a call passes is awaited before it, what it returns
// is ready (nothing awaits a call, no execute region spans one), also in an
// scf.if branch. At the hal level tensors cross calls as buffer views of
// their types, without dims: a fresh buffer is wrapped
// (hal.buffer_view.create), a view received (argument, call result) is passed
// on as it is, and results are unwrapped (hal.buffer_view.buffer), their
// dims read from them (hal.buffer_view.dim). The size of a dynamic result is
// index arithmetic on its dim. Memory: each function
// has its own slab (a callee's is its own allocation); a planned buffer
// passed to a call is a subspan of the caller's slab, wrapped as a view, and
// its bytes may be reused after the call: the callee returns only when all of
// its work is done. Call results belong to the callee (not planned), so a
// graph-level plan given as input is replaced by the flow-level one.

module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}, device.default = #device.affinity<@cpu>} {
  func.func private @helper(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = graph.relu %x : tensor<4x4xf32>
    %1 = graph.matmul %0, %x : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    return %1 : tensor<4x4xf32>
  }
  func.func private @rows(%x: tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<4xf32>) {
    %s = graph.reduce_sum %x axes = [0] : tensor<?x4xf32> -> tensor<4xf32>
    return %x, %s : tensor<?x4xf32>, tensor<4xf32>
  }
  func.func @main(%a: tensor<4x4xf32> {device.affinity = #device.affinity<@cpu>}, %b: tensor<4x4xf32> {device.affinity = #device.affinity<@gpu>}, %d: tensor<?x4xf32> {device.affinity = #device.affinity<@cpu>}, %c: i1) -> (tensor<4x4xf32> {device.affinity = #device.affinity<@cpu>}, tensor<4x4xf32> {device.affinity = #device.affinity<@gpu>}, tensor<?x4xf32> {device.affinity = #device.affinity<@cpu>}, tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) {
    %e = graph.exp %a : tensor<4x4xf32>
    %0 = func.call @helper(%e) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %1 = func.call @helper(%b) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %2 = graph.if %c -> (tensor<4x4xf32>) {
      %3 = func.call @helper(%0) : (tensor<4x4xf32>) -> tensor<4x4xf32>
      graph.yield %3 : tensor<4x4xf32>
    } else {
      graph.yield %0 : tensor<4x4xf32>
    }
    %r:2 = func.call @rows(%d) : (tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<4xf32>)
    %4 = graph.add %2, %a : tensor<4x4xf32>
    return %4, %1, %r#0, %r#1 : tensor<4x4xf32>, tensor<4x4xf32>, tensor<?x4xf32>, tensor<4xf32>
  }
}

// CHECK-LABEL: func.func private @helper_cpu(%arg0: !hal.buffer_view {device.affinity = #device.affinity<@cpu>}) -> (!hal.buffer_view {device.affinity = #device.affinity<@cpu>}) {
// CHECK: hal.command_buffer.dispatch %{{.+}}, @helper_cpu_dispatch_0::@local::@helper_cpu_dispatch_0
// CHECK-LABEL: func.func private @helper_gpu(%arg0: !hal.buffer_view {device.affinity = #device.affinity<@gpu>}) -> (!hal.buffer_view {device.affinity = #device.affinity<@gpu>}) {
// CHECK: hal.command_buffer.dispatch %{{.+}}, @helper_cpu_dispatch_0::@vulkan::@helper_cpu_dispatch_0
// CHECK: %[[HV:.+]] = hal.buffer_view.create %{{.+}} shape(tensor<4x4xf32>) : !hal.buffer_view
// CHECK-NEXT: return %[[HV]] : !hal.buffer_view
// CHECK-LABEL: func.func private @rows(%arg0: !hal.buffer_view {device.affinity = #device.affinity<@cpu>}) -> (!hal.buffer_view {device.affinity = #device.affinity<@cpu>}, !hal.buffer_view {device.affinity = #device.affinity<@cpu>}) {
// CHECK-NEXT: hal.buffer_view.assert %arg0 message("input 0") shape(tensor<?x4xf32>)
// CHECK-NEXT: %[[D:.+]] = hal.buffer_view.dim %arg0[0] : index
// CHECK: %[[C16:.+]] = arith.constant 16 : index
// CHECK-NEXT: %[[BYTES:.+]] = arith.muli %[[C16]], %[[D]] : index
// CHECK: constants(%[[D]]) bindings(%{{.+}}[%c0, %[[BYTES]]],
// CHECK: %[[SUM:.+]] = hal.buffer_view.create %{{.+}} shape(tensor<4xf32>) : !hal.buffer_view
// CHECK-NEXT: return %arg0, %[[SUM]] : !hal.buffer_view, !hal.buffer_view
// CHECK-LABEL: func.func @main(
// CHECK-SAME: %arg2: !hal.buffer_view {device.affinity = #device.affinity<@cpu>}, %arg3: i1)
// CHECK: hal.fence.await until(%[[EF:.+]])
// CHECK-NEXT: %[[EV:.+]] = hal.buffer_view.create %[[E:.+]] shape(tensor<4x4xf32>) : !hal.buffer_view
// CHECK-NEXT: %[[H0:.+]] = call @helper_cpu(%[[EV]]) : (!hal.buffer_view) -> !hal.buffer_view
// CHECK-NEXT: %[[H0B:.+]] = hal.buffer_view.buffer %[[H0]] : !hal.buffer
// CHECK-NEXT: %[[H1:.+]] = call @helper_gpu(%arg1) : (!hal.buffer_view) -> !hal.buffer_view
// CHECK-NEXT: hal.buffer_view.buffer %[[H1]] : !hal.buffer
// CHECK-NEXT: %[[IF:.+]]:2 = scf.if %arg3 -> (!hal.buffer, index) {
// CHECK-NEXT: %[[H2:.+]] = func.call @helper_cpu(%[[H0]]) : (!hal.buffer_view) -> !hal.buffer_view
// CHECK-NEXT: %[[H2B:.+]] = hal.buffer_view.buffer %[[H2]] : !hal.buffer
// CHECK-NEXT: scf.yield %[[H2B]], %c64 : !hal.buffer, index
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[H0B]], %c64 : !hal.buffer, index
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.+]]:2 = call @rows(%arg2) : (!hal.buffer_view) -> (!hal.buffer_view, !hal.buffer_view)
// CHECK-NEXT: hal.buffer_view.buffer %[[R]]#0 : !hal.buffer
// CHECK-NEXT: %[[RD:.+]] = hal.buffer_view.dim %[[R]]#0[0] : index
// CHECK-NEXT: hal.buffer_view.buffer %[[R]]#1 : !hal.buffer
// CHECK-NEXT: %[[C16:.+]] = arith.constant 16 : index
// CHECK-NEXT: arith.muli %[[C16]], %[[RD]] : index
// CHECK: hal.command_buffer.dispatch %{{.+}}, @main_dispatch_1::@local::@main_dispatch_1 workgroups(%c1, %c4, %c1) bindings(%[[IF]]#0[%c0, %c64],
// CHECK: %[[OUT:.+]] = hal.buffer_view.create
// CHECK-NEXT: return %[[OUT]], %[[H1]], %[[R]]#0, %[[R]]#1 : !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view
// CHECK-NOT: stream.
// CHECK-NOT: flow.

// STREAM-LABEL: func.func private @rows(%arg0: !stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<?x4xf32>}, %arg1: index) -> (!stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<?x4xf32>}, index, !stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<4xf32>}) {
// STREAM: return %arg0, %arg1, %{{.+}} : !stream.resource<external>, index, !stream.resource<external>
// STREAM-LABEL: func.func @main(
// STREAM: %[[CS:.+]]:2 = stream.resource.alloca on(#device.affinity<@cpu>) : !stream.resource<transient>{%c64} => !stream.timepoint {memory.pool = "cpu"}
// STREAM-NEXT: %[[SLAB:.+]] = stream.timepoint.await %[[CS]]#1 => %[[CS]]#0
// STREAM: %[[E:.+]]:2 = stream.async.execute on(#device.affinity<@cpu>)
// STREAM: %[[EA:.+]] = stream.timepoint.await %[[E]]#1 => %[[E]]#0 : !stream.resource<external>{%c64}
// STREAM-NEXT: %[[H0:.+]] = call @helper_cpu(%[[EA]]) {arg_attrs = [{stream.tensor = tensor<4x4xf32>}], res_attrs = [{stream.tensor = tensor<4x4xf32>}]} : (!stream.resource<external>) -> !stream.resource<external>
// STREAM-NEXT: %[[H1:.+]] = call @helper_gpu(%arg1) {arg_attrs = [{stream.tensor = tensor<4x4xf32>}], res_attrs = [{stream.tensor = tensor<4x4xf32>}]} : (!stream.resource<external>) -> !stream.resource<external>
// STREAM-NEXT: %[[IF:.+]]:2 = scf.if %arg4 -> (!stream.resource<external>, index) {
// STREAM-NEXT: %[[H2:.+]] = func.call @helper_cpu(%[[H0]]) {arg_attrs = [{stream.tensor = tensor<4x4xf32>}], res_attrs = [{stream.tensor = tensor<4x4xf32>}]} : (!stream.resource<external>) -> !stream.resource<external>
// STREAM-NEXT: scf.yield %[[H2]], %c64 : !stream.resource<external>, index
// STREAM-NEXT: } else {
// STREAM-NEXT: scf.yield %[[H0]], %c64 : !stream.resource<external>, index
// STREAM-NEXT: }
// STREAM-NEXT: %[[R:.+]]:3 = call @rows(%arg2, %arg3) {arg_attrs = [{stream.tensor = tensor<?x4xf32>}, {}], res_attrs = [{stream.tensor = tensor<?x4xf32>}, {}, {stream.tensor = tensor<4xf32>}]} : (!stream.resource<external>, index) -> (!stream.resource<external>, index, !stream.resource<external>)
// STREAM-NEXT: stream.tensor.sizeof on(#device.affinity<@cpu>) tensor<?x4xf32>{%[[R]]#1} : index
// STREAM-NEXT: %[[ADD:.+]]:2 = stream.async.execute on(#device.affinity<@cpu>) with(%[[IF]]#0 as
// STREAM: %[[FREE:.+]] = stream.resource.dealloca on(#device.affinity<@cpu>) await(%[[ADD]]#1) => %[[SLAB]]
// STREAM-NEXT: %[[O:.+]] = stream.timepoint.await %[[FREE]] => %[[ADD]]#0
// STREAM-NEXT: return %[[O]], %[[H1]], %[[R]]#0, %[[R]]#1, %[[R]]#2 :

// The helper's values are fused into one kernel: nothing to plan, no slab
// (the graph-level plan's pools are gone).
// PLANNED-LABEL: func.func private @helper_cpu(
// PLANNED-NOT: memory.pools
// PLANNED-SAME: attributes {memory.workspace = {cpu = 64 : i64}} {
// PLANNED-LABEL: func.func @main(
// PLANNED-SAME: attributes {memory.pools = {cpu = 64 : i64},
// PLANNED: %[[SLAB:.+]] = hal.allocator.allocate device(%{{.+}}) size(%c64) : !hal.buffer
// PLANNED: %[[E:.+]] = hal.buffer.subspan %[[SLAB]][%c0, %c64] : !hal.buffer
// PLANNED: %[[EV:.+]] = hal.buffer_view.create %[[E]] shape(tensor<4x4xf32>) : !hal.buffer_view
// PLANNED-NEXT: call @helper_cpu(%[[EV]]) : (!hal.buffer_view) -> !hal.buffer_view
