// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=flow | xcheck %s --check-prefix=FLOW
// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=hal --verify-each | xcheck %s
// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=flow | xopt --memory-plan='max-dim=8' --convert-flow-to-stream --stream-schedule-execution --convert-stream-to-hal --verify-each | xcheck %s --check-prefix=BOUND

// Kernels with dynamically shaped results, from graph to hal on two devices:
// exp+add on the cpu (result dims: the argument's), a transfer to the gpu,
// matmul+relu there (m from the moved tensor), the result returned with its
// dim. At the flow level the dims are graph.dim values given to each
// flow.dispatch; at the stream level they fold to the function's dim
// argument, and each result's byte size (16 bytes a row) sizes its
// allocation. Without max-dim the cpu result, whose rows are the argument's
// dim, is planned by scale: a slab of 16 bytes per unit, a unit that dim
// rounded up to 64, sized at run time (memory-plan's scaled pool "cpu*0.0");
// its gpu copy, a transfer's, is an allocation of its own. With max-dim both
// are subspans of slabs of static size. The returned result is always an
// allocation of its own.
//
// Each kernel takes an index argument per dynamic dim, its arguments' then
// its results', and each dispatch passes them (flow: the dims after the
// types; hal: the dispatch's constants). @swap transposes a ?x? tensor: its
// kernel gets d0, d1 (the argument's) then d1, d0 (the result's). At the hal
// level the dims are read from the argument views, and each dispatch's grid
// comes from its (first) result's dims: index arithmetic on them.

module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}, device.default = #device.affinity<@cpu>} {
  func.func @dyn(%x: tensor<?x4xf32> {device.affinity = #device.affinity<@cpu>}, %w: tensor<4x4xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<?x4xf32> {device.affinity = #device.affinity<@gpu>}, index) {
    %e = graph.exp %x : tensor<?x4xf32>
    %a = graph.add %e, %e : tensor<?x4xf32>
    %g = graph.transfer %a to #device.affinity<@gpu> : tensor<?x4xf32>
    %m = graph.matmul %g, %w : (tensor<?x4xf32>, tensor<4x4xf32>) -> tensor<?x4xf32>
    %r = graph.relu %m : tensor<?x4xf32>
    %n = graph.dim %r, 0 : tensor<?x4xf32>
    return %r, %n : tensor<?x4xf32>, index
  }
  func.func @swap(%x: tensor<?x?xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<?x?xf32> {device.affinity = #device.affinity<@cpu>}) {
    %t = graph.transpose %x permutation = [1, 0] : tensor<?x?xf32> -> tensor<?x?xf32>
    %r = graph.relu %t : tensor<?x?xf32>
    return %r : tensor<?x?xf32>
  }
}

// FLOW: func.func @dyn_dispatch_0(%arg0: tensor<?x4xf32>, %arg1: index, %arg2: index) -> tensor<?x4xf32> {
// FLOW: func.func @dyn_dispatch_1(%arg0: tensor<?x4xf32>, %arg1: tensor<4x4xf32>, %arg2: index, %arg3: index) -> tensor<?x4xf32> {
// FLOW-LABEL: func.func @dyn(
// FLOW-NEXT: %[[D:.+]] = graph.dim %arg0, 0 : tensor<?x4xf32>
// FLOW-NEXT: %[[A:.+]] = flow.dispatch @dyn_dispatch_0::@dyn_dispatch_0(%arg0) on(#device.affinity<@cpu>) : (tensor<?x4xf32>{%[[D]]}) -> tensor<?x4xf32>{%[[D]]}
// FLOW-NEXT: %[[G:.+]] = flow.tensor.transfer %[[A]] from #device.affinity<@cpu> to #device.affinity<@gpu> : tensor<?x4xf32>
// The returned dim of the relu is the matmul's dim 0, the transferred
// tensor's: read from it, before the dispatch.
// FLOW-NEXT: %[[N:.+]] = graph.dim %[[G]], 0 {device.affinity = #device.affinity<@cpu>} : tensor<?x4xf32>
// FLOW-NEXT: %[[DG:.+]] = graph.dim %[[G]], 0 : tensor<?x4xf32>
// FLOW-NEXT: %[[R:.+]] = flow.dispatch @dyn_dispatch_1::@dyn_dispatch_1(%[[G]], %arg1) on(#device.affinity<@gpu>) : (tensor<?x4xf32>{%[[N]]}, tensor<4x4xf32>) -> tensor<?x4xf32>{%[[DG]]}
// FLOW-NEXT: return %[[R]], %[[N]] : tensor<?x4xf32>, index
// FLOW: func.func @swap_dispatch_0(%arg0: tensor<?x?xf32>, %arg1: index, %arg2: index, %arg3: index, %arg4: index) -> tensor<?x?xf32> {
// FLOW-LABEL: func.func @swap(
// FLOW-NEXT: %[[D1:.+]] = graph.dim %arg0, 1 : tensor<?x?xf32>
// FLOW-NEXT: %[[D0:.+]] = graph.dim %arg0, 0 : tensor<?x?xf32>
// FLOW-NEXT: flow.dispatch @swap_dispatch_0::@swap_dispatch_0(%arg0) on(#device.affinity<@cpu>) : (tensor<?x?xf32>{%[[D0]], %[[D1]]}) -> tensor<?x?xf32>{%[[D1]], %[[D0]]}

// Compiled, a kernel takes its dispatch constants (the dynamic dims) only.
// CHECK: func.func @dyn_dispatch_1(%arg0: index, %arg1: index) {
// CHECK-LABEL: func.func @dyn(%arg0: !hal.buffer_view {device.affinity = #device.affinity<@cpu>}, %arg1: !hal.buffer_view {device.affinity = #device.affinity<@gpu>}) -> (!hal.buffer_view {device.affinity = #device.affinity<@gpu>}, index) attributes {memory.pools = {"cpu*0.0" = 16 : i64}} {
// CHECK-NEXT: hal.buffer_view.assert %arg0 message("input 0") shape(tensor<?x4xf32>)
// CHECK-NEXT: hal.buffer_view.assert %arg1 message("input 1") shape(tensor<4x4xf32>)
// CHECK-NEXT: %[[D:.+]] = hal.buffer_view.dim %arg0[0] : index
// CHECK-NEXT: %[[IN:.+]] = hal.buffer_view.buffer %arg0 : !hal.buffer
// CHECK: %[[BYTES:.+]] = arith.muli %{{.+}}, %[[D]] : index
// CHECK: %[[CPU:.+]] = hal.device.resolve #device.affinity<@cpu>
// CHECK: %[[GPU:.+]] = hal.device.resolve #device.affinity<@gpu>
// CHECK: %[[UP:.+]] = arith.addi %[[D]], %c63 : index
// CHECK-NEXT: %[[Q:.+]] = arith.divui %[[UP]], %[[C64:.+]] : index
// CHECK-NEXT: %[[UNIT:.+]] = arith.muli %[[Q]], %[[C64]] : index
// CHECK: %[[SIZE:.+]] = arith.muli %{{.+}}, %[[UNIT]] : index
// CHECK-NEXT: %[[SLAB:.+]] = hal.allocator.allocate device(%[[CPU]]) size(%[[SIZE]]) : !hal.buffer
// CHECK: %[[GBYTES:.+]] = arith.muli %{{.+}}, %[[D]] : index
// CHECK-NEXT: %[[A:.+]] = hal.buffer.subspan %[[SLAB]][%c0, %[[BYTES]]] {memory.units = array<i64: 0, 16>} : !hal.buffer
// The grid of a ?x4 result: ceil(4 / 64) = 1 tile of each of d rows.
// CHECK: hal.command_buffer.dispatch %{{.+}}, @dyn_dispatch_0::@local::@dyn_dispatch_0 workgroups(%c1, %[[D]], %c1) constants(%[[D]], %[[D]]) bindings(%[[IN]][%c0, %[[BYTES]]], %[[A]][%c0, %[[BYTES]]])
// CHECK: %[[G:.+]] = hal.allocator.allocate device(%[[GPU]]) size(%[[BYTES]]) : !hal.buffer
// CHECK-NEXT: %[[R:.+]] = hal.allocator.allocate device(%[[GPU]]) size(%[[GBYTES]]) : !hal.buffer
// CHECK: hal.command_buffer.copy_buffer %{{.+}}, source(%[[A]][%c0]) target(%[[G]][%c0]) length(%[[BYTES]])
// CHECK: hal.command_buffer.dispatch %{{.+}}, @dyn_dispatch_1::@vulkan::@dyn_dispatch_1 workgroups(%c1, %[[D]], %c1) constants(%[[D]], %[[D]]) bindings(%[[G]][%c0, %[[BYTES]]], %{{.+}}[%c0, %c64], %[[R]][%c0, %[[GBYTES]]])
// CHECK: %[[OUT:.+]] = hal.buffer_view.create %[[R]] shape(tensor<?x4xf32>{%[[D]]}) : !hal.buffer_view
// CHECK-NEXT: return %[[OUT]], %[[D]] : !hal.buffer_view, index
// CHECK: func.func @swap_dispatch_0(%arg0: index, %arg1: index, %arg2: index, %arg3: index) {
// CHECK-LABEL: func.func @swap(%arg0: !hal.buffer_view {device.affinity = #device.affinity<@cpu>}) -> (!hal.buffer_view {device.affinity = #device.affinity<@cpu>}) {
// CHECK-NEXT: hal.buffer_view.assert %arg0 message("input 0") shape(tensor<?x?xf32>)
// CHECK-NEXT: %[[D0:.+]] = hal.buffer_view.dim %arg0[0] : index
// CHECK-NEXT: %[[D1:.+]] = hal.buffer_view.dim %arg0[1] : index
// The grid of the d1 x d0 result: ceil(d0 / 64) tiles of each of d1 rows.
// CHECK: %[[X:.+]] = arith.ceildivui %[[D0]], %c64 : index
// CHECK-NEXT: hal.command_buffer.dispatch %{{.+}}, @swap_dispatch_0::@local::@swap_dispatch_0 workgroups(%[[X]], %[[D1]], %c1) constants(%[[D0]], %[[D1]], %[[D1]], %[[D0]]) bindings(
// CHECK: hal.buffer_view.create %{{.+}} shape(tensor<?x?xf32>{%[[D1]], %[[D0]]}) : !hal.buffer_view
// CHECK-NOT: stream.
// CHECK-NOT: flow.

// BOUND-LABEL: func.func @dyn(
// BOUND-SAME: attributes {memory.pools = {cpu = 128 : i64, gpu = 128 : i64}}
// BOUND: %[[BYTES:.+]] = arith.muli %{{.+}}, %{{.+}} : index
// BOUND: %[[CSLAB:.+]] = hal.allocator.allocate device(%{{.+}}) size(%c128) : !hal.buffer
// BOUND-NEXT: %[[GSLAB:.+]] = hal.allocator.allocate device(%{{.+}}) size(%c128) : !hal.buffer
// BOUND: %[[A:.+]] = hal.buffer.subspan %[[CSLAB]][%c0, %[[BYTES]]] : !hal.buffer
// BOUND: %[[G:.+]] = hal.buffer.subspan %[[GSLAB]][%c0, %[[BYTES]]] : !hal.buffer
// BOUND-NEXT: %[[R:.+]] = hal.allocator.allocate device(%{{.+}}) size(%{{.+}}) : !hal.buffer
// BOUND: hal.command_buffer.copy_buffer %{{.+}}, source(%[[A]][%c0]) target(%[[G]][%c0]) length(%[[BYTES]])
// BOUND: hal.buffer_view.create %[[R]] shape(tensor<?x4xf32>{%{{.+}}}) : !hal.buffer_view
