// RUN: xopt %s --flow-form-dispatch-regions --flow-convert-constants | xcheck %s
// RUN: xopt %s --convert-graph-to-flow | xcheck %s --check-prefix=FLOW
// RUN: xopt %s --graph-to-flow --mlir-pass-statistics 2>&1 >/dev/null | xcheck %s --check-prefix=STATS

// Constants as IREE treats them: one read by a kernel is cloned into it (both
// kernels reading %k get their own copy, and the two equal kernels still
// share one executable); one used outside kernels (returned, transferred,
// yielded from a graph.if branch, passed to a call) becomes a dispatch region
// of its own on its placement, a kernel without inputs; graph.dim of a
// constant folds; an unused constant is erased (by region formation, which
// erases every op nothing reads, so no kernel is made for it).

module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func private @take(%x: tensor<4xf32> {device.affinity = #device.affinity<@gpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@gpu>})
  func.func @consts(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %b: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %c: i1) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, tensor<4xf32> {device.affinity = #device.affinity<@gpu>}, tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, tensor<4xf32> {device.affinity = #device.affinity<@gpu>}, index) {
    %k = graph.constant {device.affinity = #device.affinity<@cpu>} dense<1.0> : tensor<4xf32>
    %0 = graph.add %a, %k {device.affinity = #device.affinity<@cpu>} : tensor<4xf32>
    %1 = graph.add %b, %k {device.affinity = #device.affinity<@cpu>} : tensor<4xf32>
    %r = graph.constant {device.affinity = #device.affinity<@cpu>} dense<2.0> : tensor<4xf32>
    %t = graph.constant {device.affinity = #device.affinity<@cpu>} dense<3.0> : tensor<4xf32>
    %2 = graph.transfer %t from #device.affinity<@cpu> to #device.affinity<@gpu> : tensor<4xf32>
    %3 = graph.if %c -> (tensor<4xf32>) {
      %y = graph.constant {device.affinity = #device.affinity<@cpu>} dense<4.0> : tensor<4xf32>
      graph.yield %y : tensor<4xf32>
    } else {
      graph.yield %a : tensor<4xf32>
    } {device.affinity = #device.affinity<@cpu>}
    %p = graph.constant {device.affinity = #device.affinity<@gpu>} dense<5.0> : tensor<4xf32>
    %4 = func.call @take(%p) : (tensor<4xf32>) -> tensor<4xf32>
    %d = graph.constant {device.affinity = #device.affinity<@cpu>} dense<6.0> : tensor<8xf32>
    %n = graph.dim %d, 0 {device.affinity = #device.affinity<@cpu>} : tensor<8xf32>
    %unused = graph.constant {device.affinity = #device.affinity<@cpu>} dense<7.0> : tensor<4xf32>
    return %0, %1, %r, %2, %3, %4, %n : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, index
  }
}

// CHECK-LABEL: func.func @consts(
// CHECK-NEXT: %[[A:.+]] = flow.dispatch.region on(#device.affinity<@cpu>) -> (tensor<4xf32>) {
// CHECK-NEXT: %[[K1:.+]] = graph.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %[[S1:.+]] = graph.add %arg0, %[[K1]] : tensor<4xf32>
// CHECK-NEXT: flow.return %[[S1]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[B:.+]] = flow.dispatch.region on(#device.affinity<@cpu>) -> (tensor<4xf32>) {
// CHECK-NEXT: %[[K2:.+]] = graph.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %[[S2:.+]] = graph.add %arg1, %[[K2]] : tensor<4xf32>
// CHECK-NEXT: flow.return %[[S2]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.+]] = flow.dispatch.region on(#device.affinity<@cpu>) -> (tensor<4xf32>) {
// CHECK-NEXT: %[[RV:.+]] = graph.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK-NEXT: flow.return %[[RV]] : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[T:.+]] = flow.dispatch.region on(#device.affinity<@cpu>) -> (tensor<4xf32>) {
// CHECK-NEXT: graph.constant dense<3.000000e+00>
// CHECK-NEXT: flow.return
// CHECK-NEXT: }
// CHECK-NEXT: %[[TX:.+]] = graph.transfer %[[T]] from #device.affinity<@cpu> to #device.affinity<@gpu>
// CHECK-NEXT: %[[IF:.+]] = graph.if %arg2 -> (tensor<4xf32>) {
// CHECK-NEXT: %[[Y:.+]] = flow.dispatch.region on(#device.affinity<@cpu>) -> (tensor<4xf32>) {
// CHECK-NEXT: graph.constant dense<4.000000e+00>
// CHECK-NEXT: flow.return
// CHECK-NEXT: }
// CHECK-NEXT: graph.yield %[[Y]] : tensor<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: graph.yield %arg0 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[P:.+]] = flow.dispatch.region on(#device.affinity<@gpu>) -> (tensor<4xf32>) {
// CHECK-NEXT: graph.constant dense<5.000000e+00>
// CHECK-NEXT: flow.return
// CHECK-NEXT: }
// CHECK-NEXT: %[[CALL:.+]] = call @take(%[[P]]) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[N:.+]] = arith.constant 8 : index
// CHECK-NEXT: return %[[A]], %[[B]], %[[R]], %[[TX]], %[[IF]], %[[CALL]], %[[N]] :
// CHECK-NOT: graph.constant

// FLOW-LABEL: flow.executable private @consts_dispatch_0 {
// FLOW: func.func @consts_dispatch_0(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// FLOW-NEXT: %0 = graph.constant dense<1.000000e+00> : tensor<4xf32>
// FLOW-NEXT: %1 = graph.add %arg0, %0 : tensor<4xf32>
// FLOW-LABEL: flow.executable private @consts_dispatch_1 {
// FLOW: func.func @consts_dispatch_1() -> tensor<4xf32> {
// FLOW-NEXT: %0 = graph.constant dense<2.000000e+00> : tensor<4xf32>
// FLOW-NEXT: return %0 : tensor<4xf32>
// FLOW-LABEL: func.func @consts(
// FLOW-NEXT: %0 = flow.dispatch @consts_dispatch_0::@consts_dispatch_0(%arg0) on(#device.affinity<@cpu>) : (tensor<4xf32>) -> tensor<4xf32>
// FLOW-NEXT: %1 = flow.dispatch @consts_dispatch_0::@consts_dispatch_0(%arg1) on(#device.affinity<@cpu>) : (tensor<4xf32>) -> tensor<4xf32>
// FLOW-NEXT: %2 = flow.dispatch @consts_dispatch_1::@consts_dispatch_1() on(#device.affinity<@cpu>) : () -> tensor<4xf32>
// FLOW-NEXT: %3 = flow.dispatch @consts_dispatch_2::@consts_dispatch_2() on(#device.affinity<@cpu>) : () -> tensor<4xf32>
// FLOW-NEXT: %4 = flow.tensor.transfer %3 from #device.affinity<@cpu> to #device.affinity<@gpu> : tensor<4xf32>
// FLOW-NEXT: %5 = scf.if %arg2 -> (tensor<4xf32>) {
// FLOW-NEXT: %8 = flow.dispatch @consts_dispatch_3::@consts_dispatch_3() on(#device.affinity<@cpu>) : () -> tensor<4xf32>
// FLOW-NEXT: scf.yield %8 : tensor<4xf32>
// FLOW: %6 = flow.dispatch @consts_dispatch_4::@consts_dispatch_4() on(#device.affinity<@gpu>) : () -> tensor<4xf32>
// FLOW-NEXT: %7 = call @take(%6) : (tensor<4xf32>) -> tensor<4xf32>
// FLOW-NOT: graph.constant

// STATS: FormDispatchRegions
// STATS-NEXT: (S) 2 num-regions
// STATS-NEXT: (S) 1 num-unused
// STATS: ConvertConstants
// STATS-NEXT: (S) 2 num-cloned
// STATS-NEXT: (S) 2 num-erased
// STATS-NEXT: (S) 4 num-materialized
