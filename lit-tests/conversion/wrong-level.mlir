// Lowering passes run on a module of the wrong level say so before touching it
// (they used to leave IR that fails verification: graph -> flow outlined the graph
// ops of hal kernels; stream -> hal dropped the flow.executables).
// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=hal | not xopt --graph-to-flow 2>&1 | xcheck %s --check-prefix=HAL
// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=hal | not xopt --flow-outline-dispatch-regions 2>&1 | xcheck %s --check-prefix=OUTLINE
// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=flow | not xopt --convert-stream-to-hal 2>&1 | xcheck %s --check-prefix=FLOW

// HAL: error: flow-form-dispatch-regions: the module is already at the hal level (it holds 'hal.executable'); graph -> flow runs on graph-level modules
// OUTLINE: error: flow-outline-dispatch-regions: the module is already at the hal level
// FLOW: error: convert-stream-to-hal: the module is at the flow level ('flow.dispatch'); run convert-flow-to-stream first (--compile-to=hal runs every step)
module attributes {device.targets = {cpu = #device.alias<"local">}} {
  func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.relu %a : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
