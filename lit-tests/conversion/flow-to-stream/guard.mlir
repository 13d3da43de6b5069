// RUN: xopt %s --split-input-file --verify-flow-to-stream --verify-diagnostics

// The guard alone: flow and graph ops left outside executables are named;
// executables (which stream dispatches reference) and their kernels may stay.
module {
  flow.executable private @k {
    flow.executable.export @k
    builtin.module {
      func.func @k(%a: tensor<4xf32>) -> tensor<4xf32> {
        %0 = graph.relu %a : tensor<4xf32>
        return %0 : tensor<4xf32>
      }
    }
  }
  func.func @left(%a: tensor<4xf32>) -> (tensor<4xf32>, index) {
    // expected-error@+1 {{flow-to-stream: 'flow.dispatch' is left after conversion to stream}}
    %0 = flow.dispatch @k::@k(%a) on(#device.affinity<@cpu>) : (tensor<4xf32>) -> tensor<4xf32>
    // expected-error@+1 {{flow-to-stream: 'flow.tensor.transfer' is left after conversion to stream}}
    %1 = flow.tensor.transfer %0 to #device.affinity<@gpu> : tensor<4xf32>
    // expected-error@+1 {{flow-to-stream: 'graph.dim' is left after conversion to stream}}
    %d = graph.dim %1, 0 : tensor<4xf32>
    return %1, %d : tensor<4xf32>, index
  }
}

// -----

// Already at the stream level: nothing to report.
module {
  func.func @ok(%a: !stream.resource<external>) -> !stream.resource<external> {
    return %a : !stream.resource<external>
  }
}

// -----

// Host control flow is scf at the stream level; graph.if is not.
module {
  func.func @scf(%a: !stream.resource<external>, %c: i1) -> !stream.resource<external> {
    %c16 = arith.constant 16 : index
    %0:2 = scf.if %c -> (!stream.resource<external>, index) {
      scf.yield %a, %c16 : !stream.resource<external>, index
    } else {
      scf.yield %a, %c16 : !stream.resource<external>, index
    }
    return %0#0 : !stream.resource<external>
  }
  func.func @graph_if(%a: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
    // expected-error@+1 {{flow-to-stream: 'graph.if' is left after conversion to stream}}
    %0 = graph.if %c -> (tensor<4xf32>) {
      // expected-error@+1 {{flow-to-stream: 'graph.yield' is left after conversion to stream}}
      graph.yield %a : tensor<4xf32>
    } else {
      // expected-error@+1 {{flow-to-stream: 'graph.yield' is left after conversion to stream}}
      graph.yield %a : tensor<4xf32>
    }
    return %0 : tensor<4xf32>
  }
}
