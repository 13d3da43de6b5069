// canonicalize erases the blocks no successor reaches, every iteration and at
// every region-simplify level, as MLIR's greedy driver: ops there may use
// themselves (`%a = arith.addi %a, %c`), and folding them looped forever before.
// RUN: xopt %s --allow-unregistered-dialect --canonicalize | xcheck %s
// RUN: xopt %s --allow-unregistered-dialect --canonicalize='region-simplify=disabled' | xcheck %s

// CHECK-LABEL: func.func @self_use() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
func.func @self_use() {
  return
^bb1:
  %c = arith.constant 1 : i64
  %a = arith.addi %a, %c : i64
  %m = arith.muli %m, %c : i64
  return
}

// Reachability follows successors: ^bb1 only branches to itself, ^bb3 has no
// predecessor; both go.
// CHECK-LABEL: func.func @branches(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     "xa.br"()[^bb1] : () -> ()
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     %0 = arith.addi %arg0, %c2_i32 : i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
func.func @branches(%x: i32) -> i32 {
  "xa.br"()[^bb2] : () -> ()
^bb1(%y: i32):
  %m = arith.muli %y, %y : i32
  "xa.br"()[^bb1] : () -> ()
^bb2:
  %c = arith.constant 1 : i32
  %z = arith.addi %x, %c : i32
  %w = arith.addi %z, %c : i32
  return %w : i32
^bb3:
  return %x : i32
}
