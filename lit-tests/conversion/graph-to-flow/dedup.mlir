// RUN: xopt %s --convert-graph-to-flow | xcheck %s
// RUN: xopt %s --graph-to-flow --mlir-pass-statistics 2>&1 | xcheck %s --check-prefix=STATS

// Identical kernels share one executable, whatever their placement, location or
// function; a different type or property gives a kernel of its own.

// The slices and concat of %1 fuse into its relu/exp kernel (data movement
// joins a kernel without a root whatever its shape), so that kernel has two
// results and differs from @g's; the relu/exp on @gpu is @g's.
// CHECK: flow.executable private @f_dispatch_0 {
// CHECK: func.func @f_dispatch_0(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
// CHECK-NEXT: graph.relu
// CHECK-NEXT: graph.exp
// CHECK-NEXT: graph.slice %1 start = [0]
// CHECK-NEXT: graph.slice %1 start = [2]
// CHECK-NEXT: graph.concat
// CHECK: flow.executable private @f_dispatch_1 {
// CHECK: func.func @f_dispatch_1(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: graph.relu
// CHECK-NEXT: graph.exp
// CHECK: flow.executable private @f_dispatch_2 {
// CHECK: func.func @f_dispatch_2(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NOT: flow.executable
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %0:2 = flow.dispatch @f_dispatch_0::@f_dispatch_0(%arg0) on(#device.affinity<@cpu>)
// CHECK-NEXT: %1 = flow.tensor.transfer %0#0
// CHECK-NEXT: %2 = flow.dispatch @f_dispatch_1::@f_dispatch_1(%1) on(#device.affinity<@gpu>)
// CHECK-NEXT: %3 = flow.dispatch @f_dispatch_2::@f_dispatch_2(%arg1) on(#device.affinity<@cpu>)
// CHECK-NEXT: return %2, %0#1, %3
// CHECK-LABEL: func.func @g(
// CHECK-NEXT: %0 = flow.dispatch @f_dispatch_1::@f_dispatch_1(%arg0) on(#device.affinity<@cpu>)

module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @f(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, %b: tensor<8xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@gpu>}, tensor<4xf32> {device.affinity = #device.affinity<@cpu>}, tensor<8xf32> {device.affinity = #device.affinity<@cpu>}) {
    %0 = graph.relu %a {device.affinity = #device.affinity<@cpu>} : tensor<4xf32>
    %1 = graph.exp %0 {device.affinity = #device.affinity<@cpu>} : tensor<4xf32>
    %2 = graph.transfer %1 from #device.affinity<@cpu> to #device.affinity<@gpu> {device.affinity = #device.affinity<@gpu>} : tensor<4xf32>
    %3 = graph.relu %2 {device.affinity = #device.affinity<@gpu>} : tensor<4xf32> loc("other.py":3:4)
    %4 = graph.exp %3 {device.affinity = #device.affinity<@gpu>} : tensor<4xf32>
    %5 = graph.relu %b {device.affinity = #device.affinity<@cpu>} : tensor<8xf32>
    %6 = graph.exp %5 {device.affinity = #device.affinity<@cpu>} : tensor<8xf32>
    %7 = graph.slice %1 start = [0] strides = [1] {device.affinity = #device.affinity<@cpu>} : tensor<4xf32> -> tensor<2xf32>
    %8 = graph.slice %1 start = [2] strides = [1] {device.affinity = #device.affinity<@cpu>} : tensor<4xf32> -> tensor<2xf32>
    %9 = graph.concat %7, %8 axis = 0 {device.affinity = #device.affinity<@cpu>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
    return %4, %9, %6 : tensor<4xf32>, tensor<4xf32>, tensor<8xf32>
  }
  func.func @g(%a: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) {
    %0 = graph.relu %a {device.affinity = #device.affinity<@cpu>} : tensor<4xf32>
    %1 = graph.exp %0 {device.affinity = #device.affinity<@cpu>} : tensor<4xf32>
    return %1 : tensor<4xf32>
  }
}

// STATS: FormDispatchRegions
// STATS: (S) 4 num-regions
// STATS: OutlineDispatchRegions
// STATS: (S) 4 num-dispatches
// STATS: (S) 3 num-executables
