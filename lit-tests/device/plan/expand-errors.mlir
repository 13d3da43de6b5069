// RUN: xopt %s --split-input-file --device-expand --verify-diagnostics

// Expand needs every critical affinity: tensor arguments/results and ops without
// a tensor operand.
module attributes {device.targets = {cpu = #device.alias<"local">}} {
  // expected-error@+1 {{cannot rebuild placements: tensor argument #0 has no device.affinity}}
  func.func @arg(%a: tensor<4xf32>) -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) {
    // expected-error@+1 {{cannot rebuild the placement of 'graph.relu': it has no device.affinity and its first tensor operand has none}}
    %0 = graph.relu %a : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----

module attributes {device.targets = {cpu = #device.alias<"local">}} {
  func.func @op() -> (tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) {
    // expected-error@+1 {{cannot rebuild the placement of 'graph.constant': it has no device.affinity and its first tensor operand has none}}
    %0 = graph.constant dense<1.0> : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
