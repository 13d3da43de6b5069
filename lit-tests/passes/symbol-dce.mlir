// Unreferenced private and nested symbols are erased, repeatedly; public ones stay.
// RUN: xopt %s --symbol-dce | xcheck %s

func.func private @dead() {
  return
}
func.func private @used() -> i32 {
  %c = arith.constant 1 : i32
  return %c : i32
}
func.func private @only_dead_caller() {
  func.call @dead2() : () -> ()
  return
}
func.func private @dead2() {
  return
}
func.func @public() -> i32 {
  %0 = func.call @used() : () -> i32
  return %0 : i32
}
func.func nested @nested_dead() {
  return
}

// CHECK: module {
// CHECK-LABEL: func.func private @used() -> i32 {
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     return %c1_i32 : i32
// CHECK-NEXT:   }
// CHECK-LABEL: func.func @public() -> i32 {
// CHECK-NEXT:     %0 = call @used() : () -> i32
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
