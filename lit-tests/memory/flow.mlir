// RUN: xopt %s --split-input-file --memory-plan | xcheck %s

// Flow level: only dispatch results are buffers (the relu fused into the
// kernel needs no memory, its attributes are not touched); a chain reuses
// one slot every other step; the returned value is not planned.
// CHECK: graph.relu %arg0 : tensor<4x4xf32>
// CHECK-LABEL: func.func @chain
// CHECK-SAME: memory.pools = {cpu = 128 : i64}
// CHECK: flow.dispatch @k::@k(%arg0) on(#device.affinity<@cpu>) {memory.offset = [[A:[0-9]+]] : i64, memory.pool = "cpu"}
// CHECK-NEXT: flow.dispatch @k::@k(%0) on(#device.affinity<@cpu>) {memory.offset = [[B:[0-9]+]] : i64, memory.pool = "cpu"}
// CHECK-NEXT: flow.dispatch @k::@k(%1) on(#device.affinity<@cpu>) {memory.offset = [[A]] : i64, memory.pool = "cpu"}
// CHECK-NEXT: flow.dispatch @k::@k(%2) on(#device.affinity<@cpu>) :
// CHECK-NEXT: return %3
module {
  flow.executable private @k {
    flow.executable.export @k
    builtin.module {
      func.func @k(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
        %0 = graph.relu %arg0 : tensor<4x4xf32>
        %1 = graph.matmul %0, %0 : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
        return %1 : tensor<4x4xf32>
      }
    }
  }
  func.func @chain(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = flow.dispatch @k::@k(%a) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %1 = flow.dispatch @k::@k(%0) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %2 = flow.dispatch @k::@k(%1) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %3 = flow.dispatch @k::@k(%2) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %3 : tensor<4x4xf32>
  }
}

// -----

// A transfer's result lives in its target's pool; a call's result belongs to
// the callee (not planned); a stale plan from the graph level is dropped.
// CHECK-LABEL: func.func @moves
// CHECK-SAME: memory.pools = {cpu = 64 : i64, gpu = 64 : i64}
// CHECK-NEXT: flow.dispatch @k::@k(%arg0) on(#device.affinity<@cpu>) {memory.offset = 0 : i64, memory.pool = "cpu"}
// CHECK-NEXT: flow.tensor.transfer %0 from #device.affinity<@cpu> to #device.affinity<@gpu> {memory.offset = 0 : i64, memory.pool = "gpu"}
// CHECK-NEXT: call @id(%1) : (tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: flow.dispatch @k::@k(%2) on(#device.affinity<@gpu>) :
module {
  flow.executable private @k {
    flow.executable.export @k
    builtin.module {
      func.func @k(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
        %0 = graph.relu %arg0 : tensor<4x4xf32>
        return %0 : tensor<4x4xf32>
      }
    }
  }
  func.func private @id(%a: tensor<4x4xf32>) -> tensor<4x4xf32>
  func.func @moves(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = flow.dispatch @k::@k(%a) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %1 = flow.tensor.transfer %0 from #device.affinity<@cpu> to #device.affinity<@gpu> : tensor<4x4xf32>
    %2 = func.call @id(%1) {memory.offset = 4096 : i64, memory.pool = "gpu"} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %3 = flow.dispatch @k::@k(%2) on(#device.affinity<@gpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %3 : tensor<4x4xf32>
  }
}

// -----

// An scf.if result is what its branches yield: no buffer of its own (the
// stale graph-level plan on it goes), and each value yielded for it (%1, %3,
// and %0 by the inner else) lives until the result's last use: the dispatch
// after the if reads it, so its result shares memory with none of the three,
// though %0's own last use is in the branches. Four slots.
// CHECK-LABEL: func.func @branches
// CHECK-SAME: memory.pools = {cpu = 256 : i64}
// CHECK: flow.dispatch @k::@k(%arg0) on(#device.affinity<@cpu>) {memory.offset = 0 : i64, memory.pool = "cpu"}
// CHECK: flow.dispatch @k::@k(%0) on(#device.affinity<@cpu>) {memory.offset = 64 : i64, memory.pool = "cpu"}
// CHECK: flow.dispatch @k::@k(%0) on(#device.affinity<@cpu>) {memory.offset = 128 : i64, memory.pool = "cpu"}
// CHECK: flow.dispatch @k::@k(%1) on(#device.affinity<@cpu>) {memory.offset = 192 : i64, memory.pool = "cpu"}
module {
  flow.executable private @k {
    flow.executable.export @k
    builtin.module {
      func.func @k(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
        %0 = graph.relu %arg0 : tensor<4x4xf32>
        return %0 : tensor<4x4xf32>
      }
    }
  }
  func.func @branches(%a: tensor<4x4xf32>, %c: i1, %d: i1) -> tensor<4x4xf32> {
    %0 = flow.dispatch @k::@k(%a) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %4 = scf.if %c -> (tensor<4x4xf32>) {
      %1 = flow.dispatch @k::@k(%0) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
      scf.yield %1 : tensor<4x4xf32>
    } else {
      %2 = scf.if %d -> (tensor<4x4xf32>) {
        %3 = flow.dispatch @k::@k(%0) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
        scf.yield %3 : tensor<4x4xf32>
      } else {
        scf.yield %0 : tensor<4x4xf32>
      } {device.affinity = #device.affinity<@cpu>}
      scf.yield %2 : tensor<4x4xf32>
    } {device.affinity = #device.affinity<@cpu>, memory.offset = 0 : i64, memory.pool = "cpu"}
    %5 = flow.dispatch @k::@k(%4) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %6 = flow.dispatch @k::@k(%5) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %6 : tensor<4x4xf32>
  }
}

// -----

// A value tied to a returned scf.if result is the function's result: not
// planned (neither the yielded dispatch result nor the one before it).
// CHECK-LABEL: func.func @returned
// CHECK-SAME: memory.pools = {cpu = 64 : i64}
// CHECK-NEXT: flow.dispatch @k::@k(%arg0) on(#device.affinity<@cpu>) {memory.offset = 0 : i64, memory.pool = "cpu"}
// CHECK-NEXT: scf.if
// CHECK-NEXT: flow.dispatch @k::@k(%0) on(#device.affinity<@cpu>) :
// CHECK: } else {
// CHECK-NEXT: flow.dispatch @k::@k(%0) on(#device.affinity<@cpu>) :
module {
  flow.executable private @k {
    flow.executable.export @k
    builtin.module {
      func.func @k(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
        %0 = graph.relu %arg0 : tensor<4x4xf32>
        return %0 : tensor<4x4xf32>
      }
    }
  }
  func.func @returned(%a: tensor<4x4xf32>, %c: i1) -> tensor<4x4xf32> {
    %0 = flow.dispatch @k::@k(%a) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %1 = scf.if %c -> (tensor<4x4xf32>) {
      %2 = flow.dispatch @k::@k(%0) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
      scf.yield %2 : tensor<4x4xf32>
    } else {
      %3 = flow.dispatch @k::@k(%0) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
      scf.yield %3 : tensor<4x4xf32>
    } {device.affinity = #device.affinity<@cpu>}
    return %1 : tensor<4x4xf32>
  }
}

// -----

// A transfer reads its source on the target's queue: the source keeps its
// bytes until the end of the transfer's block, so the cpu dispatch after it
// does not reuse them (which would make the cpu wait for the gpu).
// CHECK-LABEL: func.func @cross
// CHECK-SAME: memory.pools = {cpu = 128 : i64, gpu = 64 : i64}
// CHECK-NEXT: flow.dispatch @k::@k(%arg0) on(#device.affinity<@cpu>) {memory.offset = 0 : i64, memory.pool = "cpu"}
// CHECK-NEXT: flow.tensor.transfer %0 {{.*}}{memory.offset = 0 : i64, memory.pool = "gpu"}
// CHECK-NEXT: flow.dispatch @k::@k(%arg0) on(#device.affinity<@cpu>) {memory.offset = 64 : i64, memory.pool = "cpu"}
module {
  flow.executable private @k {
    flow.executable.export @k
    builtin.module {
      func.func @k(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
        %0 = graph.relu %arg0 : tensor<4x4xf32>
        return %0 : tensor<4x4xf32>
      }
    }
  }
  func.func @cross(%a: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
    %0 = flow.dispatch @k::@k(%a) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %1 = flow.tensor.transfer %0 from #device.affinity<@cpu> to #device.affinity<@gpu> : tensor<4x4xf32>
    %2 = flow.dispatch @k::@k(%a) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %3 = flow.dispatch @k::@k(%2) on(#device.affinity<@cpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %4 = flow.dispatch @k::@k(%1) on(#device.affinity<@gpu>) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %3, %4 : tensor<4x4xf32>, tensor<4x4xf32>
  }
}
