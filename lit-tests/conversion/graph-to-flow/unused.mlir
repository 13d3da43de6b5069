// RUN: xopt %s --convert-graph-to-flow | xcheck %s
// RUN: xopt %s --flow-form-dispatch-regions --mlir-pass-statistics 2>&1 >/dev/null | xcheck %s --check-prefix=STATS

// Values nobody reads get no kernel: graph -> flow erases side-effect-free
// ops whose results are unused (a dead chain at once, and inside a graph.if
// branch too) before forming dispatch regions. A call is kept: it may have
// effects.

module attributes {device.targets = {cpu = #device.alias<"local">}} {
  func.func private @effect(%x: tensor<4xf32>)
  func.func @f(%a: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
    %dead0 = graph.exp %a : tensor<4xf32>
    %dead1 = graph.mul %dead0, %dead0 : tensor<4xf32>
    %live = graph.relu %a : tensor<4xf32>
    %r = graph.if %c -> (tensor<4xf32>) {
      %dead2 = graph.tanh %a : tensor<4xf32>
      graph.yield %live : tensor<4xf32>
    } else {
      graph.yield %a : tensor<4xf32>
    }
    %k = graph.neg %a : tensor<4xf32>
    func.call @effect(%k) : (tensor<4xf32>) -> ()
    %dead3 = graph.reduce_sum %r axes = [0] : tensor<4xf32> -> tensor<f32>
    return %r : tensor<4xf32>
  }
}

// CHECK-LABEL: flow.executable private @f_dispatch_0
// CHECK: graph.relu
// CHECK-LABEL: flow.executable private @f_dispatch_1
// CHECK: graph.neg
// CHECK-NOT: flow.executable
// CHECK-LABEL: func.func @f(
// CHECK-NOT: graph.exp
// CHECK-NOT: graph.mul
// CHECK-NOT: graph.tanh
// CHECK-NOT: graph.reduce_sum
// CHECK: return

// STATS: FormDispatchRegions
// STATS-NEXT: (S) 2 num-regions
// STATS-NEXT: (S) 4 num-unused
