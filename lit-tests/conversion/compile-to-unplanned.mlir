// --compile-to without planning first: the error says what is missing and which
// flags add it.
// RUN: not xopt %s --compile-to=flow 2>&1 | xcheck %s
// CHECK: compile-to-unplanned.mlir:[[#@LINE+4]]:10: error: graph-to-flow: 'graph.on_device' is left outside a flow.executable: the program is not placed; run device-plan first (--device-plan, with devices from --target-device=NAME=KIND or device.targets)
module attributes {device.targets = {cpu = #device.alias<"local">}} {
  func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.relu %a : tensor<4xf32>
    %1 = graph.on_device %0 on #device.affinity<@cpu> : tensor<4xf32>
    %2 = graph.exp %1 : tensor<4xf32>
    return %2 : tensor<4xf32>
  }
}
