// Calls of private functions are inlined and the callee erased once unused.
// RUN: xopt %s --inline | xcheck %s

func.func private @add(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  return %0 : i32
}
func.func @caller(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = func.call @add(%x, %c1) : (i32, i32) -> i32
  %1 = func.call @add(%0, %0) : (i32, i32) -> i32
  return %1 : i32
}

// CHECK: module {
// CHECK-LABEL: func.func @caller(%arg0: i32) -> i32 {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     %0 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT:     %1 = arith.addi %0, %0 : i32
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
