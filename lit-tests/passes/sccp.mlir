// Constants propagate through arith ops; results materialised as constants.
// RUN: xopt %s --sccp | xcheck %s

func.func @straight(%a: i32) -> (i32, i32) {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %0 = arith.addi %c2, %c3 : i32
  %1 = arith.muli %0, %c2 : i32
  %2 = arith.addi %a, %1 : i32
  return %1, %2 : i32, i32
}

// CHECK: module {
// CHECK-LABEL: func.func @straight(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT:     %c10_i32 = arith.constant 10 : i32
// CHECK-NEXT:     %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:     %0 = arith.addi %arg0, %c10_i32 : i32
// CHECK-NEXT:     return %c10_i32, %0 : i32, i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
