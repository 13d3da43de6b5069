// Duplicates of side-effect-free ops are replaced by the dominating one
// (commutative operands in any order), dead ones erased, unregistered ops kept;
// across blocks only dominating definitions are reused.
// RUN: xopt %s --allow-unregistered-dialect --cse | xcheck %s
// RUN: xopt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(cse))' | xcheck %s

func.func @simple(%a: i32, %b: i32) -> (i32, i32, i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b : i32
  %2 = arith.addi %b, %a : i32
  %3 = arith.muli %0, %1 : i32
  %4 = arith.subi %a, %b : i32
  %5 = arith.subi %b, %a : i32
  %6 = arith.addi %4, %5 : i32
  return %3, %2, %6 : i32, i32, i32
}

func.func @constants() -> (i32, i32, i64) {
  %c1 = arith.constant 1 : i32
  %c1b = arith.constant 1 : i32
  %c1c = arith.constant 1 : i64
  return %c1, %c1b, %c1c : i32, i32, i64
}

func.func @dead(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  %1 = arith.muli %a, %a : i32
  return %a : i32
}

func.func @side_effects(%a: i32) -> (i32, i32) {
  %0 = "foo.op"(%a) : (i32) -> i32
  %1 = "foo.op"(%a) : (i32) -> i32
  return %0, %1 : i32, i32
}

func.func @blocks(%a: i32, %c: i1) -> i32 {
  %0 = arith.addi %a, %a : i32
  "foo.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %1, %a : i32
  return %2 : i32
^bb2:
  %3 = arith.muli %0, %a : i32
  %4 = arith.muli %0, %a : i32
  %5 = arith.addi %3, %4 : i32
  return %5 : i32
}

// CHECK: module {
// CHECK-LABEL: func.func @simple(%arg0: i32, %arg1: i32) -> (i32, i32, i32) {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:     %1 = arith.muli %0, %0 : i32
// CHECK-NEXT:     %2 = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT:     %3 = arith.subi %arg1, %arg0 : i32
// CHECK-NEXT:     %4 = arith.addi %2, %3 : i32
// CHECK-NEXT:     return %1, %0, %4 : i32, i32, i32
// CHECK-NEXT:   }
// CHECK-LABEL: func.func @constants() -> (i32, i32, i64) {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %c1_i64 = arith.constant 1 : i64
// CHECK-NEXT:     return %c1_i32, %c1_i32, %c1_i64 : i32, i32, i64
// CHECK-NEXT:   }
// CHECK-LABEL: func.func @dead(%arg0: i32) -> i32 {
// CHECK-NEXT:     return %arg0 : i32
// CHECK-NEXT:   }
// CHECK-LABEL: func.func @side_effects(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT:     %0 = "foo.op"(%arg0) : (i32) -> i32
// CHECK-NEXT:     %1 = "foo.op"(%arg0) : (i32) -> i32
// CHECK-NEXT:     return %0, %1 : i32, i32
// CHECK-NEXT:   }
// CHECK-LABEL: func.func @blocks(%arg0: i32, %arg1: i1) -> i32 {
// CHECK-NEXT:     %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:     "foo.cond_br"(%arg1)[^bb1, ^bb2] : (i1) -> ()
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     %1 = arith.muli %0, %arg0 : i32
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     %2 = arith.muli %0, %arg0 : i32
// CHECK-NEXT:     %3 = arith.addi %2, %2 : i32
// CHECK-NEXT:     return %3 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
