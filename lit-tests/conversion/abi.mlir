// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=hal 2>/dev/null | xcheck %s
// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=stream --mlir-print-op-generic 2>/dev/null | xopt --stream-to-hal --verify-each | xcheck %s
// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=stream 2>/dev/null | xcheck %s --check-prefix=STREAM

// The function ABI (IREE's): at the hal level each tensor argument or
// result is one !hal.buffer_view, with no index values for its dims. A
// function asserts each tensor argument's type at entry, in argument order,
// before anything else ("input N", N the argument's position among all
// arguments), then reads its dynamic dims from the view
// (hal.buffer_view.dim); a result is a view of its buffer with its tensor
// type (and dims). Genuine index arguments and results (a graph.dim) stay.
// A call wraps a tensor it computed in a view with its type and dims and
// reads the dims of a returned tensor from the returned view.
//
// At the stream level tensors are resources followed by their dynamic dims,
// each resource keeping its tensor type in its argument/result attributes
// (stream.tensor), in functions and at calls alike.

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @static(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %0 = graph.relu %x : tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
  func.func private @grow(%x: tensor<?x4xf32>, %k: index) -> (tensor<?x4xf32>, index, index) {
    %0 = graph.exp %x : tensor<?x4xf32>
    %n = graph.dim %0, 0 : tensor<?x4xf32>
    return %0, %n, %k : tensor<?x4xf32>, index, index
  }
  func.func @caller(%k: index, %x: tensor<?x4xf32>) -> (tensor<?x4xf32>, index, index) {
    %e = graph.relu %x : tensor<?x4xf32>
    %r:3 = func.call @grow(%e, %k) : (tensor<?x4xf32>, index) -> (tensor<?x4xf32>, index, index)
    %t = graph.tanh %r#0 : tensor<?x4xf32>
    %n = graph.dim %t, 0 : tensor<?x4xf32>
    return %t, %n, %r#2 : tensor<?x4xf32>, index, index
  }
}

// A static function: the argument asserted, the result a view of its type.
// CHECK-LABEL: func.func @static(%arg0: !hal.buffer_view {device.affinity = #device.affinity<@cpu>}) -> (!hal.buffer_view {device.affinity = #device.affinity<@cpu>}) {
// CHECK-NEXT: hal.buffer_view.assert %arg0 message("input 0") shape(tensor<2x3xf32>)
// CHECK-NEXT: %[[IN:.+]] = hal.buffer_view.buffer %arg0 : !hal.buffer
// CHECK: hal.command_buffer.dispatch %{{.+}}, @static_dispatch_0::@local::@static_dispatch_0 workgroups(%c1, %c2, %c1) bindings(%[[IN]][%c0, %c24], %[[OUT:.+]][%c0, %c24])
// CHECK: %[[V:.+]] = hal.buffer_view.create %[[OUT]] shape(tensor<2x3xf32>) : !hal.buffer_view
// CHECK-NEXT: return %[[V]] : !hal.buffer_view

// A dynamic function: its dim read from the view; the dynamic result a view
// with that dim; the graph.dim result and the index argument stay.
// CHECK-LABEL: func.func private @grow(%arg0: !hal.buffer_view {device.affinity = #device.affinity<@cpu>}, %arg1: index) -> (!hal.buffer_view {device.affinity = #device.affinity<@cpu>}, index, index) {
// CHECK-NEXT: hal.buffer_view.assert %arg0 message("input 0") shape(tensor<?x4xf32>)
// CHECK-NEXT: %[[D:.+]] = hal.buffer_view.dim %arg0[0] : index
// CHECK-NEXT: %[[IN:.+]] = hal.buffer_view.buffer %arg0 : !hal.buffer
// CHECK: hal.command_buffer.dispatch %{{.+}}, @grow_dispatch_0::@local::@grow_dispatch_0 workgroups(%c1, %[[D]], %c1) constants(%[[D]], %[[D]]) bindings(%[[IN]][%c0, %{{.+}}], %[[OUT:.+]][%c0, %{{.+}}])
// CHECK: %[[V:.+]] = hal.buffer_view.create %[[OUT]] shape(tensor<?x4xf32>{%[[D]]}) : !hal.buffer_view
// CHECK-NEXT: return %[[V]], %[[D]], %arg1 : !hal.buffer_view, index, index

// The caller: the index argument comes first ("input 1" is the tensor); the
// tensor it computed crosses the call as a view with its dim; the returned
// tensor's dim is read from the returned view and sizes and shapes what
// follows. The tensor it computed lives in a slab sized at run time by the
// argument's dim (memory-plan's scaled pool "cpu*1.0": 16 bytes per unit,
// a unit being the dim rounded up to 64).
// CHECK-LABEL: func.func @caller(%arg0: index, %arg1: !hal.buffer_view {device.affinity = #device.affinity<@cpu>}) -> (!hal.buffer_view {device.affinity = #device.affinity<@cpu>}, index, index) attributes {memory.pools = {"cpu*1.0" = 16 : i64}} {
// CHECK-NEXT: hal.buffer_view.assert %arg1 message("input 1") shape(tensor<?x4xf32>)
// CHECK-NEXT: %[[D:.+]] = hal.buffer_view.dim %arg1[0] : index
// CHECK: %[[UP:.+]] = arith.addi %[[D]], %c63 : index
// CHECK-NEXT: %[[Q:.+]] = arith.divui %[[UP]], %c64 : index
// CHECK-NEXT: %[[UNIT:.+]] = arith.muli %[[Q]], %c64 : index
// CHECK: %[[SIZE:.+]] = arith.muli %{{.+}}, %[[UNIT]] : index
// CHECK-NEXT: %[[SLAB:.+]] = hal.allocator.allocate device(%{{.+}}) size(%[[SIZE]]) : !hal.buffer
// CHECK: hal.buffer.subspan %[[SLAB]][%c0, %{{.+}}] {memory.units = array<i64: 0, 16>} : !hal.buffer
// CHECK: hal.fence.await
// CHECK-NEXT: %[[E:.+]] = hal.buffer_view.create %{{.+}} shape(tensor<?x4xf32>{%[[D]]}) : !hal.buffer_view
// CHECK-NEXT: %[[R:.+]]:3 = call @grow(%[[E]], %arg0) : (!hal.buffer_view, index) -> (!hal.buffer_view, index, index)
// CHECK-NEXT: %[[RB:.+]] = hal.buffer_view.buffer %[[R]]#0 : !hal.buffer
// CHECK-NEXT: %[[RD:.+]] = hal.buffer_view.dim %[[R]]#0[0] : index
// CHECK: hal.command_buffer.dispatch %{{.+}}, @caller_dispatch_1::@local::@caller_dispatch_1 workgroups(%c1, %[[RD]], %c1) constants(%[[RD]], %[[RD]]) bindings(%[[RB]][%c0, %{{.+}}], %[[T:.+]][%c0, %{{.+}}])
// CHECK: %[[V:.+]] = hal.buffer_view.create %[[T]] shape(tensor<?x4xf32>{%[[RD]]}) : !hal.buffer_view
// CHECK-NEXT: return %[[V]], %[[RD]], %[[R]]#2 : !hal.buffer_view, index, index
// CHECK-NOT: stream.

// STREAM-LABEL: func.func @static(%arg0: !stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<2x3xf32>}) -> (!stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<2x3xf32>}) {
// STREAM-LABEL: func.func private @grow(%arg0: !stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<?x4xf32>}, %arg1: index, %arg2: index) -> (!stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<?x4xf32>}, index, index, index) {
// STREAM: return %{{.+}}, %arg1, %arg1, %arg2 : !stream.resource<external>, index, index, index
// STREAM-LABEL: func.func @caller(%arg0: index, %arg1: !stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<?x4xf32>}, %arg2: index) -> (!stream.resource<external> {device.affinity = #device.affinity<@cpu>, stream.tensor = tensor<?x4xf32>}, index, index, index) attributes {memory.pools = {"cpu*1.0" = 16 : i64}} {
// The scaled slab: 16 units of the argument's dim (%arg2) rounded up to 64.
// STREAM: arith.addi %arg2, %c63 : index
// STREAM: %[[S:.+]] = arith.muli %c16, %{{.+}} : index
// STREAM-NEXT: stream.resource.alloca on(#device.affinity<@cpu>) : !stream.resource<transient>{%[[S]]} => !stream.timepoint {memory.pool = "cpu*1.0"}
// STREAM: %[[R:.+]]:4 = call @grow(%{{.+}}, %arg2, %arg0) {arg_attrs = [{stream.tensor = tensor<?x4xf32>}, {}, {}], res_attrs = [{stream.tensor = tensor<?x4xf32>}, {}, {}, {}]} : (!stream.resource<external>, index, index) -> (!stream.resource<external>, index, index, index)
// STREAM: return %{{.+}}, %[[R]]#1, %[[R]]#1, %[[R]]#3 : !stream.resource<external>, index, index, index
