// RUN: xopt %s --split-input-file --device-partition --verify-diagnostics

// Partitioning needs the complete form: each unplaced op is named.
module attributes {device.targets = {cpu = #device.alias<"local">}} {
  func.func @unplanned(%a: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error@+1 {{device-partition: 'graph.exp' has no device.affinity; run device-plan first}}
    %0 = graph.exp %a : tensor<4xf32>
    %1 = graph.neg %0 {device.affinity = #device.affinity<@cpu>} : tensor<4xf32>
    // expected-error@+1 {{device-partition: 'graph.relu' has no device.affinity; run device-plan first}}
    %2 = graph.relu %1 : tensor<4xf32>
    return %2 : tensor<4xf32>
  }
}
