// RUN: xopt %s --verify-stream-to-hal --verify-diagnostics --split-input-file

// The hal-level guard: stream, flow and graph ops are allowed only inside
// hal.executable.

module {
  hal.executable private @exe {
    hal.executable.variant @local target(#device.target<"local">) {
      hal.executable.export @k
      builtin.module {
        func.func @k(%a: tensor<4xf32>) -> tensor<4xf32> {
          %0 = graph.relu %a : tensor<4xf32>
          return %0 : tensor<4xf32>
        }
      }
    }
  }
  func.func @f(%d: index) -> index {
    // expected-error@+1 {{stream-to-hal: 'stream.tensor.sizeof' is left after conversion to hal}}
    %0 = stream.tensor.sizeof tensor<?xf32>{%d} : index
    return %0 : index
  }
}

// -----

// Host control flow is scf at the hal level; graph.if is not.
module {
  func.func @scf(%a: !hal.buffer, %c: i1) -> !hal.buffer {
    %c16 = arith.constant 16 : index
    %0:2 = scf.if %c -> (!hal.buffer, index) {
      scf.yield %a, %c16 : !hal.buffer, index
    } else {
      scf.yield %a, %c16 : !hal.buffer, index
    }
    return %0#0 : !hal.buffer
  }
  func.func @graph_if(%a: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
    // expected-error@+1 {{stream-to-hal: 'graph.if' is left after conversion to hal}}
    %0 = graph.if %c -> (tensor<4xf32>) {
      // expected-error@+1 {{stream-to-hal: 'graph.yield' is left after conversion to hal}}
      graph.yield %a : tensor<4xf32>
    } else {
      // expected-error@+1 {{stream-to-hal: 'graph.yield' is left after conversion to hal}}
      graph.yield %a : tensor<4xf32>
    }
    return %0 : tensor<4xf32>
  }
}
