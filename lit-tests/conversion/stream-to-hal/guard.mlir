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
