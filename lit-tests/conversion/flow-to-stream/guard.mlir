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
