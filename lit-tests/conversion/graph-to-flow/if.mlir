// RUN: xopt %s --flow-convert-control-flow | xcheck %s
// RUN: xopt %s --convert-graph-to-flow | xcheck %s --check-prefix=FLOW
// RUN: xopt %s --graph-to-flow --mlir-pass-statistics 2>&1 >/dev/null | xcheck %s --check-prefix=STATS

// graph.if becomes scf.if: same condition and results, the branches moved
// over (dispatches formed inside them stay there), graph.yield becomes
// scf.yield, the planned device.affinity and other discardable attributes are
// kept; nested ifs and ifs without results (no else, so no else region) too.

module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @ifs(%arg0: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %arg1: i1, %arg2: i1) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) {
    %0 = graph.if %arg1 -> (tensor<4xf32>) {
      %1 = graph.if %arg2 -> (tensor<4xf32>) {
        %2 = graph.relu %arg0 {device.affinity = #device.affinity<@cpu>} : tensor<4xf32>
        graph.yield %2 : tensor<4xf32>
      } else {
        graph.yield %arg0 : tensor<4xf32>
      } {device.affinity = #device.affinity<@cpu>, tag = "inner"}
      graph.yield %1 : tensor<4xf32>
    } else {
      %3 = graph.transfer %arg0 from #device.affinity<@cpu> to #device.affinity<@gpu> {device.affinity = #device.affinity<@gpu>} : tensor<4xf32>
      %4 = graph.exp %3 {device.affinity = #device.affinity<@gpu>} : tensor<4xf32>
      %5 = graph.transfer %4 from #device.affinity<@gpu> to #device.affinity<@cpu> {device.affinity = #device.affinity<@cpu>} : tensor<4xf32>
      graph.yield %5 : tensor<4xf32>
    } {device.affinity = #device.affinity<@cpu>}
    graph.if %arg2 {
      graph.yield
    }
    return %0 : tensor<4xf32>
  }
}

// CHECK-LABEL: func.func @ifs(
// CHECK-NEXT: %0 = scf.if %arg1 -> (tensor<4xf32>) {
// CHECK-NEXT: %1 = scf.if %arg2 -> (tensor<4xf32>) {
// CHECK-NEXT: %2 = graph.relu %arg0 {device.affinity = #device.affinity<@cpu>} : tensor<4xf32>
// CHECK-NEXT: scf.yield %2 : tensor<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg0 : tensor<4xf32>
// CHECK-NEXT: } {device.affinity = #device.affinity<@cpu>, tag = "inner"}
// CHECK-NEXT: scf.yield %1 : tensor<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %1 = graph.transfer %arg0
// CHECK-NEXT: %2 = graph.exp %1
// CHECK-NEXT: %3 = graph.transfer %2
// CHECK-NEXT: scf.yield %3 : tensor<4xf32>
// CHECK-NEXT: } {device.affinity = #device.affinity<@cpu>}
// CHECK-NEXT: scf.if %arg2 {
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : tensor<4xf32>

// FLOW-LABEL: func.func @ifs(
// FLOW-NEXT: %0 = scf.if %arg1 -> (tensor<4xf32>) {
// FLOW-NEXT: %1 = scf.if %arg2 -> (tensor<4xf32>) {
// FLOW-NEXT: %2 = flow.dispatch @ifs_dispatch_0::@ifs_dispatch_0(%arg0) on(#device.affinity<@cpu>)
// FLOW-NEXT: scf.yield %2 : tensor<4xf32>
// FLOW-NEXT: } else {
// FLOW-NEXT: scf.yield %arg0 : tensor<4xf32>
// FLOW-NEXT: } {device.affinity = #device.affinity<@cpu>, tag = "inner"}
// FLOW-NEXT: scf.yield %1 : tensor<4xf32>
// FLOW-NEXT: } else {
// FLOW-NEXT: %1 = flow.tensor.transfer %arg0 from #device.affinity<@cpu> to #device.affinity<@gpu> : tensor<4xf32>
// FLOW-NEXT: %2 = flow.dispatch @ifs_dispatch_1::@ifs_dispatch_1(%1) on(#device.affinity<@gpu>)
// FLOW-NEXT: %3 = flow.tensor.transfer %2 from #device.affinity<@gpu> to #device.affinity<@cpu> : tensor<4xf32>
// FLOW-NEXT: scf.yield %3 : tensor<4xf32>
// FLOW-NEXT: } {device.affinity = #device.affinity<@cpu>}
// FLOW-NEXT: scf.if %arg2 {
// FLOW-NEXT: }
// FLOW-NEXT: return %0 : tensor<4xf32>
// FLOW-NOT: graph.if

// STATS: ConvertControlFlow
// STATS-NEXT: (S) 3 num-ifs - Number of graph.if ops converted
