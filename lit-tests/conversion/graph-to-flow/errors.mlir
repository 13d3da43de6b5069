// RUN: xopt %s --split-input-file --convert-graph-to-flow --verify-diagnostics
// RUN: xopt %s --split-input-file --graph-to-flow --verify-diagnostics

// The level guard: a placement op left over from an unplanned program cannot
// become kernel code and is named.
module {
  func.func @unplanned(%a: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error@+1 {{graph-to-flow: 'graph.on_device' is left outside a flow.executable}}
    %0 = graph.on_device %a on #device.affinity<@cpu> : tensor<4xf32>
    %1 = graph.relu %0 : tensor<4xf32>
    return %1 : tensor<4xf32>
  }
}

// -----

// Inside a graph.if branch too; every leftover is named.
module {
  func.func @nested(%a: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
    %0 = graph.if %c -> (tensor<4xf32>) {
      // expected-error@+1 {{graph-to-flow: 'graph.on_device' is left outside a flow.executable}}
      %1 = graph.on_device %a on #device.affinity<@gpu> : tensor<4xf32>
      graph.yield %1 : tensor<4xf32>
    } else {
      // expected-error@+1 {{graph-to-flow: 'graph.on_device' is left outside a flow.executable}}
      %2 = graph.on_device %a on #device.affinity<@cpu> : tensor<4xf32>
      graph.yield %2 : tensor<4xf32>
    }
    return %0 : tensor<4xf32>
  }
}
