// RUN: xopt %s --split-input-file --device-plan --workspace-analysis 2>/dev/null | xcheck %s
// RUN: xopt %s --split-input-file --device-plan --workspace-analysis 2>&1 >/dev/null | xcheck %s --check-prefix=REMARK
// RUN: xopt %s --split-input-file --device-plan --workspace-analysis='max-dim=8' 2>/dev/null | xcheck %s --check-prefix=BOUND
// RUN: xopt %s --split-input-file --device-plan --memory-plan='report=true' 2>/dev/null | xcheck %s --check-prefix=PLAN
// RUN: xopt %s --split-input-file --device-plan --memory-plan='report=true' 2>&1 >/dev/null | xcheck %s --check-prefix=REPORT

// A call counts its callee's workspace while it runs (64 = %2, %3 and @callee's 32);
// the branches of graph.if count their peak, not their sum. Constants are reported
// apart. The requirement stacks the callee's pool on the caller's: 256 + 128.
// CHECK-LABEL: func.func @callee
// CHECK-SAME: memory.workspace = {cpu = 32 : i64}
// CHECK-LABEL: func.func @caller
// CHECK-SAME: memory.constants = {cpu = 16 : i64}, memory.workspace = {cpu = 64 : i64}
// PLAN: memory.device_requirements = {cpu = 384 : i64}
// PLAN-LABEL: func.func @callee
// PLAN-SAME: memory.pools = {cpu = 128 : i64}
// PLAN-LABEL: func.func @caller
// PLAN-SAME: memory.pools = {cpu = 256 : i64}
// REPORT: Memory plan report
// REPORT: function  pool  size  lower-bound  ratio  buffers  largest  heuristic
// REPORT-NEXT: @callee   cpu    128          128  1.000        2       64
// REPORT-NEXT: @caller   cpu    256          256  1.000        6       64
module attributes {device.targets = {cpu = #device.alias<"local">}} {
  func.func @callee(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.relu %a : tensor<4xf32>
    %1 = graph.exp %0 : tensor<4xf32>
    %2 = graph.neg %1 : tensor<4xf32>
    return %2 : tensor<4xf32>
  }
  func.func @caller(%a: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
    %k = graph.constant dense<1.0> : tensor<4xf32>
    %0 = graph.add %a, %k : tensor<4xf32>
    %1 = graph.if %c -> (tensor<4xf32>) {
      %2 = graph.exp %0 : tensor<4xf32>
      %3 = graph.neg %2 : tensor<4xf32>
      graph.yield %3 : tensor<4xf32>
    } else {
      %4 = graph.tanh %0 : tensor<4xf32>
      graph.yield %4 : tensor<4xf32>
    }
    %5 = func.call @callee(%1) : (tensor<4xf32>) -> tensor<4xf32>
    %6 = graph.relu %5 : tensor<4xf32>
    return %6 : tensor<4xf32>
  }
}

// -----

// A dynamic dimension makes the pool's workspace unknown (a remark, no silent 0),
// unless max-dim bounds it; memory-plan leaves such a tensor to run-time allocation.
// REMARK: remark: workspace of @dyn on gpu is unknown: dynamic dimension in tensor<?x4xf32>
// CHECK-LABEL: func.func @dyn
// CHECK-SAME: memory.workspace = {cpu = 16 : i64}
// BOUND-LABEL: func.func @dyn
// BOUND-SAME: memory.workspace = {cpu = 16 : i64, gpu = 128 : i64}
// REPORT: remark: memory-plan: tensor<?x4xf32> has a dynamic dimension: left to run-time allocation (bound dimensions with max-dim=N)
// PLAN-LABEL: func.func @dyn
// PLAN-SAME: memory.pools = {cpu = 64 : i64, gpu = 64 : i64}
module attributes {device.targets = {cpu = #device.alias<"local">, gpu = #device.alias<"vulkan">}} {
  func.func @dyn(%a: tensor<?x4xf32> {device.affinity = #device.affinity<@gpu>}, %b: tensor<4xf32> {device.affinity = #device.affinity<@cpu>}) -> (tensor<?x4xf32>, tensor<4xf32>) {
    %0 = graph.relu %a : tensor<?x4xf32>
    %1 = graph.exp %0 : tensor<?x4xf32>
    %2 = graph.relu %b : tensor<4xf32>
    %3 = graph.transfer %2 to #device.affinity<@gpu> : tensor<4xf32>
    %4 = graph.transfer %3 to #device.affinity<@cpu> : tensor<4xf32>
    return %1, %4 : tensor<?x4xf32>, tensor<4xf32>
  }
}

// -----

// Recursion: the workspace is unknown, said once.
// REMARK: remark: workspace of @rec is unknown: recursive call to @rec
// CHECK-LABEL: func.func @rec
// CHECK-NOT: memory.workspace
// REPORT: remark: memory-plan: the requirement of @rec is unbounded (recursive calls); left out of memory.device_requirements
// PLAN-LABEL: func.func @rec
// PLAN-SAME: memory.pools = {cpu = 64 : i64}
module attributes {device.targets = {cpu = #device.alias<"local">}} {
  func.func @rec(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.relu %a : tensor<4xf32>
    %1 = func.call @rec(%0) : (tensor<4xf32>) -> tensor<4xf32>
    return %1 : tensor<4xf32>
  }
}
