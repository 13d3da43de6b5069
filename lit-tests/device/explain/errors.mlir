// RUN: xopt %s --device-explain --verify-diagnostics

// No device at all: an error.
// expected-error@+1 {{device-explain: no device to place values on}}
module {
  func.func @none(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.relu %a : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
