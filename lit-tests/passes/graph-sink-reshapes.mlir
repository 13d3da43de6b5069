// RUN: xopt %s --split-input-file --graph-sink-reshapes | xcheck %s

// graph-sink-reshapes moves an expanding reshape below the elementwise ops
// that read it, so a 2-d matmul's bias add and activation read the matmul's
// own result (and can become its epilogue); the reshape back to 2-d before
// the next matmul then folds away.

// A bias add and a GELU (which reads its input twice) after ONNX MatMul's
// reshape: all on 2-d, and the second matmul reads the first's GELU directly.
// CHECK-LABEL: func.func @static_gelu
// CHECK-NEXT: %[[M:.*]] = graph.matmul %arg0, %arg1 : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
// CHECK-NEXT: %[[B:.*]] = graph.broadcast %arg2 dimensions = [1] : tensor<5xf32> -> tensor<4x5xf32>
// CHECK-NEXT: %[[A:.*]] = graph.add %[[B]], %[[M]] : tensor<4x5xf32>
// CHECK-NEXT: %[[C:.*]] = graph.constant dense<1.41421354> : tensor<f32>
// CHECK-NEXT: %[[CB:.*]] = graph.broadcast %[[C]] dimensions = [] : tensor<f32> -> tensor<4x5xf32>
// CHECK-NEXT: %[[D:.*]] = graph.div %[[A]], %[[CB]] : tensor<4x5xf32>
// CHECK-NEXT: %[[E:.*]] = graph.erf %[[D]] : tensor<4x5xf32>
// CHECK-NEXT: %[[G:.*]] = graph.mul %[[A]], %[[E]] : tensor<4x5xf32>
// CHECK-NEXT: %[[N:.*]] = graph.matmul %[[G]], %arg3 : (tensor<4x5xf32>, tensor<5x2xf32>) -> tensor<4x2xf32>
// CHECK-NEXT: return %[[N]]
func.func @static_gelu(%x: tensor<4x3xf32>, %w: tensor<3x5xf32>, %b: tensor<5xf32>, %v: tensor<5x2xf32>) -> tensor<4x2xf32> {
  %m = graph.matmul %x, %w : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  %r = graph.reshape %m : tensor<4x5xf32> -> tensor<1x4x5xf32>
  %bb = graph.broadcast %b dimensions = [2] : tensor<5xf32> -> tensor<1x4x5xf32>
  %a = graph.add %bb, %r : tensor<1x4x5xf32>
  %c = graph.constant dense<1.41421354> : tensor<f32>
  %cb = graph.broadcast %c dimensions = [] : tensor<f32> -> tensor<1x4x5xf32>
  %d = graph.div %a, %cb : tensor<1x4x5xf32>
  %e = graph.erf %d : tensor<1x4x5xf32>
  %g = graph.mul %a, %e : tensor<1x4x5xf32>
  %back = graph.reshape %g : tensor<1x4x5xf32> -> tensor<4x5xf32>
  %n = graph.matmul %back, %v : (tensor<4x5xf32>, tensor<5x2xf32>) -> tensor<4x2xf32>
  return %n : tensor<4x2xf32>
}

// -----

// Dynamic batch and sequence: X's `?` is the product of the reshape's dims;
// a residual of S's shape is collapsed to X (a view), and the result is
// reshaped back with the original dims.
// CHECK-LABEL: func.func @dynamic_residual
// CHECK-NEXT: %[[M:.*]] = graph.matmul %arg0, %arg1 : (tensor<?x8xf32>, tensor<8x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: %[[P:.*]] = arith.muli %arg4, %arg5 : index
// CHECK-NEXT: %[[B:.*]] = graph.broadcast %arg2[%[[P]]] dimensions = [1] : tensor<8xf32> -> tensor<?x8xf32>
// CHECK-NEXT: %[[A:.*]] = graph.add %[[B]], %[[M]] : tensor<?x8xf32>
// CHECK-NEXT: %[[P2:.*]] = arith.muli %arg4, %arg5 : index
// CHECK-NEXT: %[[R:.*]] = graph.reshape %arg3[%[[P2]]] : tensor<?x?x8xf32> -> tensor<?x8xf32>
// CHECK-NEXT: %[[S:.*]] = graph.add %[[A]], %[[R]] : tensor<?x8xf32>
// CHECK-NEXT: %[[BACK:.*]] = graph.reshape %[[S]][%arg4, %arg5] : tensor<?x8xf32> -> tensor<?x?x8xf32>
// CHECK-NEXT: return %[[BACK]]
func.func @dynamic_residual(%x: tensor<?x8xf32>, %w: tensor<8x8xf32>, %b: tensor<8xf32>, %res: tensor<?x?x8xf32>, %d0: index, %d1: index) -> tensor<?x?x8xf32> {
  %m = graph.matmul %x, %w : (tensor<?x8xf32>, tensor<8x8xf32>) -> tensor<?x8xf32>
  %r = graph.reshape %m[%d0, %d1] : tensor<?x8xf32> -> tensor<?x?x8xf32>
  %bb = graph.broadcast %b[%d0, %d1] dimensions = [2] : tensor<8xf32> -> tensor<?x?x8xf32>
  %a = graph.add %bb, %r : tensor<?x?x8xf32>
  %s = graph.add %a, %res : tensor<?x?x8xf32>
  return %s : tensor<?x?x8xf32>
}

// -----

// A static leading dim folds into the product: X = [?, 4] of S = [?, 6, 4]
// has `? * 6` rows.
// CHECK-LABEL: func.func @static_factor
// CHECK-NEXT: %[[C:.*]] = arith.constant 6 : index
// CHECK-NEXT: %[[P:.*]] = arith.muli %arg2, %[[C]] : index
// CHECK-NEXT: %[[B:.*]] = graph.broadcast %arg1[%[[P]]] dimensions = [1] : tensor<4xf32> -> tensor<?x4xf32>
// CHECK-NEXT: %[[A:.*]] = graph.add %arg0, %[[B]] : tensor<?x4xf32>
// CHECK-NEXT: %[[R:.*]] = graph.reshape %[[A]][%arg2] : tensor<?x4xf32> -> tensor<?x6x4xf32>
// CHECK-NEXT: return %[[R]]
func.func @static_factor(%x: tensor<?x4xf32>, %b: tensor<4xf32>, %d0: index) -> tensor<?x6x4xf32> {
  %r = graph.reshape %x[%d0] : tensor<?x4xf32> -> tensor<?x6x4xf32>
  %bb = graph.broadcast %b[%d0] dimensions = [2] : tensor<4xf32> -> tensor<?x6x4xf32>
  %a = graph.add %r, %bb : tensor<?x6x4xf32>
  return %a : tensor<?x6x4xf32>
}

// -----

// Left alone: a broadcast along the dims the reshape regroups (a layer
// norm's statistics), a collapsing reshape, and a broadcast into a trailing
// dim the reshape splits. A unary op moves above any expanding reshape.
// CHECK-LABEL: func.func @kept
// CHECK: graph.reshape %arg0 : tensor<8x4xf32> -> tensor<2x4x4xf32>
// CHECK-NEXT: graph.broadcast %arg1 dimensions = [0, 1]
// CHECK-NEXT: graph.div {{.*}} : tensor<2x4x4xf32>
// CHECK-NEXT: graph.reshape %arg2 : tensor<2x4x4xf32> -> tensor<8x4xf32>
// CHECK-NEXT: graph.relu {{.*}} : tensor<8x4xf32>
// CHECK-NEXT: graph.reshape %arg0 : tensor<8x4xf32> -> tensor<8x2x2xf32>
// CHECK-NEXT: graph.broadcast %arg3 dimensions = [2]
// CHECK-NEXT: graph.add {{.*}} : tensor<8x2x2xf32>
// CHECK-NEXT: %[[N:.*]] = graph.neg %arg0 : tensor<8x4xf32>
// CHECK-NEXT: graph.reshape %[[N]] : tensor<8x4xf32> -> tensor<8x2x2xf32>
func.func @kept(%x: tensor<8x4xf32>, %s: tensor<2x4xf32>, %y: tensor<2x4x4xf32>, %b: tensor<2xf32>) -> (tensor<2x4x4xf32>, tensor<8x4xf32>, tensor<8x2x2xf32>, tensor<8x2x2xf32>) {
  %r = graph.reshape %x : tensor<8x4xf32> -> tensor<2x4x4xf32>
  %sb = graph.broadcast %s dimensions = [0, 1] : tensor<2x4xf32> -> tensor<2x4x4xf32>
  %d = graph.div %r, %sb : tensor<2x4x4xf32>
  %c = graph.reshape %y : tensor<2x4x4xf32> -> tensor<8x4xf32>
  %u = graph.relu %c : tensor<8x4xf32>
  %t = graph.reshape %x : tensor<8x4xf32> -> tensor<8x2x2xf32>
  %bb = graph.broadcast %b dimensions = [2] : tensor<2xf32> -> tensor<8x2x2xf32>
  %a = graph.add %t, %bb : tensor<8x2x2xf32>
  %n = graph.neg %t : tensor<8x2x2xf32>
  return %d, %u, %a, %n : tensor<2x4x4xf32>, tensor<8x4xf32>, tensor<8x2x2xf32>, tensor<8x2x2xf32>
}

// -----

// Reshapes of one value to one type are one value, and a reshape back to a
// value's own type is that value.
// CHECK-LABEL: func.func @merged
// CHECK-NEXT: %[[R:.*]] = graph.reshape %arg0 : tensor<1x4x3xf32> -> tensor<4x3xf32>
// CHECK-NEXT: %[[A:.*]] = graph.matmul %[[R]], %arg1
// CHECK-NEXT: %[[B:.*]] = graph.matmul %[[R]], %arg1
// CHECK-NEXT: return %[[A]], %[[B]], %arg0
func.func @merged(%x: tensor<1x4x3xf32>, %w: tensor<3x2xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>, tensor<1x4x3xf32>) {
  %r1 = graph.reshape %x : tensor<1x4x3xf32> -> tensor<4x3xf32>
  %a = graph.matmul %r1, %w : (tensor<4x3xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  %r2 = graph.reshape %x : tensor<1x4x3xf32> -> tensor<4x3xf32>
  %b = graph.matmul %r2, %w : (tensor<4x3xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
  %back = graph.reshape %r2 : tensor<4x3xf32> -> tensor<1x4x3xf32>
  return %a, %b, %back : tensor<4x2xf32>, tensor<4x2xf32>, tensor<1x4x3xf32>
}

// -----

// With one `?` a reshape's result follows from its input, whatever values
// give the dim: those merge. With two they must be the same values.
// CHECK-LABEL: func.func @merged_dynamic
// CHECK: %[[R1:.*]] = graph.reshape %arg0[%{{.*}}] : tensor<?x?x4xf32> -> tensor<?x4xf32>
// CHECK-NOT: tensor<?x4xf32>
// CHECK: %[[S1:.*]] = graph.reshape %arg0[%arg1, %arg2] : tensor<?x?x4xf32> -> tensor<?x?x2x2xf32>
// CHECK-NEXT: %[[S2:.*]] = graph.reshape %arg0[%arg2, %arg1] : tensor<?x?x4xf32> -> tensor<?x?x2x2xf32>
// CHECK-NEXT: return %[[R1]], %[[R1]], %[[S1]], %[[S2]]
func.func @merged_dynamic(%x: tensor<?x?x4xf32>, %a: index, %b: index) -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x?x2x2xf32>, tensor<?x?x2x2xf32>) {
  %n = arith.muli %a, %b : index
  %r1 = graph.reshape %x[%n] : tensor<?x?x4xf32> -> tensor<?x4xf32>
  %m = arith.muli %b, %a : index
  %r2 = graph.reshape %x[%m] : tensor<?x?x4xf32> -> tensor<?x4xf32>
  %s1 = graph.reshape %x[%a, %b] : tensor<?x?x4xf32> -> tensor<?x?x2x2xf32>
  %s2 = graph.reshape %x[%b, %a] : tensor<?x?x4xf32> -> tensor<?x?x2x2xf32>
  return %r1, %r2, %s1, %s2 : tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x?x2x2xf32>, tensor<?x?x2x2xf32>
}

// -----

// A refused op leaves no index arithmetic behind.
// CHECK-LABEL: func.func @refused_dynamic
// CHECK-NEXT: graph.reshape %arg0[%arg2, %arg3]
// CHECK-NEXT: graph.broadcast %arg1[%arg2, %arg3] dimensions = [0, 1]
// CHECK-NEXT: graph.div
// CHECK-NEXT: return
func.func @refused_dynamic(%x: tensor<?x4xf32>, %s: tensor<?x?xf32>, %a: index, %b: index) -> tensor<?x?x4xf32> {
  %r = graph.reshape %x[%a, %b] : tensor<?x4xf32> -> tensor<?x?x4xf32>
  %sb = graph.broadcast %s[%a, %b] dimensions = [0, 1] : tensor<?x?xf32> -> tensor<?x?x4xf32>
  %d = graph.div %r, %sb : tensor<?x?x4xf32>
  return %d : tensor<?x?x4xf32>
}
