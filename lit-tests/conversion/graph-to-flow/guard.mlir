// RUN: xopt %s --split-input-file --verify-graph-to-flow --verify-diagnostics

// The guard alone: graph compute ops, constants and transfers outside
// executables are named; graph.dim may stay, and so may kernels; graph.if and
// graph.yield may not (graph → flow makes them scf.if and scf.yield, and
// constants kernel code).
module {
  func.func @left(%a: tensor<4xf32>) -> (tensor<4xf32>, index) {
    // expected-error@+1 {{graph-to-flow: 'graph.constant' is left outside a flow.executable}}
    %k = graph.constant dense<1.0> : tensor<4xf32>
    // expected-error@+1 {{graph-to-flow: 'graph.add' is left outside a flow.executable}}
    %0 = graph.add %a, %k : tensor<4xf32>
    // expected-error@+1 {{graph-to-flow: 'graph.transfer' is left outside a flow.executable}}
    %1 = graph.transfer %0 to #device.affinity<@gpu> : tensor<4xf32>
    %d = graph.dim %1, 0 : tensor<4xf32>
    return %1, %d : tensor<4xf32>, index
  }
}

// -----

// A dispatch region that was formed but not outlined is still graph level.
module {
  func.func @region(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = flow.dispatch.region -> (tensor<4xf32>) {
      // expected-error@+1 {{graph-to-flow: 'graph.relu' is left outside a flow.executable}}
      %1 = graph.relu %a : tensor<4xf32>
      flow.return %1 : tensor<4xf32>
    }
    return %0 : tensor<4xf32>
  }
}

// -----

module {
  flow.executable private @ok {
    flow.executable.export @ok
    builtin.module {
      func.func @ok(%a: tensor<4xf32>) -> tensor<4xf32> {
        %0 = graph.relu %a : tensor<4xf32>
        return %0 : tensor<4xf32>
      }
    }
  }
}

// -----

module {
  func.func @branch(%a: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
    // expected-error@+1 {{graph-to-flow: 'graph.if' is left outside a flow.executable}}
    %0 = graph.if %c -> (tensor<4xf32>) {
      // expected-error@+1 {{graph-to-flow: 'graph.yield' is left outside a flow.executable}}
      graph.yield %a : tensor<4xf32>
    } else {
      // expected-error@+1 {{graph-to-flow: 'graph.yield' is left outside a flow.executable}}
      graph.yield %a : tensor<4xf32>
    }
    return %0 : tensor<4xf32>
  }
}

// -----

// Host control flow at the flow level is scf.
module {
  func.func @scf(%a: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
    %0 = scf.if %c -> (tensor<4xf32>) {
      scf.yield %a : tensor<4xf32>
    } else {
      scf.yield %a : tensor<4xf32>
    }
    return %0 : tensor<4xf32>
  }
}
