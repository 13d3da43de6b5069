// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=flow | xopt --memory-plan | xcheck %s
// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=flow | xopt --memory-plan='max-dim=8' | xcheck %s --check-prefix=BOUND
// RUN: xopt %s --device-assignment-pipeline --device-plan --compile-to=flow | xopt --memory-plan='allow-inplace=true' 2>&1 | xcheck %s --check-prefix=INPLACE

// Intermediates of dynamic shape planned by scale: a dispatch result whose
// dynamic dims are dims of the function's arguments has c bytes per unit of
// their product. Results of one product share a scaled pool, named by the
// pool and the (argument, dim) pairs ("cpu*0.0": dim 0 of argument 0),
// planned with sizes c: its offsets count units, memory.units is a result's
// size in them, and memory.pools a pool's. The matmul chain's intermediates (?x4, 16 bytes per row of x) are
// both live at the second matmul, so they do not share bytes; the row sums
// of y (4 bytes per row of y) are another pool. The stream level sizes each
// slab at run time (conversion/abi.mlir, dynamic-dispatch.mlir); runs at
// several sizes are in runtime/memory-scaled.mlir.

module attributes {device.targets = {cpu = #device.alias<"local">}, device.default = #device.affinity<@cpu>} {
  func.func @f(%x: tensor<?x4xf32>, %y: tensor<?x?xf32>, %w: tensor<4x4xf32>) -> (tensor<?x4xf32>, tensor<?xf32>) {
    %a = graph.matmul %x, %w : (tensor<?x4xf32>, tensor<4x4xf32>) -> tensor<?x4xf32>
    %b = graph.matmul %a, %w : (tensor<?x4xf32>, tensor<4x4xf32>) -> tensor<?x4xf32>
    %c = graph.matmul %b, %w : (tensor<?x4xf32>, tensor<4x4xf32>) -> tensor<?x4xf32>
    %d = graph.add %c, %a : tensor<?x4xf32>
    %s = graph.reduce_sum %y axes = [1] : tensor<?x?xf32> -> tensor<?xf32>
    %m = graph.reduce_max %y axes = [1] : tensor<?x?xf32> -> tensor<?xf32>
    %v = graph.add %s, %m : tensor<?xf32>
    return %d, %v : tensor<?x4xf32>, tensor<?xf32>
  }
  // A reshape's row count as exporters compute it, (b·s·4) / 4: a division
  // that cancels exactly keeps the product of both argument dims.
  func.func @g(%y: tensor<?x?x4xf32>, %w: tensor<4x4xf32>) -> tensor<?x4xf32> {
    %b = graph.dim %y, 0 : tensor<?x?x4xf32>
    %s = graph.dim %y, 1 : tensor<?x?x4xf32>
    %c4 = arith.constant 4 : index
    %bs = arith.muli %b, %s : index
    %t = arith.muli %bs, %c4 : index
    %n = arith.divui %t, %c4 : index
    %r = graph.reshape %y [%n] : tensor<?x?x4xf32> -> tensor<?x4xf32>
    %m = graph.matmul %r, %w : (tensor<?x4xf32>, tensor<4x4xf32>) -> tensor<?x4xf32>
    %m2 = graph.matmul %m, %w : (tensor<?x4xf32>, tensor<4x4xf32>) -> tensor<?x4xf32>
    return %m2 : tensor<?x4xf32>
  }
}

// CHECK-LABEL: func.func @f(
// CHECK-SAME: attributes {memory.pools = {"cpu*0.0" = 32 : i64, "cpu*1.0" = 4 : i64}}
// CHECK: %[[A:.+]] = flow.dispatch @f_dispatch_0::@f_dispatch_0(%arg0, %arg2) {{.*}}{memory.offset = 0 : i64, memory.pool = "cpu*0.0", memory.units = 16 : i64} : {{.*}}-> tensor<?x4xf32>
// CHECK: flow.dispatch @f_dispatch_0::@f_dispatch_0(%[[A]], %arg2) {{.*}}{memory.offset = 16 : i64, memory.pool = "cpu*0.0", memory.units = 16 : i64} : {{.*}}-> tensor<?x4xf32>
// The returned result is not planned.
// CHECK: flow.dispatch @f_dispatch_{{[0-9]+}}::@f_dispatch_{{[0-9]+}}(
// CHECK-NOT: memory.pool
// CHECK-SAME: -> tensor<?x4xf32>
// CHECK: flow.dispatch @f_dispatch_{{[0-9]+}}::@f_dispatch_{{[0-9]+}}(%arg1) {{.*}}{memory.offset = 0 : i64, memory.pool = "cpu*1.0", memory.units = 4 : i64} : {{.*}}-> tensor<?xf32>

// CHECK-LABEL: func.func @g(
// CHECK-SAME: attributes {memory.pools = {"cpu*0.0*0.1" = 16 : i64}}
// CHECK: %[[N:.+]] = arith.divui
// CHECK-NEXT: flow.dispatch {{.*}}(%arg0, %[[N]], %arg1) {{.*}}{memory.offset = 0 : i64, memory.pool = "cpu*0.0*0.1", memory.units = 16 : i64}

// A bound for every dim plans them as static sizes instead.
// BOUND-LABEL: func.func @f(
// BOUND-SAME: attributes {memory.pools = {cpu = 256 : i64}}

// In-place groups keep dynamic buffers to run-time allocation.
// INPLACE: remark: memory-plan: tensor<?x4xf32> has a dynamic dimension: left to run-time allocation
