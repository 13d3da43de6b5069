// RUN: xopt %s --split-input-file --device-plan --memory-plan='allow-inplace=true' | xcheck %s --check-prefix=INPLACE
// RUN: xopt %s --split-input-file --device-plan --memory-plan='alignment=100' | xcheck %s --check-prefix=ALIGN100
// RUN: xopt %s --split-input-file --device-plan --memory-plan='alignment=1' | xcheck %s --check-prefix=ALIGN1
// RUN: xopt %s --split-input-file --device-plan --memory-plan='allow-inplace=true' --mlir-pass-statistics 2>&1 >/dev/null | xcheck %s --check-prefix=STATS

// In place: each elementwise op writes over its dying operand, so the chain needs
// its operand's slot; %1 is still live at the add, which writes over %2 instead.
// INPLACE-LABEL: func.func @chain
// INPLACE-SAME: memory.pools = {cpu = 128 : i64}
// INPLACE-NEXT: graph.relu %arg0 {{.*}}memory.offset = [[A:[0-9]+]] : i64
// INPLACE-NEXT: graph.exp %0 {{.*}}memory.offset = [[A]] : i64
// INPLACE-NEXT: graph.tanh %1 {{.*}}memory.offset = [[B:[0-9]+]] : i64
// INPLACE-NEXT: graph.add %2, %1 {{.*}}memory.offset = [[B]] : i64
// ALIGN100-LABEL: func.func @chain
// ALIGN100-SAME: memory.pools = {cpu = 300 : i64}
// ALIGN1-LABEL: func.func @chain
// ALIGN1-SAME: memory.pools = {cpu = 48 : i64}
// STATS: MemoryPlan
// STATS: 4 num-buffers
// STATS: 2 num-inplace
module attributes {device.targets = {cpu = #device.alias<"local">}} {
  func.func @chain(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = graph.relu %a : tensor<4xf32>
    %1 = graph.exp %0 : tensor<4xf32>
    %2 = graph.tanh %1 : tensor<4xf32>
    %3 = graph.add %2, %1 : tensor<4xf32>
    %4 = graph.neg %3 : tensor<4xf32>
    return %4 : tensor<4xf32>
  }
}
