// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=flow | xcheck %s --check-prefix=FLOW
// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=stream --verify-each | xcheck %s --check-prefix=STREAM
// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=hal --verify-each | xcheck %s --check-prefix=HAL

// graph.extract from graph to hal: the count of nonzero elements, computed
// by a kernel, sizes the slice that follows. It stays on the host at the
// flow level (between the dispatches); at the stream level the host awaits
// the execute region that makes the count, loads it from the resource and
// casts it to index, and the slice's dispatch (a new region) takes it as
// its result's dim; at the hal level the host waits on the first
// submission's fence and reads the buffer.

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @count(%x: tensor<6xf32>, %table: tensor<6x2xf32>) -> tensor<?x2xf32> {
    %z = graph.constant dense<0.0> : tensor<6xf32>
    %m = graph.compare ne, %x, %z : tensor<6xf32> -> tensor<6xi1>
    %i = graph.cast %m : tensor<6xi1> -> tensor<6xi32>
    %s = graph.reduce_sum %i axes = [0] : tensor<6xi32> -> tensor<i32>
    %n = graph.extract %s : tensor<i32>
    %e = graph.exp %table : tensor<6x2xf32>
    %r = graph.slice %e [%n] start = [0, 0] strides = [1, 1] : tensor<6x2xf32> -> tensor<?x2xf32>
    return %r : tensor<?x2xf32>
  }
}

// FLOW-LABEL: func.func @count
// FLOW: %[[S:.+]] = flow.dispatch @count_dispatch_0::@count_dispatch_0(%arg0) {{.*}}-> tensor<i32>
// FLOW-NEXT: %[[N:.+]] = graph.extract %[[S]] {{.*}}: tensor<i32>
// FLOW-NEXT: flow.dispatch @count_dispatch_1::@count_dispatch_1(%arg1, %[[N]]) {{.*}}-> tensor<?x2xf32>{%[[N]]}

// STREAM-LABEL: func.func @count
// STREAM: %[[E:.+]]:2 = stream.async.execute
// STREAM: stream.async.dispatch {{.*}}@count_dispatch_0::@count_dispatch_0
// STREAM: %[[R:.+]] = stream.timepoint.await %[[E]]#1 => %[[E]]#0 : !stream.resource<transient>{%[[C4:.+]]}
// STREAM-NEXT: %[[V:.+]] = stream.resource.load %[[R]][%{{.+}}] : !stream.resource<transient>{%[[C4]]} -> i32
// STREAM-NEXT: %[[N:.+]] = arith.index_cast %[[V]] : i32 to index
// STREAM: stream.async.execute
// STREAM: stream.async.dispatch {{.*}}@count_dispatch_1::@count_dispatch_1({{.*}}, %[[N]], %[[N]])
// STREAM-NOT: graph.extract

// HAL-LABEL: func.func @count
// HAL: %[[B:.+]] = hal.buffer.subspan
// HAL: hal.command_buffer.dispatch {{.*}}@count_dispatch_0{{.*}}bindings({{.*}}, %[[B]][
// HAL: hal.device.queue.execute {{.*}}signal(%[[F:.+]]) commands
// HAL-NEXT: hal.fence.await until(%[[F]])
// HAL-NEXT: %[[V:.+]] = hal.buffer.load %[[B]][%{{.+}}] : i32
// HAL-NEXT: %[[N:.+]] = arith.index_cast %[[V]] : i32 to index
// HAL: hal.command_buffer.dispatch {{.*}}@count_dispatch_1{{.*}}constants(%[[N]], %[[N]])
// HAL: hal.buffer_view.create {{.*}}shape(tensor<?x2xf32>{%[[N]]})
